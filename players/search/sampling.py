"""Dealing the unseen cards of one seat's view into a full deal ("a determinization").

The unseen cards go to zones (another seat's hand, an undealt batch, a face-down card)
of known sizes; a zone may refuse suits its owner has shown to be void in. Every sample
returned agrees with everything public.

Inference (issue 35, as Kermit does for Skat): what a seat did is evidence about what it
holds beyond the hard facts. ``deal_likely`` weighs a deal by how likely each seat's bids
and plays were under a simple model of how people play (``Evidence``: a weight in (0, 1]
of the cards a zone got) and keeps it with that probability (rejection sampling, a
bounded number of tries; past them the likeliest deal drawn). A player who bid high holds
high cards (``bid_weight``); a player who threw away a suit's high card has no more
strength there (``shed_weight``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rules.cards import Card
from rules.tricks import SUIT_OF

BITS = tuple(n.bit_length() for n in range(64))
"""Bits of each small size (``shuffle``'s draws)."""


def shuffle(cards: list[Card], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, the same permutation and the same draws, at about half its
    CPU: ``random.Random.shuffle`` draws each index through ``_randbelow`` (a method call
    and ``bit_length`` per card); here the draws are inlined. A subclass of ``Random``
    (another generator) shuffles its own way."""
    if type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = BITS[n] if n < len(BITS) else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


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
        shuffle(cards, rng)
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
    shuffle(remaining, rng)
    # Whether each zone takes each suit (indexed by ``SUIT_OF``, -1 a joker's): a zone
    # refuses by suit only, so the cards' fits are worked out per suit.
    accept = [tuple(s not in z.void for s in (0, 1, 2, 3, -1)) for z in zones]
    indices = range(len(zones))
    # The remaining cards per suit (indexed as ``accept``): most of the time nothing is
    # forced, which the counts show without a pass over the cards (``_may_force``).
    counts = [0, 0, 0, 0, 0]
    for card in remaining:
        counts[SUIT_OF[card]] += 1
    plain = type(rng) is random.Random
    getrandbits = rng.getrandbits
    while remaining:
        if _may_force(counts, accept, room):
            if not _forced_moves(remaining, accept, room, out):
                return None
            counts = [0, 0, 0, 0, 0]
            for card in remaining:
                counts[SUIT_OF[card]] += 1
        if not remaining:
            break
        card = remaining.pop()
        suit = SUIT_OF[card]
        counts[suit] -= 1
        total = 0
        for i in indices:
            if room[i] and accept[i][suit]:
                total += room[i]
        if not total:
            return None
        if plain:  # ``rng.randrange(total)``: the same draws, inline (as ``shuffle``)
            k = BITS[total] if total < len(BITS) else total.bit_length()
            pick = getrandbits(k)
            while pick >= total:
                pick = getrandbits(k)
        else:
            pick = rng.randrange(total)
        for i in indices:
            if room[i] and accept[i][suit]:
                pick -= room[i]
                if pick < 0:
                    break
        out[i].append(card)
        room[i] -= 1
    return {z.name: out[i] for i, z in enumerate(zones)}


def _may_force(counts: list[int], accept: list[tuple[bool, ...]], room: list[int]) -> bool:
    """Whether ``_forced_moves`` could do anything (or fail): some suit left has at most
    one zone with room to take it, or some zone with room can take at most as many of
    the cards left as it needs. When not, it would change nothing and succeed."""
    for suit in (0, 1, 2, 3, -1):
        if counts[suit]:
            fits = 0
            for i, takes in enumerate(accept):
                if room[i] and takes[suit]:
                    fits += 1
            if fits < 2:
                return True
    for i, takes in enumerate(accept):
        need = room[i]
        if need:
            can = 0
            for suit in (0, 1, 2, 3, -1):
                if takes[suit]:
                    can += counts[suit]
            if can <= need:
                return True
    return False


def _forced_moves(
    remaining: list[Card], accept: list[tuple[bool, ...]], room: list[int], out: list[list[Card]]
) -> bool:
    """Make every forced move; ``False`` when some card or zone can no longer be served.
    In turn, until nothing changes: each card (in ``remaining``'s order) only one zone
    can take goes there; each zone that can take exactly as many cards as it still
    needs takes them all."""
    indices = range(len(accept))
    changed = True
    while changed and remaining:
        changed = False
        fits_of: dict[int, list[int]] = {}
        """Per suit, the zones with room that take it (valid until a zone fills up)."""
        kept: list[Card] = []
        for card in remaining:
            suit = SUIT_OF[card]
            fits = fits_of.get(suit)
            if fits is None:
                fits = fits_of[suit] = [i for i in indices if room[i] and accept[i][suit]]
            if not fits:
                return False
            if len(fits) == 1:
                i = fits[0]
                out[i].append(card)
                room[i] -= 1
                if not room[i]:
                    fits_of = {}
                changed = True
            else:
                kept.append(card)
        remaining[:] = kept
        for i in indices:
            if not room[i]:
                continue
            takes = accept[i]
            taken = [c for c in remaining if takes[SUIT_OF[c]]]
            if len(taken) < room[i]:
                return False
            if len(taken) == room[i]:
                out[i].extend(taken)
                room[i] = 0
                remaining[:] = [c for c in remaining if not takes[SUIT_OF[c]]]
                changed = True
    return True


Weight = Callable[[Sequence[Card]], float]
"""The cards a zone got -> how likely its holder's bids and plays were with them, in
(0, 1] (1: as likely as with any other cards)."""


@dataclass(frozen=True, slots=True)
class Evidence:
    zone: str
    weight: Weight


INFERENCE_TRIES = 12
"""Deals drawn at most per sample: past them the likeliest one drawn is kept (bounded,
deterministic work; with strong evidence the sample leans toward it without certainty)."""


def deal_likely(
    unseen: Sequence[Card],
    zones: Sequence[Zone],
    rng: random.Random,
    evidence: Sequence[Evidence] = (),
    tries: int = INFERENCE_TRIES,
) -> dict[str, list[Card]]:
    """``deal_unseen`` weighted by ``evidence``: a deal is kept with the probability its
    weights multiply to (rejection sampling)."""
    if not evidence:
        return deal_unseen(unseen, zones, rng)
    best: dict[str, list[Card]] | None = None
    best_weight = -1.0
    for _ in range(tries):
        dealt = deal_unseen(unseen, zones, rng)
        weight = 1.0
        for item in evidence:
            weight *= item.weight(dealt[item.zone])
        if rng.random() < weight:
            return dealt
        if weight > best_weight:
            best, best_weight = dealt, weight
    assert best is not None
    return best


def bid_weight(
    power: Sequence[int], known: Sequence[Card], expected: float, softness: float = 1.0
) -> Weight:
    """A seat that bid expecting ``expected`` power (a count of its strong cards, the
    ``known`` ones it has shown included): each unit short of it makes the bid
    ``exp(-softness)`` times as likely; at or above it, fully likely."""
    shown = sum(power[c] for c in known)

    def weight(cards: Sequence[Card]) -> float:
        short = expected - shown - sum(power[c] for c in cards)
        return math.exp(-softness * short) if short > 0 else 1.0

    return weight


def shed_weight(suits: Sequence[int], power: Sequence[int], factor: float = 0.5) -> Weight:
    """A seat that threw away a high card of each of ``suits`` (not following, not
    trumping): each strong card it still holds there makes that ``factor`` times as
    likely (people throw from their weak suits)."""
    wanted = frozenset(suits)

    def weight(cards: Sequence[Card]) -> float:
        held = sum(1 for c in cards if power[c] and SUIT_OF[c] in wanted)
        return factor**held if held else 1.0

    return weight
