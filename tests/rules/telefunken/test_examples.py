"""telefunken.md §15: every worked example, named by its number, with its numbers."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.cards import JOKER, card_str, parse_card, parse_cards
from rules.contract import IllegalAction
from rules.random_play import play_out
from rules.rummy import make_run, make_set
from rules.telefunken import SPEC
from rules.telefunken.dealing import cut_and_deal
from rules.telefunken.variants import (
    BASE_MELDS,
    DELI_RUNS,
    PERU1_RUNS,
    PERU1_SETS,
    WITTIG_SETS,
    TelefunkenOptions,
    ruleset,
)
from tests.rules.telefunken.helpers import (
    begin,
    draw_and_discard,
    ids,
    put_meld,
    settle_window,
    stacked,
)

HAND27 = ["2C", "9H", "10S", "KD", "AC", "*"]


def points(variant: str, cards: list[str]) -> int:
    rs = ruleset(TelefunkenOptions(variant=variant), 4)  # type: ignore[arg-type]
    return sum(rs.points[parse_card(c)] for c in cards)


def pack_with(bottom_of_top: list[int], size: int = 108, bottom: int = 45) -> list[int]:
    """A pack whose top portion (cut leaving ``bottom`` cards) ends with the given cards."""
    rest = [c for c in range(52) for _ in range(2)] + [JOKER] * 4
    for c in bottom_of_top:
        rest.remove(c)
    rest = sorted(rest, key=lambda c: c == JOKER)  # remaining jokers deep in the top part
    top_len = size - bottom
    top = rest[: top_len - len(bottom_of_top)]
    lower = rest[top_len - len(bottom_of_top) :]
    pack = top + bottom_of_top + lower
    assert len(pack) == size
    return pack


def seed_with_jokers(jokers: int, bottom: int) -> int:
    """A seed whose shuffled pack has ``jokers`` jokers among the bottom three of T."""
    for seed in range(2000):
        match = SPEC.new_match(4, {"cut_noise": 0}, seed=seed)
        top = match.pending[: len(match.pending) - bottom]  # type: ignore[attr-defined]
        if top[-3:].count(JOKER) == jokers:
            return seed
    raise AssertionError("no such seed")


# -- components and deal ------------------------------------------------------------------


def test_ex01_pack_is_108_cards_two_decks_and_four_jokers() -> None:
    """Example 1 (TF-5): 2 x 52 naturals + 4 jokers."""
    deck = Counter(SPEC.new_match(4, seed=1).deck())
    assert sum(deck.values()) == 108
    assert deck["*"] == 4
    assert all(deck[card_str(c)] == 2 for c in range(52))


def test_ex02_four_players_start_with_seven_chips_each() -> None:
    """Example 2 (TF-7): 7 chips each, 28 in all."""
    match = SPEC.new_match(4, seed=1)
    assert match.public_view()["chips"] == [7, 7, 7, 7]
    assert sum(match.public_view()["chips"]) == 28


def test_ex03_after_the_deal_11_cards_each_1_discard_63_stock() -> None:
    """Example 3 (TF-15..TF-17): no cutter jokers -> 11 each, upcard, stock 63."""
    pack = pack_with([0, 1, 2])
    dealt = cut_and_deal(pack, 4, dealer=0, bottom_size=45, hand_size=11)
    assert dealt.cutter_jokers == 0
    assert [len(h) for h in dealt.hands] == [11, 11, 11, 11]
    assert dealt.upcard is not None
    assert len(dealt.stock) == 63
    match = begin(4, seed=3)
    view = match.public_view()
    assert view["hand_sizes"] == [11, 11, 11, 11]
    assert view["discard_size"] == 1 and view["stock"] == 63


def test_ex04_cutter_keeps_two_jokers_from_the_bottom_of_t() -> None:
    """Example 4 (TF-14): two jokers in T's bottom three -> cutter has them + 9 dealt."""
    pack = pack_with([JOKER, 5, JOKER])
    dealt = cut_and_deal(pack, 4, dealer=0, bottom_size=45, hand_size=11)
    cutter = 3  # prev_seat(0)
    assert dealt.cutter_jokers == 2
    assert dealt.hands[cutter][:2] == [JOKER, JOKER]
    assert [len(h) for h in dealt.hands] == [11, 11, 11, 11]
    assert len(dealt.stock) == 63  # TF-17: whatever J was
    # the 9 dealt cards come from B (the first cards of the bottom portion in rotation)
    bottom = pack[108 - 45 :]
    assert dealt.hands[cutter][2:] == [bottom[i] for i in range(2, 36, 4)][:9]


