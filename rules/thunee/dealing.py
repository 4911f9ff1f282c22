"""Pure dealing rules: stacked-deal validation, the black-jack draw, cuts and batches
(shared/rules/thunee.md TH-3.6, TH-4, TH-5, TH-6, THV-2, TH6-3, TH2-A, TH2-B). The player
count is a parameter.

Every seat's cards are kept in the order received (as a stacked ``Deal`` lists them), then
split into the *playing hand* (first batch + final batch, the cards bid and played on) and,
with two players, the *extra* six: the second half's cards (TH2-A) or the face-down row
(TH2-B, received first)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import itemgetter
from typing import Any

from rules.cards import thunee_deck
from rules.contract import Deal, IllegalAction
from rules.shuffle import shuffled

DECK: tuple[int, ...] = tuple(sorted(thunee_deck()))
BLACK_JACKS = frozenset({9, 48})  # JS, JC
FIRST_BATCH = {2: 4, 4: 4, 6: 3}
"""TH-6.1 / TH6-3 / TH2-A.1: cards per player in the first batch, by player count."""
HAND_SIZE = {2: 6, 4: 6, 6: 4}
"""TH-1.2 / TH6-3 / TH2-5: cards per player after the final deal, by player count."""


def validate_deal(index: int, deal: Deal, players: int, hand_size: int) -> list[list[int]]:
    """The hands of a stacked deal as card ints; anything but the whole pack raises."""
    hands, stock, upcard = deal.card_ints()
    number = index + 1
    if not 0 <= deal.dealer < players:
        raise IllegalAction(
            "Stacked deal {deal}: there is no seat {seat} to deal.",
            code="stacked_deal_dealer",
            deal=number,
            seat=deal.dealer,
        )
    if len(hands) != players or any(len(h) != hand_size for h in hands):
        raise IllegalAction(
            "Stacked deal {deal}: give each of the {players} seats {size} cards "
            "(in the order received).",
            code="stacked_deal_shape",
            deal=number,
            players=players,
            size=hand_size,
        )
    if stock or upcard is not None:
        raise IllegalAction(
            "Stacked deal {deal}: Thunee deals the whole pack; no stock or upcard.",
            code="stacked_deal_stock",
            deal=number,
        )
    if sorted(c for h in hands for c in h) != list(DECK):
        raise IllegalAction(
            "Stacked deal {deal}: the hands must hold the {size}-card pack exactly once.",
            code="stacked_deal_pack",
            deal=number,
            size=len(DECK),
        )
    return hands


def shuffle_pack(rng: random.Random) -> list[int]:
    """TH-5.1: the 24-card pack shuffled by the match's generator (``rules.shuffle``)."""
    return shuffled(DECK, rng)


def black_jack_draw(rng: random.Random, start: int, players: int) -> list[tuple[int, int]]:
    """TH-4.2: cards dealt face up from ``start`` until a black jack; the last receiver deals."""
    draw = []
    seat = start
    for card in shuffle_pack(rng):
        draw.append((seat, card))
        if card in BLACK_JACKS:
            return draw
        seat = (seat + 1) % players
    raise AssertionError("the pack has two black jacks")


def cut_pack(pack: list[int], method: str, rng: random.Random) -> list[int]:
    """TH-5.3 / THV-2: the cut; its depth is drawn at random (the cutter may not count)."""
    if method == "bottom":  # TH-5.3: a packet from the bottom goes on top
        k = rng.randint(1, len(pack) - 1)
        return pack[-k:] + pack[:-k]
    if method == "table":  # THV-2.2: the lifted top packet ends at the bottom
        k = rng.randint(1, len(pack) - 1)
        return pack[k:] + pack[:k]
    # THV-2.3: three packets A B C from the top, restacked C + B + A
    i, j = sorted(rng.sample(range(1, len(pack)), 2))
    return pack[j:] + pack[i:j] + pack[:i]


def _lay_out_positions(dealer: int, players: int, first: int) -> tuple[tuple[int, ...], ...]:
    """For each seat, the pack positions of its cards in the order received (TH-3.6 / TH-6)."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    second = len(DECK) // players - first
    base = players * first
    positions: list[tuple[int, ...]] = [() for _ in range(players)]
    for i, s in enumerate(order):
        positions[s] = (
            *range(i * first, (i + 1) * first),
            *range(base + i * second, base + (i + 1) * second),
        )
    return tuple(positions)


_LAY_OUT: dict[tuple[int, int, int], tuple[itemgetter[Any], ...]] = {
    (dealer, players, first): tuple(
        itemgetter(*positions) for positions in _lay_out_positions(dealer, players, first)
    )
    for players in (2, 4, 6)
    for dealer in range(players)
    for first in range(1, len(DECK) // players + 1)
}
"""Every seat's pack positions by (dealer, players, first batch), as getters built once."""


def lay_out(pack: Sequence[int], dealer: int, players: int, first: int) -> list[list[int]]:
    """TH-3.6 / TH-6: every seat's cards in the order received: batches from the top of the
    pack, the trumper (the dealer's right) first and the dealer last."""
    return [list(cards(pack)) for cards in _LAY_OUT[dealer, players, first]]


def lay_out_two(pack: Sequence[int], dealer: int, method: str) -> list[list[int]]:
    """TH2-A.1 / TH2-A.3 / TH2-B.1: each player's twelve cards in the order received, the
    non-dealer first in every batch: 4, 2, then 4, 2 (two deals), or a row of 6, then 4, 2
    (face up)."""
    order = [1 - dealer, dealer]
    batches = (4, 2, 4, 2) if method == "two_deals" else (6, 4, 2)
    full: list[list[int]] = [[], []]
    top = 0
    for size in batches:
        for s in order:
            full[s] += pack[top : top + size]
            top += size
    return full


def split_two(received: list[int], method: str) -> tuple[list[int], list[int]]:
    """A two-player seat's twelve cards as (playing hand, extra six): the first half and the
    second half (TH2-A), or the hand and the face-down row dealt before it (TH2-B)."""
    if method == "two_deals":
        return received[:6], received[6:]
    return received[6:], received[:6]
