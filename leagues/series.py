"""A best-of-N series: the games of one fixture, decided when a side has a majority.

The series is the fixture's one result (what a night's standings count); each game is a
stored match of its own. A drawn or abandoned game decides nothing and is replayed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Series:
    best_of: int
    sides: tuple[int, int]
    games: tuple[int | None, ...] = ()
    """Each game's winning entrant (None: drawn or abandoned)."""

    def __post_init__(self) -> None:
        if self.best_of < 1 or self.best_of % 2 == 0:
            raise ValueError("a series is best of an odd number of games")

    @property
    def needed(self) -> int:
        return self.best_of // 2 + 1

    def wins(self, entrant: int) -> int:
        return sum(1 for winner in self.games if winner == entrant)

    @property
    def winner(self) -> int | None:
        for side in self.sides:
            if self.wins(side) >= self.needed:
                return side
        return None

    def with_game(self, winner: int | None) -> Series:
        if self.winner is not None:
            raise ValueError("the series is decided")
        if winner is not None and winner not in self.sides:
            raise ValueError(f"entrant {winner} is not in this series")
        return Series(self.best_of, self.sides, (*self.games, winner))


def series_of(best_of: int, sides: tuple[int, int], winners: Sequence[int | None]) -> Series:
    series = Series(best_of, sides)
    for winner in winners:
        series = series.with_game(winner)
    return series