def test_ex05_exact_cut_of_45_gives_the_cutter_a_chip() -> None:
    """Example 5 (TF-18): J = 0 and |B| = 45 -> chips 7 -> 8; 44 or 46 -> none; J = 1 -> 44."""
    for target, jokers, bonus in ((45, 0, 1), (44, 0, 0), (46, 0, 0), (44, 1, 1), (45, 1, 0)):
        seed = seed_with_jokers(jokers, target)
        match = SPEC.new_match(4, {"cut_noise": 0}, seed=seed)
        (cutter,) = match.to_act
        match.apply(cutter, "cut" if target == 45 else f"cut:{target}")
        assert match.cut_info["cutter_jokers"] == jokers  # type: ignore[attr-defined]
        assert match.public_view()["chips"][cutter] == 7 + bonus, (target, jokers)


def test_ex06_deal6_exchange_gives_back_as_many_cards() -> None:
    """Example 6 (TF-19): hand in 4 -> get 4 back; hand 11; stock and discard unchanged."""
    match = begin(4, contract=6, seed=5)
    assert match.phase == "exchange" and match.to_act == {0, 1, 2, 3}
    stock, discard = len(match.stock), list(match.discard)
    hand = list(match.hands[2])
    for card in hand[:4]:
        match.apply(2, f"give:{card_str(card)}")
    for seat in (0, 1, 3):
        match.apply(seat, "handin")
    match.apply(2, "handin")
    assert len(match.hands[2]) == 11
    assert Counter(match.hands[2]) == Counter(hand)  # only seat 2 handed in: same cards back
    assert len(match.stock) == stock and match.discard == discard
    assert match.phase == "draw"


def test_ex07_exact_cut_for_50_points() -> None:
    """Example 7 (TFV-LOC-2): minus50 -> the cutter's score -50, chips unchanged."""
    seed = seed_with_jokers(0, 45)
    match = SPEC.new_match(4, {"cut_noise": 0, "exact_cut_reward": "minus50"}, seed=seed)
    (cutter,) = match.to_act
    match.apply(cutter, "cut")
    assert match.public_view()["scores"][cutter] == -50
    assert match.public_view()["chips"][cutter] == 7


def test_ex08_double_exchange_in_deal6() -> None:
    """Example 8 (TFV-LOC-4): two exchange rounds in deal 6; every hand 11 after."""
    match = begin(4, {"extra_exchanges": True}, contract=6, seed=8)
    rounds = 0
    while match.phase == "exchange":
        rounds += 1
        for seat in sorted(match.to_act):
            match.apply(seat, f"give:{card_str(match.hands[seat][0])}")
            match.apply(seat, "handin")
    assert rounds == 2
    assert [len(h) for h in match.hands] == [11, 11, 11, 11]


# -- melds --------------------------------------------------------------------------------


def test_ex09_trio_cuarteto_quinteto() -> None:
    """Example 9 (TF-31): 7-7-7, 7-7-7-7 and 7-7-7-7-7 are sets."""
    for cards in (["7S", "7H", "7D"], ["7S", "7H", "7D", "7C"], ["7S", "7H", "7D", "7C", "7S"]):
        assert make_set(parse_cards(cards), BASE_MELDS) is not None


def test_ex10_runs_ace_low_or_high_never_round_the_corner() -> None:
    """Example 10 (TF-6, TF-32)."""
    ok = [["QH", "KH", "AH"], ["AH", "2H", "3H"]]
    bad = [["KH", "AH", "2H"], ["4H", "5H"], ["4H", "5D", "6H"]]
    for cards in ok:
        assert make_run(parse_cards(cards), BASE_MELDS) is not None, cards
    for cards in bad:
        assert make_run(parse_cards(cards), BASE_MELDS) is None, cards


def test_ex11_one_joker_per_meld() -> None:
    """Example 11 (TF-31..TF-33): 9-9-JK and 5-JK-7 valid; 9-JK-JK and JK-5-JK-7 not."""
    assert make_set(parse_cards(["9C", "9D", "*"]), BASE_MELDS) is not None
    assert make_set(parse_cards(["9C", "*", "*"]), BASE_MELDS) is None
    assert make_run(parse_cards(["5S", "*", "7S"]), BASE_MELDS) is not None
    assert make_run(parse_cards(["*", "5S", "*", "7S"]), BASE_MELDS) is None


