"""Computer players by level, a layer of their own between ``rules`` and ``tables``: pure,
given a seat's view and a budget. Levels: ``beginner``, ``club``, ``expert`` (issue 35;
``heuristic`` and ``search`` are their old names), each game's from its plugin
(``players.levels``), ``random`` for tests, and whatever else a registry is given.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.random_player import RandomPlayer
from rules.plugin import KNOWN_LEVELS
from rules.registry import BUILTIN, GameRegistry

__all__ = [
    "ComputerPlayer",
    "PlayerRegistry",
    "RandomPlayer",
    "SearchBudget",
    "Situation",
    "default_registry",
]

PlayerFactory = Callable[[str], ComputerPlayer]
"""Builds the player of one level for a game name (a level may differ by game family)."""


class PlayerRegistry:
    def __init__(self) -> None:
        self._factories: dict[str, PlayerFactory] = {}
        self._cache: dict[tuple[str, str], ComputerPlayer] = {}

    def register(self, level: str, factory: PlayerFactory) -> None:
        self._factories[level] = factory
        self._cache = {k: v for k, v in self._cache.items() if k[0] != level}

    def levels(self) -> list[str]:
        return list(self._factories)

    def __contains__(self, level: object) -> bool:
        return level in self._factories

    def get(self, level: str, game: str) -> ComputerPlayer:
        """The player of ``level`` for ``game``; an unknown level raises ``KeyError``."""
        key = (level, game)
        player = self._cache.get(key)
        if player is None:
            player = self._cache[key] = self._factories[level](game)
        return player


def default_registry(
    games: GameRegistry = BUILTIN, budget: SearchBudget | None = None
) -> PlayerRegistry:
    """Every level name of ``KNOWN_LEVELS`` for the games of ``games``, each as its plugin
    says; the search thinks within ``budget`` (the defaults unless the caller's settings
    say more), each level within its share of it."""
    thinking = budget or SearchBudget()
    registry = PlayerRegistry()
    for level in KNOWN_LEVELS:
        registry.register(level, functools.partial(_plugin_player, games, level, thinking))
    return registry


def _plugin_player(
    games: GameRegistry, level: str, budget: SearchBudget, game: str
) -> ComputerPlayer:
    return player_of(games.plugin(game), level, budget)
