"""The registry of games, the only list of them: ``names()`` and ``get(name)``.

A ``GameRegistry`` is a value holding one ``GamePlugin`` per game; ``BUILTIN`` holds the
built-in games, and the table manager, the console and the bot are given a registry
(``BUILTIN`` unless told otherwise: a test adds a game with ``BUILTIN.with_plugin``, never
by changing this module). ``names()`` and ``get()`` answer for ``BUILTIN`` (the engine
contract, ``shared/design/engine-api.md``). Each engine is imported on first use, so
importing ``rules`` stays cheap and a game module only has to define its ``SPEC``.

Adding a game: its engine package, its plugin (``rules/plugins/``), and one line below.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator
from typing import Any

from rules.contract import GameSpec
from rules.plugin import GamePlugin


class GameRegistry:
    """Games by name, in the order they were given (the order menus list them)."""

    __slots__ = ("_plugins",)

    def __init__(self, plugins: Iterable[GamePlugin]) -> None:
        by_name: dict[str, GamePlugin] = {}
        for plugin in plugins:
            if plugin.name in by_name:
                raise ValueError(f"Two games called {plugin.name!r}.")
            by_name[plugin.name] = plugin
        self._plugins = by_name

    @classmethod
    def of_modules(cls, modules: Iterable[str]) -> GameRegistry:
        """The plugins (``PLUGIN``) the named modules define, in order."""
        return cls(importlib.import_module(module).PLUGIN for module in modules)

    def with_plugin(self, plugin: GamePlugin) -> GameRegistry:
        """A new registry with ``plugin`` added (or replacing the game of its name)."""
        others = (p for p in self._plugins.values() if p.name != plugin.name)
        return GameRegistry([*others, plugin])

    def names(self) -> list[str]:
        return list(self._plugins)

    def __contains__(self, name: object) -> bool:
        return name in self._plugins

    def __iter__(self) -> Iterator[GamePlugin]:
        return iter(list(self._plugins.values()))

    def plugin(self, name: str) -> GamePlugin:
        """The plugin of a game; an unknown name raises ``KeyError`` naming the known ones."""
        plugin = self._plugins.get(name)
        if plugin is None:
            known = ", ".join(self._plugins)
            raise KeyError(f"No game called {name!r}; known games: {known}.")
        return plugin

    def get(self, name: str) -> GameSpec[Any]:
        """The spec of a game; an unknown name raises ``KeyError`` naming the known ones."""
        return self.plugin(name).spec


BUILTIN = GameRegistry.of_modules(
    [
        "rules.plugins.nigerian_thunee",
        "rules.plugins.thunee",
        "rules.plugins.tonk",
        "rules.plugins.telefunken",
        "rules.plugins.three_o_four",
    ]
)

DEFAULT_GAME = "thunee"
"""The game the terminal offers first."""


def names() -> list[str]:
    return BUILTIN.names()


def get(name: str) -> GameSpec[Any]:
    """The spec of a built-in game; an unknown name raises ``KeyError`` naming the known ones."""
    return BUILTIN.get(name)
