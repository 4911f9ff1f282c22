"""The shared rummy machinery (rules/rummy.py): melds with wilds, lay-offs, swaps, counts."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter

import pytest

from rules.cards import JOKER, deck52, deck108, parse_card, parse_cards
from rules.rummy import (
    RUN,
    SET,
    TELEFUNKEN_RULES,
    TONK_RULES,
    Meld,
    RummyRules,
    best_partition,
    deadwood_floor,
    find_melds,
    grows_from_smallest,
    hand_points,
    interpretations,
    lay_off,
    lay_off_options,
    make_run,
    make_set,
    meld_from_cards,
    points_table,
    shift_end_wild,
    swap_wild,
    unbuildable_run_bound,
)

TONK = TONK_RULES
TF = TELEFUNKEN_RULES
PERU = dataclasses.replace(
    TF,
    twos_wild=True,
    max_wilds_set=0,
    max_wilds_run=None,
    wild_ratio="at_most_naturals",
)
AROUND = dataclasses.replace(TF, ace_around=True)


def cards(text: str) -> list[int]:
    return parse_cards(text.replace("JK", "*").split(","))


def meld(text: str, rules: RummyRules) -> Meld | None:
    return meld_from_cards(cards(text), rules)


def ids(melds: list[Meld]) -> set[str]:
    return {m.id_text() for m in melds}


# -- validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        ("AS,2S,3S", True),  # E3: ace low
        ("JS,QS,KS", True),
        ("QS,KS,AS", False),  # E3: ace is low only in Tonk
        ("KS,AS,2S", False),  # E3: no wrap
        ("7C,7D,2S", True),  # E4: book with a wild 2
        ("5H,2C,7H", True),  # E4: the 2 stands for 6H
        ("7C,2D,2S", False),  # E4: one natural only
        ("9C,9D,9H,9S", True),
        ("9C,9D,9H,9S,2C", False),  # books hold at most 4 (TK-30)
        ("9C,9D,2H,2S", True),  # two naturals, two wilds
        ("2C,2D,2H", True),  # a book of 2s: the 2s are natural
        ("3H,4H,5H,6H,7H,8H,9H,10H,JH,QH,KH", True),
        ("3H,4H,6H", False),  # a gap without a wild
        ("3H,4D,5H", False),  # mixed suits
        ("3H,5H,4H", False),  # runs are read low to high as written
    ],
)
def test_tonk_meld_validation(text: str, valid: bool) -> None:
    assert (meld(text, TONK) is not None) is valid


def test_two_used_as_itself_is_natural_in_a_run() -> None:
    run = meld("AH,2H,3H", TONK)
    assert run is not None and run.wilds == 0
    run = meld("2H,3H,4H", TONK)
    assert run is not None and run.wild == (False, False, False)
    # A 2 of another suit at the 2 position is a wild standing for the 2 of the run's suit.
    run = meld("AH,2C,3H", TONK)
    assert run is not None and run.wild == (False, True, False)
    assert run.stands_for(1) == parse_card("2H")


def test_telefunken_sets_repeat_suits_and_hold_one_joker() -> None:
    """telefunken.md example 11: 9C-9D-JK valid; 9C-JK-JK invalid; 5S-JK-7S valid."""
    assert meld("9C,9D,JK", TF) is not None
    assert meld("9C,JK,JK", TF) is None
    assert meld("5S,JK,7S", TF) is not None
    assert meld("JK,5S,JK,7S", TF) is None
    big = meld("9C,9C,9D,9D,9H,9H,9S,9S,JK", TF)
    assert big is not None and len(big.cards) == 9
    assert meld("9C,9C,9D,JK,JK", TF) is None
    assert meld("9C,9C,9D", dataclasses.replace(TF, set_suits_distinct=True)) is None
    assert meld("9C,9S,9D", dataclasses.replace(TF, set_suits_distinct=True)) is not None


def test_ace_high_and_low_but_not_in_the_middle() -> None:
    assert meld("QS,KS,AS", TF) is not None
    assert meld("AS,2S,3S", TF) is not None
    assert meld("KS,AS,2S", TF) is None
    full = meld("AS,2S,3S,4S,5S,6S,7S,8S,9S,10S,JS,QS,KS", TF)
    assert full is not None and full.low == 1
    assert meld("AS,2S,3S,4S,5S,6S,7S,8S,9S,10S,JS,QS,KS,AS", TF) is None  # no rank twice


def test_ace_around_wraps() -> None:
    run = meld("QS,KS,AS,2S,3S", AROUND)
    assert run is not None
    assert [run.stands_for(i) for i in range(5)] == cards("QS,KS,AS,2S,3S")
    assert meld("KS,AS,2S", AROUND) is not None
    assert meld("AS,2S,3S", AROUND) is not None
    # 13 ranks at most, even around the corner.
    assert meld("3S,4S,5S,6S,7S,8S,9S,10S,JS,QS,KS,AS,2S", AROUND) is not None
    assert meld("3S,4S,5S,6S,7S,8S,9S,10S,JS,QS,KS,AS,2S,3S", AROUND) is None


def test_peru_rules_ratio_and_no_wilds_in_sets() -> None:
    """telefunken.md examples for Peru v1: wilds at most the naturals; no wilds in sets."""
    assert meld("5S,2H,7S", PERU) is not None
    assert meld("5S,JK,JK,8S", PERU) is not None
    assert meld("5S,JK,JK,JK,9S", PERU) is None
    assert meld("9C,9D,JK", PERU) is None
    assert meld("2C,2D,2H", PERU) is not None  # a set of 2s is natural


def test_fewer_than_naturals_and_adjacent_wilds() -> None:
    fewer = dataclasses.replace(PERU, wild_ratio="fewer_than_naturals", max_wilds_set=None)
    assert meld("9C,9D,JK", fewer) is not None
    assert meld("9C,9D,JK,JK", fewer) is None
    apart = dataclasses.replace(PERU, wilds_adjacent=False)
    assert meld("5S,JK,7S,JK,9S", apart) is not None
    assert meld("5S,JK,JK,8S,9S", apart) is None


def test_wild_ratio_per_meld_kind() -> None:
    """Farmer's Rummy style: naturals must outnumber wilds in sets; runs follow the default."""
    farmers = dataclasses.replace(
        TF,
        twos_wild=True,
        max_wilds_set=None,
        max_wilds_run=None,
        wild_ratio_set="fewer_than_naturals",
    )
    assert meld("9C,9D,9H,JK,2S", farmers) is not None
    assert meld("9C,9D,JK,2S", farmers) is None
    assert meld("5S,JK,2H,8S", farmers) is not None


