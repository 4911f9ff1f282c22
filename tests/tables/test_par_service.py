"""Par at a managed table (tables/par.py): after a hand a human played with computers, a
worker replays the same deal with the human's seat at the strongest level, and the report
names that table, user and seat; the table never waits for it."""

from __future__ import annotations

import concurrent.futures
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
