"""What a Caps question reads (ED-27): the knowledge K(p, k) of a player at a call point,
the search's position, and the budgets and constants the judge's modules share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar

from rules.cards import Card

if TYPE_CHECKING:
    pass

T = TypeVar("T")


PlayRecord = tuple[int, Card, bool, int]
"""(seat, card, face down, source: 0 hand / 1 indicator)."""

SUIT: Final = tuple(c // 13 for c in range(52))
ALL_SUITS: Final = 0b1111
CANONICAL_SUIT_RANK: Final = {0: 0, 3: 1, 2: 2, 1: 3}
"""ED-1 suit order S, C, D, H (card ints use S, H, D, C)."""
NODE_BUDGET: Final = 2000
SOUND_BUDGET: Final = 50_000
"""The node budgets the judge had for Certain and Sound before its ruling became exact
(past them a position counted as not certain, a call as unsound). The judge no longer
uses them; bench/caps_exact.py passes them to show where the old ruling differed."""


MANY_UNSEEN: Final = (16, 12)
"""ED-27a (docs/caps-ruling.md): with more cards than this unseen by p (four or six
players; eight), Certain(p, k) (the duty, the deadline and the server's order) is
certainty by cashing (``cashing_order``): the exact question over every order there took
seconds to minutes (bench/caps_exact.py), the cashing proof microseconds."""


THRIFTY: Final = -1
"""``Solver.thin`` for the one-reply adversary whose opponents take tricks as cheaply as
they can (as the thrifty greedy refutation)."""
STRONG_WORLDS: Final = 2
"""Initial positions ``CapsJudge.strong_worlds`` builds a world from, per question."""
GREEDY_BUDGET: Final = 300
"""Positions a one-reply refutation (``CapsJudge.thin_refutes``) may explore before it
gives up (and the full search decides)."""


_ED1_KEY: Final = tuple(CANONICAL_SUIT_RANK[c // 13] * 13 + c % 13 for c in range(52))
"""ED-1 canonical order (suits S, C, D, H, ranks 7 up to A) as one sort key per card."""


class OutOfBudget(Exception):
    pass


@dataclass(frozen=True)
class Slot:
    """Unknown cards in one place: ``count`` cards, each of a suit in ``allowed``."""

    count: int
    allowed: int


State = tuple[
    tuple[tuple[int, Card], ...],  # the trick in progress
    int,  # the seat to play
    frozenset[Card],  # unknown cards not yet played
    tuple[int, ...],  # unknown (free) cards per seat
    tuple[int, ...],  # unknown cards per seat that must be trumps (a hidden indicator)
    tuple[frozenset[Card], ...],  # cards known to be in each seat
    tuple[int, ...],  # suits each seat is known to lack (bit masks)
    int,  # tricks still to finish
    int,  # trump suit
]


ProofFacts = tuple[list[int], list[int], list[int], list[int], "Callable[[], bool]"]
"""What ``CapsJudge.plainly_sound`` reads of K(p, k) whatever the order (``proof_facts``)."""

_TRICKS_DONE: Final[State] = ((), -1, frozenset(), (), (), (), (), 0, -1)
"""Where every line of the last trick ends won (``Solver._walk``); ``solve`` only reads
that no trick is left."""


@dataclass
class Knowledge:
    """K(p, k) reduced to what the search needs (ED-27)."""

    seat: int
    hand: list[Card]
    trick: list[tuple[int, Card | None, int]]
    """Plays of the trick in progress: (seat, card or None if unknown, allowed suits mask)."""
    to_play: int
    unknown: frozenset[Card]
    free: list[int]
    must_trump: list[int]
    known: list[frozenset[Card]]
    voids: list[int]
    hidden_slots: list[tuple[int, int]]
    """Past face-down cards p never saw: (led suit, source) - never trumps, never led."""
    tricks_left: int
    trumps: list[int]
    """The trump suits p considers possible (one if he knows it)."""


SEATS: Final = 8
"""At most eight seats: a seat packed with a call point is ``k * SEATS + seat``."""

_PLAY: Final = tuple(tuple((seat, card) for card in range(len(SUIT))) for seat in range(8))
"""(seat, card) for each of the at most eight seats and each card, made once: a play in a
trick is always one of these (fewer tuples to build and for the collector to track)."""
