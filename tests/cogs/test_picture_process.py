"""The picture worker process (the bot's default drawer): urgent pictures first, a dead
worker costs only the pictures it was drawing, and it never outlives the bot."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from cogs.table_pictures import PictureDrawer
from pictures import HandScene
from pictures.render import SceneCache
from tests.cogs.picture_doubles import draw_broken, draw_caption, draw_stamped, drawing_order

ROOT = Path(__file__).resolve().parents[2]


def scene(caption: str) -> HandScene:
    return HandScene(cards=("JS",), caption=caption)


async def test_the_worker_draws_and_the_bot_caches() -> None:
    cache: SceneCache[HandScene] = SceneCache(draw_caption)
    drawer = PictureDrawer("process")
    try:
        assert await drawer.draw(cache, scene("one"), wait=10) == b"\x89PNG one"
        assert drawer.worker_pid is not None and drawer.worker_pid != os.getpid()
        assert cache.peek(scene("one")) == b"\x89PNG one"  # the next one is a look-up
        assert await drawer.draw(SceneCache(draw_broken), scene("x"), wait=10) is None
    finally:
        await drawer.aclose()


async def test_an_answer_s_picture_is_drawn_before_queued_table_edits() -> None:
    """While the worker draws a slow picture, three table edits (no wait) and then an
    answer's picture (a wait) are queued: the answer's is drawn next."""
    cache: SceneCache[HandScene] = SceneCache(draw_stamped)
    drawer = PictureDrawer("process")
    pictures: dict[str, bytes] = {}

    async def draw(caption: str, wait: float | None) -> None:
        pictures[caption] = await drawer.draw(cache, scene(caption), wait) or b""

    try:
        await drawer.draw(cache, scene("ready"), wait=10)  # the worker runs
        busy = asyncio.ensure_future(draw("slow:0.4", None))
        await asyncio.sleep(0.15)  # the worker holds it
        edits = [asyncio.ensure_future(draw(f"edit{n}", None)) for n in range(3)]
        await asyncio.sleep(0.05)
        answer = asyncio.ensure_future(draw("answer", 10))
        await asyncio.gather(busy, *edits, answer)
        assert drawing_order(pictures) == ["slow:0.4", "answer", "edit0", "edit1", "edit2"]
    finally:
        await drawer.aclose()


async def test_a_queued_edit_an_answer_asks_for_moves_up_and_is_drawn_once() -> None:
    cache: SceneCache[HandScene] = SceneCache(draw_stamped)
    drawer = PictureDrawer("process")
    pictures: dict[str, bytes] = {}

    async def draw(caption: str, wait: float | None) -> bytes:
        pictures[caption] = await drawer.draw(cache, scene(caption), wait) or b""
        return pictures[caption]

    try:
        await drawer.draw(cache, scene("ready"), wait=10)
        busy = asyncio.ensure_future(draw("slow:0.4", None))
        await asyncio.sleep(0.15)
        first = asyncio.ensure_future(draw("a", None))
        later = asyncio.ensure_future(draw("b", None))
        await asyncio.sleep(0.05)
        now = asyncio.ensure_future(draw("b", 10))
        results = await asyncio.gather(busy, first, later, now)
        assert drawing_order(pictures) == ["slow:0.4", "b", "a"]
        assert results[2] == results[3]  # one drawing, stamped once
    finally:
        await drawer.aclose()


async def test_a_killed_worker_fails_its_pictures_and_a_new_one_starts() -> None:
    cache: SceneCache[HandScene] = SceneCache(draw_caption)
    drawer = PictureDrawer("process")
    try:
        await drawer.draw(cache, scene("ready"), wait=10)
        first = drawer.worker_pid
        assert first is not None
        slow = asyncio.ensure_future(drawer.draw(cache, scene("slow:5"), wait=10))
        await asyncio.sleep(0.2)
        os.kill(first, signal.SIGKILL)
        assert await slow is None  # answered without its picture, well before 10 s
        assert await drawer.draw(cache, scene("after"), wait=10) == b"\x89PNG after"
        assert drawer.worker_pid not in (None, first)
    finally:
        await drawer.aclose()


def test_the_worker_ends_when_the_bot_is_killed() -> None:
    """SIGKILL gives the bot no chance to stop its worker: the worker sees its input close
    and ends by itself (no orphan drawing pictures for nobody)."""
    bot = textwrap.dedent(
        """
        import asyncio, sys
        from cogs.table_pictures import PictureDrawer
        from pictures.render import render_hand
        from pictures import HandScene

        async def main():
            drawer = PictureDrawer("process")
            await drawer.draw(render_hand, HandScene(cards=("JS",)), wait=30)
            print(drawer.worker_pid, flush=True)
            await asyncio.sleep(60)

        asyncio.run(main())
        """
    )
    process = subprocess.Popen(
        [sys.executable, "-c", bot], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        worker = int(process.stdout.readline())
        os.kill(worker, 0)  # alive
        process.kill()
        process.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and alive(worker):
            time.sleep(0.05)
        assert not alive(worker)
    finally:
        process.kill()


def alive(pid: int) -> bool:
    """Running (an exited child of the killed bot is reaped by init, or is a zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


async def test_a_worker_that_cannot_start_gives_way_to_a_thread() -> None:
    """A worker that exits at once (say, a broken install) is not restarted for ever: after
    a few tries the drawer draws on a thread, and the answers get their pictures."""
    cache: SceneCache[HandScene] = SceneCache(draw_caption)
    drawer = PictureDrawer("process", worker_command=(sys.executable, "-c", "pass"))
    try:
        got = [await drawer.draw(cache, scene(f"try{n}"), wait=10) for n in range(5)]
        assert got[:3] == [None, None, None]  # the three quick exits
        assert got[3:] == [b"\x89PNG try3", b"\x89PNG try4"]
        assert drawer.mode == "thread"
    finally:
        await drawer.aclose()


async def test_in_the_worker_a_given_up_picture_goes_behind_newer_answers() -> None:
    """Issue 37: the worker draws waiting answers newest first and a picture whose answer
    gave up after the waiting ones."""
    cache: SceneCache[HandScene] = SceneCache(draw_stamped)
    drawer = PictureDrawer("process")
    pictures: dict[str, bytes] = {}

    async def draw(caption: str, wait: float | None) -> None:
        pictures[caption] = await drawer.draw(cache, scene(caption), wait) or b""

    try:
        await drawer.draw(cache, scene("ready"), wait=10)
        busy = asyncio.ensure_future(draw("slow:0.5", None))
        await asyncio.sleep(0.15)  # the worker holds it
        await draw("old", 0.05)  # gives up: demoted
        assert pictures["old"] == b""
        first, second = (asyncio.ensure_future(draw(c, 10)) for c in ("first", "second"))
        await asyncio.gather(busy, first, second)
        while cache.peek(scene("old")) is None:
            await asyncio.sleep(0.02)
        pictures["old"] = cache.peek(scene("old")) or b""
        assert drawing_order(pictures) == ["slow:0.5", "second", "first", "old"]
    finally:
        await drawer.aclose()
