"""Which games the slash commands offer, with their titles."""

from __future__ import annotations

import functools
import logging

from discord import app_commands

from rules import registry

log = logging.getLogger(__name__)

FALLBACK_TITLES = {
    "thunee": "Thunee",
    "nigerian_thunee": "Nigerian Thunee",
    "304": "304",
    "tonk": "Tonk",
    "telefunken": "Telefunken",
}


@functools.cache
def playable() -> dict[str, str]:
    """name -> title of every registered game whose engine loads."""
    games: dict[str, str] = {}
    for name in registry.names():
        try:
            games[name] = registry.get(name).title
        except ImportError:
            log.warning("game %s is registered but its engine does not load", name)
    return games


def title(name: str) -> str:
    return playable().get(name) or FALLBACK_TITLES.get(name, name)


def all_choices() -> list[app_commands.Choice[str]]:
    """Every game players can ask about (registered or not yet playable)."""
    names = dict.fromkeys([*registry.names(), *FALLBACK_TITLES])
    return [app_commands.Choice(name=title(n), value=n) for n in names]


def playable_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t, value=n) for n, t in playable().items()]
