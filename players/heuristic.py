"""The rule-aware ``heuristic`` level: one player per game family."""

from __future__ import annotations

from players.base import ComputerPlayer
from players.rummy import RummyHeuristic
from players.tricks import TrickHeuristic

RUMMY_GAMES = frozenset({"tonk", "telefunken"})
"""Every other game is played by the trick-game heuristic (it falls back to the game's
random-play weights for action kinds it does not know)."""


def heuristic_for(game: str) -> ComputerPlayer:
    if game in RUMMY_GAMES:
        return RummyHeuristic(game)
    return TrickHeuristic(game)
