"""The rule-aware ``heuristic`` level: one player per game family, chosen by the game's
plugin (``GamePlugin.players``), whose factories are the functions below."""

from __future__ import annotations

from players.base import ComputerPlayer
from players.budget import SearchBudget
from players.levels import player_of
from players.rummy import RummyHeuristic
from players.tricks import TrickHeuristic
from rules.registry import BUILTIN, GameRegistry


def trick_heuristic(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The trick-game heuristic (it falls back to the game's random-play weights for
    action kinds it does not know)."""
    return TrickHeuristic(game)


def rummy_heuristic(game: str, budget: SearchBudget) -> ComputerPlayer:
    return RummyHeuristic(game)


def heuristic_for(game: str, games: GameRegistry = BUILTIN) -> ComputerPlayer:
    return player_of(games.plugin(game), "heuristic", SearchBudget())
