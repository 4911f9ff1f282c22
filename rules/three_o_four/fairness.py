"""The shuffles of ED-4 and ED-6's commit-reveal of each hand's shuffle seed (the
``seed_commitment`` option).

Before a hand is dealt the server publishes ``commitment(seed)``, the sha256 of the
hand's seed; once the hand is over it reveals the seed, and anyone can check both that it
hashes to the published value and that ``pack_from_seed`` gives the pack that was dealt
(then cut by the dealer's left, T3-5.4, and dealt by T3-5.8).

The hand seed is derived from the match seed, the hand number and the redeal counter
(ED-4), through sha256, so a revealed hand seed tells nothing about the match seed or
about the seeds of the hands still to come.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from rules.cards import Card, shuffled
from rules.shuffle import DEAL_VERSION, deal_rng


def hand_seed(match_seed: int, hand_no: int, redeals: int) -> str:
    """ED-4 / ED-6: the hand's seed (64 hex digits) from (match seed, hand, redeal)."""
    text = f"304:{match_seed}:{hand_no}:{redeals}"
    return hashlib.sha256(text.encode()).hexdigest()


def commitment(seed: str) -> str:
    """ED-6: what is published before the deal: the sha256 of the seed's text."""
    return hashlib.sha256(seed.encode()).hexdigest()


def seed_rng(seed: str, deal_version: int = DEAL_VERSION) -> random.Random:
    """The generator a hand's shuffle draws from (``rules.shuffle``: the seed as an int,
    drawn through ``Random.random()`` alone, so any Python checks it the same)."""
    return deal_rng(int(seed, 16), deal_version)


def pack_from_seed(seed: str, deck: Sequence[Card], deal_version: int = DEAL_VERSION) -> list[Card]:
    """The ``full`` shuffle (ED-4) of the canonical deck (ED-1) that this seed gives,
    top card first, before the cut."""
    return shuffled(deck, seed_rng(seed, deal_version))


def riffled(pack: Sequence[Card], riffles: int, rng: random.Random) -> list[Card]:
    """ED-4 ``traditional``: Gilbert-Shannon-Reeds riffles of the pack rebuilt from the
    previous hand (with ED-6, ``rng`` is ``seed_rng(seed)``)."""
    cards = list(pack)
    for _ in range(riffles):
        cut = sum(rng.random() < 0.5 for _ in cards)
        left, right = cards[:cut], cards[cut:]
        out: list[Card] = []
        while left or right:
            if rng.random() * (len(left) + len(right)) < len(left):
                out.append(left.pop(0))
            else:
                out.append(right.pop(0))
        cards = out
    return cards
