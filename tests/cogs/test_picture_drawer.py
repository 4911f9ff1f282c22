"""Pictures are drawn off the event loop, and an answer never waits long for one."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime
import threading
from collections.abc import AsyncIterator

import discord
import pytest

from cogs.responder import ANSWER_BY, picture_wait
from cogs.table_pictures import ANSWER_WAIT, MOST_ANSWERS_WAITING, PictureDrawer
from pictures import HandScene
from pictures.render import SceneCache


async def test_a_picture_is_drawn_on_the_worker_thread_and_cached() -> None:
    drawn_on: list[str] = []

    def draw(scene: HandScene) -> bytes:
        drawn_on.append(threading.current_thread().name)
        return b"\x89PNG " + scene.caption.encode()

    cache: SceneCache[HandScene] = SceneCache(draw)
    drawer = PictureDrawer("thread")
    try:
        scene = HandScene(cards=("JS",), caption="one")
        assert await drawer.draw(cache, scene) == b"\x89PNG one"
        assert await drawer.draw(cache, scene) == b"\x89PNG one"
        assert drawn_on and all(name.startswith("pictures") for name in drawn_on)
        assert len(drawn_on) == 1  # the second came from the cache, no hop
        assert await drawer.draw(cache, None) is None
    finally:
        await drawer.aclose()


async def test_a_slow_picture_is_left_out_of_the_answer_then_cached() -> None:
    release = threading.Event()

    def slow(scene: HandScene) -> bytes:
        release.wait(5)
        return b"\x89PNG slow"

    cache: SceneCache[HandScene] = SceneCache(slow)
    drawer = PictureDrawer("thread")
    try:
        scene = HandScene(cards=("9S",), caption="slow")
        assert await drawer.draw(cache, scene, wait=0.05) is None
        release.set()
        for _ in range(100):
            if cache.peek(scene) is not None:
                break
            await asyncio.sleep(0.01)
        assert cache.peek(scene) == b"\x89PNG slow"
    finally:
        await drawer.aclose()


async def test_a_failing_draw_gives_no_picture() -> None:
    def broken(scene: HandScene) -> bytes:
        raise RuntimeError("no font")

    drawer = PictureDrawer("thread")
    try:
        assert await drawer.draw(SceneCache(broken), HandScene(cards=("2C",))) is None
    finally:
        await drawer.aclose()


class _Response:
    def __init__(self, done: bool) -> None:
        self.done = done

    def is_done(self) -> bool:
        return self.done


class _Interaction:
    def __init__(self, age: float, done: bool = False) -> None:
        self.created_at = discord.utils.utcnow() - datetime.timedelta(seconds=age)
        self.response = _Response(done)


def test_an_answer_waits_for_its_picture_only_while_the_deadline_allows() -> None:
    """A fresh click may wait ANSWER_WAIT; one that arrived late waits less, none past
    ANSWER_BY (Discord drops an answer after 3 s); a deferred one has time."""
    fresh = picture_wait(_Interaction(0.0))  # type: ignore[arg-type]
    late = picture_wait(_Interaction(1.6))  # type: ignore[arg-type]
    too_late = picture_wait(_Interaction(2.5))  # type: ignore[arg-type]
    deferred = picture_wait(_Interaction(2.5, done=True))  # type: ignore[arg-type]
    assert ANSWER_WAIT - 0.1 < fresh <= ANSWER_WAIT
    assert 0.3 < late <= ANSWER_BY - 1.6
    assert too_late == 0.0 and deferred == ANSWER_WAIT


class HeldDrawing:
    """A draw function that records the order it draws in and holds the worker on the
    scene captioned "busy" until released, so the tests can queue pictures behind it."""

    def __init__(self) -> None:
        self.release, self.started = threading.Event(), threading.Event()
        self.order: list[str] = []

    def __call__(self, scene: HandScene) -> bytes:
        if scene.caption == "busy":
            self.started.set()
            self.release.wait(5)
        self.order.append(scene.caption)
        return b"\x89PNG " + scene.caption.encode()


@dataclasses.dataclass
class HeldWorker:
    """A thread-mode drawer over a ``HeldDrawing``, and the kinds of request it gets."""

    drawing: HeldDrawing
    cache: SceneCache[HandScene]
    drawer: PictureDrawer

    async def hold(self) -> asyncio.Future[bytes | None]:
        """Start drawing "busy" and return once the worker holds it."""
        busy = self.edit("busy")
        assert await asyncio.to_thread(self.drawing.started.wait, 5)
        return busy

    def edit(self, caption: str) -> asyncio.Future[bytes | None]:
        """A table-message edit's picture (nobody waits for it)."""
        return asyncio.ensure_future(self.drawer.draw(self.cache, scene(caption)))

    def answer(
        self, caption: str, wait: float = 5, *, acknowledged: bool = False
    ) -> asyncio.Future[bytes | None]:
        """An answer's picture (``acknowledged``: a command's, after its "thinking")."""
        return asyncio.ensure_future(
            self.drawer.draw(self.cache, scene(caption), wait, acknowledged=acknowledged)
        )

    async def release(self, *drawing: asyncio.Future[bytes | None]) -> list[bytes | None]:
        """Let the worker go on once everything is queued; the pictures of ``drawing``."""
        await asyncio.sleep(0.01)
        self.drawing.release.set()
        return list(await asyncio.gather(*drawing))


def scene(caption: str) -> HandScene:
    return HandScene(cards=("3C",), caption=caption)


