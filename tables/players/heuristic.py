"""The rule-aware ``heuristic`` level: one player per game family."""

from __future__ import annotations

from tables.players.base import ComputerPlayer
from tables.players.random_player import RandomPlayer

TRICK_GAMES = frozenset({"thunee", "nigerian_thunee", "304"})
RUMMY_GAMES = frozenset({"tonk", "telefunken"})


def heuristic_for(game: str) -> ComputerPlayer:
    return RandomPlayer()
