"""Turn pings: a reminder for a turn left waiting. Editing the table message never notifies
anyone, so a player who has not acted after ``after`` seconds gets a short message that
mentions them (the previous reminder at that table is deleted)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

import discord

from i18n import translator
from storage import TableStatus
from tables.errors import NoSuchTable
from tables.manager import TableManager
from tables.updates import TableUpdate

TURN_CHANGES = frozenset({"started", "action", "back"})


class TurnPings:
    def __init__(
        self,
        client: discord.Client,
        manager: TableManager,
        after: float,
        locale_for: Callable[[int | None], str | None],
    ) -> None:
        self.client = client
        self.manager = manager
        self.after = after
        self.locale_for = locale_for
        self._timers: dict[int, asyncio.TimerHandle] = {}
        self._last_ping: dict[int, int] = {}  # table -> the reminder's message id
        self.sent = 0
        self._unsubscribe: Callable[[], None] | None = None

    def start(self) -> None:
        self._unsubscribe = self.manager.subscribe(self.on_update)

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        for timer in self._timers.values():
            timer.cancel()

    def on_update(self, update: TableUpdate) -> None:
        if update.kind == "released":  # the table left memory: so does what is kept for it
            self._last_ping.pop(update.table_id, None)
            timer = self._timers.pop(update.table_id, None)
            if timer is not None:
                timer.cancel()
            return
        if update.kind not in TURN_CHANGES:
            return
        old = self._timers.pop(update.table_id, None)
        if old is not None:
            old.cancel()
        loop = asyncio.get_running_loop()
        table_id, seq = update.table_id, update.seq
        self._timers[table_id] = loop.call_later(
            self.after, lambda: loop.create_task(self._ping(table_id, seq))
        )

    async def _ping(self, table_id: int, seq: int) -> None:
        self._timers.pop(table_id, None)
        try:
            state = self.manager.state(table_id)
        except NoSuchTable:
            return
        if state.seq != seq or state.status is not TableStatus.RUNNING:
            return  # someone acted meanwhile
        users = [
            s.user_id
            for s in (state.seats[i] for i in sorted(state.to_act))
            if s.user_id is not None and s.computer is None and not s.away
        ]
        if not users:
            return
        if state.guild_id is not None:
            settings = await self.manager.storage.guilds.get(state.guild_id)
            if not settings.pings:
                return  # the server turned pings off (/config pings)
        t = translator(self.locale_for(state.guild_id))
        channel = self.client.get_partial_messageable(state.channel_id)
        previous = self._last_ping.pop(table_id, None)
        with contextlib.suppress(discord.HTTPException):
            if previous is not None:
                await channel.get_partial_message(previous).delete()
            mentions = " ".join(f"<@{u}>" for u in users)
            text = t("your turn at {game} (table {id}).").format(game=state.title, id=state.id)
            message = await channel.send(
                f"{mentions} {text}", allowed_mentions=discord.AllowedMentions(users=True)
            )
            self._last_ping[table_id] = message.id
            self.sent += 1