def test_ex12_deal2_identical_cards_and_a_joker_allowed() -> None:
    """Example 12 (TF-C0, TF-C2): 8S-8S-8H and 8S-8H-JK are contract trios in deal 2."""
    deal = stacked(hands={1: ["8S", "8S", "8H", "4C", "4D", "4H", "*"]}, stock=["KC"])
    match = begin(deals=[deal], contract=2)
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert "meld:8S,8S,8H" in legal
    assert "meld:8S,8H,*" in legal
    match.apply(1, "meld:8S,8H,*")
    match.apply(1, "meld:4H,4D,4C")
    assert match.has_melded[1]
    assert [len(m.meld.cards) for m in match.melds] == [3, 3]


def test_ex13_deal1_pure_trio_only() -> None:
    """Example 13 (TF-34, TF-C1): 6C-6D-6H pure; 6C-6C-6H and 6C-6D-JK are not the contract."""
    deal = stacked(hands={1: ["6C", "6D", "6H", "6C", "*", "2S", "4S", "8D", "10H"]})
    match = begin(deals=[deal])
    match.apply(1, "draw")
    melds = {i for i in ids(match, 1) if i.startswith("meld:")}
    assert "meld:6H,6D,6C" in melds
    assert not any("*" in m or m.count("6C") > 1 for m in melds)
    with pytest.raises(IllegalAction):
        match.apply(1, "meld:6H,6C,6C")
    with pytest.raises(IllegalAction):
        match.apply(1, "meld:6D,6C,*")


def test_ex14_pure_trio_closes_with_the_fourth_suit() -> None:
    """Example 14 (TF-34): +6S legal and closes; another 6C rejected; nothing after 6S."""
    deal = stacked(hands={1: ["6S", "6C", "6H", "*"]}, stock=["KD", "KD"])
    match = begin(deals=[deal], contract=2)
    trio = put_meld(match, 0, ["6C", "6D", "6H"], pure=True)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    match.apply(1, "draw")
    legal = ids(match, 1)
    assert f"lay:{trio.id}:6S" in legal
    assert f"lay:{trio.id}:6C" not in legal and f"lay:{trio.id}:*" not in legal
    with pytest.raises(IllegalAction):
        match.apply(1, f"lay:{trio.id}:6C")
    match.apply(1, f"lay:{trio.id}:6S")
    assert trio.closed and len(trio.meld.cards) == 4
    assert not any(i.startswith(f"lay:{trio.id}:") for i in ids(match, 1))
    with pytest.raises(IllegalAction):
        match.apply(1, f"lay:{trio.id}:6H")


# -- jokers -------------------------------------------------------------------------------


def test_ex15_take_the_joker_with_two_tens() -> None:
    """Example 15 (TF-44): 10C-10D-JK + 10H,10S -> four tens and the joker in hand."""
    seat2 = ["10H", "2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S", "JC", "QD"]
    deal = stacked(hands={1: ["10H", "10S"], 2: seat2}, stock=["KD", "3C", "4C", "5C"])
    match = begin(deals=[deal], contract=2)
    tens = put_meld(match, 0, ["10C", "10D", "*"])
    for seat in (1, 2):
        match.has_melded[seat] = True
        match.melded_turn[seat] = 0
    match.apply(1, "draw")
    match.apply(1, f"takejoker:{tens.id}:10S,10H")
    assert Counter(tens.meld.cards) == Counter(parse_cards(["10C", "10D", "10H", "10S"]))
    assert JOKER in match.hands[1]
    match.apply(1, "discard:KD")
    settle_window(match)
    # seat 2 holds only one ten: no joker to take (and the set has none left anyway)
    tens2 = put_meld(match, 3, ["10C", "10D", "*"])
    assert not any(i.startswith(f"takejoker:{tens2.id}") for i in ids(match, 2))
    with pytest.raises(IllegalAction):
        match.apply(2, f"takejoker:{tens2.id}:10H")


