# players/search/sampling.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""Dealing the unseen cards of one seat's view into a full deal ("a determinization").

The unseen cards go to zones (another seat's hand, an undealt batch, a face-down card)
of known sizes; a zone may refuse suits its owner has shown to be void in. Every sample
returned agrees with everything public.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from rules.cards import Card
from rules.tricks import SUIT_OF


class NoConsistentDeal(RuntimeError):
    """The public record admits no deal (a bug in the knowledge), or the sampler gave up."""


@dataclass(slots=True)
class Zone:
    """``size`` unseen cards go here; ``void`` suits may not."""

    name: str
    size: int
    void: set[int] = field(default_factory=set)

    def accepts(self, card: Card) -> bool:
        return SUIT_OF[card] not in self.void


def deal_unseen(
    unseen: Sequence[Card], zones: Sequence[Zone], rng: random.Random, attempts: int = 40
) -> dict[str, list[Card]]:
    """A random assignment of every unseen card to a zone, respecting sizes and voids.

    Cards go one at a time, in random order, to a zone drawn in proportion to its free
    room (uniform when nothing is void); after each, forced moves are made first: a card
    only one zone can take goes there, and a zone that can take exactly as many cards as
    it still needs takes them all. A dead end starts the deal again.
    """
    if sum(z.size for z in zones) != len(unseen):
        raise NoConsistentDeal(
            f"{len(unseen)} unseen cards for zones of {sum(z.size for z in zones)} cards"
        )
    if not any(z.void for z in zones):
        cards = list(unseen)
        rng.shuffle(cards)
        out: dict[str, list[Card]] = {}
        start = 0
        for zone in zones:
            out[zone.name] = cards[start : start + zone.size]
            start += zone.size
        return out
    for _ in range(attempts):
        dealt = _constrained_deal(unseen, zones, rng)
        if dealt is not None:
            return dealt
    raise NoConsistentDeal("no deal found that respects the voids shown")


def _constrained_deal(
    unseen: Sequence[Card], zones: Sequence[Zone], rng: random.Random
) -> dict[str, list[Card]] | None:
    room = [z.size for z in zones]
    out: list[list[Card]] = [[] for _ in zones]
    remaining = list(unseen)
    rng.shuffle(remaining)
    indices = range(len(zones))
    while remaining:
        if not _forced_moves(remaining, zones, room, out):
            return None
        if not remaining:
            break
        card = remaining.pop()
        fits = [i for i in indices if room[i] and zones[i].accepts(card)]
        if not fits:
            return None
        pick = rng.randrange(sum(room[i] for i in fits))
        for i in fits:
            pick -= room[i]
            if pick < 0:
                break
        out[i].append(card)
        room[i] -= 1
    return {z.name: out[i] for i, z in enumerate(zones)}


def _forced_moves(
    remaining: list[Card], zones: Sequence[Zone], room: list[int], out: list[list[Card]]
) -> bool:
    """Make every forced move; ``False`` when some card or zone can no longer be served."""
    changed = True
    while changed and remaining:
        changed = False
        for card in list(remaining):
            fits = [i for i, z in enumerate(zones) if room[i] and z.accepts(card)]
            if not fits:
                return False
            if len(fits) == 1:
                out[fits[0]].append(card)
                room[fits[0]] -= 1
                remaining.remove(card)
                changed = True
        for i, zone in enumerate(zones):
            if not room[i]:
                continue
            takes = [c for c in remaining if zone.accepts(c)]
            if len(takes) < room[i]:
                return False
            if len(takes) == room[i]:
                out[i].extend(takes)
                room[i] = 0
                for c in takes:
                    remaining.remove(c)
                changed = True
    return True
