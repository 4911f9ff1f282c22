"""Card pictures in the table message and the hand view (issue 12).

The table picture is drawn from the table's public view, the hand picture from the seat's
view (``pictures.from_views`` reads their common core); the renderer caches by scene, so a state
is drawn once however many times its message is rendered. Drawing happens away from the
event loop (``PictureDrawer``), so the loop keeps answering clicks. The picture rides in the same
REST call as the text: an edit passes ``attachments=[file]`` (which also replaces the old
picture), a new message passes ``files=[file]`` (``send_kwargs``), and the embed shows it
through ``attachment://<name>``.

Whether a server sees pictures is its ``/config pictures`` setting (on by default). The
text renders are synchronous, so the setting is cached per guild here: read once from storage
(``load``), updated when ``/config`` changes it (``remember``).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import itertools
import logging
import queue
import sys
import threading
from collections.abc import Callable
from typing import Any

import discord

from pictures import HandScene, TableScene, render_hand, render_table
from pictures.from_views import hand_scene, table_scene
from pictures.render import SceneCache
from pictures.worker import queue_order, warm_up
from pictures.worker_client import PictureProcess
from rules.registry import BUILTIN, GameRegistry
from storage import TableStatus
from storage.repositories import GuildSettingsRepository
from tables.stages import timed
from tables.table import SeatView, TableState

log = logging.getLogger(__name__)

Translate = Callable[[str], str]

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"


THREAD_NAME = "pictures"
"""The drawing thread's name (``thread`` mode)."""

ANSWER_WAIT = 1.0
"""Seconds an answer to a click waits for its picture; later, it goes without (the text
says everything) and the picture, once drawn, is cached for the next refresh."""
MOST_ANSWERS_WAITING = 8
"""Answers that may wait for a picture at once: when one more asks, the one waiting
longest goes without (its picture is still drawn, after theirs). Past the drawing's
pace, waiting longer only makes every answer late: answers are drawn newest first, so the
oldest waiter is the one least likely to get its picture within ``ANSWER_WAIT``."""


