"""Duplicate events, par and hand reviews in Discord (issue 33).

``/duplicate start|play|table|close`` drive ``tables.duplicate.DuplicateService``: the
cog translates interactions and words answers (``tables.duplicate_text``), nothing more.
Events whose window has passed are closed by a slow background check, which posts their
table in the event's channel. Par reports (``tables.par.ParService``, when the bot's
``par_worker`` is not ``off``) are posted in the table's channel for the player they
concern. ``/review`` opens an ephemeral, trick-by-trick review of the table's last
finished hand, stepped by restart-safe buttons (the hand and trick in the custom_id).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.backlog import TooLate, defer_or_give_up
from cogs.bot import CardTableBot
from cogs.components import send_only
from cogs.controller import display_name, is_admin, server_locale, user_locale
from cogs.option_autocomplete import game_choices
from cogs.responder import reply
from i18n import N_, translator
from players.review import HandNotOver, HandReview, review_hand
from tables.duplicate import DuplicateService
from tables.duplicate_text import (
    deal_opened,
    event_open_lines,
    event_opened,
    event_table_lines,
    review_lines,
    trick_lines,
)
from tables.errors import NotHost, TableError
from tables.linked import table_snapshot
from tables.par import ParReport, ParService, par_text

log = logging.getLogger(__name__)

CLOSE_CHECK_SECONDS = 60.0
"""How often events whose window has passed are looked for."""
REVIEW_TEMPLATE = r"ct:rv:(?P<table>\d+):(?P<hand>\d+):(?P<trick>\d+)(?::(?P<n>[a-z]))?"
"""``ct:rv:<table>:<hand>:<trick>[:n|p]``: one trick of a hand's review."""
REVIEWS_KEPT = 32
"""Reviews kept in memory (a review costs up to seconds of solving; stepping reuses it)."""
MESSAGE_LIMIT = 1900


class NoTableHere(TableError):
    template = N_("There is no table in this channel.")


class NothingToReview(TableError):
    template = N_("No hand of this table is over yet.")


class NoReviewForGame(TableError):
    template = N_("There is no hand review for this game.")


def _clip(lines: list[str]) -> str:
    text = "\n".join(lines)
    return text if len(text) <= MESSAGE_LIMIT else text[: MESSAGE_LIMIT - 1] + "…"