def test_all_wild_set_only_when_no_natural_is_required() -> None:
    delifante = dataclasses.replace(TF, min_naturals_set=0, max_wilds_set=None)
    trio = make_set(cards("JK,JK,JK"), delifante)
    assert trio is not None and trio.rank == -1
    grown = lay_off(trio, parse_card("7C"), delifante)
    assert grown is not None and grown.rank == 5
    assert make_set(cards("JK,JK,JK"), TF) is None


def test_jokers_are_not_cards_of_a_game_without_wild_jokers() -> None:
    assert meld("9C,9D,JK", TONK) is None
    assert meld("5S,JK,7S", TONK) is None


def test_canonical_set_order_and_roundtrip() -> None:
    m = make_set(cards("2S,7C,7D"), TONK)
    assert m is not None and m.id_text() == "7D,7C,2S" and m.wild == (False, False, True)
    assert m.label() == "7♦ 7♣ 2♠(7)"
    assert meld_from_cards(m.cards, TONK) == m


def test_interpretations_place_wilds_every_distinct_way() -> None:
    found = interpretations(cards("5H,6H,2C"), TONK)
    assert ids(found) == {"2C,5H,6H", "5H,6H,2C"}
    assert {m.low for m in found} == {4, 5}
    # 2 wilds: three windows
    assert {m.low for m in interpretations(cards("5H,6H,2C,2D"), TONK)} == {3, 4, 5}
    # A joker and a 2 are different cards: both orders are distinct melds.
    peru = interpretations(cards("5S,2H,JK,8S"), PERU)
    assert ids(peru) == {"5S,2H,*,8S", "5S,*,2H,8S"}


def test_run_json_names_what_each_card_stands_for() -> None:
    m = meld("5H,2C,7H", TONK)
    assert m is not None
    assert m.to_json() == {
        "kind": "run",
        "cards": ["5H", "2C", "7H"],
        "wild": [False, True, False],
        "suit": "H",
        "suit_symbol": "♥",
        "stands_for": ["5H", "6H", "7H"],
    }


# -- finding melds ---------------------------------------------------------------------


def brute_force(hand: list[int], rules: RummyRules) -> set[Meld]:
    out: set[Meld] = set()
    for size in range(3, len(hand) + 1):
        for combo in set(itertools.combinations(sorted(hand), size)):
            out.update(interpretations(combo, rules))
    return out


