"""Par at a managed table (tables/par.py): after a hand a human played with computers, a
worker replays the same deal with the human's seat at the strongest level, and the report
names that table, user and seat; the table never waits for it."""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import pickle
from collections.abc import Callable
from typing import cast

import pytest

from players.par import ParRequest, hand_start
from rules.registry import BUILTIN
from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager
from tables.par import PAR_NICENESS, ParReport, ParService, background_priority, par_text


async def test_par_after_a_hand_replays_the_humans_deal_from_the_humans_seat(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    manager = TableManager(storage, settings, clock)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    service = ParService(manager, executor=pool, replays=2, rollouts=4)
    reports: list[ParReport] = []
    service.subscribe(reports.append)
    try:
        # a fixed seed: some deals end in a redeal, which has no par
        state = await manager.create(
            channel_id=5, game="thunee", host_id=7, host_name="ana", seed=1
        )
        for _ in range(3):
            await manager.add_computer(state.id, 7, level="heuristic")
        state = await manager.start(state.id, 7)
        assert service.enabled(state.id)
        match = manager.match_of(state.id)
        assert match is not None
        while not match.hand_results:
            view = manager.seat_view(state.id, 7)
            assert view.legal, "the human's turn comes before the hand ends"
            await manager.act(state.id, 7, view.legal[0].id)
        snapshot = match.snapshot()
        await service.drain()
        assert len(reports) == 1
        report = reports[0]
        assert (report.table_id, report.user_id, report.result.seat) == (state.id, 7, 0)
        assert report.result.hand == 0 and len(report.result.replays) == 2
        plugin = BUILTIN.plugin("thunee")
        start = hand_start(plugin.spec, plugin, snapshot, 0)
        assert report.result.start_zones == start.card_zones()
        text = par_text(report.result, lambda s: s)
        assert str(report.result.made) in text and "2" in text
        # Off: no par for the next hand.
        await manager.set_table_setting(state.id, "par", False)
        assert not service.enabled(state.id)
    finally:
        await service.close()
        pool.shutdown()
        await manager.close()


def test_a_par_request_crosses_to_a_worker_process_and_back() -> None:
    """What a process pool pickles: the request (the snapshot is JSON) and the function."""
    match = BUILTIN.get("304").new_match(4, seed=2)
    request = ParRequest(match.snapshot(), hand=0, seat=2, levels=(None, "heuristic") * 2)
    assert pickle.loads(pickle.dumps(request)) == request


def _scheduling() -> tuple[int, int]:
    """In the worker: its scheduling policy and niceness, as the kernel reports them."""
    return os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0)


class _QuietManager:
    """Just enough of a TableManager for a ParService to subscribe to."""

    def subscribe(self, listener: object) -> Callable[[], None]:
        return lambda: None


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="SCHED_IDLE is Linux's")
def test_the_par_worker_runs_under_sched_idle() -> None:
    """The pool ParService starts runs its worker under SCHED_IDLE, so a replay only
    takes CPU the bot's clicks do not want (a niced worker still gets a share of a busy
    core); checked in the child itself, the bot's own process keeping its policy."""
    service = ParService(cast(TableManager, _QuietManager()))
    pool = service._pool()
    try:
        policy, _ = pool.submit(_scheduling).result(timeout=120)
    finally:
        pool.shutdown()
    assert policy == os.SCHED_IDLE
    assert os.sched_getscheduler(0) != os.SCHED_IDLE


def test_background_priority_falls_back_to_nice_19(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without SCHED_IDLE (not Linux, or refused) the worker is niced to 19 instead."""
    niced: list[int] = []

    def refuse(*args: object) -> None:
        raise OSError("not allowed")

    monkeypatch.setattr(os, "sched_setscheduler", refuse)
    monkeypatch.setattr(os, "nice", lambda n: niced.append(n) or n)
    assert background_priority() == "nice"
    assert niced == [PAR_NICENESS] == [19]


def _proc_stat(pid: int) -> tuple[str, int]:
    """The process's state letter and CPU ticks (user + system), as the kernel reports."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return fields[0], int(fields[11]) + int(fields[12])


async def _worker_pid(service: ParService) -> int:
    """Start the service's own worker and wait (bounded) until it has named itself."""
    service._pool()
    for _ in range(1200):
        if service.gate.pid is not None:
            return service.gate.pid
        await asyncio.sleep(0.1)
    raise AssertionError("the par worker never started")


async def _until_stopped(pid: int) -> None:
    """SIGSTOP takes effect when the kernel next handles the worker: wait for state T."""
    for _ in range(600):
        if _proc_stat(pid)[0] == "T":
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"worker {pid} not stopped")


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
async def test_while_the_bot_is_busy_the_par_worker_stands_still_then_finishes(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    """No answer waits for par: while the front end has interactions in flight
    (``busy(True)``) the real worker process is stopped (no CPU, the par not posted); when
    they are done it goes on, and its replays are all played (the budget counts CPU)."""
    manager = TableManager(storage, settings, clock)
    service = ParService(manager, replays=2, rollouts=4)
    reports: list[ParReport] = []
    service.subscribe(reports.append)
    try:
        pid = await _worker_pid(service)
        service.busy(True)
        await _until_stopped(pid)
        state = await manager.create(
            channel_id=5, game="thunee", host_id=7, host_name="ana", seed=1
        )
        for _ in range(3):
            await manager.add_computer(state.id, 7, level="heuristic")
        state = await manager.start(state.id, 7)
        match = manager.match_of(state.id)
        assert match is not None
        while not match.hand_results:
            view = manager.seat_view(state.id, 7)
            await manager.act(state.id, 7, view.legal[0].id)
        assert service._pending, "the par was handed to the worker"
        ticks = _proc_stat(pid)[1]
        done, _ = await asyncio.wait(service._pending, timeout=1.0)
        assert not done and not reports
        assert _proc_stat(pid) == ("T", ticks)  # stopped: not one tick of CPU
        service.busy(True)  # a second holder: still stopped after the first lets go
        service.busy(False)
        assert service.gate.stopped and _proc_stat(pid)[0] == "T"
        service.busy(False)
        assert not service.gate.stopped
        await service.drain()
        assert len(reports) == 1 and len(reports[0].result.replays) == 2
    finally:
        await service.close()
        await manager.close()


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="reads /proc")
async def test_closing_with_the_worker_stopped_leaves_no_process_behind() -> None:
    service = ParService(cast(TableManager, _QuietManager()))
    pid = await _worker_pid(service)
    service.busy(True)
    await _until_stopped(pid)
    await service.close()
    for child in multiprocessing.active_children():
        if child.pid == pid:
            child.join(timeout=60)
    assert pid not in {c.pid for c in multiprocessing.active_children()}
    assert not os.path.exists(f"/proc/{pid}")


def test_a_thread_worker_is_never_stopped() -> None:
    """A thread pool's "worker" is the bot's own process: the gate ignores it."""
    service = ParService(
        cast(TableManager, _QuietManager()),
        executor=concurrent.futures.ThreadPoolExecutor(max_workers=1),
    )
    service.gate.attach(os.getpid())
    service.busy(True)
    assert service.gate.pid is None and not service.gate.stopped
    service.busy(False)