def test_ex16_run_joker_moves_to_the_top_then_stays() -> None:
    """Example 16 (TF-45): JK-6D-7D + 5D, 9D -> 5D-6D-7D-JK(8D)-9D; 8D may not swap in."""
    deal = stacked(hands={1: ["5D", "9D"], 2: ["8D"]}, stock=["KC", "3C"])
    match = begin(deals=[deal], contract=2)
    run = put_meld(match, 0, ["*", "6D", "7D"], kind="run")
    for seat in (1, 2):
        match.has_melded[seat] = True
        match.melded_turn[seat] = 0
    match.apply(1, "draw")
    match.apply(1, f"movejoker:{run.id}:high")
    match.apply(1, f"lay:{run.id}:9D")
    assert [card_str(c) for c in run.meld.cards] == ["5D", "6D", "7D", "*", "9D"]
    assert run.meld.stands_for(3) == parse_card("8D")
    match.apply(1, "discard:KC")
    settle_window(match)
    assert not any(i.startswith(f"movejoker:{run.id}") for i in ids(match, 2))
    with pytest.raises(IllegalAction):
        match.apply(2, f"movejoker:{run.id}:low")


def test_ex17_joker_standing_for_the_ace_moves_only_down() -> None:
    """Example 17 (TF-45): QC-KC-JK(AC) + AC -> the joker can only become the JC."""
    deal = stacked(hands={1: ["AC"]}, stock=["KD"])
    match = begin(deals=[deal], contract=2)
    run = put_meld(match, 0, ["QC", "KC", "*"], kind="run")
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    match.apply(1, "draw")
    assert f"movejoker:{run.id}:high" not in ids(match, 1)
    with pytest.raises(IllegalAction):
        match.apply(1, f"movejoker:{run.id}:high")
    match.apply(1, f"movejoker:{run.id}:low")
    assert [card_str(c) for c in run.meld.cards] == ["*", "QC", "KC", "AC"]


# -- turn and buying ----------------------------------------------------------------------


def test_ex18_first_player_takes_the_upcard_free() -> None:
    """Example 18 (TF-22): chips unchanged, hand 12 before the discard."""
    match = begin(deals=[stacked(upcard="7H")])
    match.apply(1, "take_upcard")
    assert len(match.hands[1]) == 12 and match.chips[1] == 7
    assert match.phase == "play" and parse_card("7H") in match.hands[1]


def test_ex19_out_of_turn_buy() -> None:
    """Example 19 (TF-26): r two seats after q: chips -1, hand +2, stock -1 first."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C"])
    match = begin(deals=[deal])
    match.apply(1, "draw")  # 2C
    match.apply(1, "discard:QS")
    assert match.phase == "buy" and match.to_act == {2, 3, 0}
    match.apply(3, "buy")
    assert match.phase == "buy"  # seat 2, ahead of 3, has not answered
    match.apply(2, "draw")
    assert match.chips[3] == 6 and len(match.hands[3]) == 13
    assert parse_card("3C") in match.hands[3]  # the buyer's stock card came first
    assert match.turn_player == 2 and match.last_drawn == parse_card("4C")
    assert len(match.hands[2]) == 12 and match.phase == "play"


def test_ex20_in_turn_buy() -> None:
    """Example 20 (TF-27): chips -1, hand +3 (discard + 2 stock), stock -2, then meld/discard."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C"])
    match = begin(deals=[deal])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    stock = len(match.stock)
    match.apply(2, "buy")
    assert match.chips[2] == 6 and len(match.hands[2]) == 14
    assert len(match.stock) == stock - 2
    assert match.phase == "play" and match.turn_player == 2