class DuplicateCog(commands.Cog):
    duplicate = app_commands.Group(
        name="duplicate", description=N_("Duplicate events: the same deals for everyone")
    )

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        assert bot.manager is not None
        self.manager = bot.manager
        self.service = DuplicateService(bot.manager, bot.storage)
        self.par: ParService | None = None
        worker = bot.settings.par_worker
        if worker != "off":
            executor = (
                concurrent.futures.ThreadPoolExecutor(max_workers=1) if worker == "thread" else None
            )
            self.par = ParService(bot.manager, executor=executor, replays=bot.settings.par_replays)
            self.par.subscribe(self._on_par)
            bot.backlog.on_busy = self.par.busy
        self._reviews: collections.OrderedDict[tuple[int, int], HandReview] = (
            collections.OrderedDict()
        )
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closer: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._closer = asyncio.get_running_loop().create_task(self._close_loop())

    async def cog_unload(self) -> None:
        if self._closer is not None:
            self._closer.cancel()
        if self.par is not None:
            if self.bot.backlog.on_busy == self.par.busy:
                self.bot.backlog.on_busy = None
            await self.par.close()

    # -- events ------------------------------------------------------------------------

    @duplicate.command(name="start", description=N_("Open a duplicate event in this channel"))
    @app_commands.describe(
        game=N_("Which game"),
        deals=N_("How many deals everyone plays"),
        hours=N_("How long the event stays open, in hours"),
    )
    async def start(
        self, interaction: discord.Interaction[Any], game: str, deals: int, hours: float
    ) -> None:
        t = translator(server_locale(interaction))
        try:
            game = games.named(game, self.manager.games)
            event = await self.service.open_event(
                channel_id=interaction.channel_id or 0,
                organiser_id=interaction.user.id,
                game=game,
                deals=deals,
                hours=hours,
                guild_id=interaction.guild_id,
            )
        except TableError as exc:
            mine = translator(user_locale(interaction))
            await reply(interaction, content=exc.translated(mine), ephemeral=True)
            return
        title = games.title(event.game, self.manager.games)
        await reply(interaction, content=event_opened(event, title, hours, t), ephemeral=False)

    @start.autocomplete("game")
    async def _games(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        return game_choices(self.manager.games, current)

    @duplicate.command(name="play", description=N_("Play your next deal of a duplicate event"))
    @app_commands.describe(event=N_("The event's number"))
    async def play(self, interaction: discord.Interaction[Any], event: int) -> None:
        t = translator(user_locale(interaction))
        try:
            await defer_or_give_up(interaction, update=False, ephemeral=False)
        except TooLate:
            return
        deferred = discord.InteractionResponseType.deferred_channel_message
        try:
            info, _ = await self.service.check_can_play(event, interaction.user.id)
            channel_id = await self._private_channel(interaction)
            deal, state = await self.service.play_next(
                event, interaction.user.id, display_name(interaction), channel_id=channel_id
            )
        except TableError as exc:
            if interaction.response.type is deferred:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
            await interaction.followup.send(exc.translated(t), ephemeral=True)
            return
        opened = deal_opened(event, deal, info.deals, t)
        if state.channel_id != interaction.channel_id:
            # A thread of the entrant's own: the others must not watch the deal first.
            await self.bot.table_messages.post(state.id)
            if interaction.response.type is deferred:
                with contextlib.suppress(discord.HTTPException):
                    await interaction.delete_original_response()
            where = t("Your table is open in <#{channel}>.").format(channel=state.channel_id)
            await interaction.followup.send(f"{opened} {where}", ephemeral=True)
            return
        await self.bot.controller.post_table(interaction, state)
        await interaction.followup.send(opened, ephemeral=True)

    async def _private_channel(self, interaction: discord.Interaction[Any]) -> int:
        """A private thread for the entrant's deal (anyone watching a deal in the channel
        would see it before playing it); the channel itself where no thread can be made."""
        channel = interaction.channel
        assert channel is not None
        if isinstance(channel, discord.TextChannel):
            t = translator(server_locale(interaction))
            try:
                thread = await channel.create_thread(
                    name=t("Duplicate deal"), type=discord.ChannelType.private_thread,
                    invitable=False,
                )  # fmt: skip
                await thread.add_user(interaction.user)
                return thread.id
            except discord.HTTPException:
                log.warning("no private thread in channel %s: the deal opens there", channel.id)
        return channel.id

    @duplicate.command(name="table", description=N_("A duplicate event's table"))
    @app_commands.describe(event=N_("The event's number"))
    async def table(self, interaction: discord.Interaction[Any], event: int) -> None:
        t = translator(user_locale(interaction))
        try:
            info = await self.service.event(event)
        except TableError as exc:
            await reply(interaction, content=exc.translated(t), ephemeral=True)
            return
        if info.revealed:
            result = await self.service.close(event)
            lines = event_table_lines(result.event, result.lines, result.verified, t)
        else:
            entrants = {e.user_id for e in await self.bot.storage.duplicate.entries(event)}
            lines = event_open_lines(info, len(entrants), t)
        await reply(interaction, content=_clip(lines), ephemeral=True)

    @duplicate.command(name="close", description=N_("Close a duplicate event now"))
    @app_commands.describe(event=N_("The event's number"))
    async def close(self, interaction: discord.Interaction[Any], event: int) -> None:
        t = translator(user_locale(interaction))
        try:
            info = await self.service.event(event)
            if info.organiser_id != interaction.user.id and not is_admin(interaction):
                raise NotHost()
        except TableError as exc:
            await reply(interaction, content=exc.translated(t), ephemeral=True)
            return
        result = await self.service.close(event)
        everyone = translator(server_locale(interaction))
        lines = event_table_lines(result.event, result.lines, result.verified, everyone)
        await reply(interaction, content=_clip(lines), ephemeral=False)

    async def _close_loop(self) -> None:
        while True:
            await asyncio.sleep(CLOSE_CHECK_SECONDS)
            try:
                for result in await self.service.close_due():
                    t = translator(self.bot.table_messages.locale_for(result.event.guild_id))
                    lines = event_table_lines(result.event, result.lines, result.verified, t)
                    await self._send(result.event.channel_id, _clip(lines))
            except Exception:
                log.exception("closing due duplicate events failed")

    # -- par -----------------------------------------------------------------------------

    def _on_par(self, report: ParReport) -> None:
        task = asyncio.get_running_loop().create_task(self._post_par(report))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _post_par(self, report: ParReport) -> None:
        # The table may have closed since (a duplicate deal's does at once): the report
        # says where it was.
        locale = self.bot.languages.for_player(report.user_id, report.guild_id, None)
        text = f"<@{report.user_id}> " + par_text(report.result, translator(locale))
        await self._send(report.channel_id, text)

    async def _send(self, channel_id: int, content: str) -> None:
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(content, allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException:
            log.warning("could not post in channel %s", channel_id)

    # -- review --------------------------------------------------------------------------

    @app_commands.command(
        name="review", description=N_("Review the last finished hand of this channel's table")
    )
    async def review(self, interaction: discord.Interaction[Any]) -> None:
        t = translator(user_locale(interaction))
        table_id = self.manager.table_in_channel(interaction.channel_id or 0)
        try:
            if table_id is None:
                raise NoTableHere()
            match = self.manager.match_of(table_id)
            if match is None or not match.hand_results:
                raise NothingToReview()
            hand = len(match.hand_results) - 1
        except TableError as exc:
            await reply(interaction, content=exc.translated(t), ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, view = await self.review_message(table_id, hand, 0, t)
        await interaction.followup.send(content, view=view, ephemeral=True)

    async def review_of(self, table_id: int, hand: int) -> HandReview:
        key = (table_id, hand)
        found = self._reviews.get(key)
        if found is not None:
            self._reviews.move_to_end(key)
            return found
        snapshot = await table_snapshot(self.bot.storage, table_id)
        if snapshot is None:
            raise NoTableHere()
        plugin = self.manager.games.plugin(snapshot["game"])
        if plugin.family != "trick" or not plugin.tally:
            raise NoReviewForGame()
        try:
            # Up to seconds of solving: off the event loop.
            review = await asyncio.to_thread(
                review_hand, snapshot, hand, registry=self.manager.games
            )
        except HandNotOver as exc:
            raise NothingToReview() from exc
        self._reviews[key] = review
        while len(self._reviews) > REVIEWS_KEPT:
            self._reviews.popitem(last=False)
        return review

    async def review_message(
        self, table_id: int, hand: int, trick: int, t: Any
    ) -> tuple[str, discord.ui.View]:
        try:
            review = await self.review_of(table_id, hand)
        except TableError as exc:
            return exc.translated(t), discord.ui.View()
        state = self.manager.state(table_id)

        def name(seat: int) -> str:
            record = state.seats[seat] if 0 <= seat < len(state.seats) else None
            return (record.name if record is not None else None) or t("Seat {n}").format(n=seat + 1)

        count = len(review.tricks)
        trick = max(0, min(trick, count - 1))
        head = review_lines(review, t, name)
        lines = head[: 1 + len(review.hands)]  # the title and every seat's cards
        if review.tricks:
            lines += trick_lines(review.tricks[trick], t, name)
        lines.append(head[-1])
        view = discord.ui.View(timeout=None)
        for target, label, which, disabled in (
            (trick - 1, t("Previous"), "p", trick <= 0),
            (trick + 1, t("Next"), "n", trick >= count - 1),
        ):
            custom_id = f"ct:rv:{table_id}:{hand}:{max(target, 0)}:{which}"
            view.add_item(ReviewButton.make(custom_id, label, disabled=disabled))
        return _clip(lines), send_only(view)


class ReviewButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=REVIEW_TEMPLATE):
    """Steps a review to another trick (everything needed is in the custom_id)."""

    def __init__(self, table: int, hand: int, trick: int, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.table, self.hand, self.trick = table, hand, trick

    @classmethod
    def make(cls, custom_id: str, label: str, *, disabled: bool) -> ReviewButton:
        match = re.fullmatch(REVIEW_TEMPLATE, custom_id)
        assert match is not None, custom_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        return cls(int(match["table"]), int(match["hand"]), int(match["trick"]), button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReviewButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["table"]), int(match["hand"]), int(match["trick"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = interaction.client
        assert isinstance(bot, CardTableBot)
        cog = bot.get_cog("DuplicateCog")
        assert isinstance(cog, DuplicateCog)
        t = translator(user_locale(interaction))
        await interaction.response.defer()
        content, view = await cog.review_message(self.table, self.hand, self.trick, t)
        await interaction.edit_original_response(content=content, view=view)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    bot.add_dynamic_items(ReviewButton)
    await bot.add_cog(DuplicateCog(bot))