class PictureDrawer:
    """Draws pictures away from the event loop, answers first.

    A draw takes 1-6 ms of CPU; on the loop, at hundreds of tables, every click would
    queue behind them. Modes:

    - ``process`` (the default): a worker process (``pictures.worker``) draws. The bot's
      loop shares no interpreter lock with Pillow's Python code; with a drawing thread it
      waited for the lock after most socket writes and polls (py-spy at 500 tables: about
      half the loop thread's busy samples), which made the clicks' tail latency. It costs
      a process of ~50 MB (fonts, sprites) and, on a fresh machine, a second to start:
      answers meanwhile go without pictures.
    - ``thread``: one worker thread in the bot (Pillow releases the lock only in its C
      code: quantizing, PNG encoding).
    - ``loop``: inline on the event loop (no concurrency; tests, debugging).

    The caches stay in the bot: an unchanged scene costs a dict look-up, no hop. Urgent
    pictures go first: a picture an answer waits for (``wait`` given: a hand view, a table
    opened by a command) goes ahead of the table-message edits, which nobody waits for and
    which come in bursts as computers play at many tables; without that, a click's hand
    picture queued behind every table picture asked for since. A scene asked for again
    while it is queued or being drawn shares that draw (an answer asking for a queued
    background scene moves it up).
    """

    URGENT, ACKNOWLEDGED, EXPECTED, BACKGROUND = 0, 1, 2, 3
    """Draw order: an answer racing Discord's 3-second deadline (the click's
    acknowledgement itself waits); an answer to an interaction already acknowledged (a
    command's table, shown after its "thinking": it has time); a picture nobody has asked
    for yet but someone is about to (``expect``: the hands of a table just shown); nobody
    waiting (edits)."""
    MODES = ("process", "thread", "loop")

    def __init__(
        self, mode: str = "process", worker_command: tuple[str, ...] | None = None
    ) -> None:
        if mode not in self.MODES:
            raise ValueError(f"picture worker {mode!r}: one of {', '.join(self.MODES)}")
        self.mode = mode
        self._queue: queue.PriorityQueue[tuple[int, int, _Job | None]] = queue.PriorityQueue()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._process: PictureProcess | None = None
        if mode == "process":
            self._process = PictureProcess(*(() if worker_command is None else (worker_command,)))
        self._pending: dict[tuple[int, Any], _Pending] = {}
        self._answers: list[asyncio.Future[None]] = []
        """One per answer waiting for a picture, oldest first (set: stop waiting)."""

    @property
    def worker_pid(self) -> int | None:
        """The worker process's id (``process`` mode, once started)."""
        return None if self._process is None else self._process.pid

    def start(self) -> None:
        """Start the worker now (it draws the card sprites once, a few hundred ms) so the
        first click does not wait for it. ``process`` mode needs a running event loop."""
        if self._process is not None:
            with contextlib.suppress(RuntimeError):  # no running loop: at the first draw
                self._process.start_soon()
        elif self._thread is None and self.mode == "thread":
            self._queue = queue.PriorityQueue()
            self._thread = threading.Thread(
                target=self._work, args=(self._queue,), name=THREAD_NAME, daemon=True
            )
            self._thread.start()
            self._queue.put((self.BACKGROUND, next(self._order), _Job.warm_up()))

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put((-1, next(self._order), None))  # ahead of every queued draw
            self._thread = None
        if self._process is not None:
            self._process.close()
        for pending in self._pending.values():
            pending.future.cancel()
        self._pending.clear()

    async def aclose(self) -> None:
        """Close, and wait for the worker process to end."""
        if self._process is not None:
            await self._process.aclose()
        self.close()

    async def draw(
        self,
        cache: SceneCache[Any],
        scene: Any | None,
        wait: float | None = None,
        *,
        acknowledged: bool = False,
    ) -> bytes | None:
        """The picture of ``scene``: None when there is no scene, it cannot be drawn, or
        it takes more than ``wait`` seconds (it is still drawn and cached then). With a
        ``wait`` someone's answer waits for it: it is urgent, or, when that interaction
        is ``acknowledged`` already, drawn after the urgent ones (issue 37: at 1,000
        tables the tables opened by ``/quickplay`` in the first seconds made the clicks'
        hand pictures wait behind them); without, it is drawn after both."""
        if scene is None:
            return None
        cached: bytes | None = cache.peek(scene)
        if cached is not None:
            return cached
        if self.mode == "loop":
            try:
                return cache(scene)
            except Exception:
                log.exception("no picture for a %s", type(scene).__name__)
                return None
        if wait is None:
            priority = self.BACKGROUND
        else:
            priority = self.ACKNOWLEDGED if acknowledged else self.URGENT
        pending = self._queued(cache, scene, priority)
        if wait is None:
            return await self._background(pending, scene)
        pending.waiters += 1
        cut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._answers.append(cut)
        if len(self._answers) > MOST_ANSWERS_WAITING:
            oldest = self._answers.pop(0)
            if not oldest.done():
                oldest.set_result(None)  # that answer goes without its picture now
        try:
            waiting: set[asyncio.Future[Any]] = {pending.future, cut}
            with timed("picture"):
                await asyncio.wait(waiting, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
            if not pending.future.done():
                log.info("no picture within %.1f s or behind newer answers", wait)
                if pending.waiters == 1:
                    # Nobody waits for it now: it goes behind the answers still waiting
                    # (left urgent, such pictures made every newer answer wait its full
                    # limit once the drawing fell behind).
                    self._move(pending, self.BACKGROUND)
                return None
            if pending.future.cancelled():
                return None  # the drawer closed
            return pending.future.result()
        except asyncio.CancelledError:
            if pending.future.cancelled():
                return None
            raise
        except Exception:
            log.exception("no picture for %r", scene)
            return None
        finally:
            pending.waiters -= 1
            if cut in self._answers:
                self._answers.remove(cut)

    def expect(self, cache: SceneCache[Any], scene: Any | None) -> None:
        """Draw ``scene`` into ``cache`` ahead of being asked for it, after every answer's
        picture and before the edits: when it is asked for, it is cached or queued
        already (an answer then moves it up). For pictures someone is about to ask for:
        the hands of a table just shown (issue 37: at 1,000 tables the first "My hand"
        of every table opened was drawn while its click waited, the arrival's tail).
        Nothing is drawn inline (``loop`` mode): that would hold the loop for nobody."""
        if scene is None or self.mode == "loop" or cache.peek(scene) is not None:
            return
        self._queued(cache, scene, self.EXPECTED)

    def _queued(self, cache: SceneCache[Any], scene: Any, priority: int) -> _Pending:
        """The scene's draw, queued now or shared with the one queued or being drawn
        (moved up to ``priority`` when that is sooner)."""
        key = (id(cache), scene)
        pending = self._pending.get(key)
        if pending is None:
            pending = self._submit(cache, scene, priority)
            pending.future.add_done_callback(lambda done: self._forget(key, cache, scene, done))
            self._pending[key] = pending
        elif priority < pending.priority:
            self._move(pending, priority)
        return pending

    @staticmethod
    async def _background(pending: _Pending, scene: Any) -> bytes | None:
        """Wait for a picture nobody's answer waits for (a table-message edit)."""
        try:
            return await asyncio.shield(pending.future)
        except asyncio.CancelledError:
            if pending.future.cancelled():
                return None  # the drawer closed
            raise
        except Exception:
            log.exception("no picture for a %s", type(scene).__name__)
            return None

    def _submit(self, cache: SceneCache[Any], scene: Any, priority: int) -> _Pending:
        if self._process is not None and self._process.broken:
            log.error("the picture worker process cannot run here; drawing on a thread")
            self._process.close()
            self._process, self.mode = None, "thread"
        if self._process is not None:
            job_id = self._process.submit(cache.__wrapped__, scene, priority)
            return _Pending(self._process.result(job_id), priority, job_id)
        self.start()
        job = _Job(cache, scene, asyncio.get_running_loop())
        assert job.future is not None
        job.priority = priority
        self._queue.put((priority, queue_order(priority, next(self._order)), job))
        return _Pending(job.future, priority, job=job)

    def _move(self, pending: _Pending, priority: int) -> None:
        """Draw a queued picture at ``priority`` (up for an answer, down once nobody
        waits for it); a job's latest priority is the one it is drawn at."""
        pending.priority = priority
        if self._process is not None:
            self._process.move_up(pending.job_id, priority)
        elif pending.job is not None:
            pending.job.priority = priority  # the worker skips the other entry
            self._queue.put((priority, queue_order(priority, next(self._order)), pending.job))

    def _forget(
        self, key: tuple[int, Any], cache: SceneCache[Any], scene: Any, done: asyncio.Future[bytes]
    ) -> None:
        self._pending.pop(key, None)
        if done.cancelled():
            return
        if done.exception() is None:  # retrieved: an answer that stopped waiting logs nothing
            cache.put(scene, done.result())

    @staticmethod
    def _work(jobs: queue.PriorityQueue[tuple[int, int, _Job | None]]) -> None:
        while True:
            priority, _, job = jobs.get()
            if job is None:
                return
            if priority == job.priority:  # else moved since: drawn at its new place
                job.run()


@dataclasses.dataclass
class _Pending:
    """A picture asked for and not drawn yet: its result, and where it is queued."""

    future: asyncio.Future[bytes]
    priority: int
    job_id: int = 0  # process mode
    job: _Job | None = None  # thread mode
    waiters: int = 0
    """Answers waiting for it now."""


class _Job:
    """One picture to draw on the worker thread; its result reaches the loop through
    ``future``."""

    def __init__(
        self, cache: SceneCache[Any] | None, scene: Any, loop: asyncio.AbstractEventLoop | None
    ) -> None:
        self.cache = cache
        self.scene = scene
        self.loop = loop
        self.future: asyncio.Future[bytes] | None = None if loop is None else loop.create_future()
        self.taken = False  # read and written by the worker thread only
        self.priority = PictureDrawer.BACKGROUND
        """Its latest priority (set on the loop, read by the worker)."""

    @classmethod
    def warm_up(cls) -> _Job:
        return cls(None, None, None)

    def run(self) -> None:
        if self.taken:
            return  # queued twice (moved up); drawn already
        self.taken = True
        if self.cache is None or self.loop is None:
            warm_up()
            return
        try:
            data: bytes = self.cache.__wrapped__(self.scene)
        except Exception as exc:
            self.loop.call_soon_threadsafe(self._settle, None, exc)
            return
        self.loop.call_soon_threadsafe(self._settle, data, None)

    def _settle(self, data: bytes | None, exc: Exception | None) -> None:
        assert self.future is not None
        if self.future.done():
            return
        if exc is not None:
            self.future.set_exception(exc)
        elif data is not None:
            self.future.set_result(data)


drawer = PictureDrawer()
"""The bot's drawer (``configure`` sets its mode from the settings)."""


SWITCH_INTERVAL = 0.0005
"""Seconds a thread holding the GIL runs before handing it over (Python's default is
0.005). While the picture thread draws, the event loop waking up for a click waits for the
GIL up to this long at each wake-up: 5 ms each time was measured as the loop's median
wake-up lag while drawing, 0.2 ms with 0.5 ms."""


def configure(mode: str) -> PictureDrawer:
    """The bot's drawer in ``mode`` (started); in ``thread`` mode the process's GIL switch
    interval is shortened (``SWITCH_INTERVAL``) so the loop gets the GIL back quickly."""
    global drawer
    if mode != drawer.mode:
        drawer.close()
        drawer = PictureDrawer(mode)
    if mode == "thread":
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
    drawer.start()
    return drawer


def table_scene_of(
    state: TableState, names: list[str], t: Translate, known: GameRegistry = BUILTIN
) -> TableScene | None:
    """The running table as a scene, or None (no match on the table, a game not in
    ``known``, or a view the builders cannot draw: the text still says everything, so a
    picture is never worth an error)."""
    if state.status is not TableStatus.RUNNING or not state.public or state.game not in known:
        return None
    try:
        return table_scene(state.public, names, translate=t)
    except Exception:
        log.exception("table %s: no picture for this state", state.id)
        return None


def scene_key(scene: TableScene | HandScene | None) -> str | None:
    """Tells scenes apart without drawing them (equal scenes, equal keys)."""
    return None if scene is None else format(hash(scene) & (2**64 - 1), "x")


async def draw_table(
    scene: TableScene | None, wait: float | None = None, *, acknowledged: bool = False
) -> bytes | None:
    """The table picture (off the event loop unless cached), or None if it fails or takes
    longer than ``wait`` seconds (``acknowledged``: ``PictureDrawer.draw``)."""
    return await drawer.draw(render_table, scene, wait, acknowledged=acknowledged)


def hand_scene_of(view: SeatView) -> HandScene | None:
    """The seat's hand as a scene (legal plays raised), or None when it holds no card."""
    if not view.view.get("hand"):
        return None
    try:
        return hand_scene(view.view)
    except Exception:
        log.exception("table %s seat %s: no hand picture", view.table_id, view.seat)
        return None


async def hand_picture(
    view: SeatView, wait: float | None = ANSWER_WAIT, *, acknowledged: bool = False
) -> bytes | None:
    """The seat's hand as a PNG (off the event loop unless cached), or None."""
    return await drawer.draw(render_hand, hand_scene_of(view), wait, acknowledged=acknowledged)


def expect_hand(view: SeatView) -> None:
    """Start drawing the seat's hand picture before its player asks for it
    (``PictureDrawer.expect``)."""
    drawer.expect(render_hand, hand_scene_of(view))


def attachments(picture: bytes | None, filename: str) -> list[discord.File]:
    """What an edit passes as ``attachments``: the picture, or nothing (which also removes
    a picture the message carried)."""
    return [] if picture is None else [discord.File(PictureBytes(picture), filename)]


class PictureBytes(io.BytesIO):
    """A picture's bytes for a ``discord.File``, which stubs ``fp.close`` while it sends and
    puts the real one back when done: stored on the buffer, that bound method made every
    sent picture a cycle (buffer, its ``__dict__``, the method) holding its PNG until a
    cycle collection (issue 37). Here the stub is kept, and the real method is never
    stored, so reference counting frees the buffer as soon as the file is dropped."""

    _stub: Callable[[], None] | None = None

    @property
    def close(self) -> Callable[[], None]:
        return self._stub or super().close

    @close.setter
    def close(self, value: Callable[[], None]) -> None:
        self._stub = None if getattr(value, "__self__", None) is self else value


def show_in(embed: discord.Embed, picture: bytes | None, filename: str) -> None:
    if picture is not None:
        embed.set_image(url=f"attachment://{filename}")


def send_kwargs(kwargs: dict[str, Any]) -> dict[str, Any]:
    """Edit keywords made fit for creating a message: ``attachments`` become ``files``."""
    out = dict(kwargs)
    files = out.pop("attachments", None)
    if files:
        out["files"] = files
    return out


class PictureSettings:
    """Per guild: whether pictures are shown (``/config pictures``; default on)."""

    def __init__(self, guilds: GuildSettingsRepository | None = None) -> None:
        self._guilds = guilds
        self._on: dict[int, bool] = {}

    def on(self, guild_id: int | None) -> bool:
        return guild_id is None or self._on.get(guild_id, True)

    def remember(self, guild_id: int, on: bool) -> None:
        self._on[guild_id] = on

    async def load(self, guild_id: int | None) -> None:
        """Read the guild's setting once (later renders use the cached value)."""
        if guild_id is None or guild_id in self._on or self._guilds is None:
            return
        try:
            settings = await self._guilds.get(guild_id)
        except Exception:
            log.exception("guild %s: settings unreadable, pictures stay on", guild_id)
            return
        self._on[guild_id] = settings.pictures
