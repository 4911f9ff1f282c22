"""Keeps Python's cycle collector from pausing the event loop for long.

A full (generation 2) collection scans every tracked object with the loop stopped. At
500 tables through the fake Discord the bot made ~9 of them in a minute, 38 ms each at
the median and up to 71-109 ms on a busy machine: each one delays every click in flight,
enough by itself to put the p99 over its target. Most of what they scan is long-lived
(open tables, the discord.py state, cogs) and would survive anyway.

So, every ``freeze_every`` seconds, what has survived until then is frozen
(``gc.freeze``): moved out of the collector's reach, it is no longer scanned, and full
collections see only what is new since, a few milliseconds' worth (measured in CPU time
at 500 tables: full collections of 2.6-6 ms instead of 15-33 ms, and 4 instead of 8).
The price: cyclic garbage among frozen objects (a closed table's objects, if they form
a cycle) is not freed until the next ``sweep_every`` seconds, when everything is
unfrozen, collected in one full pass, and frozen again. Objects freed by reference
counting (most of them) are freed at once either way.

Under load that price grew with the backlog (issue 29): an interaction being served is a
cycle (discord.py's ``Interaction`` and its ``InteractionResponse`` refer to each other),
and every one in flight at a freeze stayed, frozen, until the hourly sweep: RSS per table
113-187 KB at 500 loaded tables against 35-51 KB at 100. So a freeze waits for a moment
with at most ``FREEZE_IN_FLIGHT`` interactions in flight (``in_flight``, the bot's
``Backlog``); while the bot is busier, its young collections free that garbage as usual.

But a bot under steady load is never that quiet (issue 37: at 1,000 tables, ~160
interactions a second, 5-20 were always in flight), so nothing was frozen after the start
and every full collection scanned every table opened since: 13 of them in 90 s, up to 2.1 s
each on a loaded machine, the tail of every answer in flight. So after ``most_skips``
periods put off in a row it freezes anyway. What that freezes in flight is freed as usual
once answered: the ``Backlog`` breaks a served interaction's cycles (``release``), so
reference counting frees it, frozen or not.

Then CPython's own full passes: it runs one every 10 middle passes unless fewer than a
quarter of the long-lived objects are new since the last. Frozen objects are not counted
as long-lived, so after a freeze the old generation looks nearly empty and nothing holds
the full passes back (issue 37, 1,000 tables: 20 full passes in a run, up to 212 ms of
CPU each). So while the keeper runs, CPython makes none (the third threshold is set out of
reach) and the keeper applies a growth rule of its own: when the interpreter's heap has grown
by ``sweep_growth`` of its size after the last sweep, it sweeps (the whole heap, so cyclic
garbage anywhere, frozen or not, is freed); otherwise every ``sweep_every`` seconds. The
heap's size is ``sys.getallocatedblocks()``, which CPython keeps per arena (0.3 ms for 4.5
million blocks): counting the frozen objects themselves walks all of them (16-50 ms at
1,000 tables, a pause of the loop each time; issue 37). Freezes still make a young pass
first, so cyclic garbage that dies young is freed as before; what is frozen meanwhile is
at most the growth allowed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

FREEZE_IN_FLIGHT = 2
"""Most interactions in flight at which a freeze is done (more: it waits for the next)."""

NO_FULL_PASSES = 1 << 30
"""CPython's third threshold while the keeper runs: middle passes between its own full
passes, so many that it never makes one."""


class HeapKeeper:
    def __init__(
        self,
        freeze_every: float = 2.0,
        sweep_every: float = 3600.0,
        in_flight: Callable[[], int] = lambda: 0,
        most_skips: int = 4,
        sweep_growth: float = 1.0,
        sweep_floor: int = 100_000,
    ) -> None:
        self.freeze_every = freeze_every
        self.sweep_every = sweep_every
        self.in_flight = in_flight
        self.most_skips = most_skips
        """Freezes put off in a row after which the next is done whatever is in flight."""
        self._skips_in_a_row = 0
        self.skipped = 0
        """Freezes put off because interactions were in flight."""
        self.sweep_growth = sweep_growth
        """Growth of the heap (allocated blocks), as a share of its size after the last
        sweep, at which the next freeze is a sweep instead (1.0: when it has doubled)."""
        self.sweep_floor = sweep_floor
        """Blocks the growth is counted from at least: a small heap's sweeps are not worth
        scheduling this way."""
        self.freezes = 0
        self.sweeps = 0
        self._swept_size = sys.getallocatedblocks()
        self._thresholds: tuple[int, int, int] | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self.hold_full_passes()
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        self.release_full_passes()

    def hold_full_passes(self) -> None:
        """From now on only the keeper makes full passes (``release_full_passes`` undoes it)."""
        if self._thresholds is None:
            self._thresholds = gc.get_threshold()
            young, middle, _ = self._thresholds
            gc.set_threshold(young, middle, NO_FULL_PASSES)
            self._swept_size = sys.getallocatedblocks()

    def release_full_passes(self) -> None:
        if self._thresholds is not None:
            gc.set_threshold(*self._thresholds)
            self._thresholds = None

    def grown(self) -> bool:
        """The heap has grown by ``sweep_growth`` since the last sweep (or the keeper's
        start): time to collect it all once."""
        if self.sweep_growth == float("inf"):
            return False
        limit = max(self._swept_size, self.sweep_floor) * (1.0 + self.sweep_growth)
        return sys.getallocatedblocks() > limit

    def due(self) -> bool:
        """A freeze may run now: at most ``FREEZE_IN_FLIGHT`` interactions in flight (else
        it is put off to the next period, and counted in ``skipped``), or ``most_skips``
        were put off in a row."""
        if self.in_flight() > FREEZE_IN_FLIGHT and self._skips_in_a_row < self.most_skips:
            self.skipped += 1
            self._skips_in_a_row += 1
            return False
        self._skips_in_a_row = 0
        return True

    def freeze(self) -> None:
        """Freeze what is alive now; a young collection first drops what already died."""
        gc.collect(1)
        gc.freeze()
        self.freezes += 1

    def sweep(self) -> float:
        """Collect everything once (freeing cyclic garbage among frozen objects), then
        freeze the survivors. Returns the seconds it took (the loop was paused that long)."""
        started = time.perf_counter()
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.sweeps += 1
        self._swept_size = sys.getallocatedblocks()
        took = time.perf_counter() - started
        log.info("full collection: %.0f ms, %d blocks allocated", took * 1000, self._swept_size)
        return took

    async def _run(self) -> None:
        next_sweep = time.monotonic() + self.sweep_every
        while True:
            await asyncio.sleep(self.freeze_every)
            if time.monotonic() >= next_sweep:
                self.sweep()
                next_sweep = time.monotonic() + self.sweep_every
            elif self.due():
                if self.grown():
                    self.sweep()
                    next_sweep = time.monotonic() + self.sweep_every
                else:
                    self.freeze()
