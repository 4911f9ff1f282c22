"""``/config``: a server's settings, for members with Manage Server only.

Default rule options per game (validated by the engine's ``Options`` model and its
``check_options``, so a bad value is refused with the engine's readable reason), the turn
timer and slow games, threads, pings, card pictures, which channels allow tables, the
computers' level, and whether matches with computers count in the league. Stored per guild
through ``storage.guilds`` (and ``storage.leagues`` for the league setting); ``play_cog``,
the controller and ``turn_pings`` apply them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from cogs import games, settings_view
from cogs.bot import CardTableBot
from cogs.controller import is_admin, user_locale
from cogs.language_cog import AUTOMATIC, LANGUAGE_CHOICES, language_name
from cogs.option_autocomplete import playable_games, typed_options
from cogs.option_picker import Draft
from cogs.play_cog import parse_options
from i18n import N_, translator
from i18n.refusals import refusal_text
from rules.contract import IllegalAction
from rules.plugin import level_title
from rules.registry import BUILTIN, GameRegistry
from storage import GuildSettings
from tables.errors import TableError

Translate = Callable[[str], str]

MIN_TURN_SECONDS = 10
MAX_TURN_SECONDS = 7 * 24 * 3600
CHANNEL_CHOICES = ("only_here", "not_here", "everywhere")


def validate_defaults(
    game: str, options: dict[str, Any], known: GameRegistry = BUILTIN
) -> dict[str, Any]:
    """The options as the engine reads them, or ``IllegalAction`` with its reason."""
    spec = known.get(game)
    parsed = spec.parse_options(options)
    # Every player count must accept them (check_options may refuse a combination).
    for count in spec.player_counts:
        spec.new_match(count, parsed, seed=0)
    return dict(options)


def settings_text(settings: GuildSettings, computers_count: bool, t: Translate) -> str:
    on, off = t("on"), t("off")
    lines = [
        t("Turn timer: {timer}").format(
            timer=t("{n} seconds").format(n=settings.turn_seconds)
            if settings.turn_seconds
            else t("the bot's default")
        ),
        t("Slow games: {value}").format(value=on if settings.slow_games else off),
        t("Threads: {value}").format(value=on if settings.threads else off),
        t("Turn pings: {value}").format(value=on if settings.pings else off),
        t("Card pictures: {value}").format(value=on if settings.pictures else off),
        t("Tables allowed in: {channels}").format(
            channels=", ".join(f"<#{c}>" for c in settings.table_channels)
            if settings.table_channels
            else t("every channel")
        ),
        t("Matches with computers count: {value}").format(value=on if computers_count else off),
        t("Computer level: {level}").format(level=t(_level_name(settings.computer_level))),
    ]
    for game, options in sorted(settings.game_options.items()):
        text = ", ".join(f"{k}={v}" for k, v in sorted(options.items()))
        lines.append(t("Default options for {game}: {options}").format(game=game, options=text))
    return "\n".join(lines)


def _level_name(level: str | None) -> str:
    """The catalog id naming ``level`` (the bot's default when unset)."""
    title = level_title(level) if level else None
    return title or N_("the bot's default")


@app_commands.default_permissions(manage_guild=True)
@app_commands.guild_only()
class ConfigCog(commands.GroupCog, group_name="config", group_description=N_("Server settings")):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        super().__init__()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        """Manage Server only (the default permission hides the command; this enforces it)."""
        if interaction.guild_id is not None and is_admin(interaction):
            return True
        t = translator(user_locale(interaction))
        await interaction.response.send_message(
            t("Only members who can manage the server can change its settings."), ephemeral=True
        )
        return False

    async def _show(
        self, interaction: discord.Interaction[Any], settings: GuildSettings, saved: bool = False
    ) -> None:
        t = translator(user_locale(interaction))
        league = await self.bot.storage.leagues.settings(settings.guild_id)
        text = settings_text(settings, league.computers_count, t)
        language = self.bot.languages.guilds.get(settings.guild_id)
        text += "\n" + t("Language: {language}").format(language=language_name(language, t))
        embed = discord.Embed(title=t("Server settings"), description=text, colour=0x455A64)
        await interaction.response.send_message(
            content=t("Saved.") if saved else None, embed=embed, ephemeral=True
        )

    @app_commands.command(name="show", description=N_("This server's settings"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        assert interaction.guild_id is not None
        await self._show(interaction, await self.bot.storage.guilds.get(interaction.guild_id))

    @app_commands.command(name="options", description=N_("Default rule options for a game"))
    @app_commands.describe(
        game=N_("Which game"), options=N_("name=value, ... (empty: the rules' own)")
    )
    async def options(
        self, interaction: discord.Interaction[Any], game: str, options: str | None = None
    ) -> None:
        t = translator(user_locale(interaction))
        assert interaction.guild_id is not None
        named = await games.named_or_refused(interaction, game, self.bot.games, t)
        if named is None:
            return
        game = named
        try:
            defaults = validate_defaults(game, parse_options(options), self.bot.games)
        except TableError as exc:
            await interaction.response.send_message(exc.translated(t), ephemeral=True)
            return
        except IllegalAction as exc:
            await interaction.response.send_message(
                t("Those options can't be played: {reason}").format(reason=refusal_text(exc, t)),
                ephemeral=True,
            )
            return
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        game_options = {k: v for k, v in current.game_options.items() if k != game}
        if defaults:
            game_options[game] = defaults
        await self._save(interaction, dataclasses.replace(current, game_options=game_options))

    @app_commands.command(
        name="defaults", description=N_("Choose a game's default rules by clicking")
    )
    @app_commands.describe(game=N_("Which game (leave it out to choose it in the menu)"))
    async def defaults(
        self, interaction: discord.Interaction[Any], game: str | None = None
    ) -> None:
        if game is not None:
            t = translator(user_locale(interaction))
            game = await games.named_or_refused(interaction, game, self.bot.games, t)
            if game is None:
                return
        drawn = await settings_view.start(interaction, "c", game, None)
        await interaction.response.send_message(ephemeral=True, **drawn)

    options.autocomplete("game")(playable_games)
    options.autocomplete("options")(typed_options)
    defaults.autocomplete("game")(playable_games)

    # -- the settings view's owner (cogs.settings_view) ---------------------------------

    async def settings_defaults(
        self, interaction: discord.Interaction[Any], game: str
    ) -> dict[str, Any]:
        assert interaction.guild_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        return dict(current.game_options.get(game, {}))

    async def settings_done(
        self, interaction: discord.Interaction[Any], draft: Draft
    ) -> str | None:
        """Store the draft as the server's defaults for its game; the view then says so."""
        assert interaction.guild_id is not None
        t = translator(user_locale(interaction))
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        # Options the view has no control for (none today) keep their stored value.
        kept = {
            k: v
            for k, v in current.game_options.get(draft.game, {}).items()
            if k not in {f.name for f in draft.fields}
        }
        chosen = {**kept, **draft.options()}
        game_options = {k: v for k, v in current.game_options.items() if k != draft.game}
        if chosen:
            game_options[draft.game] = chosen
        await self.bot.storage.guilds.save(dataclasses.replace(current, game_options=game_options))
        return t("Saved: the next tables of this game start from these rules.")

    async def settings_slow_refusal(self, interaction: discord.Interaction[Any]) -> str | None:
        """Never asked: a slow game is a table's choice, not a default rule (the view
        draws no slow toggle for server defaults; ``/config timer`` allows slow games)."""
        return None

    @app_commands.command(name="timer", description=N_("The turn timer and slow games"))
    @app_commands.describe(
        seconds=N_("Seconds per turn (0: the bot's default)"), slow_games=N_("Allow slow games")
    )
    async def timer(
        self,
        interaction: discord.Interaction[Any],
        seconds: int,
        slow_games: bool | None = None,
    ) -> None:
        t = translator(user_locale(interaction))
        assert interaction.guild_id is not None
        if seconds and not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
            await interaction.response.send_message(
                t("The turn timer must be between {low} and {high} seconds.").format(
                    low=MIN_TURN_SECONDS, high=MAX_TURN_SECONDS
                ),
                ephemeral=True,
            )
            return
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        changes: dict[str, Any] = {"turn_seconds": seconds or None}
        if slow_games is not None:
            changes["slow_games"] = slow_games
        await self._save(interaction, dataclasses.replace(current, **changes))

    @app_commands.command(name="threads", description=N_("Open each table in its own thread"))
    @app_commands.describe(on=N_("On: each table opens in its own thread"))
    async def threads(self, interaction: discord.Interaction[Any], on: bool) -> None:
        assert interaction.guild_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._save(interaction, dataclasses.replace(current, threads=on))

    @app_commands.command(name="pings", description=N_("Mention players whose turn is waiting"))
    @app_commands.describe(on=N_("On: players whose turn is waiting are mentioned"))
    async def pings(self, interaction: discord.Interaction[Any], on: bool) -> None:
        assert interaction.guild_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._save(interaction, dataclasses.replace(current, pings=on))

    @app_commands.command(name="pictures", description=N_("Show the cards as pictures"))
    @app_commands.describe(on=N_("On: the cards are shown as pictures"))
    async def pictures(self, interaction: discord.Interaction[Any], on: bool) -> None:
        assert interaction.guild_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._save(interaction, dataclasses.replace(current, pictures=on))
        # Table messages render synchronously from a cached copy of the setting.
        self.bot.table_messages.pictures.remember(interaction.guild_id, on)

    @app_commands.command(name="channel", description=N_("Which channels allow tables"))
    @app_commands.describe(tables=N_("Where tables may be opened"))
    @app_commands.choices(
        tables=[
            app_commands.Choice(name=locale_str(name), value=value)
            for value, name in (
                ("only_here", N_("Allow tables in this channel")),
                ("not_here", N_("No tables in this channel")),
                ("everywhere", N_("Allow tables in every channel")),
            )
        ]
    )
    async def channel(self, interaction: discord.Interaction[Any], tables: str) -> None:
        assert interaction.guild_id is not None and interaction.channel_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        here = interaction.channel_id
        allowed = [c for c in current.table_channels if c != here]
        if tables == "only_here":
            allowed.append(here)
        elif tables == "everywhere":
            allowed = []
        await self._save(interaction, dataclasses.replace(current, table_channels=tuple(allowed)))

    @app_commands.command(name="computers", description=N_("Whether matches with computers count"))
    @app_commands.describe(count=N_("On: matches with computers count in the league"))
    async def computers(self, interaction: discord.Interaction[Any], count: bool) -> None:
        assert interaction.guild_id is not None
        league = await self.bot.storage.leagues.settings(interaction.guild_id)
        await self.bot.storage.leagues.save_settings(
            dataclasses.replace(league, computers_count=count)
        )
        settings = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._show(interaction, settings, saved=True)

    @app_commands.command(
        name="computer_level", description=N_("How well computers play unless a table says")
    )
    @app_commands.describe(level=N_("The level computers play at"))
    @app_commands.choices(level=games.level_choices())
    async def computer_level(self, interaction: discord.Interaction[Any], level: str) -> None:
        assert interaction.guild_id is not None
        current = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._save(interaction, dataclasses.replace(current, computer_level=level))

    @app_commands.command(
        name="language", description=N_("The server's language (players may choose their own)")
    )
    @app_commands.describe(language=N_("The language, or automatic to follow Discord"))
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        assert interaction.guild_id is not None
        chosen = None if language == AUTOMATIC else language
        await self.bot.languages.set_guild(interaction.guild_id, chosen)
        settings = await self.bot.storage.guilds.get(interaction.guild_id)
        await self._show(interaction, settings, saved=True)

    async def _save(self, interaction: discord.Interaction[Any], settings: GuildSettings) -> None:
        await self.bot.storage.guilds.save(settings)
        await self._show(interaction, settings, saved=True)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    settings_view.install(bot)
    await bot.add_cog(ConfigCog(bot))