def test_ex21_priority_goes_to_the_next_player() -> None:
    """Example 21 (TF-25): next_seat(q) and next_seat^2(q) claim -> next_seat(q) gets it."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C"])
    match = begin(deals=[deal])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    match.apply(3, "buy")
    match.apply(2, "buy")
    assert parse_card("QS") in match.hands[2] and match.chips[3] == 7


def test_ex22_no_buying_after_melding() -> None:
    """Example 22 (TF-29): a player who has melded cannot buy for the rest of the deal."""
    deal = stacked(hands={1: ["QS"], 2: ["6C", "6D", "6H"]}, stock=["2C", "3C", "4C"])
    match = begin(deals=[deal])
    draw_and_discard(match)  # seat 1
    match.apply(2, "meld:6H,6D,6C")
    match.apply(2, f"discard:{card_str(match.last_drawn or 0)}")
    settle_window(match)  # seat 3 draws
    match.apply(3, f"discard:{card_str(match.hands[3][0])}")
    assert 2 not in match.to_act
    with pytest.raises(IllegalAction, match="melded"):
        match.apply(2, "buy")


def test_ex23_no_chips_no_buying() -> None:
    """Example 23 (TF-28): with 0 chips BUY is rejected."""
    deal = stacked(hands={1: ["QS"]}, stock=["2C", "3C", "4C"])
    match = begin(deals=[deal])
    match.chips[3] = 0
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    assert 3 not in match.to_act
    with pytest.raises(IllegalAction):
        match.apply(3, "buy")


# -- contracts, going out, deal 7 ---------------------------------------------------------


def test_ex24_contract_melds_frozen_that_turn_but_others_open() -> None:
    """Example 24 (TF-40, TF-42): deal 3, 4444 + 9S-10S-JS; JK on the 4s only next turn."""
    hand1 = ["4C", "4D", "4H", "4S", "9S", "10S", "JS", "*", "7H"]
    deal = stacked(hands={1: hand1, 0: ["7S", "7C", "7D", "7S"]}, stock=["KD"] * 2 + ["QC"] * 2)
    match = begin(deals=[deal], contract=3)
    for _ in range(3):  # seats 1, 2, 3 draw and discard
        draw_and_discard(match)
    match.apply(0, "meld:7S,7S,7D,7C")
    draw_and_discard(match)  # seat 0 discards; seat 1 draws
    match.apply(1, "meld:4S,4H,4D,4C")
    match.apply(1, "meld:9S,10S,JS")
    fours = next(m for m in match.melds if m.owner == 1 and m.contract)
    sevens = next(m for m in match.melds if m.owner == 0)
    assert f"lay:{fours.id}:*" not in ids(match, 1)
    with pytest.raises(IllegalAction):
        match.apply(1, f"lay:{fours.id}:*")
    match.apply(1, f"lay:{sevens.id}:7H")  # another player's meld: allowed the same turn
    draw_and_discard(match)  # seat 1 discards what it drew
    for _ in range(3):
        draw_and_discard(match)
    assert match.turn_player == 1
    match.apply(1, "draw") if match.phase == "draw" else None
    assert f"lay:{fours.id}:*" in ids(match, 1)


def deal7(hand: list[str]) -> tuple[object, int]:
    deal = stacked(hands={1: hand[:11]}, stock=[hand[11]])
    match = begin(deals=[deal], contract=7)
    match.apply(1, "draw")
    return match, 1


def test_ex25_deal7_all_in_one_turn() -> None:
    """Example 25 (TF-58, TF-C7): set of 3 + run of 8 + discard; set + run of 9; not less."""
    run8 = ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    match, seat = deal7(["5C", "5D", "5H", *run8, "KD"])
    m = match  # type: ignore[assignment]
    m.apply(seat, "meld:5H,5D,5C")  # type: ignore[attr-defined]
    m.apply(seat, "meld:" + ",".join(run8))  # type: ignore[attr-defined]
    m.apply(seat, "goout")  # type: ignore[attr-defined]
    events = m.apply(seat, "discard:KD")  # type: ignore[attr-defined]
    assert m.hand_results[-1]["went_out"] == seat  # type: ignore[attr-defined]
    assert not any(e.kind == "buy_window" for e in events)

    run9 = ["2S", *run8]
    m, seat = deal7(["5C", "5D", "5H", *run9])  # type: ignore[assignment]
    m.apply(seat, "meld:5H,5D,5C")  # type: ignore[attr-defined]
    m.apply(seat, "meld:" + ",".join(run9))  # type: ignore[attr-defined]
    m.apply(seat, "goout")  # type: ignore[attr-defined]
    assert m.hand_results[-1]["went_out"] == seat  # type: ignore[attr-defined]

    run7 = run8[:7]
    m, seat = deal7(["5C", "5D", "5H", *run7, "KD", "QC"])  # type: ignore[assignment]
    assert not any(i.startswith("meld:") for i in ids(m, seat))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction):
        m.apply(seat, "meld:5H,5D,5C")  # type: ignore[attr-defined]

    hearts = ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    m, seat = deal7(["8C", "8D", "8S", "8H", *hearts, "KD"])  # type: ignore[assignment]
    with pytest.raises(IllegalAction):
        m.apply(seat, "meld:8S,8H,8D,8C")  # type: ignore[attr-defined]


def test_ex26_melding_every_card_goes_out_without_a_discard() -> None:
    """Example 26 (TF-55): all cards melded -> out at once, no discard, no buy window."""
    hand = ["4C", "4D", "4H", "4S", "5C", "5D", "5H", "6C", "6D", "6H", "5S"]
    other = ["2C", "9H", "10S", "KD", "AC", "*", "3D", "3D", "7C", "8C", "QH"]
    deal = stacked(hands={1: hand, 2: other}, stock=["6S"])
    match = begin(deals=[deal], contract=3)
    match.apply(1, "draw")
    match.apply(1, "meld:4S,4H,4D,4C")
    match.apply(1, "meld:5H,5D,5C")
    match.apply(1, "meld:6H,6D,6C")
    five = next(m for m in match.melds if m.meld.rank == parse_card("5C") % 13)
    six = next(m for m in match.melds if m.meld.rank == parse_card("6C") % 13)
    match.apply(1, f"lay:{five.id}:5S")
    events = match.apply(1, f"lay:{six.id}:6S")
    result = match.hand_results[-1]
    assert result["went_out"] == 1 and result["penalties"][1] == 0
    # seat 2's hand: 2+9+10+10+11+15 (example 27's cards) + 3+3+7+8+10
    assert result["penalties"][2] == 57 + 31
    assert not any(e.kind == "buy_window" for e in events)


# -- scoring ------------------------------------------------------------------------------


def test_ex27_base_hand_scores_57() -> None:
    """Example 27 (TF-60, TF-61): 2+9+10+10+11+15 = 57."""
    assert points("venezuela", HAND27) == 57


def test_ex28_ecuador_hand_scores_95() -> None:
    """Example 28 (TFV-EC-8): 5+5+10+10+15+50 = 95."""
    assert points("ecuador", HAND27) == 95


def test_ex29_peru1_hand_scores_84() -> None:
    """Example 29 (TFV-PE1-5): 20+9+10+10+15+20 = 84."""
    assert points("peru1", HAND27) == 84


def test_ex30_peru1_three_unused_chips_score_minus_30() -> None:
    """Example 30 (TFV-PE1-4): 3 chips left at the end -> -30."""
    hand = ["7S", "7H", "7D", "7C", "7S", "7H", "QC"]
    deal = stacked(hands={1: hand}, stock=["2D"], options={"variant": "peru1"})
    match = begin(options={"variant": "peru1"}, deals=[deal], contract=6)
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    match.chips[1] = 3
    # seat 1 holds 7777 77 + filler: lay the set of 6, then the rest cannot all go
    match.apply(1, "meld:7S,7S,7H,7H,7D,7C")
    assert match.is_over is False
    # finish the deal: empty seat 1's hand of everything but one card, then discard it
    keep = match.hands[1][0]
    match.discard[:0] = match.hands[1][1:]  # the rest out of play, under the discards
    match.hands[1] = [keep]
    match._cache.clear()
    match.apply(1, f"discard:{card_str(keep)}")
    assert match.is_over
    assert match.scores[1] == -30


# -- variants -----------------------------------------------------------------------------


def test_ex31_ecuador_buys_cost_two_stock_cards() -> None:
    """Example 31 (TFV-EC-5, TFV-EC-6): 12 chips; out of turn +3, stock -2; in turn +4."""
    options = {"variant": "ecuador"}
    deal = stacked(hands={1: ["QS", "JS"]}, stock=["2C", "3C", "4C", "5C"], options=options)
    match = begin(options=options, deals=[deal, deal], contract=2)
    assert match.chips == [12, 12, 12, 12]
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    stock = len(match.stock)
    match.apply(3, "buy")
    match.apply(2, "pass" if "pass" in ids(match, 2) else "draw")
    assert len(match.hands[3]) == 14 and match.chips[3] == 11
    assert len(match.stock) == stock - 2 - 1  # the buy, then seat 2's draw
    match.apply(2, f"discard:{card_str(match.last_drawn or 0)}")
    stock = len(match.stock)
    match.apply(3, "buy")
    assert len(match.hands[3]) == 14 + 4 and len(match.stock) == stock - 3


def test_ex32_ecuador_deal1_has_no_buying() -> None:
    """Example 32 (TFV-EC-2): deal 1 -> every BUY rejected."""
    options = {"variant": "ecuador"}
    match = begin(options=options, deals=[stacked(hands={1: ["QS"]}, options=options)])
    match.apply(1, "draw")
    match.apply(1, "discard:QS")
    assert match.phase == "draw"
    for seat in (0, 2, 3):
        with pytest.raises(IllegalAction):
            match.apply(seat, "buy")


def test_ex33_ecuador_joker_limits_in_the_contract() -> None:
    """Example 33 (TFV-EC-4): deal 4 one joker in all; deal 3 none."""
    options = {"variant": "ecuador"}
    two_jokers = ["9C", "9D", "9H", "*", "QS", "QH", "QD", "*", "2C", "5D", "7H"]
    deal = stacked(hands={1: two_jokers}, stock=["KC"], options=options)
    match = begin(options=options, deals=[deal], contract=4)
    match.apply(1, "draw")
    assert not any(i.startswith("meld:") for i in ids(match, 1))
    one_joker = ["9C", "9D", "9H", "9S", "QS", "QH", "QD", "*"]
    deal = stacked(hands={1: one_joker}, options=options)
    match = begin(options=options, deals=[deal], contract=4)
    match.apply(1, "draw")
    match.apply(1, "meld:9S,9H,9D,9C")
    match.apply(1, "meld:QS,QH,QD,*")
    assert match.has_melded[1]
    deal = stacked(hands={1: ["5C", "5D", "5H", "*"]}, options=options)
    match = begin(options=options, deals=[deal], contract=3)
    match.apply(1, "draw")
    with pytest.raises(IllegalAction):
        match.apply(1, "meld:5H,5D,5C,*")


def test_ex34_dawson_every_contract_once() -> None:
    """Example 34 (TFV-EC-DD): seven deals, each contract once; a used one is rejected."""
    options = {"variant": "ecuador", "dealer_choice_contracts": True}
    match = SPEC.new_match(4, options, seed=4)
    (cutter,) = match.to_act
    match.apply(cutter, "cut")
    assert match.phase == "contract"
    match.apply(match.dealer, "contract:3")  # type: ignore[attr-defined]
    play_out(match, random.Random(4))
    assert sorted(r["contract"] for r in match.hand_results) == [1, 2, 3, 4, 5, 6, 7]
    assert match.hand_results[0]["contract"] == 3
    match = SPEC.new_match(4, options, seed=4)
    match.apply(next(iter(match.to_act)), "cut")
    match.apply(match.dealer, "contract:3")  # type: ignore[attr-defined]
    while match.phase != "contract":
        seat = min(match.to_act)
        match.apply(seat, match.timeout_action(seat))  # type: ignore[attr-defined, arg-type]
    with pytest.raises(IllegalAction):
        match.apply(match.dealer, "contract:3")  # type: ignore[attr-defined]


def test_ex35_peru1_dealer_holds_twelve_and_opens() -> None:
    """Example 35 (TFV-PE1-1, TFV-PE1-2): dealer 12, others 11, no discard, six deals."""
    match = begin(options={"variant": "peru1"}, seed=2)
    dealer = match.dealer
    assert [len(h) for h in match.hands] == [12 if s == dealer else 11 for s in range(4)]
    assert match.discard == [] and match.phase == "play" and match.turn_player == dealer
    assert {a.kind for a in match.legal_actions(dealer)} == {"discard"}
    play_out(match, random.Random(2))
    assert len(match.hand_results) == 6


def test_ex36_peru1_going_out_needs_a_discard() -> None:
    """Example 36 (TFV-PE1-3): 4 meldable cards: melding all 4 rejected; 3 + discard out."""
    options = {"variant": "peru1"}
    deal = stacked(hands={1: ["7S", "8S", "9S", "10S"]}, stock=["KD"], options=options)
    match = begin(options=options, deals=[deal], contract=2)
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    run = put_meld(match, 3, ["4S", "5S", "6S"], kind="run", contract=False)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    four = parse_cards(["7S", "8S", "9S", "10S"])
    rest = list(match.hands[1])
    for c in four:
        rest.remove(c)
    match.discard[:0] = rest  # a hand of four: the rest out of play, under the discards
    match.hands[1] = four
    match._cache.clear()
    legal = ids(match, 1)
    assert "meld:7S,8S,9S" in legal  # the 4-card run is offered only as 3 + layoff
    assert "meld:7S,8S,9S,10S" not in legal
    match.apply(1, "meld:8S,9S,10S")
    assert f"lay:{run.id}:7S" not in ids(match, 1)  # it would empty the hand
    match.apply(1, "discard:7S")
    assert match.hand_results[-1]["went_out"] == 1


def test_ex37_peru1_wild_cards_in_runs_not_sets() -> None:
    """Example 37 (TFV-PE1-6, TFV-PE1-7)."""
    assert make_run(parse_cards(["5S", "2H", "7S"]), PERU1_RUNS) is not None
    assert make_run(parse_cards(["5S", "*", "*", "8S"]), PERU1_RUNS) is not None
    assert make_run(parse_cards(["5S", "*", "*", "*", "9S"]), PERU1_RUNS) is None
    assert make_set(parse_cards(["9S", "9H", "*"]), PERU1_SETS) is None


def test_ex38_peru1_ace_in_the_middle() -> None:
    """Example 38 (TFV-PE1-11): K-A-2 of diamonds (the 2 natural) and Q-K-A-2-3."""
    kad = make_run(parse_cards(["KD", "AD", "2D"]), PERU1_RUNS)
    assert kad is not None and kad.wilds == 0
    assert make_run(parse_cards(["QD", "KD", "AD", "2D", "3D"]), PERU1_RUNS) is not None


def test_ex39_peru1_empty_stock_ends_the_deal() -> None:
    """Example 39 (TFV-PE1-9): no reshuffle; the deal ends; everyone scores the full hand."""
    match = begin(options={"variant": "peru1"}, seed=9)
    dealer = match.dealer
    match.apply(dealer, f"discard:{card_str(match.hands[dealer][0])}")
    settle_window(match)  # the next player draws
    match.discard = match.stock + match.discard  # the rest of the stock out of play
    match.stock = []
    seat = match.turn_player
    match._cache.clear()
    match.apply(seat, f"discard:{card_str(match.hands[seat][0])}")
    settle_window(match)
    result = match.hand_results[-1]
    assert result["went_out"] is None
    rs = match.rs
    hands = [parse_cards(h) for h in result["hands"]]
    assert result["penalties"] == [sum(rs.points[c] for c in h) for h in hands]
    assert all(p > 0 for p in result["penalties"])


def test_ex40_wittig_three_decks_and_wild_sets() -> None:
    """Example 40 (TFV-PE1-WG-1..3): 162 cards, up to 6 players; 8C-2D-JK-JK is a set."""
    match = SPEC.new_match(6, {"variant": "wittig"}, seed=1)
    assert len(match.deck()) == 162 and Counter(match.deck())["*"] == 6
    assert make_set(parse_cards(["8C", "2D", "*", "*"]), WITTIG_SETS) is not None
    assert make_set(parse_cards(["2D", "*", "*"]), WITTIG_SETS) is not None  # a set of 2s
    with pytest.raises(IllegalAction):
        SPEC.new_match(7, {"variant": "wittig"})


def test_ex41_wittig_exchange_with_one_natural_after_the_contract() -> None:
    """Example 41 (TFV-PE1-WG-4): one natural 8 takes the wild -- only after the contract."""
    options = {"variant": "wittig"}
    deal = stacked(hands={1: ["8H", "5S", "6S", "KD"]}, stock=["QC"], options=options)
    match = begin(options=options, deals=[deal], contract=2)
    match.apply(0, f"discard:{card_str(match.hands[0][0])}")
    settle_window(match)
    eights = put_meld(match, 0, ["8C", "8D", "*"])
    key = f"swap:{eights.id}:8H:*"
    assert key not in ids(match, 1)
    with pytest.raises(IllegalAction):
        match.apply(1, key)
    match.has_melded[1] = True
    match.melded_turn[1] = 0
    match._cache.clear()
    assert key in ids(match, 1)
    match.apply(1, key)
    assert {a.kind for a in match.legal_actions(1)} <= {"meld", "cancel"}
    match.apply(1, "meld:5S,6S,*")
    assert Counter(eights.meld.cards) == Counter(parse_cards(["8C", "8D", "8H"]))


def test_ex42_delifante_and_super_deli() -> None:
    """Example 42 (TFV-PE1-DL-1..3): 6 players 13 cards, 3 decks; no A-2-3; Super Deli 18."""
    match = begin(6, {"variant": "delifante"}, seed=1)
    assert len(match.deck()) == 162
    assert sorted(len(h) for h in match.hands) == [13] * 5 + [14]
    assert make_run(parse_cards(["AH", "2H", "3H"]), DELI_RUNS) is None
    deli = begin(4, {"variant": "super_deli"}, seed=1)
    assert sorted(len(h) for h in deli.hands) == [18, 18, 18, 19]
    assert len(deli.rs.contracts) == 12
