"""A seeded knockout bracket: byes to the top seeds, seeds 1 and 2 meet only in a final.

Entrants are ids in seeding order (best first). The bracket is the next power of two;
its empty slots are byes and fall against the top seeds, so the first round has
``len(entrants) - bye count`` real matches and everyone left after it plays every round.
"""

from __future__ import annotations

from collections.abc import Sequence

Slot = tuple[int, int | None]
"""A first-round match: (entrant, opponent) with None for a bye (the entrant goes on)."""


def bracket_size(entrants: int) -> int:
    size = 1
    while size < entrants:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """The seeds (1-based) in bracket order: 1, size, size/2+1, ... so that each pair of
    neighbours adds to size+1 and the two halves hold seeds 1 and 2 apart."""
    order = [1]
    while len(order) < size:
        span = len(order) * 2 + 1
        order = [s for seed in order for s in (seed, span - seed)]
    return order


def first_round(entrants: Sequence[int]) -> list[Slot]:
    """The first round in bracket order; a slot's second entrant is None for a bye."""
    seeds = list(dict.fromkeys(entrants))
    if len(seeds) < 2:
        raise ValueError("a knockout needs two entrants")
    order = seed_positions(bracket_size(len(seeds)))
    slots: list[Slot] = []
    for top, bottom in zip(order[::2], order[1::2], strict=True):
        high, low = min(top, bottom), max(top, bottom)
        slots.append((seeds[high - 1], seeds[low - 1] if low <= len(seeds) else None))
    return slots


def next_round(winners: Sequence[int]) -> list[tuple[int, int]]:
    """The next round from the previous round's winners in bracket order (neighbours meet)."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("a knockout round needs an even number of winners")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


def rounds_needed(entrants: int) -> int:
    """Rounds to a champion (the bye round counts as one)."""
    return max(0, bracket_size(entrants).bit_length() - 1)
