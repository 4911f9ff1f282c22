"""``/pickup join|leave|status``: queue for a game; a full queue opens a table and pings."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.bot import CardTableBot
from cogs.controller import display_name, user_locale
from cogs.option_autocomplete import game_choices, playable_games
from cogs.pickup import AlreadyQueued, Entry, PickupQueues
from cogs.responder import reply, within_deadline
from i18n import N_, translator
from tables.errors import ChannelBusy, TableError
from tables.manager import TableManager, default_player_count
from tables.table import TableState

log = logging.getLogger(__name__)


class PickupCog(commands.Cog):
    pickup = app_commands.Group(name="pickup", description=N_("Queue for a pickup game"))

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        self.queues = PickupQueues()
        self._fill_timers: dict[tuple[int, str], asyncio.TimerHandle] = {}

    @property
    def manager(self) -> TableManager:
        assert self.bot.manager is not None
        return self.bot.manager

    async def cog_unload(self) -> None:
        for timer in self._fill_timers.values():
            timer.cancel()

    @pickup.command(name="join", description=N_("Join the pickup queue for a game"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.autocomplete(game=playable_games)
    async def join(self, interaction: discord.Interaction[Any], game: str) -> None:
        t = translator(user_locale(interaction))
        named = await games.named_or_refused(interaction, game, self.bot.games, t)
        if named is None:
            return
        game = named
        guild_id = interaction.guild_id or 0
        needed = default_player_count(self.bot.games.get(game))
        entry = Entry(interaction.user.id, display_name(interaction), interaction.channel_id or 0)
        try:
            group = self.queues.join(guild_id, game, entry, needed)
        except AlreadyQueued:
            await reply(interaction, content=t("You are already in that queue."))
            return
        if group is None:
            count = len(self.queues.queued(guild_id).get(game, []))
            self._arm_fill(guild_id, game)
            await reply(
                interaction,
                content=t("You are in the {game} queue ({count}/{needed}).").format(
                    game=games.title(game, self.bot.games), count=count, needed=needed
                ),
            )
            return
        self._disarm_fill(guild_id, game)
        try:
            state = await within_deadline(interaction, self.open_table(guild_id, game, group))
        except TableError as exc:
            await reply(interaction, content=exc.translated(t))
            return
        await reply(
            interaction,
            content=t("The queue is full: your table is open in <#{channel}>.").format(
                channel=state.channel_id
            ),
        )

    @pickup.command(name="leave", description=N_("Leave the pickup queue for a game"))
    @app_commands.describe(game=N_("Which game"))
    async def leave(self, interaction: discord.Interaction[Any], game: str) -> None:
        t = translator(user_locale(interaction))
        named = await games.named_or_refused(interaction, game, self.bot.games, t)
        if named is None:
            return
        game = named
        left = self.queues.leave(interaction.guild_id or 0, game, interaction.user.id)
        text = t("You left the queue.") if left else t("You were not in that queue.")
        await reply(interaction, content=text)

    async def _queued_games(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The queues this player is in (every playable game when none)."""
        offered = game_choices(self.bot.games, current)
        mine = {
            game
            for game, entries in self.queues.queued(interaction.guild_id or 0).items()
            if any(e.user_id == interaction.user.id for e in entries)
        }
        return [c for c in offered if c.value in mine] or offered

    leave.autocomplete("game")(_queued_games)

    @pickup.command(name="status", description=N_("Who is queued for pickup games"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        t = translator(user_locale(interaction))
        queued = self.queues.queued(interaction.guild_id or 0)
        if not queued:
            await reply(interaction, content=t("Nobody is queued."))
            return
        lines = []
        for game, entries in queued.items():
            needed = default_player_count(self.bot.games.get(game))
            names = ", ".join(e.name for e in entries)
            title = games.title(game, self.bot.games)
            lines.append(f"**{title}** ({len(entries)}/{needed}): {names}")
        await reply(interaction, content="\n".join(lines))

    # -- opening the table ---------------------------------------------------------------

    async def open_table(
        self, guild_id: int, game: str, group: list[Entry], fill_with: str | None = None
    ) -> TableState:
        """A table for the group in the pickup channel (or the last joiner's), or in a new
        thread there when the channel already has a table; everyone is pinged."""
        channel_id = self.bot.settings.pickup_channel_id or group[-1].channel_id
        host = group[0]
        t = translator(self.bot.table_messages.locale_for(guild_id))

        async def create(channel_id: int) -> TableState:
            return await self.manager.create(
                channel_id=channel_id,
                game=game,
                host_id=host.user_id,
                host_name=host.name,
                guild_id=guild_id,
            )

        try:
            state = await create(channel_id)
        except ChannelBusy:
            channel = self.bot.get_channel(channel_id)
            if not isinstance(channel, discord.TextChannel):
                raise
            thread = await channel.create_thread(
                name=t("Pickup {game}").format(game=games.title(game, self.bot.games)),
                type=discord.ChannelType.public_thread,
            )
            channel_id = thread.id
            state = await create(channel_id)
        for entry in group[1:]:
            await self.manager.join(state.id, entry.user_id, entry.name)
        state = await self.manager.start(state.id, host.user_id, fill_with=fill_with)
        mentions = " ".join(f"<@{e.user_id}>" for e in group)
        await self.bot.table_messages.post(
            state.id,
            content=mentions + " " + t("your {game} table is ready.").format(game=state.title),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        return state

    def _arm_fill(self, guild_id: int, game: str) -> None:
        seconds = self.bot.settings.pickup_fill_seconds
        key = (guild_id, game)
        if seconds <= 0 or key in self._fill_timers:
            return
        loop = asyncio.get_running_loop()
        self._fill_timers[key] = loop.call_later(
            seconds, lambda: loop.create_task(self._fill(guild_id, game))
        )

    def _disarm_fill(self, guild_id: int, game: str) -> None:
        timer = self._fill_timers.pop((guild_id, game), None)
        if timer is not None:
            timer.cancel()

    async def _fill(self, guild_id: int, game: str) -> None:
        """The wait is over: whoever is queued plays now, computers in the other seats."""
        self._fill_timers.pop((guild_id, game), None)
        group = self.queues.take(guild_id, game)
        if not group:
            return
        # the server's /config level, else the bot's
        level = (await self.manager.storage.guilds.get(guild_id)).computer_level
        with contextlib.suppress(TableError, discord.HTTPException):
            await self.open_table(
                guild_id, game, group, fill_with=level or self.manager.settings.default_level
            )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    await bot.add_cog(PickupCog(bot))