@pytest.mark.parametrize("rules", [TONK, TF, PERU, AROUND], ids=["tonk", "tf", "peru", "around"])
def test_find_melds_agrees_with_brute_force(rules: RummyRules) -> None:
    rng = random.Random(11)
    deck = deck108() if rules.jokers_wild else deck52()
    for _ in range(150):
        hand = rng.sample(deck, rng.randint(3, 7))
        full = find_melds(hand, rules, wild_for_held_natural=True)
        short = find_melds(hand, rules)
        assert set(short) <= set(full)
        for m in full:
            assert not Counter(m.cards) - Counter(hand)
            rebuilt = make_set(m.cards, rules) if m.kind == SET else make_run(m.cards, rules)
            assert rebuilt == m
        assert brute_force(hand, rules) <= set(full)
        # the short list drops only runs with a wild where the hand holds the natural
        for m in set(full) - set(short):
            assert m.kind == RUN
            assert any(m.wild[i] and m.stands_for(i) in hand for i in range(len(m.cards)))


def test_find_melds_in_a_small_tonk_hand() -> None:
    hand = cards("5H,6H,7H,7S,7D,KC")
    assert ids(find_melds(hand, TONK)) == {"5H,6H,7H", "7S,7H,7D"}
    assert find_melds(cards("5H,9S,KC,QD,3C"), TONK) == []


# -- lay-offs, swaps, joker moves -------------------------------------------------------


def test_lay_off_on_sets_and_runs() -> None:
    book = meld("9C,9D,9H", TONK)
    assert book is not None
    full = lay_off(book, parse_card("9S"), TONK)
    assert full is not None and len(full.cards) == 4
    assert lay_off(full, parse_card("2C"), TONK) is None  # E14: at most 4
    run = meld("5H,6H,7H", TONK)
    assert run is not None
    grown = lay_off(run, parse_card("8H"), TONK)
    assert grown is not None and grown.id_text() == "5H,6H,7H,8H"
    assert lay_off(run, parse_card("4H"), TONK) == meld("4H,5H,6H,7H", TONK)
    assert lay_off(run, parse_card("9H"), TONK) is None
    assert lay_off(run, parse_card("8S"), TONK) is None
    # A wild may go at either end: ``end`` picks it.
    options = lay_off_options(run, parse_card("2C"), TONK)
    assert [end for end, _ in options] == ["low", "high"]
    assert lay_off(run, parse_card("2C"), TONK) is None  # ambiguous without an end
    high = lay_off(run, parse_card("2C"), TONK, "high")
    assert high is not None and high.stands_for(3) == parse_card("8H")


def test_lay_off_stops_at_the_ace() -> None:
    low = meld("AS,2S,3S", TONK)
    assert low is not None
    assert lay_off(low, parse_card("2C"), TONK, "low") is None
    top = meld("JS,QS,KS", TONK)
    assert top is not None
    assert lay_off(top, parse_card("AS"), TONK) is None  # ace is low only in Tonk
    tf_top = meld("JS,QS,KS", TF)
    assert tf_top is not None and lay_off(tf_top, parse_card("AS"), TF) is not None
    around = meld("QS,KS,AS", AROUND)
    assert around is not None
    assert lay_off(around, parse_card("2S"), AROUND) is not None


def test_wild_lay_off_on_sets_can_be_forbidden() -> None:
    farmers = dataclasses.replace(TF, twos_wild=True, wilds_laid_off_on_sets=False)
    book = meld("9C,9D,9H", farmers)
    assert book is not None
    assert lay_off(book, JOKER, farmers) is None
    assert lay_off(book, parse_card("2C"), farmers) is None
    assert lay_off(book, parse_card("9S"), farmers) is not None


def test_one_joker_per_meld_on_lay_off() -> None:
    run = meld("5S,JK,7S", TF)
    assert run is not None
    assert lay_off(run, JOKER, TF, "high") is None
    assert lay_off(run, parse_card("8S"), TF) is not None


def test_tf44_take_joker_from_a_set_with_two_naturals() -> None:
    """telefunken.md example 15: 10C-10D-JK plus 10H and 10S -> the four tens, JK to hand."""
    s = meld("10C,10D,JK", TF)
    assert s is not None
    swapped = swap_wild(s, 2, cards("10H,10S"), TF)
    assert swapped is not None
    new, freed = swapped
    assert freed == JOKER and sorted(new.cards) == sorted(cards("10C,10D,10H,10S"))
    assert swap_wild(s, 2, cards("9H"), TF) is None
    assert swap_wild(s, 0, cards("10H"), TF) is None  # not a wild


def test_swap_a_natural_for_a_run_wild() -> None:
    run = meld("5S,JK,7S", TF)
    assert run is not None
    swapped = swap_wild(run, 1, cards("6S"), TF)
    assert swapped is not None and swapped[0].id_text() == "5S,6S,7S"
    assert swap_wild(run, 1, cards("6H"), TF) is None


