"""Autocomplete for the game, the table size and the typed ``options:`` (issue 31).

Answers come from the bot's registry (a game added by a plugin is offered like a built-in
one) and stay within Discord's limits: at most 25 choices, names and values of 1 to 100
characters. ``playable_games`` and ``known_games`` answer any command's ``game`` option,
``table_sizes`` its ``players``, ``typed_options`` its ``options`` and ``computer_levels`` its
``level`` (for the game filled in).
``options:`` is completed one pair at a time: the last ``name=value`` typed (after the
last comma) is what the choices finish, the pairs before it are kept as typed.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from cogs import games as game_titles
from cogs.controller import user_locale
from i18n import translator
from i18n.labels import Translate
from i18n.options import option_title
from players.level_ratings import LevelRatings, shipped
from rules.option_fields import OptionField, OptionValue, option_fields
from rules.plugin import LEVEL_SUMMARIES, LEVEL_TITLES, LEVELS
from rules.registry import GameRegistry
from tables.errors import TableError
from tables.manager import default_player_count

CHOICES_MAX = 25
TEXT_MAX = 100


def _fits(text: str) -> bool:
    return 0 < len(text) <= TEXT_MAX


def _short(text: str) -> str:
    return text if len(text) <= TEXT_MAX else text[: TEXT_MAX - 1] + "…"


def game_choices(
    games: GameRegistry, typed: str, *, playable_only: bool = True
) -> list[app_commands.Choice[str]]:
    """Playable games (or every registered one) whose name or title holds what was typed,
    those starting with it first."""
    needle = typed.strip().lower()
    offered = game_titles.playable(games) if playable_only else game_titles.known(games)
    found = [
        (not (title.lower().startswith(needle) or name.lower().startswith(needle)), title, name)
        for name, title in offered.items()
        if needle in title.lower() or needle in name.lower()
    ]
    found.sort(key=lambda f: f[0])
    return [
        app_commands.Choice(name=_short(title), value=name)
        for _, title, name in found[:CHOICES_MAX]
        if _fits(name)
    ]


async def playable_games(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """A ``game`` option's autocomplete: the games a table can be opened for."""
    return game_choices(interaction.client.games, current)


async def known_games(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """A ``game`` option's autocomplete: every registered game, playable or not."""
    return game_choices(interaction.client.games, current, playable_only=False)


def _chosen(games: GameRegistry, game: Any) -> str | None:
    """The game already filled in (picked, or its name or title typed), if it is one."""
    if not isinstance(game, str):
        return None
    try:
        return game_titles.named(game, games)
    except TableError:
        return None


def player_choices(
    games: GameRegistry, game: Any, typed: str, t: Translate
) -> list[app_commands.Choice[int]]:
    """The table sizes of the chosen game (none before a known game is chosen)."""
    game = _chosen(games, game)
    if game is None:
        return []
    counts = games.get(game).player_counts
    return [
        app_commands.Choice(name=_short(t("{n} players").format(n=n)), value=n)
        for n in counts[:CHOICES_MAX]
        if str(n).startswith(typed.strip())
    ]


def _typed(value: OptionValue) -> str:
    """A value as ``parse_options`` reads it back."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _values(field: OptionField, partial: str) -> list[OptionValue]:
    if field.choices is not None:
        return [v for v in field.choices if v is not None]
    if field.low is None or field.high is None:
        return [field.default] if field.default is not None else []
    candidates: list[OptionValue] = []
    if partial.lstrip("-").isdigit() and field.low <= int(partial) <= field.high:
        candidates.append(int(partial))
    for value in (field.default, field.low, field.high):
        if value is not None and value not in candidates:
            candidates.append(value)
    return candidates


def option_choices(
    games: GameRegistry, game: Any, typed: str, t: Translate
) -> list[app_commands.Choice[str]]:
    """Choices finishing the last ``name=value`` pair of ``typed``."""
    game = _chosen(games, game)
    if game is None:
        return []
    fields = option_fields(games.get(game).Options)
    head, comma, last = typed.rpartition(",")
    kept = f"{head.strip()}, " if comma and head.strip() else ""
    name, equals, partial = last.strip().partition("=")
    name, partial = name.strip(), partial.strip()
    choices: list[app_commands.Choice[str]] = []
    if not equals:
        needle = name.lower()
        matching = [
            f for f in fields if needle in f.name.lower() or needle in option_title(f, t).lower()
        ]
        matching.sort(key=lambda f: not f.name.lower().startswith(needle))
        for f in matching:
            value = f"{kept}{f.name}="
            label = _short(f"{f.name}= · {option_title(f, t)}")
            if _fits(value):
                choices.append(app_commands.Choice(name=label, value=value))
        return choices[:CHOICES_MAX]
    field = next((f for f in fields if f.name.lower() == name.lower()), None)
    if field is None:
        return []
    for v in _values(field, partial):
        text = _typed(v)
        if not text.lower().startswith(partial.lower()) and _typed(v) != partial:
            continue
        pair = f"{field.name}={text}"
        own = t("the rules' own")
        label = f"{pair} · {own}" if v == field.default else pair
        value = f"{kept}{pair}"
        if _fits(value):
            choices.append(app_commands.Choice(name=_short(label), value=value))
    return choices[:CHOICES_MAX]


async def table_sizes(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[int]]:
    """A ``players`` option's autocomplete: the table sizes of the game filled in."""
    t = translator(user_locale(interaction))
    game = getattr(interaction.namespace, "game", None)
    return player_choices(interaction.client.games, game, str(current or ""), t)


async def typed_options(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """An ``options`` option's autocomplete: the next ``name=value`` of the game filled in."""
    t = translator(user_locale(interaction))
    game = getattr(interaction.namespace, "game", None)
    return option_choices(interaction.client.games, game, current, t)


def level_choices(
    games: GameRegistry, game: Any, typed: str, t: Translate, ratings: LevelRatings
) -> list[app_commands.Choice[str]]:
    """The computer levels, weakest first, labelled as the lobby's Add-computer buttons are:
    with the level's rating at the game's usual table (the size a /quickplay opens) when
    it has one, else with the level's one-line description (issue 35)."""
    chosen = _chosen(games, game)
    rated = ratings.at(chosen, default_player_count(games.get(chosen))) if chosen else {}
    needle = typed.strip().lower()
    choices: list[app_commands.Choice[str]] = []
    for level in LEVELS:
        title = t(LEVEL_TITLES[level])
        if needle not in title.lower() and needle not in level:
            continue
        rating = rated.get(level)
        label = (
            t(LEVEL_SUMMARIES[level])
            if rating is None
            else t("{level} (rated {rating})").format(level=title, rating=rating.rating)
        )
        choices.append(app_commands.Choice(name=_short(label), value=level))
    return choices


async def computer_levels(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """A ``level`` option's autocomplete: the levels, rated for the game filled in."""
    t = translator(user_locale(interaction))
    game = getattr(interaction.namespace, "game", None)
    return level_choices(interaction.client.games, game, current, t, shipped())
