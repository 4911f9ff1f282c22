"""Which games the slash commands offer, with their titles (from the games' plugins)."""

from __future__ import annotations

import functools
import logging

from discord import app_commands

from rules.plugin import LEVEL_TITLES, LEVELS
from rules.registry import BUILTIN, GameRegistry

log = logging.getLogger(__name__)


@functools.cache
def playable(games: GameRegistry = BUILTIN) -> dict[str, str]:
    """name -> title of every registered game whose engine loads."""
    loaded: dict[str, str] = {}
    for plugin in games:
        try:
            loaded[plugin.name] = plugin.spec.title
        except ImportError:
            log.warning("game %s is registered but its engine does not load", plugin.name)
    return loaded


def title(name: str, games: GameRegistry = BUILTIN) -> str:
    if name in games:
        return playable(games).get(name) or games.plugin(name).title
    return name


def all_choices(games: GameRegistry = BUILTIN) -> list[app_commands.Choice[str]]:
    """Every game players can ask about (registered, playable or not)."""
    return [app_commands.Choice(name=title(n, games), value=n) for n in games.names()]


def playable_choices(games: GameRegistry = BUILTIN) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t, value=n) for n, t in playable(games).items()]


def level_choices() -> list[app_commands.Choice[str]]:
    """The computer levels people may pick, weakest first (names translated by the
    command tree's translator)."""
    return [app_commands.Choice(name=LEVEL_TITLES[level], value=level) for level in LEVELS]
