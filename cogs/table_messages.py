"""One message per table, edited in place; edits coalesced to respect rate limits.

The manager publishes every change; this editor marks the table dirty and edits its
message at most once per ``interval`` seconds (trailing edge: the last state always shows).
An edit whose render equals the last one sent is skipped, so a click already answered by
updating the table message itself costs nothing more. After a restart the message is found
again in the channel's recent history by its buttons' custom_ids.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator
from typing import Any

import discord

from cogs import table_pictures
from cogs.hand_history import history_lines
from cogs.table_pictures import (
    ANSWER_WAIT,
    PictureSettings,
    draw_table,
    expect_hand,
    scene_key,
    table_scene_of,
)
from cogs.table_view import Rendered, plain_name, render_table
from i18n import N_, translator
from i18n.choice import LanguageChoices
from storage import TableStatus
from tables.errors import REASON_SHOWN, NoSuchTable, TableError, quote
from tables.manager import TableManager
from tables.updates import TableUpdate

log = logging.getLogger(__name__)


def custom_ids_in(components: Iterable[Any]) -> Iterator[str]:
    """Every custom_id in a message's components, however deep (an action row in a card:
    Components v2; a row at the top: a message sent before)."""
    for component in components:
        custom_id = getattr(component, "custom_id", None)
        if custom_id:
            yield str(custom_id)
        yield from custom_ids_in(getattr(component, "children", None) or [])
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield from custom_ids_in([accessory])


QUIET = 0.25
"""An edit waits until the table has been quiet this long (seconds)..."""
MAX_DELAY = 2.0
"""...but no longer than this after the first unshown change."""
HISTORY_LOOKUP = 50
FINAL_KEPT = 1000
"""Finished tables whose league outcome is kept for re-rendering their summary."""
RELEASE_AFTER = 30.0
"""Seconds a closed table stays in memory once its final state is shown (a late answer
or button on its last message still reads it), then the manager releases it."""
QUARANTINE_NOTICE = N_(
    "Table {id} could not be restored ({reason}) and was set aside; this channel is free for "
    "a new table. A server admin can export it for a bug report with /table quarantined."
)


class TableMessages:
    def __init__(
        self,
        client: discord.Client,
        manager: TableManager,
        *,
        interval: float = 1.0,
        lull: Callable[[], Awaitable[None]] = lambda: asyncio.sleep(0),
    ) -> None:
        self.client = client
        self.manager = manager
        self.interval = interval
        self.lull = lull
        """Awaited before each stretch of an edit's work: the bot's answers go first
        (``cogs.backlog.Backlog.lull``; without one, a yield to the loop)."""
        self._recovered: set[int] = set()
        """Tables that were open when this process started: their message is looked up in
        the channel's history and reposted if gone. A table opened by this process gets its
        message from whoever opened it (the command's answer), never a second one."""
        self.messages: dict[int, tuple[int, int]] = {}  # table -> (channel_id, message_id)
        self.last_key: dict[int, str] = {}
        self._dirty: set[int] = set()
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._next_edit: dict[int, float] = {}  # loop time before which no edit is sent
        self._last_change: dict[int, float] = {}
        self._first_change: dict[int, float] = {}
        self.edits = 0
        self.final: dict[int, dict[str, Any]] = {}
        """Per finished table: its ``finished`` update's data (match id, rating changes)."""
        self._unsubscribe: Callable[[], None] | None = None
        self.pictures = PictureSettings(manager.storage.guilds)
        """Which servers see card pictures (``/config pictures``)."""
        self._announcing = asyncio.Lock()
        self._announcer: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Follow the manager; tables open at startup (recovered) may need a new message."""
        self._unsubscribe = self.manager.subscribe(self.on_update)
        self._recovered = set(self.manager.open_tables())
        self._announce_soon()  # tables set aside at recovery (or before a crash), untold

    async def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        await table_pictures.drawer.aclose()
        if self._announcer is not None:
            self._announcer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._announcer
        for task in list(self._tasks.values()):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # -- bookkeeping the controller uses ------------------------------------------------

    def register(self, table_id: int, channel_id: int, message_id: int, key: str = "") -> None:
        """The table's message is this one, and (if given) it already shows ``key``."""
        self.messages[table_id] = (channel_id, message_id)
        if key:
            self.last_key[table_id] = key
        self.mark_dirty(table_id)  # in case the table changed while the message was sent

    async def post(self, table_id: int, content: str | None = None, **send: Any) -> int:
        """Post the table's message in its channel (a thread table, a pickup table)."""
        state = self.manager.state(table_id)
        await self.pictures.load(state.guild_id)
        rendered = await self.render(table_id, wait=None)
        channel = self.client.get_partial_messageable(state.channel_id)
        message = await channel.send(**rendered.send_kwargs(content), **send)
        # With other content (pings) the key still matches: the next change replaces it.
        self.register(table_id, state.channel_id, message.id, rendered.key)
        return message.id

    def _expect_hands(self, table_id: int) -> None:
        """A table's match has just started (every start, whoever asked for it): its
        players open their hands next, so their hand pictures are drawn now (after every
        picture an answer waits for) rather than while each first "My hand" waits. Only
        the seats' own views, each for its own seat's later answer."""
        state = self.manager.state(table_id)
        if state.status is not TableStatus.RUNNING or not self.pictures.on(state.guild_id):
            return
        for seat in state.seats:
            if seat.user_id is None or seat.computer is not None or seat.away:
                continue
            try:
                view = self.manager.seat_view(table_id, seat.user_id)
            except TableError:
                continue  # restoring, or the seat just changed: its click draws it
            expect_hand(view)

    def shown(self, table_id: int, key: str) -> None:
        self.last_key[table_id] = key

    def is_table_message(self, table_id: int, message_id: int | None) -> bool:
        known = self.messages.get(table_id)
        return known is not None and known[1] == message_id

    def locale_for(self, guild_id: int | None) -> str | None:
        """The server's language: its ``/language server`` choice, else its Discord locale."""
        guild = self.client.get_guild(guild_id) if guild_id else None
        discord_locale = str(guild.preferred_locale) if guild is not None else None
        choices: LanguageChoices | None = getattr(self.client, "languages", None)
        if choices is None:
            return discord_locale
        return choices.for_server(guild_id, discord_locale)

    async def render(
        self,
        table_id: int,
        locale: str | None = None,
        *,
        unless: str | None = None,
        wait: float | None = ANSWER_WAIT,
        acknowledged: bool = False,
    ) -> Rendered:
        """The table message now, in the server's language (or ``locale``'s). Its picture
        is drawn off the event loop, and not at all when the message's key is ``unless``
        (the caller then skips it: the message already shows exactly this). A picture not
        drawn within ``wait`` seconds is left out (an answer to a click cannot wait long;
        the editor, which nobody waits for, passes None; ``acknowledged``: the answer's
        interaction is, so its picture may come after the urgent ones)."""
        state = self.manager.state(table_id)
        match = self.manager.match_of(table_id)
        last_hand = match.hand_results[-1] if match is not None and match.hand_results else None
        t = translator(locale or self.locale_for(state.guild_id))
        history: tuple[str, ...] = ()
        if match is not None and state.game in self.manager.games:
            reasons = self.manager.games.plugin(state.game).reasons
            history = history_lines(state, match.typed_hand_results(), t, reasons)
        scene = None
        if self.pictures.on(state.guild_id):
            names = [plain_name(state, seat, t) for seat in range(len(state.seats))]
            scene = table_scene_of(state, names, t, self.manager.games)
        final = self.final.get(table_id)
        if scene is None:
            return render_table(state, t, last_hand, final, history=history)
        rendered = render_table(
            state, t, last_hand, final, picture_key=scene_key(scene), history=history
        )
        if rendered.key == unless:
            return rendered
        picture = await draw_table(scene, wait, acknowledged=acknowledged)
        if picture is None:
            return render_table(state, t, last_hand, final, history=history)
        return rendered.with_picture(picture)

    # -- coalesced editing ---------------------------------------------------------------

    def on_update(self, update: TableUpdate) -> None:
        if update.kind == "released":
            self._forget(update.table_id)
            return
        if update.kind == "quarantined":
            self._forget(update.table_id)
            self._announce_soon()
            return
        if update.kind == "started":
            self._expect_hands(update.table_id)
        if update.kind == "finished" and update.data:
            # The league's outcome (match id, rating changes) for the end-of-match summary.
            self.final[update.table_id] = dict(update.data)
            while len(self.final) > FINAL_KEPT:
                self.final.pop(next(iter(self.final)))
        self.mark_dirty(update.table_id)

    def mark_dirty(self, table_id: int) -> None:
        loop = asyncio.get_running_loop()
        self._dirty.add(table_id)
        self._last_change[table_id] = loop.time()
        self._first_change.setdefault(table_id, loop.time())
        task = self._tasks.get(table_id)
        if task is None or task.done():
            self._tasks[table_id] = loop.create_task(self._run(table_id))

    async def _run(self, table_id: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            while table_id in self._dirty:
                # Wait for a quiet moment (a click and the computers' answers form one
                # burst, one edit), but not past MAX_DELAY, and never sooner than
                # ``interval`` after the previous edit.
                while True:
                    now = loop.time()
                    quiet_at = self._last_change.get(table_id, now) + QUIET
                    latest = self._first_change.get(table_id, now) + MAX_DELAY
                    allowed = self._next_edit.get(table_id, 0.0)
                    wait = max(min(quiet_at, latest), allowed) - now
                    if wait <= 0:
                        break
                    await asyncio.sleep(wait)
                self._dirty.discard(table_id)
                self._first_change.pop(table_id, None)
                try:
                    await self._edit_once(table_id)
                except NoSuchTable:
                    return
                except discord.HTTPException as exc:
                    log.warning("table %s: message edit failed: %s", table_id, exc)
                self._next_edit[table_id] = loop.time() + self.interval
        finally:
            self._tasks.pop(table_id, None)
            self._forget_if_closed(table_id)

    async def flush(self, table_id: int) -> None:
        """Wait for pending edits of this table (tests and shutdown)."""
        while (task := self._tasks.get(table_id)) is not None and not task.done():
            await asyncio.wait({task})

    async def _edit_once(self, table_id: int) -> None:
        await self.pictures.load(self.manager.state(table_id).guild_id)
        await self.lull()
        last_key = self.last_key.get(table_id)
        rendered = await self.render(table_id, unless=last_key, wait=None)
        if last_key == rendered.key:
            return
        await self.lull()  # the picture was drawn meanwhile: its sending is work too
        state = self.manager.state(table_id)
        known = self.messages.get(table_id)
        if known is None:
            if table_id not in self._recovered:
                return  # its opener posts the message and registers it
            known = await self._find(table_id, state.channel_id)
        channel = self.client.get_partial_messageable(state.channel_id)
        if known is None:
            message = await channel.send(**rendered.send_kwargs())
            self.messages[table_id] = (state.channel_id, message.id)
        else:
            try:
                await channel.get_partial_message(known[1]).edit(**rendered.kwargs())
            except discord.NotFound:
                # The message was deleted: post a fresh one.
                message = await channel.send(**rendered.send_kwargs())
                self.messages[table_id] = (state.channel_id, message.id)
        self.edits += 1
        self.last_key[table_id] = rendered.key

    async def _find(self, table_id: int, channel_id: int) -> tuple[int, int] | None:
        """The table's message in recent history (after a restart), by its custom_ids."""
        prefix = f"ct:t:{table_id}:"
        channel = self.client.get_partial_messageable(channel_id)
        me = self.client.user
        with contextlib.suppress(discord.HTTPException):
            async for message in channel.history(limit=HISTORY_LOOKUP):
                if me is not None and message.author.id != me.id:
                    continue
                if any(cid.startswith(prefix) for cid in custom_ids_in(message.components)):
                    found = (channel_id, message.id)
                    self.messages[table_id] = found
                    return found
        return None

    # -- quarantined tables ----------------------------------------------------------------

    def _announce_soon(self) -> None:
        loop = asyncio.get_running_loop()
        self._announcer = loop.create_task(self.announce_quarantined())

    async def announce_quarantined(self) -> None:
        """Tell each channel whose table was set aside, once: the table is marked told
        after its notice is posted (a notice that fails is tried at the next one)."""
        async with self._announcing:
            for table in await self.manager.quarantined(untold=True):
                t = translator(self.locale_for(table.guild_id))
                text = t(QUARANTINE_NOTICE).format(
                    id=table.id, reason=quote(table.reason, REASON_SHOWN)
                )
                channel = self.client.get_partial_messageable(table.channel_id)
                try:
                    await channel.send(content=text)
                except discord.NotFound:
                    pass  # the channel is gone: nobody to tell
                except discord.HTTPException as exc:
                    log.warning("table %s: quarantine notice failed: %s", table.id, exc)
                    continue
                await self.manager.quarantine_told(table.id)

    def _forget_if_closed(self, table_id: int) -> None:
        """Drop a finished table's bookkeeping once its final state is shown."""
        if table_id in self._dirty:
            return
        with contextlib.suppress(NoSuchTable):
            if self.manager.state(table_id).status in (TableStatus.FINISHED, TableStatus.STOPPED):
                self.last_key.pop(table_id, None)
                self.messages.pop(table_id, None)
                self._next_edit.pop(table_id, None)
                self._last_change.pop(table_id, None)
                # its last message is sent: the manager lets it go (``released``) soon
                loop = asyncio.get_running_loop()
                loop.call_later(RELEASE_AFTER, self.manager.release, table_id)

    def _forget(self, table_id: int) -> None:
        """Everything kept for a table the manager has released."""
        for kept in (self.messages, self.last_key, self._next_edit, self.final):
            kept.pop(table_id, None)
        self._last_change.pop(table_id, None)
        self._first_change.pop(table_id, None)
        self._dirty.discard(table_id)
        self._recovered.discard(table_id)

    def pending(self) -> dict[str, Any]:
        return {"dirty": len(self._dirty), "tasks": len(self._tasks)}