@pytest.fixture
async def held() -> AsyncIterator[HeldWorker]:
    drawing = HeldDrawing()
    drawer = PictureDrawer("thread")
    try:
        yield HeldWorker(drawing, SceneCache(drawing), drawer)
    finally:
        await drawer.aclose()


async def test_an_answer_s_picture_is_drawn_before_queued_table_edits(held: HeldWorker) -> None:
    """A click's picture (``wait`` given) jumps the queue of background table pictures;
    the same scene asked twice is drawn once."""
    busy = await held.hold()
    edits = [held.edit(f"edit{n}") for n in range(3)]
    answers = [held.answer("answer") for _ in "ab"]
    assert await held.release(*answers) == [b"\x89PNG answer"] * 2
    await asyncio.gather(busy, *edits)
    assert held.drawing.order == ["busy", "answer", "edit0", "edit1", "edit2"]


async def test_an_acknowledged_answer_s_picture_comes_after_the_urgent_ones(
    held: HeldWorker,
) -> None:
    """Issue 37: a command's table, shown after its "thinking", has time; a click's hand
    races the 3-second deadline. Both come before the table edits nobody waits for."""
    busy = await held.hold()
    edit = held.edit("edit")
    opened = held.answer("opened", acknowledged=True)
    click = held.answer("click")
    await held.release(busy, edit, opened, click)
    assert held.drawing.order == ["busy", "click", "opened", "edit"]


async def test_a_queued_edit_asked_for_by_an_answer_moves_up(held: HeldWorker) -> None:
    busy = await held.hold()
    first = held.edit("a")
    later = held.edit("b")
    now = held.answer("b")
    await held.release(busy, first, later, now)
    assert held.drawing.order == ["busy", "b", "a"]  # b drawn once, ahead of a


async def test_a_picture_nobody_waits_for_any_more_goes_behind_the_waiting_answers(
    held: HeldWorker,
) -> None:
    """Issue 37: an answer that gave up on its picture leaves it queued, but no longer
    urgent, so a newer answer is drawn first (left urgent and first in first out, such
    pictures made every later answer wait its full limit once drawing fell behind)."""
    busy = await held.hold()
    assert await held.answer("old", wait=0.05) is None
    edit = held.edit("edit")
    new = held.answer("new")
    assert await held.release(new) == [b"\x89PNG new"]
    await asyncio.gather(busy, edit)
    await asyncio.sleep(0.05)  # "old" is still drawn (and cached) after them
    assert held.drawing.order == ["busy", "new", "old", "edit"]


async def test_past_the_most_answers_waiting_the_longest_waiting_goes_without(
    held: HeldWorker,
) -> None:
    """Issue 37: one answer more than ``MOST_ANSWERS_WAITING`` and the one waiting longest
    answers at once without its picture (it would most likely wait its whole limit)."""
    busy = await held.hold()
    answers = [held.answer(f"a{n}", wait=30) for n in range(MOST_ANSWERS_WAITING + 1)]
    assert await asyncio.wait_for(answers[0], 10) is None  # (a hang guard, not a speed)
    assert not any(a.done() for a in answers[1:])
    pictures = await held.release(busy, *answers[1:])
    assert all(p is not None for p in pictures)


async def until_cached(cache: SceneCache[HandScene], expected: HandScene) -> bytes | None:
    for _ in range(500):
        data = cache.peek(expected)
        if data is not None:
            return data
        await asyncio.sleep(0.01)
    return None


async def test_an_expected_picture_is_drawn_after_the_answers_and_before_the_edits(
    held: HeldWorker,
) -> None:
    """Issue 37: the hand of a table just shown is drawn before its player asks (its
    first "My hand" then finds it cached), but never ahead of a picture an answer waits
    for; the edits nobody waits for come after it."""
    busy = await held.hold()
    edit = held.edit("edit")
    held.drawer.expect(held.cache, scene("expected"))
    opened = held.answer("opened", acknowledged=True)
    click = held.answer("click")
    await held.release(busy, edit, opened, click)
    assert await until_cached(held.cache, scene("expected")) == b"\x89PNG expected"
    assert held.drawing.order == ["busy", "click", "opened", "expected", "edit"]


async def test_an_expected_picture_asked_for_moves_up_and_is_drawn_once(
    held: HeldWorker,
) -> None:
    busy = await held.hold()
    edit = held.edit("edit")
    held.drawer.expect(held.cache, scene("hand"))
    held.drawer.expect(held.cache, scene("hand"))  # expected twice: still one draw
    opened = held.answer("opened", acknowledged=True)
    asked = held.answer("hand")
    assert (await held.release(asked)) == [b"\x89PNG hand"]
    await asyncio.gather(busy, edit, opened)
    held.drawer.expect(held.cache, scene("hand"))  # cached: nothing queued
    await asyncio.sleep(0.05)
    assert held.drawing.order == ["busy", "hand", "opened", "edit"]


async def test_nothing_is_expected_on_the_event_loop() -> None:
    """In ``loop`` mode a draw holds the loop: an expectation, which nobody waits for
    yet, draws nothing (the click draws it, as before)."""
    drawn: list[str] = []

    def draw(scene: HandScene) -> bytes:
        drawn.append(scene.caption)
        return b"\x89PNG"

    cache: SceneCache[HandScene] = SceneCache(draw)
    drawer = PictureDrawer("loop")
    drawer.expect(cache, HandScene(cards=("6C",), caption="hand"))
    drawer.expect(cache, None)
    assert drawn == [] and cache.cache_info().currsize == 0
