"""``/play``, ``/quickplay`` and ``/table ...``: opening and running tables in a channel."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Coroutine
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games, settings_view
from cogs.backlog import TooLate, defer_or_give_up
from cogs.bot import CardTableBot
from cogs.controller import display_name, is_admin, server_locale, user_locale
from cogs.layout import card
from cogs.option_autocomplete import (
    computer_levels,
    playable_games,
    table_sizes,
    typed_options,
)
from cogs.option_picker import Draft
from cogs.responder import picture_terms, reply, within_deadline
from cogs.rules_cog import rules_embed
from i18n import N_, translator
from storage import GuildSettings
from tables.errors import REASON_SHOWN, NotHost, OptionSyntax, TableError, quote
from tables.manager import TableManager
from tables.table import TableState


class TablesNotAllowedHere(TableError):
    template = N_("This server does not allow tables in this channel.")


class SlowGamesOff(TableError):
    template = N_("This server does not allow slow games.")


def parse_options(text: str | None) -> dict[str, Any]:
    """``"target=16, doubles=false"`` -> ``{"target": 16, "doubles": False}`` (the engine's
    ``Options`` model then validates names and values with readable errors)."""
    options: dict[str, Any] = {}
    for part in (text or "").replace(";", ",").split(","):
        if not part.strip():
            continue
        key, sep, raw = part.partition("=")
        if not sep:
            raise OptionSyntax(part=quote(part.strip()))
        value: Any = raw.strip()
        lowered = value.lower()
        if lowered in ("true", "yes", "on"):
            value = True
        elif lowered in ("false", "no", "off"):
            value = False
        else:
            with contextlib.suppress(ValueError):
                value = int(value)
        options[key.strip()] = value
    return options


QUARANTINE_LIST_MAX = 20
"""Quarantined tables listed in one answer (the newest; each can be exported by id)."""


class PlayCog(commands.Cog):
    table = app_commands.Group(name="table", description=N_("The table in this channel"))

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @property
    def manager(self) -> TableManager:
        assert self.bot.manager is not None
        return self.bot.manager

    async def _server_settings(self, interaction: discord.Interaction[Any]) -> GuildSettings:
        """The server's /config settings; refuses a channel where tables are not allowed."""
        guild = interaction.guild_id
        settings = GuildSettings(0) if guild is None else await self.bot.storage.guilds.get(guild)
        if interaction.channel_id is not None and not settings.allows_tables_in(
            interaction.channel_id
        ):
            raise TablesNotAllowedHere()
        return settings

    def _create_args(
        self, settings: GuildSettings, game: str, options: str | None
    ) -> dict[str, Any]:
        """The server's default options for ``game`` under the user's, and its turn timer."""
        merged = {**settings.game_options.get(game, {}), **parse_options(options)}
        return {"options": merged, "turn_seconds": settings.turn_seconds}

    async def _table_channel(
        self, interaction: discord.Interaction[Any], settings: GuildSettings | None = None
    ) -> int:
        """The channel the new table lives in: a new thread when the server wants threads."""
        channel = interaction.channel
        assert channel is not None
        threads = settings is None or settings.threads
        if (
            self.bot.settings.tables_in_threads
            and threads
            and isinstance(channel, discord.TextChannel)
        ):
            t = translator(server_locale(interaction))
            thread = await channel.create_thread(
                name=t("Card table"), type=discord.ChannelType.public_thread
            )
            return thread.id
        return channel.id

    async def _answer(
        self, interaction: discord.Interaction[Any], work: Coroutine[Any, Any, TableState]
    ) -> None:
        """Answer a command that opens a table. It is acknowledged at once (Discord shows
        "thinking"; opening a table writes to storage and may let computers play first),
        and the table message then replaces the acknowledgement. A refusal or a pointer to
        another channel is said privately instead: the public acknowledgement is removed."""
        t = translator(user_locale(interaction))
        try:
            await defer_or_give_up(interaction, update=False, ephemeral=False)
        except TooLate:
            # Expired before it was acknowledged (10062): no table is opened, so no
            # channel is left busy with a table nobody was shown (issue 29).
            work.close()
            return
        try:
            state: TableState = await work
        except TableError as exc:
            await self._say_privately(interaction, exc.translated(t))
            return
        if interaction.channel is not None and state.channel_id != interaction.channel.id:
            await self.bot.table_messages.post(state.id)
            text = t("Your table is open in <#{channel}>.").format(channel=state.channel_id)
            await self._say_privately(interaction, text)
            return
        await self.bot.controller.post_table(interaction, state)

    @staticmethod
    async def _say_privately(interaction: discord.Interaction[Any], text: str) -> None:
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            await interaction.followup.send(text, ephemeral=True)
            return
        await reply(interaction, content=text, ephemeral=True)

    @app_commands.command(name="play", description=N_("Open a table for a game in this channel"))
    @app_commands.describe(
        game=N_("Which game (leave it out to choose the game and its rules by clicking)"),
        players=N_("How many seats (the game's usual number if left out)"),
        options=N_("Rule options as name=value, separated by commas"),
        slow=N_("A slow game: no turn timer (if the server allows slow games)"),
        settings=N_("Choose the players and rules by clicking before the table opens"),
    )
    async def play(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        players: int | None = None,
        options: str | None = None,
        slow: bool = False,
        settings: bool = False,
    ) -> None:
        if game is not None:
            game = await self._named(interaction, game)
            if game is None:
                return
        if game is None or settings:
            await self._server_settings(interaction)  # refused here before any clicking
            typed = parse_options(options)
            drawn = await settings_view.start(interaction, "p", game, players, typed, slow=slow)
            await reply(interaction, **drawn)
            return
        await self._open(interaction, game, players, options, slow=slow)

    async def _named(self, interaction: discord.Interaction[Any], typed: str) -> str | None:
        """The game typed (its name or title), or None once refused: refused at once, in
        one private line, before anything is acknowledged in public."""
        try:
            return games.named(typed, self.bot.games)
        except TableError as exc:
            await reply(interaction, content=exc.translated(translator(user_locale(interaction))))
            return None

    async def _open(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None,
        options: str | None,
        *,
        slow: bool = False,
        chosen: dict[str, Any] | None = None,
    ) -> None:
        """Open a table of ``game``: the server's defaults under the typed ``options``, or
        exactly the ``chosen`` options of a settings view (which started from them)."""

        async def work() -> TableState:
            settings = await self._server_settings(interaction)
            if slow and not settings.slow_games:
                raise SlowGamesOff()
            channel_id = await self._table_channel(interaction, settings)
            args = self._create_args(settings, game, options)
            if chosen is not None:
                args["options"] = chosen
            state: TableState = await self.manager.create(
                channel_id=channel_id,
                game=game,
                host_id=interaction.user.id,
                host_name=display_name(interaction),
                guild_id=interaction.guild_id,
                players=players,
                slow=slow,
                **args,
            )
            return state

        await self._answer(interaction, work())

    # -- the settings view's owner (cogs.settings_view) ---------------------------------

    async def settings_defaults(
        self, interaction: discord.Interaction[Any], game: str
    ) -> dict[str, Any]:
        settings = await self._server_settings(interaction)
        return dict(settings.game_options.get(game, {}))

    async def settings_done(
        self, interaction: discord.Interaction[Any], draft: Draft
    ) -> str | None:
        # A server default the player set back to the rules' own is said explicitly, or
        # the table would take the default again.
        defaults = await self.settings_defaults(interaction, draft.game)
        chosen = {f.name: draft.value(f) for f in draft.fields if f.name in defaults}
        chosen.update(draft.options())
        await self._open(
            interaction, draft.game, draft.players, None, slow=draft.slow, chosen=chosen
        )
        return None

    async def settings_slow_refusal(self, interaction: discord.Interaction[Any]) -> str | None:
        settings = await self._server_settings(interaction)
        if settings.slow_games:
            return None
        return SlowGamesOff().translated(translator(user_locale(interaction)))

    @app_commands.command(name="quickplay", description=N_("Play now against computers"))
    @app_commands.describe(
        game=N_("Which game"),
        options=N_("Rule options as name=value, ..."),
        level=N_("How well the computers play (the server's default if left out)"),
    )
    async def quickplay(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        options: str | None = None,
        level: str | None = None,
    ) -> None:
        named = await self._named(interaction, game)
        if named is None:
            return
        game = named

        async def work() -> TableState:
            settings = await self._server_settings(interaction)
            channel_id = await self._table_channel(interaction, settings)
            state: TableState = await self.manager.quick_play(
                channel_id=channel_id,
                game=game,
                user_id=interaction.user.id,
                name=display_name(interaction),
                guild_id=interaction.guild_id,
                level=level or settings.computer_level,
                **self._create_args(settings, game, options),
            )
            return state

        await self._answer(interaction, work())

    play.autocomplete("game")(playable_games)
    play.autocomplete("players")(table_sizes)
    play.autocomplete("options")(typed_options)
    quickplay.autocomplete("game")(playable_games)
    quickplay.autocomplete("options")(typed_options)
    # Autocomplete, not fixed choices: the labels carry each level's rating for the game
    # typed (issue 35). A typed level that is none is refused by the manager.
    quickplay.autocomplete("level")(computer_levels)

    # -- /table ------------------------------------------------------------------------

    async def _here(self, interaction: discord.Interaction[Any]) -> int | None:
        t = translator(user_locale(interaction))
        channel_id = interaction.channel_id
        table_id = self.manager.table_in_channel(channel_id) if channel_id else None
        if table_id is None:
            text = t("There is no open table in this channel.")
            set_aside = await self.manager.quarantined(channel_id=channel_id) if channel_id else []
            if set_aside:
                # What became of the table that was here (issue 29): said, not guessed at.
                text += " " + t(
                    "Table {id} here could not be restored and was set aside <t:{at}:R> ({reason})."
                ).format(
                    id=set_aside[0].id,
                    at=int(set_aside[0].at),
                    reason=quote(set_aside[0].reason, REASON_SHOWN),
                )
            await reply(interaction, content=text)
        return table_id

    @table.command(name="status", description=N_("Show the table in this channel"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        table_id = await self._here(interaction)
        if table_id is None:
            return
        t = translator(user_locale(interaction))
        rendered = await self.bot.table_messages.render(
            table_id, user_locale(interaction), **picture_terms(interaction)
        )
        known = self.bot.table_messages.messages.get(table_id)
        content = ""
        if known is not None and interaction.guild_id is not None:
            link = f"https://discord.com/channels/{interaction.guild_id}/{known[0]}/{known[1]}"
            content = t("The table message: {link}").format(link=link)
        # A copy of the card without its buttons: they work on the table message only.
        view = card(
            rendered.embed,
            lead=content,
            history=rendered.history,
            history_title=rendered.history_title,
        )
        await reply(interaction, view=view, attachments=rendered.attachments())

    @table.command(name="spectate", description=N_("See the table privately"))
    async def spectate(self, interaction: discord.Interaction[Any]) -> None:
        table_id = await self._here(interaction)
        if table_id is not None:
            t = translator(user_locale(interaction))
            await self.bot.controller.spectate(interaction, table_id, t)

    @table.command(name="rules", description=N_("The rules of the game at this table"))
    async def table_rules(self, interaction: discord.Interaction[Any]) -> None:
        table_id = await self._here(interaction)
        if table_id is not None:
            game = self.manager.state(table_id).game
            await reply(
                interaction, embed=rules_embed(game, user_locale(interaction), self.bot.games)
            )

    @table.command(name="stop", description=N_("Stop the table (host or admin; others vote)"))
    async def stop(self, interaction: discord.Interaction[Any]) -> None:
        table_id = await self._here(interaction)
        if table_id is None:
            return
        t = translator(user_locale(interaction))
        state = self.manager.state(table_id)
        try:
            if state.host_id == interaction.user.id or is_admin(interaction):
                work = self.manager.stop(table_id, interaction.user.id, is_admin=True)
                await within_deadline(interaction, work)
                text = t("The table was stopped.")
            else:
                state = await within_deadline(
                    interaction, self.manager.vote_stop(table_id, interaction.user.id)
                )
                text = (
                    t("The table was stopped.")
                    if not state.status.is_open
                    else t("Your vote to stop is counted.")
                )
        except TableError as exc:
            text = exc.translated(t)
        await reply(interaction, content=text)

    @table.command(name="kick", description=N_("Remove a player (host or admin)"))
    @app_commands.describe(member=N_("Who to remove; a computer takes a running seat"))
    async def kick(self, interaction: discord.Interaction[Any], member: discord.Member) -> None:
        table_id = await self._here(interaction)
        if table_id is None:
            return
        t = translator(user_locale(interaction))
        state = self.manager.state(table_id)
        try:
            if state.host_id != interaction.user.id and not is_admin(interaction):
                raise NotHost()
            work = self.manager.kick(
                table_id, member.id, by=interaction.user.id, is_admin=is_admin(interaction)
            )
            await within_deadline(interaction, work)
            text = t("{name} was removed from the table.").format(name=quote(member.display_name))
        except TableError as exc:
            text = exc.translated(t)
        await reply(interaction, content=text)

    @table.command(
        name="quarantined",
        description=N_("Tables set aside as damaged; export one for a bug report (admins)"),
    )
    @app_commands.describe(table=N_("The id of a quarantined table to export as a file"))
    async def quarantined(
        self, interaction: discord.Interaction[Any], table: int | None = None
    ) -> None:
        t = translator(user_locale(interaction))
        if not is_admin(interaction):
            await reply(interaction, content=t("Only a server admin can do that."))
            return
        if table is not None:
            try:
                exported = await self.manager.export_quarantined(table, interaction.guild_id)
            except TableError as exc:
                await reply(interaction, content=exc.translated(t))
                return
            data = json.dumps(exported, indent=1, sort_keys=True).encode()
            await reply(
                interaction,
                content=t("Table {id} as stored, for a bug report.").format(id=table),
                attachments=[discord.File(io.BytesIO(data), f"table-{table}.json")],
            )
            return
        found = await self.manager.quarantined(guild_id=interaction.guild_id)
        if not found:
            await reply(interaction, content=t("No table of this server is quarantined."))
            return
        lines = [
            t("Table {id} ({game}) in <#{channel}>, <t:{at}:R>: {reason}").format(
                id=q.id,
                game=quote(q.game, 30),
                channel=q.channel_id,
                at=int(q.at),
                reason=quote(q.reason, REASON_SHOWN),
            )
            for q in found[:QUARANTINE_LIST_MAX]
        ]
        await reply(interaction, content="\n".join(lines))


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    settings_view.install(bot)
    await bot.add_cog(PlayCog(bot))
