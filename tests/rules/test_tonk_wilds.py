"""Tonk wild 2s (TK-32) and the timeout after taking the discard (TK-21): issue 34.

TK-32: the player states what a wild stands for, and a 2 in its own suit at rank 2 (or in
a book of 2s) is natural, so the four 2s are not interchangeable and a wild may stand for
a card the player holds. TK-21: a timeout after taking the discard (which may not go back,
TK-20) discards the highest-count other card, suit order S, H, D, C breaking ties.
"""

from __future__ import annotations

from rules.cards import parse_card, parse_cards
from rules.rummy import make_run
from rules.tonk import TonkOptions, meld_rules
from tests.rules.tonk_helpers import legal_ids, play, stacked_match


def spreads(ids: list[str]) -> list[str]:
    return [i for i in ids if i.startswith("spread:")]


def test_tk32_the_player_chooses_which_two_is_the_wild() -> None:
    """TK-32 (issue 34's example): holding Q♠ K♠ 2♣ 2♥ A♣, 2♥-Q♠-K♠ (2♥ as J♠) may be
    spread to keep A♣-2♣ for a run with the next 2; 2♣-Q♠-K♠ stays possible too."""
    match = stacked_match(2, 1, {0: "QS,KS,2C,2H,AC"}, upcard="9D", stock_top="8D")
    play(match, "0 draw:stock")
    ids = legal_ids(match)
    assert "spread:2H,QS,KS" in ids and "spread:2C,QS,KS" in ids
    play(match, "0 spread:2H,QS,KS")
    spread = match.public_view()["spreads"][0]
    assert spread["label"] == "2♥(J♠) Q♠ K♠" and spread["wild"] == [True, False, False]
    assert sorted(match.view(0)["hand"]) == ["2C", "8D", "AC"]


def test_tk32_a_wild_may_stand_for_a_card_the_player_holds() -> None:
    """TK-32: 5♥-2♣-7♥ with 2♣ as the 6♥ the player holds (keeping 6♥ is a distinct
    spread: the player keeps different cards); E4's 5♥-2♣-7♥ numbers."""
    match = stacked_match(2, 1, {0: "5H,6H,7H,2C,KD"}, upcard="9S", stock_top="8C")
    play(match, "0 draw:stock")
    ids = spreads(legal_ids(match))
    assert {"spread:5H,6H,7H", "spread:5H,2C,7H", "spread:2C,6H,7H", "spread:5H,6H,2C"} <= set(ids)
    play(match, "0 spread:5H,2C,7H")
    spread = match.public_view()["spreads"][0]
    assert spread["label"] == "5♥ 2♣(6♥) 7♥"
    assert "6H" in match.view(0)["hand"]


def test_tk32_each_two_hits_as_itself_or_as_a_wild() -> None:
    """TK-32 / TK-34: 2♣ and 2♥ hitting the low end of J♠-Q♠-K♠ are two hits (the player
    keeps a different 2); the 2♠ below 3♠-4♠-5♠ is natural, 2♥ there a wild 2♠."""
    match = stacked_match(
        2, 1, {0: "JS,QS,KS,2C,2H", 1: "3S,4S,5S,2S,9D"}, upcard="9C", stock_top="8C,8D"
    )
    play(match, "0 draw:stock", "0 spread:JS,QS,KS")
    ids = legal_ids(match)
    assert "hit:2C>m1:low" in ids and "hit:2H>m1:low" in ids
    play(match, "0 discard:8C", "1 draw:stock", "1 spread:3S,4S,5S")
    ids = legal_ids(match)
    assert "hit:2S>m2:low" in ids and "hit:2S>m2:high" in ids  # as itself, or as the 6♠
    play(match, "1 hit:2S>m2:low")
    assert match.public_view()["spreads"][1]["wild"] == [False, False, False, False]


def test_tk32_a_two_as_itself_is_one_spread_not_two() -> None:
    """TK-32: A♠-2♠-3♠ is natural; 2♠ 'standing for' the 2♠ is the same spread, listed
    once. With 2♥ too, A♠-2♥-3♠ (2♥ as 2♠, keeping 2♠) is a spread of its own."""
    match = stacked_match(2, 1, {0: "AS,2S,3S,KD,QC"}, upcard="9C", stock_top="8H")
    play(match, "0 draw:stock")
    assert spreads(legal_ids(match)) == ["spread:AS,2S,3S"]
    match = stacked_match(2, 1, {0: "AS,2S,3S,2H,QC"}, upcard="9C", stock_top="8H")
    play(match, "0 draw:stock")
    ids = spreads(legal_ids(match))
    assert len(ids) == len(set(ids))
    assert {"spread:AS,2S,3S", "spread:AS,2H,3S", "spread:AS,2S,3S,2H"} <= set(ids)
    rules = meld_rules(TonkOptions())
    natural = make_run(parse_cards(["AS", "2S", "3S"]), rules)
    assert natural is not None and natural.wilds == 0


def test_tk21_timeout_after_taking_the_discard_throws_the_highest_other_card() -> None:
    """TK-21 (amended): the taken 9♣ may not go back (TK-20); the highest count of the
    rest is 10 (Q♠, K♦): Q♠ goes, spades first in the order S, H, D, C."""
    match = stacked_match(2, 1, {0: "5H,6H,KD,3C,QS"}, upcard="9C", stock_top="8C")
    play(match, "0 draw:discard")
    action = match.timeout_action()
    assert action is not None and action.id == "discard:QS"
    match.apply(0, action)
    assert match.public_view()["discard_top"] == "QS"
    assert "9C" in match.view(0)["hand"]


def test_tk21_timeout_tie_in_one_suit_throws_the_higher_rank() -> None:
    """TK-21 with K♠ and Q♠ both 10 and both spades: the higher rank (TK-4, K over Q)
    goes (engine decision: the rule's suit order cannot break that tie)."""
    match = stacked_match(2, 1, {0: "KS,QS,3C,4D,5H"}, upcard="9C", stock_top="8C")
    play(match, "0 draw:discard")
    action = match.timeout_action()
    assert action is not None and action.id == "discard:KS"


def test_tk21_timeout_after_a_stock_draw_still_throws_the_drawn_card() -> None:
    """TK-21: drawn from the stock -> the drawn card goes, even when it is not the highest."""
    match = stacked_match(2, 1, {0: "KS,QS,3C,4D,5H"}, upcard="9C", stock_top="2C")
    play(match, "0 draw:stock")
    action = match.timeout_action()
    assert action is not None and action.id == "discard:2C"
    assert parse_card("2C") in match.hands[0]
