"""Pure dealing rules: stacked-deal validation, the black-jack draw, cuts and batches
(shared/rules/thunee.md TH-3.6, TH-4, TH-5, TH-6, THV-2). The player count is a parameter."""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.cards import shuffled, thunee_deck
from rules.contract import Deal, IllegalAction

DECK: tuple[int, ...] = tuple(sorted(thunee_deck()))
BLACK_JACKS = frozenset({9, 48})  # JS, JC
FIRST_BATCH = {4: 4}
"""TH-6.1: cards per player in the first batch, by player count (6p/2p come later)."""
HAND_SIZE = {4: 6}
"""TH-1.2: cards per player after the final deal, by player count."""


def validate_deal(index: int, deal: Deal, players: int, hand_size: int) -> list[list[int]]:
    """The hands of a stacked deal as card ints; anything but the whole pack raises."""
    hands, stock, upcard = deal.card_ints()
    where = f"Stacked deal {index + 1}"
    if not 0 <= deal.dealer < players:
        raise IllegalAction(f"{where}: there is no seat {deal.dealer} to deal.")
    if len(hands) != players or any(len(h) != hand_size for h in hands):
        raise IllegalAction(f"{where}: give each of the {players} seats {hand_size} cards.")
    if stock or upcard is not None:
        raise IllegalAction(f"{where}: Thunee deals the whole pack; no stock or upcard.")
    if sorted(c for h in hands for c in h) != list(DECK):
        raise IllegalAction(f"{where}: the hands must hold the 24-card pack exactly once.")
    return hands


def black_jack_draw(rng: random.Random, start: int, players: int) -> list[tuple[int, int]]:
    """TH-4.2: cards dealt face up from ``start`` until a black jack; the last receiver deals."""
    draw = []
    seat = start
    for card in shuffled(DECK, rng):
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


def lay_out(pack: Sequence[int], dealer: int, players: int, first: int) -> list[list[int]]:
    """TH-3.6 / TH-6: every seat's cards in the order received: batches from the top of the
    pack, the trumper (the dealer's right) first and the dealer last."""
    order = [(dealer + 1 + i) % players for i in range(players)]
    second = len(pack) // players - first
    full: list[list[int]] = [[] for _ in range(players)]
    for i, s in enumerate(order):
        full[s] = list(pack[i * first : (i + 1) * first])
    base = players * first
    for i, s in enumerate(order):
        full[s] += pack[base + i * second : base + (i + 1) * second]
    return full
