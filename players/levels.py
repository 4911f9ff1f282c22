"""A game's computer player of a level, from its plugin (``GamePlugin.players``).

A plugin names its factories as ``"module:function"`` (``rules`` never imports this layer);
each is ``(game, budget) -> ComputerPlayer``. A level the plugin has no player for is played
at the strongest level below it that it has, and ``random`` plays any game.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from players.base import ComputerPlayer
from players.budget import SearchBudget
from players.random_player import RandomPlayer
from rules.plugin import LEVELS, GamePlugin

PlayerFactory = Callable[[str, SearchBudget], ComputerPlayer]


def factory(path: str) -> PlayerFactory:
    """The factory a plugin names (``"players.heuristic:trick_heuristic"``)."""
    module, _, name = path.partition(":")
    made: PlayerFactory = getattr(importlib.import_module(module), name)
    return made


def player_of(plugin: GamePlugin, level: str, budget: SearchBudget) -> ComputerPlayer:
    """``plugin``'s game played at ``level`` (an unknown level raises ``KeyError``)."""
    if level not in LEVELS:
        raise KeyError(f"No computer level called {level!r}; known: {', '.join(LEVELS)}.")
    for weaker in reversed(LEVELS[: LEVELS.index(level) + 1]):
        path = plugin.players.get(weaker)
        if path is not None:
            return factory(path)(plugin.name, budget)
    return RandomPlayer()
