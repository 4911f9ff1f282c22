"""What a night plays next: the rounds of a Swiss night, a round robin or a knockout,
from the entrants present and the fixtures decided so far. Pure: storage keeps the
fixtures (``storage.nights``) and ``tables.nights`` opens their tables.

A fixture is one result whatever its best-of-N: a win is a point, a bye is a point (the
entrant could not be paired), a double walkover gives nobody anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from leagues.knockout import first_round, next_round, rounds_needed
from leagues.pairing import Round, ranked, round_robin, swiss_round

Format = Literal["swiss", "round_robin", "knockout"]
FORMATS: tuple[Format, ...] = ("swiss", "round_robin", "knockout")


class Decided(Protocol):
    """A fixture as the planner sees it (storage's ``Fixture`` has this shape)."""

    @property
    def round(self) -> int: ...
    @property
    def slot(self) -> int: ...
    @property
    def a(self) -> int: ...
    @property
    def b(self) -> int | None: ...
    @property
    def winner(self) -> int | None: ...


def points(fixtures: Sequence[Decided]) -> dict[int, float]:
    table: dict[int, float] = {}
    for f in fixtures:
        for side in (f.a, f.b):
            if side is not None:
                table.setdefault(side, 0.0)
        if f.winner is not None:
            table[f.winner] = table.get(f.winner, 0.0) + 1.0
    return table


def standings(entrants: Sequence[int], fixtures: Sequence[Decided]) -> list[tuple[int, float]]:
    """Entrants by points, equal points in seeding order (the leagues' tie-breaks, head to
    head and Buchholz, refine this where they are wired in)."""
    score = points(fixtures)
    return [(e, score.get(e, 0.0)) for e in ranked(entrants, score)]


def total_rounds(format: Format, entrants: int, swiss_rounds: int) -> int:
    if format == "swiss":
        return swiss_rounds
    if format == "round_robin":
        return entrants - 1 if entrants % 2 == 0 else entrants
    return rounds_needed(entrants)


Slot = tuple[int, int | None]
"""A fixture to open: (entrant, opponent), opponent None for a bye."""


def _slots(round_: Round) -> list[Slot]:
    slots: list[Slot] = list(round_.pairs)
    if round_.bye is not None:
        slots.append((round_.bye, None))
    return slots


def plan_round(
    format: Format, entrants: Sequence[int], fixtures: Sequence[Decided], number: int
) -> list[Slot]:
    """Round ``number`` (1-based) of the night, every earlier round decided, in board
    order (a knockout's in bracket order, its first-round byes in place)."""
    if format == "swiss":
        played = [frozenset((f.a, f.b)) for f in fixtures if f.b is not None]
        byes = [f.a for f in fixtures if f.b is None]
        return _slots(swiss_round(entrants, points(fixtures), played, byes))
    if format == "round_robin":
        return _slots(round_robin(entrants)[number - 1])
    if number == 1:
        return list(first_round(entrants))
    previous = sorted((f for f in fixtures if f.round == number - 1), key=lambda f: f.slot)
    # A double walkover sends the better seed on: a bracket cannot hold an empty place.
    winners = [f.winner if f.winner is not None else f.a for f in previous]
    return list(next_round(winners))


def champion(format: Format, entrants: Sequence[int], fixtures: Sequence[Decided]) -> int | None:
    if format != "knockout" or not fixtures:
        return None
    last = max(f.round for f in fixtures)
    final = [f for f in fixtures if f.round == last]
    if last < rounds_needed(len(entrants)) or len(final) != 1:
        return None
    return final[0].winner
