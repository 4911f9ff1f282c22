"""Dealing the unseen cards of one seat's view into a full deal ("a determinization").

The unseen cards go to zones (another seat's hand, an undealt batch, a face-down card)
of known sizes; a zone may refuse suits its owner has shown to be void in. The sampler
fills the most constrained zones first and retries on a dead end, so every sample it
returns agrees with everything public.
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
    """A random assignment of every unseen card to a zone, respecting sizes and voids."""
    if sum(z.size for z in zones) != len(unseen):
        raise NoConsistentDeal(
            f"{len(unseen)} unseen cards for zones of {sum(z.size for z in zones)} cards"
        )
    constrained = [z for z in zones if z.void and z.size]
    free = [z for z in zones if not z.void and z.size]
    for _ in range(attempts):
        remaining = list(unseen)
        rng.shuffle(remaining)
        out: dict[str, list[Card]] = {z.name: [] for z in zones}
        # Most constrained first: the zone that accepts the fewest remaining cards.
        order = sorted(constrained, key=lambda z: sum(1 for c in remaining if z.accepts(c)))
        ok = True
        for zone in order:
            fits = [c for c in remaining if zone.accepts(c)]
            if len(fits) < zone.size:
                ok = False
                break
            chosen = rng.sample(fits, zone.size)
            out[zone.name] = chosen
            taken = set(chosen)
            remaining = [c for c in remaining if c not in taken]
        if not ok:
            continue
        start = 0
        for zone in free:
            out[zone.name] = remaining[start : start + zone.size]
            start += zone.size
        return out
    raise NoConsistentDeal("no deal found that respects the voids shown")
