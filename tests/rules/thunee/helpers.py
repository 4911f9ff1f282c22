"""Stacked deals and small drivers for Thunee tests."""

from __future__ import annotations

from typing import Any

from rules.contract import Deal
from rules.thunee import SPEC
from rules.thunee.match import ThuneeMatch


def seq(text: str) -> list[str]:
    """Cards (or ids) written space-separated."""
    return text.split()


def deal(dealer: int, *hands: str) -> Deal:
    """A stacked deal: each hand is six cards, the first four dealt first, the 6th last."""
    return Deal(dealer=dealer, hands=[h.split() for h in hands])


# Each seat holds four of one suit and two of the next: trump H leaves team 0 holding KH QH.
DEAL_A = deal(
    0,
    "JS 9S AS 10S KH QH",
    "JH 9H AH 10H KS QS",
    "JD 9D AD 10D KC QC",
    "JC 9C AC 10C KD QD",
)


def new(*deals: Deal, seed: int = 0, **options: Any) -> ThuneeMatch:
    match = SPEC.new_match(4, options, seed=seed, deals=list(deals))
    assert isinstance(match, ThuneeMatch)
    return match


def new_n(players: int, *deals: Deal, seed: int = 0, **options: Any) -> ThuneeMatch:
    """A 6- or 2-player match (a stacked deal lists every card a seat receives, in order)."""
    match = SPEC.new_match(players, options, seed=seed, deals=list(deals))
    assert isinstance(match, ThuneeMatch)
    return match


def act(match: ThuneeMatch, seat: int, *action_ids: str) -> None:
    for action_id in action_ids:
        match.apply(seat, action_id)


def ids(match: ThuneeMatch, seat: int) -> list[str]:
    return [a.id for a in match.legal_actions(seat)]


def pass_poll(match: ThuneeMatch, phase: str) -> None:
    """Every polled seat passes until the phase ends."""
    while match.phase == phase:
        match.apply(match.turn, "pass")


def to_play(
    match: ThuneeMatch,
    trump_card: str,
    bids: int = 0,
    bidder_card: str | None = None,
    pass_calls: bool = True,
) -> ThuneeMatch:
    """No cut; the trumper lays ``trump_card``; ``bids`` sequential bids (each by the first
    seat polled), then passes; the winning bidder lays ``bidder_card``; W4 passed."""
    act(match, match.cutter, "no_cut")
    act(match, match.trumper, f"trump:{trump_card}")
    for _ in range(bids):
        act(match, match.turn, f"bid:{match.legal_actions(match.turn)[0].value}")
    pass_poll(match, "bidding")
    if bidder_card is not None:
        act(match, match.turn, f"trump:{bidder_card}")
    if pass_calls:
        pass_poll(match, "calls")
    return match


def play(match: ThuneeMatch, *cards: str) -> None:
    """Play cards in turn order, passing every Jodi window met on the way."""
    for card in cards:
        while match.phase == "jodi":
            match.apply(match.turn, "pass")
        match.apply(match.turn, f"play:{card}")
    while match.phase == "jodi":
        match.apply(match.turn, "pass")


# Seat 1 holds the top hearts and spades: Thunee, Double and Blind Thunee succeed for him.
DEAL_T = deal(
    0,
    "10H KS QS JD 9D AD",
    "JH 9H AH JS 9S AS",
    "KH QH 10S 10D KD QD",
    "JC 9C AC 10C KC QC",
)

# EX-15: seat 1 calls Thunee; seat 3's only heart is AH, seat 2 holds QH and 9H.
DEAL_15 = deal(
    0,
    "AS 10S JH 10H 9D QC",
    "JS 9S KS QS KH 10D",
    "QH 9H JD AD KD QD",
    "AH JC 9C AC 10C KC",
)

# TH-21.4: trump H; seat 2 leads AS, seat 3 trumps 9H, seat 0 holds KH and diamonds.
DEAL_U = deal(
    0,
    "KH QD JD 9D AD 10D",
    "JH AH 10H QH KD JC",
    "JS 9S AS 10S KS QS",
    "9H 9C AC 10C KC QC",
)

# Khanuck: seat 1 holds the trump K-Q-J (50 Jodi); team 0 takes one 35-point trick.
DEAL_K = deal(
    0,
    "AH QS KS JD 9D AD",
    "JH KH QH 9H JS 9S",
    "10H 10S AS 10D KD QD",
    "JC 9C AC 10C KC QC",
)

# One suit each: with trump C (seat 1) the other team holds no trump (EX-36).
DEAL_36 = deal(
    0,
    "JS 9S AS 10S KS QS",
    "JC 9C AC 10C KC QC",
    "JD 9D AD 10D KD QD",
    "JH 9H AH 10H KH QH",
)

# DEAL_A, trump H by seat 1, leader seat 2: team 0 takes 81 points and loses the last trick.
SCRIPT_A = seq("JD QD 10S QS 9D KD AS KS AD 10C 9S AH JH KC AC QH 9H QC 9C KH 10H 10D JC JS")
# DEAL_A, trump H by seat 1: team 0 takes 43 points and wins the last trick.
SCRIPT_A_LAST = seq("JD KD JS JH 9H 9D JC KH AH AD 9C QH 10H 10D AC 9S KS KC 10C AS 10S QS QC QD")
# DEAL_T, trump H by seat 1, leader seat 2: team 1 wins tricks 1-5; seat 1 leads AS last.
SCRIPT_T_FIVE = seq("QD QC AD 9H JH KH KC 10H AH QH 10C QS JS 10S AC KS 9S KD 9C JD")
# DEAL_K, trump H by seat 1: team 0 wins trick 1 (35 points), seat 1 wins 2-5.
SCRIPT_K_FIVE = seq("QD QC AD 9S JD 9H 10D 9C")
SCRIPT_K_REST = seq("JH 10H AC AH KH KD 10C 9D JS AS KC KS")


def play_any(match: ThuneeMatch) -> None:
    """Finish the hand in progress with each seat's first legal card, passing windows."""
    hand = match.hand_number
    while match.hand_number == hand and not match.is_over:
        seat = match.turn
        choices = [a for a in match.legal_actions(seat) if a.kind == "play"]
        if match.phase == "play" and choices:
            match.apply(seat, choices[0])
        elif "pass" in ids(match, seat):
            match.apply(seat, "pass")
        elif match.phase == "trick_open":
            match.apply(match.collector or 0, "collect")
        else:
            raise AssertionError(f"play_any stuck in {match.phase}")
