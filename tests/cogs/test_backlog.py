"""The backlog's count of unanswered interactions (issue 29): exact where it decides."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from cogs.backlog import Backlog


class _Response:
    def __init__(self) -> None:
        self.done = False
        self.sent: list[str] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, *, ephemeral: bool) -> None:
        self.sent.append(text)
        self.done = True


class _Interaction:
    def __init__(self) -> None:
        self.response = _Response()
        self.locale = "en-US"
        self.client = None
        self.user = None
        self.guild_id = None
        self.type = discord.InteractionType.component


async def test_past_the_limit_of_unanswered_the_next_is_told_busy_until_one_is_answered() -> None:
    backlog = Backlog(limit=2)
    release = asyncio.Event()
    first, second, third, fourth = (_Interaction() for _ in range(4))

    async def wait() -> None:
        await release.wait()

    served = [asyncio.create_task(backlog.run(i, wait)) for i in (first, second)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert backlog.unanswered() == 2
    await backlog.run(third, wait)  # type: ignore[arg-type]
    assert third.response.sent == ["The bot is busy; please try again in a moment."]
    assert backlog.refused == 1

    first.response.done = True  # acknowledged: no longer racing its deadline
    assert backlog.unanswered() == 1
    admitted = asyncio.create_task(backlog.run(fourth, wait))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert fourth.response.sent == [] and backlog.in_flight == 3
    release.set()
    await asyncio.gather(*served, admitted)
    assert backlog.in_flight == 0 and backlog.unanswered() == 0


def test_the_count_is_an_upper_bound_below_the_limit_and_exact_from_it() -> None:
    backlog = Backlog(limit=3)
    waiting: list[Any] = [_Interaction() for _ in range(3)]
    backlog._unacked.update(waiting)  # as if three were being served
    waiting[0].response.done = True
    assert backlog.unanswered() == 2  # at the limit it counts exactly
    assert len(backlog._unacked) == 2


async def test_on_busy_is_told_when_the_first_starts_and_when_the_last_is_done() -> None:
    """Only the edges, 0 -> 1 and -> 0 (par's worker stands still in between), and a
    refused interaction changes nothing."""
    changes: list[bool] = []
    backlog = Backlog(limit=2, on_busy=changes.append)
    release = asyncio.Event()
    first, second, third = (_Interaction() for _ in range(3))

    async def wait() -> None:
        await release.wait()

    served = [asyncio.create_task(backlog.run(i, wait)) for i in (first, second)]  # type: ignore[arg-type]
    await asyncio.sleep(0)
    assert changes == [True] and backlog.in_flight == 2
    await backlog.run(third, wait)  # type: ignore[arg-type]  # refused: busy
    assert changes == [True]
    release.set()
    await asyncio.gather(*served)
    assert changes == [True, False]

    async def fail() -> None:
        raise RuntimeError("handler failed")

    with pytest.raises(RuntimeError):
        await backlog.run(_Interaction(), fail)  # type: ignore[arg-type]
    assert changes == [True, False, True, False]  # a failed handler still lets go


async def test_a_lull_waits_for_the_interactions_being_served_then_lets_one_waiter_go() -> None:
    """Background work (a table message's edit) goes between answers, not ahead of them:
    ``lull`` returns once nothing is being served, one waiter per lull (issue 37)."""
    backlog = Backlog()
    first_done, later_done = asyncio.Event(), asyncio.Event()

    async def served_until(done: asyncio.Event) -> None:
        await done.wait()

    served = asyncio.create_task(backlog.run(_Interaction(), lambda: served_until(first_done)))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    order: list[str] = []
    later: list[asyncio.Task[None]] = []

    async def background(name: str) -> None:
        await backlog.lull(longest=60)
        order.append(name)
        if name == "first":  # another click arrives while the first waiter works
            later.append(
                asyncio.create_task(
                    backlog.run(_Interaction(), lambda: served_until(later_done))  # type: ignore[arg-type]
                )
            )
            await asyncio.sleep(0)

    waiting = [asyncio.create_task(background(n)) for n in ("first", "second")]
    for _ in range(10):
        await asyncio.sleep(0)
    assert order == []  # an interaction is being served: both wait
    first_done.set()
    await served
    for _ in range(10):
        await asyncio.sleep(0)
    assert order == ["first"]  # the second waits for the click the first let in
    later_done.set()
    await asyncio.gather(*waiting, *later)
    assert order == ["first", "second"]


async def test_a_lull_that_never_comes_is_waited_for_only_so_long() -> None:
    backlog = Backlog()
    release = asyncio.Event()

    async def wait() -> None:
        await release.wait()

    served = asyncio.create_task(backlog.run(_Interaction(), wait))  # type: ignore[arg-type]
    await asyncio.sleep(0)
    lull = asyncio.create_task(backlog.lull(longest=0.01))
    await asyncio.wait_for(lull, timeout=30)  # returned although still serving
    assert backlog.in_flight == 1
    release.set()
    await served


async def test_with_nothing_served_a_lull_returns_at_once() -> None:
    backlog = Backlog()
    await asyncio.wait_for(backlog.lull(longest=60), timeout=30)
