"""Card pictures in the table message and the hand view (issue 12).

The table picture is drawn from the table's public view, the hand picture from the seat's
view and legal actions (``pictures.from_views``); the renderer caches by scene, so a state
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
import io
import logging
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import discord

from pictures import HandScene, TableScene, render_hand, render_table
from pictures.from_views import hand_scene, table_scene
from pictures.render import SceneCache
from rules import registry
from storage import TableStatus
from storage.repositories import GuildSettingsRepository
from tables.table import SeatView, TableState

log = logging.getLogger(__name__)

Translate = Callable[[str], str]

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"


ANSWER_WAIT = 1.0
"""Seconds an answer to a click waits for its picture; later, it goes without (the text
says everything) and the picture, once drawn, is cached for the next refresh."""


class PictureDrawer:
    """Draws pictures away from the event loop.

    A draw takes 2-10 ms of CPU; on the loop, at hundreds of tables, every click would
    queue behind them. ``thread`` (the default) draws on one worker thread: Pillow
    releases the GIL in its C code (quantizing, PNG encoding), and the loop gets it back
    within the interpreter's switch interval for the rest. ``loop`` draws inline (no
    concurrency). The caches stay shared: an unchanged scene costs a dict look-up, no hop.
    (A worker process was tried: no GIL sharing, but ~80 MB more, seconds to start on a
    busy machine, and orphaned workers when the bot was killed.)
    """

    def __init__(self, mode: str = "thread") -> None:
        if mode not in ("thread", "loop"):
            raise ValueError(f"picture worker {mode!r}: thread or loop")
        self.mode = mode
        self._pool: ThreadPoolExecutor | None = None

    def start(self) -> None:
        """Start the worker now (it draws the card sprites once, a few hundred ms) so the
        first click does not wait for it."""
        if self._pool is None and self.mode == "thread":
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")
            self._pool.submit(warm_up)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def draw(
        self, cache: SceneCache[Any], scene: Any | None, wait: float | None = None
    ) -> bytes | None:
        """The picture of ``scene``: None when there is no scene, it cannot be drawn, or
        it takes more than ``wait`` seconds (it is still drawn and cached then)."""
        if scene is None:
            return None
        cached: bytes | None = cache.peek(scene)
        if cached is not None:
            return cached
        if self.mode == "loop":
            try:
                return cache(scene)
            except Exception:
                log.exception("no picture for %r", scene)
                return None
        self.start()
        assert self._pool is not None
        future = asyncio.get_running_loop().run_in_executor(self._pool, cache.__wrapped__, scene)
        future.add_done_callback(lambda done: self._remember(cache, scene, done))
        try:
            return await asyncio.wait_for(asyncio.shield(future), wait)
        except TimeoutError:
            log.info("a picture took over %.1f s; answering without it", wait)
            return None
        except Exception:
            log.exception("no picture for %r", scene)
            return None

    @staticmethod
    def _remember(cache: SceneCache[Any], scene: Any, done: asyncio.Future[bytes]) -> None:
        if not done.cancelled() and done.exception() is None:
            cache.put(scene, done.result())


def warm_up() -> None:
    """Draw the card sprites and the palette once (the first picture's cost)."""
    render_hand.__wrapped__(HandScene(cards=("JS", "9S")))


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


def table_scene_of(state: TableState, names: list[str], t: Translate) -> TableScene | None:
    """The running table as a scene, or None (no match on the table, or a view the builders
    cannot draw: the text still says everything, so a picture is never worth an error)."""
    if state.status is not TableStatus.RUNNING or not state.public:
        return None
    try:
        spec = registry.get(state.game)
        return table_scene(state.public, spec, names, translate=t)
    except Exception:
        log.exception("table %s: no picture for this state", state.id)
        return None


def scene_key(scene: TableScene | HandScene | None) -> str | None:
    """Tells scenes apart without drawing them (equal scenes, equal keys)."""
    return None if scene is None else format(hash(scene) & (2**64 - 1), "x")


async def draw_table(scene: TableScene | None, wait: float | None = None) -> bytes | None:
    """The table picture (off the event loop unless cached), or None if it fails or takes
    longer than ``wait`` seconds."""
    return await drawer.draw(render_table, scene, wait)


def hand_scene_of(view: SeatView) -> HandScene | None:
    """The seat's hand as a scene (legal plays raised), or None when it holds no card."""
    if not view.view.get("hand"):
        return None
    try:
        return hand_scene(view.view, view.legal)
    except Exception:
        log.exception("table %s seat %s: no hand picture", view.table_id, view.seat)
        return None


async def hand_picture(view: SeatView, wait: float | None = ANSWER_WAIT) -> bytes | None:
    """The seat's hand as a PNG (off the event loop unless cached), or None."""
    return await drawer.draw(render_hand, hand_scene_of(view), wait)


def attachments(picture: bytes | None, filename: str) -> list[discord.File]:
    """What an edit passes as ``attachments``: the picture, or nothing (which also removes
    a picture the message carried)."""
    return [] if picture is None else [discord.File(io.BytesIO(picture), filename)]


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
