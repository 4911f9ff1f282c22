"""Which games the slash commands offer, with their titles (from the games' plugins), and
the game a player typed.

Commands take the game as text with autocomplete from the bot's own registry
(``cogs.option_autocomplete``), never a fixed list built at import, so a game a plugin
adds is offered everywhere; what was typed is read back here.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from cogs.responder import reply
from rules.plugin import LEVEL_SUMMARIES, LEVELS
from rules.registry import BUILTIN, GameRegistry
from tables.errors import TableError, UnknownGame, quote

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


def known(games: GameRegistry = BUILTIN) -> dict[str, str]:
    """name -> title of every registered game, playable or not (what ``/rules`` tells)."""
    return {name: title(name, games) for name in games.names()}


def named(typed: str, games: GameRegistry, *, playable_only: bool = True) -> str:
    """The game a player means: the name autocomplete sent, or a name or title typed in
    any case (Discord sends the typed text when no suggestion was picked); otherwise
    ``UnknownGame``, with the text quoted on one line."""
    offered = playable(games) if playable_only else known(games)
    if typed in offered:
        return typed
    wanted = " ".join(typed.split()).casefold()
    for name, shown in offered.items():
        if wanted in (name.casefold(), shown.casefold()):
            return name
    raise UnknownGame(game=quote(typed))


async def named_or_refused(
    interaction: discord.Interaction[Any],
    typed: str,
    games: GameRegistry,
    t: Callable[[str], str],
    *,
    playable_only: bool = True,
) -> str | None:
    """The game a player means (``named``), or None once they are told privately, in one
    line, that no game is called so."""
    try:
        return named(typed, games, playable_only=playable_only)
    except TableError as exc:
        await reply(interaction, content=exc.translated(t))
        return None


def playable_choices(games: GameRegistry = BUILTIN) -> list[app_commands.Choice[str]]:
    """Every playable game as a fixed choice (``cogs.entrants_cog`` still lists them so)."""
    return [app_commands.Choice(name=t, value=n) for n, t in playable(games).items()]


def level_choices() -> list[app_commands.Choice[str]]:
    """The computer levels people may pick, weakest first, each named by its one-line
    description (translated by the command tree's translator): a server's default level
    is for every game, so no one game's rating belongs on it (issue 35)."""
    return [app_commands.Choice(name=LEVEL_SUMMARIES[level], value=level) for level in LEVELS]
