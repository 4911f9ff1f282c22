"""Time for tables: a real clock over asyncio, and a fake one that tests advance by hand.

Times are unix seconds, so a deadline can go straight into a Discord timestamp.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import time
from collections.abc import Awaitable, Callable
from typing import Protocol

TimerCallback = Callable[[], Awaitable[None]]


class Timer(Protocol):
    def cancel(self) -> None: ...


class Clock(Protocol):
    def now(self) -> float: ...

    def call_at(self, when: float, callback: TimerCallback) -> Timer:
        """Run ``callback`` (a coroutine function) at unix time ``when``."""


class RealClock:
    """Wall time; timers are asyncio handles whose callback runs as a task."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def now(self) -> float:
        return time.time()

    def call_at(self, when: float, callback: TimerCallback) -> Timer:
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, when - time.time()), self._spawn, callback)

    def _spawn(self, callback: TimerCallback) -> None:
        task = asyncio.ensure_future(callback())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


class _FakeTimer:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class FakeClock:
    """A clock that stands still until ``advance``; due timers run in deadline order."""

    def __init__(self, start: float = 1_700_000_000.0) -> None:
        self._now = start
        self._heap: list[tuple[float, int, _FakeTimer, TimerCallback]] = []
        self._order = itertools.count()

    def now(self) -> float:
        return self._now

    def call_at(self, when: float, callback: TimerCallback) -> Timer:
        timer = _FakeTimer()
        heapq.heappush(self._heap, (when, next(self._order), timer, callback))
        return timer

    @property
    def pending(self) -> list[float]:
        """Deadlines of the timers still armed, soonest first."""
        return sorted(when for when, _, timer, _ in self._heap if not timer.cancelled)

    async def advance(self, seconds: float) -> None:
        """Move time forward, running (and awaiting) every timer that falls due on the way."""
        target = self._now + seconds
        while self._heap and self._heap[0][0] <= target:
            when, _, timer, callback = heapq.heappop(self._heap)
            if timer.cancelled:
                continue
            self._now = max(self._now, when)
            await callback()
        self._now = target
