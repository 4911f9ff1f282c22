"""Stacked deals and small drivers for Thunee tests."""

from __future__ import annotations

from typing import Any

from rules.contract import Deal
from rules.thunee import SPEC
from rules.thunee.match import ThuneeMatch


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
