"""The computer levels' ratings from matches against each other (issue 35's yardsticks).

``bench/level_ratings.py`` plays the levels against each other per game and table size,
rates them as leagues rate entrants (openskill) and writes ``level_ratings.json`` beside this
module; the bot and the console read it here to show each level's rating in ``/rules`` and
the level pickers. The file is not a league: human standings never read it, and nothing
here writes one.

A missing, unreadable or malformed file, or a game or level it does not name, reads as
unrated (never an error): the bot then shows the levels without a rating.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RATINGS_FILE = Path(__file__).with_name("level_ratings.json")


@dataclass(frozen=True, slots=True)
class LevelRating:
    rating: int
    """The rating people read (random play anchored at 1,000; a gap reads as on a chess
    scale: 200 points is about a 76% win rate one side against one)."""
    mu: float
    sigma: float
    """Openskill's uncertainty: large while the rating rests on few matches."""
    matches: int


@dataclass(frozen=True, slots=True)
class TableRatings:
    """The levels' ratings at one table size of one game."""

    players: int
    levels: Mapping[str, LevelRating]
    matches: int
    date: str = ""
    command: str = ""


@dataclass(frozen=True, slots=True)
class LevelRatings:
    """Every rated game and table size; empty when there is no file."""

    tables: Mapping[str, Mapping[int, TableRatings]] = field(default_factory=dict)

    def at(self, game: str, players: int) -> Mapping[str, LevelRating]:
        """The levels rated at ``players`` seats of ``game`` (empty: unrated)."""
        table = self.tables.get(game, {}).get(players)
        return table.levels if table is not None else {}

    def of(self, game: str, level: str, players: int) -> LevelRating | None:
        return self.at(game, players).get(level)

    def preferred(self, game: str, players: int) -> TableRatings | None:
        """The ratings at ``players`` seats if rated there, else at the size rated from
        the most matches (``None``: the game is unrated)."""
        table = self.tables.get(game, {}).get(players)
        return table if table is not None else self.best_rated(game)

    def best_rated(self, game: str) -> TableRatings | None:
        """The table size of ``game`` rated from the most matches (ties go to the
        smaller table)."""
        tables = self.tables.get(game, {})
        return max(
            (tables[n] for n in sorted(tables)), key=lambda table: table.matches, default=None
        )


def load(path: Path = RATINGS_FILE) -> LevelRatings:
    """The ratings in ``path``; unrated (empty) if it is missing or malformed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return LevelRatings()
    return parse(data)


def parse(data: Any) -> LevelRatings:
    """Ratings from the file's JSON; entries that do not read as ratings are left out."""
    games = data.get("games") if isinstance(data, dict) else None
    if not isinstance(games, dict):
        return LevelRatings()
    tables: dict[str, dict[int, TableRatings]] = {}
    for game, sizes in games.items():
        if not isinstance(sizes, dict):
            continue
        for size, entry in sizes.items():
            table = _table(size, entry)
            if table is not None:
                tables.setdefault(str(game), {})[table.players] = table
    return LevelRatings(tables)


def _table(size: Any, entry: Any) -> TableRatings | None:
    if not isinstance(entry, dict) or not isinstance(entry.get("levels"), dict):
        return None
    try:
        players = int(size)
        levels = {
            str(level): LevelRating(
                rating=int(line["rating"]),
                mu=float(line["mu"]),
                sigma=float(line["sigma"]),
                matches=int(line["matches"]),
            )
            for level, line in entry["levels"].items()
        }
        return TableRatings(
            players=players,
            levels=levels,
            matches=int(entry.get("matches", 0)),
            date=str(entry.get("date", "")),
            command=str(entry.get("command", "")),
        )
    except (KeyError, TypeError, ValueError):
        return None


@functools.cache
def shipped() -> LevelRatings:
    """The ratings file shipped beside this module, read once per process (read-only
    data, like the translation catalogs)."""
    return load()
