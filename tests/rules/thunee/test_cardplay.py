"""Pure card rules of South African Thunee (shared/rules/thunee.md §2, §5, §6, §7)."""

from __future__ import annotations

import pytest

from rules.cards import parse_card, parse_cards, thunee_deck
from rules.thunee.cardplay import (
    LADDER,
    NORMAL_STRENGTH,
    POINTS,
    ROYALS_STRENGTH,
    beats,
    contract_eligible,
    jodi_value,
    legal_cards,
    mariyal_safe,
    next_rung,
    redeal_eligible,
    winning_index,
)

S, H, D, C = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return parse_cards(text.split())


def test_ex1_pack_totals() -> None:
    """EX-1 / TH-2.1 / TH-2.3 / INV-1: 24 distinct cards, 304 points, 76 a suit."""
    deck = thunee_deck()
    assert len(deck) == len(set(deck)) == 24
    assert sum(POINTS[c] for c in deck) == 304
    for suit in range(4):
        assert sum(POINTS[c] for c in deck if c // 13 == suit) == 76


def test_ex2_ranking_and_trick_winner() -> None:
    """EX-2 / TH-2.2 / TH-22: J > 9 > A > 10 > K > Q; any trump beats the led suit."""
    order = sorted(cards("QS KS 10S AS 9S JS"), key=lambda c: NORMAL_STRENGTH[c])
    assert order == cards("QS KS 10S AS 9S JS")
    trick = cards("10D JD QC 9D")
    assert trick[winning_index(trick, C, NORMAL_STRENGTH)] == parse_card("QC")
    trick = cards("AH 9H KH JS")
    assert trick[winning_index(trick, D, NORMAL_STRENGTH)] == parse_card("9H")


def test_ex32_royals_ranking_reversed() -> None:
    """EX-32 / THV-12.1 / THV-12.4 / INV-2: Q > K > 10 > A > 9 > J; JS then QS -> QS."""
    ranks = cards("QS KS 10S AS 9S JS")
    assert [ROYALS_STRENGTH[c] for c in ranks] == [6, 5, 4, 3, 2, 1]
    assert sorted(NORMAL_STRENGTH[c] for c in ranks) == [1, 2, 3, 4, 5, 6]
    for c in ranks:
        assert ROYALS_STRENGTH[c] == 7 - NORMAL_STRENGTH[c]
    trick = cards("JS QS")
    assert trick[winning_index(trick, S, ROYALS_STRENGTH)] == parse_card("QS")
    assert beats(parse_card("QS"), parse_card("JS"), S, ROYALS_STRENGTH)


@pytest.mark.parametrize(
    ("hand", "eligible"),
    [
        ("QS QH KD KC", True),
        ("QS QH QD QC", True),
        ("QS KH KD KC", False),
        ("KS KH KD KC", False),
        ("QS KS QH QD", False),
        ("QS QH QD 10C", False),
    ],
)
def test_ex8a_redeal_eligibility(hand: str, eligible: bool) -> None:
    """EX-8a / TH-8.1: four suits and at most 10 points (AMB-5)."""
    assert redeal_eligible(cards(hand)) is eligible


def test_ex8b_thunee_eligibility() -> None:
    """EX-8b / TH-12.4: six of one suit may not call; five and one may."""
    assert not contract_eligible(cards("JS 9S AS 10S KS QS"))
    assert contract_eligible(cards("JS 9S AS 10S KS QH"))


@pytest.mark.parametrize(
    ("hand", "safe"),
    [
        ("JS 9S 10S KH", False),
        ("JS 9S KH QH", True),
        ("KH QH JD", True),
        ("9S KH", False),
        ("JS 9S AS KD", True),
    ],
)
def test_ex8_mariyal_safety(hand: str, safe: bool) -> None:
    """EX-8 / TH-13.2: spades led; safe iff the held spades are the top spades."""
    assert mariyal_safe(cards(hand), S, NORMAL_STRENGTH) is safe


def test_ex9_jodi_values() -> None:
    """EX-9 / TH-14.1 / TH-14.2: trump H: 50, 40; other suit: 30, 20."""
    assert jodi_value(cards("KH QH JH"), H, H) == 50
    assert jodi_value(cards("KH QH"), H, H) == 40
    assert jodi_value(cards("KS QS JS"), S, H) == 30
    assert jodi_value(cards("KS QS"), S, H) == 20
    assert jodi_value(cards("KS JS"), S, H) == 0


@pytest.mark.parametrize(
    ("hand", "legal"),
    [
        ("KH QD", "QD"),
        ("KH QH", "KH QH"),
        ("JH QD", "JH QD"),
        ("KS JH", "KS"),
    ],
)
def test_ex34_undercut(hand: str, legal: str) -> None:
    """EX-34 / TH-21.2 / TH-21.4: trump H, AS led, 9H played by a void second player."""
    got = legal_cards(cards(hand), cards("AS 9H"), H, NORMAL_STRENGTH)
    assert sorted(got) == sorted(cards(legal))


def test_th21_lead_anything_and_trump_lead_any_trump() -> None:
    """TH-21.1 / TH-21.3 / TH-21.5: any lead; void players play anything untrumped."""
    hand = cards("JH KH QD")
    assert legal_cards(hand, [], H, NORMAL_STRENGTH) == hand
    assert sorted(legal_cards(hand, cards("9H"), H, NORMAL_STRENGTH)) == sorted(cards("JH KH"))
    assert legal_cards(hand, cards("AS"), H, NORMAL_STRENGTH) == hand


def test_ex7_ladder() -> None:
    """EX-7 / TH-9.2: 90 -> 100 -> 104 -> no further bid; two rungs cap at 104 (TH-9.7)."""
    assert LADDER[-3:] == (90, 100, 104)
    assert next_rung(None) == 10
    assert next_rung(90) == 100
    assert next_rung(100) == 104
    assert next_rung(90, 2) == 104
    assert next_rung(100, 2) == 104
    assert next_rung(10, 2) == 30
