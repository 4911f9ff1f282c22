"""An action's expensive engine work (``Match.prepare``: 304's end-of-hand Caps judge,
T3-16.9) runs off the event loop under its table's lock: another table's click is
answered meanwhile, and the first action is applied once that work is done."""

from __future__ import annotations

import asyncio
import threading

from rules.contract import Action
from tables.manager import TableManager


async def toy_table(manager: TableManager, channel: int) -> int:
    host, guest = channel * 10 + 1, channel * 10 + 2
    state = await manager.create(
        channel_id=channel, game="toy", host_id=host, host_name="ann", players=2, seed=3
    )
    await manager.join(state.id, guest, "bob")
    await manager.start(state.id, host)
    return state.id


async def test_another_tables_click_is_answered_while_one_tables_judge_runs(
    manager: TableManager,
) -> None:
    slow, quick = await toy_table(manager, 1), await toy_table(manager, 2)
    started, release = threading.Event(), threading.Event()
    prepared: list[tuple[int, str]] = []

    def judge_work() -> None:  # stands for the judge: holds its worker until released
        started.set()
        assert release.wait(10)

    def prepare(seat: int, action: Action) -> object:
        prepared.append((seat, action.id))
        return judge_work

    match = manager.match_of(slow)
    assert match is not None
    match.prepare = prepare  # type: ignore[method-assign]
    # seat 1 (the guest, user 12) bids first at both tables
    pending = asyncio.create_task(manager.act(slow, 12, "pass"))
    while not started.is_set():
        await asyncio.sleep(0.001)
    assert manager.state(slow).seq == 0  # not applied while its work runs
    answered = await manager.act(quick, 22, "pass")  # the loop is free
    assert answered.seq == 1 and not pending.done()
    release.set()
    state = await pending
    assert state.seq == 1 and prepared == [(1, "pass")]
