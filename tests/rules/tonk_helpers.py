"""Stacked Tonk deals for tests: name the cards that matter, the rest fill in order."""

from __future__ import annotations

from typing import Any

from rules.cards import CARD_STRINGS, deck52
from rules.contract import Deal
from rules.tonk import SPEC, Tonk


def stacked_deal(
    players: int,
    dealer: int,
    hands: dict[int, str],
    upcard: str,
    stock_top: str = "",
    hand_size: int = 5,
) -> Deal:
    """A Deal giving ``hands[seat]`` (comma lists) and ``stock_top`` first in the stock.

    Seats not named get the lowest remaining cards (by card int: 2S, 3S, ...), so their
    counts stay far from 49/50.
    """
    named = {seat: text.split(",") for seat, text in hands.items()}
    used = {c for cards in named.values() for c in cards} | {upcard}
    top = stock_top.split(",") if stock_top else []
    used |= set(top)
    rest = [CARD_STRINGS[c] for c in deck52() if CARD_STRINGS[c] not in used]
    out_hands = []
    for seat in range(players):
        if seat in named:
            out_hands.append(named[seat])
        else:
            out_hands.append(rest[:hand_size])
            rest = rest[hand_size:]
    return Deal(dealer=dealer, hands=out_hands, upcard=upcard, stock=top + rest)


def stacked_match(
    players: int,
    dealer: int,
    seat_cards: dict[int, str],
    upcard: str,
    stock_top: str = "",
    **options: Any,
) -> Tonk:
    """A match whose first hand is stacked (one hand per session unless ``hands`` given)."""
    options.setdefault("hands", 1)
    size = options.get("hand_size", 7 if options.get("hoyle") else 5)
    if options.get("deal_size_by_table"):
        size = 7 if players == 2 else 5
    deal = stacked_deal(players, dealer, seat_cards, upcard, stock_top, size)
    match = SPEC.new_match(players, options, seed=7, deals=[deal])
    assert isinstance(match, Tonk)
    return match


def legal_ids(match: Tonk, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = next(iter(match.to_act))
    return [a.id for a in match.legal_actions(seat)]


def play(match: Tonk, *steps: str) -> None:
    """Apply ``"seat action"`` steps, e.g. ``"0 draw:stock"``."""
    for step in steps:
        seat, action = step.split(" ", 1)
        match.apply(int(seat), action)
