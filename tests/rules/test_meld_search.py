"""Issue 37: the bit-mask meld search (``rules.rummy.find_melds``) finds exactly the melds a
straightforward reference finds, for random hands under Tonk's rules (TK-30 books, TK-31
runs, TK-32 wild 2s, natural as themselves in place) and Telefunken's (jokers, two decks),
Peru's wild 2s and runs around the ace. The reference knows nothing of masks or windows:
every sub-multiset of the hand as a set, and every run read low to high with each place
holding its natural card or a wild, each checked by ``make_set`` / ``make_run``."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import JOKER
from rules.rummy import (
    RUN,
    SET,
    TELEFUNKEN_RULES,
    TONK_RULES,
    Meld,
    RummyRules,
    find_meld_cards,
    find_melds,
    make_run,
    make_set,
)
from rules.tonk import TonkOptions, meld_rules

TWOS = [0, 13, 26, 39]
NATURALS = [c for c in range(52) if c not in TWOS]
PERU = dataclasses.replace(
    TELEFUNKEN_RULES,
    twos_wild=True,
    max_wilds_set=0,
    max_wilds_run=None,
    wild_ratio="at_most_naturals",
)
"""As ``tests/rules/test_rummy.py``'s: wild 2s natural in place, wilds no more than naturals."""
AROUND = dataclasses.replace(TELEFUNKEN_RULES, ace_around=True)


def reference_sets(hand: list[int], rules: RummyRules) -> set[Meld]:
    """Every set (order free) that some of the hand's cards make."""
    out: set[Meld] = set()
    largest = rules.max_set if rules.max_set is not None else len(hand)
    for size in range(rules.min_set, largest + 1):
        for combo in set(itertools.combinations(sorted(hand), size)):
            meld = make_set(combo, rules)
            if meld is not None:
                out.add(meld)
    return out


def reference_runs(hand: list[int], rules: RummyRules, held_may_be_wild: bool) -> set[Meld]:
    """Every run of the hand read low to high: each place holds its natural card or a
    wild; a wild goes where the hand holds the natural only if ``held_may_be_wild``. Wilds
    of one kind mean the same, so 2s used as wilds are written in card order (jokers
    anywhere), as ``find_melds`` writes them."""
    have = Counter(hand)
    capable = rules.wild_capable
    wilds = sorted(c for c in hand if capable[c])
    # a card that can be the natural of its place (a wild-capable 2 only if natural in place)
    natural = Counter(
        c for c in hand if c != JOKER and (not capable[c] or rules.two_natural_in_place)
    )
    out: set[Meld] = set()
    for suit, low in itertools.product(range(4), range(1, 15)):
        for n in range(rules.min_run, min(rules.max_run, 13) + 1):
            stands = [suit * 13 + (low + i - 2) % 13 for i in range(n)]
            must = [i for i in range(n) if not natural[stands[i]]]
            may = [i for i in range(n) if natural[stands[i]]] if held_may_be_wild else []
            for extra in range(len(may) + 1):
                for swapped in itertools.combinations(may, extra):
                    places = sorted((*must, *swapped))
                    if len(places) > len(wilds):
                        continue
                    for filled in _fillings(stands, places, wilds, have):
                        meld = make_run(filled, rules)
                        if meld is not None:
                            out.add(meld)
    return out


def _fillings(
    stands: list[int], places: list[int], wilds: list[int], have: Counter[int]
) -> list[list[int]]:
    out = []
    for chosen in set(itertools.combinations(wilds, len(places))):
        for order in set(itertools.permutations(chosen)):
            twos = [c for c in order if c != JOKER]
            if twos != sorted(twos):
                continue  # the same meld as the 2s in card order
            filled = list(stands)
            for i, c in zip(places, order, strict=True):
                filled[i] = c
            if not Counter(filled) - have:  # no card used more often than held
                out.append(filled)
    return out


def check(hand: list[int], rules: RummyRules, held_may_be_wild: bool) -> None:
    found = find_melds(hand, rules, wild_for_held_natural=held_may_be_wild)
    assert len(set(found)) == len(found), "a meld offered twice"
    assert {m for m in found if m.kind == SET} == reference_sets(hand, rules)
    assert {m for m in found if m.kind == RUN} == reference_runs(hand, rules, held_may_be_wild)
    cards_only = find_meld_cards(hand, rules, wild_for_held_natural=held_may_be_wild)
    assert cards_only == [m.cards for m in found]


TONK_HANDS = st.builds(
    lambda naturals, twos: naturals + twos,
    st.lists(st.sampled_from(NATURALS), min_size=1, max_size=9, unique=True),
    st.lists(st.sampled_from(TWOS), max_size=4, unique=True),
)
"""Up to 11 cards of one deck (Tonk's largest hand after the draw), with up to four 2s."""


def two_deck_hand(cards: list[int], jokers: int) -> list[int]:
    counts = Counter(cards)
    return [c for c in cards if counts[c] <= 2] + [JOKER] * jokers


TWO_DECK_HANDS = st.builds(
    two_deck_hand,
    st.lists(st.sampled_from(range(52)), min_size=1, max_size=10),
    st.integers(min_value=0, max_value=3),
)
"""Up to 13 cards of Telefunken's two decks, each card at most twice, up to 3 jokers."""


@settings(max_examples=300, deadline=None)
@given(hand=TONK_HANDS, held_may_be_wild=st.booleans())
def test_tonk_search_offers_exactly_the_reference_spreads(
    hand: list[int], held_may_be_wild: bool
) -> None:
    """TK-30..TK-32: every book and run of the hand, with any 2 standing for any card
    (``held_may_be_wild``: also for a card the player holds, as Tonk offers them)."""
    check(hand, TONK_RULES, held_may_be_wild)


@settings(max_examples=100, deadline=None)
@given(hand=TONK_HANDS)
def test_tonk_without_wild_twos_offers_the_reference_spreads(hand: list[int]) -> None:
    """TKV twos_wild off: a 2 is an ordinary card (rank 2)."""
    check(hand, meld_rules(TonkOptions(twos_wild=False)), True)


@settings(max_examples=150, deadline=None)
@given(hand=TWO_DECK_HANDS, held_may_be_wild=st.booleans())
def test_telefunken_search_finds_the_reference_melds(
    hand: list[int], held_may_be_wild: bool
) -> None:
    """TF-31..TF-33: one joker per meld, the ace low or high, two copies of a card."""
    check(hand, TELEFUNKEN_RULES, held_may_be_wild)


@settings(max_examples=150, deadline=None)
@given(hand=TWO_DECK_HANDS, held_may_be_wild=st.booleans())
def test_peru_search_finds_the_reference_melds(hand: list[int], held_may_be_wild: bool) -> None:
    """TFV-PE1-6: wild 2s natural in place beside jokers, wilds no more than naturals."""
    check(hand, PERU, held_may_be_wild)


@settings(max_examples=100, deadline=None)
@given(hand=TWO_DECK_HANDS, held_may_be_wild=st.booleans())
def test_runs_around_the_ace_match_the_reference(hand: list[int], held_may_be_wild: bool) -> None:
    """Runs that wrap K-A-2 (``ace_around``)."""
    check(hand, AROUND, held_may_be_wild)


def test_cards_sort_by_suit_then_rank_as_their_ints_do() -> None:
    """The search sorts card ints where melds are written by suit, then rank, the joker
    last (``_sort_key``): the two orders must stay one."""
    from rules.rummy import _sort_key

    deck = [*range(52), JOKER]
    assert sorted(deck, key=_sort_key) == sorted(deck) == deck
