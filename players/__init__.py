"""Computer players by level, a layer of their own between ``rules`` and ``tables``: pure,
given a seat's view and a budget. Levels: ``random`` (easy), ``heuristic`` (normal), and
is registered (``search`` for the trick games, issue 13).
"""

from __future__ import annotations

from collections.abc import Callable

from players.base import ComputerPlayer, Situation
from players.random_player import RandomPlayer

__all__ = ["ComputerPlayer", "PlayerRegistry", "RandomPlayer", "Situation", "default_registry"]

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


def default_registry() -> PlayerRegistry:
    from players.heuristic import heuristic_for
    from players.search import search_for

    registry = PlayerRegistry()
    registry.register("random", lambda game: RandomPlayer())
    registry.register("heuristic", heuristic_for)
    registry.register("search", search_for)
    return registry