def test_tf45_move_end_joker() -> None:
    """telefunken.md examples 16-17."""
    run = meld("JK,6D,7D", TF)
    assert run is not None and run.stands_for(0) == parse_card("5D")
    moved = shift_end_wild(run, parse_card("5D"), "high", TF)
    assert moved is not None and moved.stands_for(3) == parse_card("8D")
    grown = lay_off(moved, parse_card("9D"), TF)
    assert grown is not None and grown.id_text() == "5D,6D,7D,*,9D"
    assert shift_end_wild(grown, parse_card("8D"), "high", TF) is None  # not at an end now
    top = meld("QC,KC,JK", TF)
    assert top is not None and top.stands_for(2) == parse_card("AC")
    assert shift_end_wild(top, parse_card("AC"), "high", TF) is None  # nothing above the ace
    low = shift_end_wild(top, parse_card("AC"), "low", TF)
    assert low is not None and low.stands_for(0) == parse_card("JC")


# -- counting --------------------------------------------------------------------------


def test_points_tables() -> None:
    assert hand_points(cards("2C,KD,AH"), TONK) == 13  # tonk.md E13
    assert hand_points(cards("KS,QD,JC,10H,9S"), TONK) == 49  # tonk.md E6
    assert hand_points(cards("2C,9C,10C,KC,AC,JK"), TF) == 2 + 9 + 10 + 10 + 11 + 15
    court = points_table(ace=1, jack=11, queen=12, king=13)
    assert court[parse_card("KS")] == 13 and court[parse_card("JS")] == 11


def test_best_partition_minimises_unmatched_points() -> None:
    part = best_partition(cards("5H,6H,2C,9D,7S,7D,KC,QC"), TONK)
    assert part.deadwood == 5 + 6 + 9 + 7 + 7
    assert [m.id_text() for m in part.melds] == ["2C,QC,KC"]
    overlap = best_partition(cards("7H,8H,9H,9S,9D,9C"), TONK)
    assert overlap.deadwood == 0 and len(overlap.melds) == 2
    assert best_partition([], TONK).deadwood == 0
    two_decks = best_partition(cards("7H,7H,7D,8H,9H,JK"), TF)
    assert two_decks.deadwood == 0


def test_best_partition_matches_exhaustive_search() -> None:
    rng = random.Random(5)
    for _ in range(60):
        hand = rng.sample(deck52(), 7)
        best = best_partition(hand, TONK)
        assert Counter(best.unmatched) + sum(
            (Counter(m.cards) for m in best.melds), Counter()
        ) == Counter(hand)
        assert best.deadwood == hand_points(best.unmatched, TONK)
        assert best.deadwood == _exhaustive_deadwood(tuple(sorted(hand)))


@pytest.mark.parametrize("rules", [TONK, TF, PERU, AROUND], ids=["tonk", "tf", "peru", "around"])
def test_deadwood_floor_is_a_lower_bound(rules: RummyRules) -> None:
    rng = random.Random(8)
    deck = deck108() if rules.jokers_wild else deck52()
    tight = 0
    for _ in range(200):
        hand = rng.sample(deck, rng.randint(1, 9))
        floor = deadwood_floor(hand, rules)
        best = best_partition(hand, rules).deadwood
        assert floor <= best
        tight += floor == best
    assert tight > 50  # and it is often exact, so it prunes
    # A-2-3 of hearts with a wild: the ace has a partner through the natural 2
    assert deadwood_floor(cards("AH,2H,2C"), TONK) == 0
    assert deadwood_floor(cards("AH,9S,KD"), TONK) == 1 + 9 + 10


def _exhaustive_deadwood(hand: tuple[int, ...]) -> int:
    best = hand_points(hand, TONK)
    for size in range(3, len(hand) + 1):
        for combo in itertools.combinations(hand, size):
            if interpretations(combo, TONK):
                rest = list(hand)
                for c in combo:
                    rest.remove(c)
                best = min(best, _exhaustive_deadwood(tuple(rest)))
    return best


@pytest.mark.parametrize("ratio", ["at_most_naturals", "any"])
def test_unbuildable_run_bound_holds_for_every_wild_pattern(ratio: str) -> None:
    """Issue 34 / TFV-PE1-7: no run with w wilds longer than 3w - 2 fails to grow from a
    three-card run by one card per end (the bound that prunes the meld search), checked on
    every natural/wild pattern of 4 to 13 cards; N-W-W-N is the one of two wilds."""
    rules = RummyRules(twos_wild=True, wild_ratio=ratio)  # type: ignore[arg-type]
    for n in range(4, 14):
        for pattern in itertools.product((False, True), repeat=n):
            wilds = sum(pattern)
            naturals = n - wilds
            if naturals < 2 or (ratio == "at_most_naturals" and wilds > naturals):
                continue
            run = Meld(RUN, tuple(range(n)), pattern, -1, 0, 2)
            if not grows_from_smallest(run, rules):
                assert n <= unbuildable_run_bound(rules, wilds), pattern
                assert wilds > 2 or pattern == (False, True, True, False)
