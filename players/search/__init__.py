"""The ``search`` level (issue 13): determinized Monte Carlo search for the trick games.

A game's search player is the factory its plugin names for ``search``; games without one
are played by their heuristic."""

from __future__ import annotations

from players.base import ComputerPlayer
from players.budget import SearchBudget
from players.levels import LevelPlayer, player_of
from players.search.player import SearchPlayer, SearchStats
from rules.registry import BUILTIN, GameRegistry

__all__ = ["SearchBudget", "SearchPlayer", "SearchStats", "search_for"]


def search_for(
    game: str, budget: SearchBudget | None = None, games: GameRegistry = BUILTIN
) -> ComputerPlayer:
    """The search player of ``game`` itself (games without a search model get the
    heuristic), without the level's guard at a trick's last seat: the ``expert`` level as
    tables play it is ``players.levels.player_of(plugin, "expert", budget)``."""
    player = player_of(games.plugin(game), "expert", budget or SearchBudget())
    return player.inner if isinstance(player, LevelPlayer) else player
