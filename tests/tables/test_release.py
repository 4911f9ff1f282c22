"""Finished tables leave memory (issue 37): the manager and every per-table cache let a
closed table go once it is released, and a released table can still be rematched."""

from __future__ import annotations

import random

import pytest

from storage import TableStatus
from tables.errors import NoSuchTable
from tables.manager import TableManager
from tests.tables.conftest import play_humans


async def _finished_table(manager: TableManager, channel_id: int) -> int:
    state = await manager.create(
        channel_id=channel_id, game="toy", host_id=1, host_name="a", players=2, seed=4
    )
    await manager.join(state.id, 2, "b")
    await manager.start(state.id, 1)
    await play_humans(manager, state.id, random.Random(1))
    assert manager.state(state.id).status is TableStatus.FINISHED
    return state.id


async def test_a_released_table_is_gone_from_the_manager_and_says_so(
    manager: TableManager,
) -> None:
    kinds: list[tuple[int, str]] = []
    manager.subscribe(lambda u: kinds.append((u.table_id, u.kind)))
    table_id = await _finished_table(manager, channel_id=7)
    manager.release(table_id)
    with pytest.raises(NoSuchTable):
        manager.state(table_id)
    assert manager.table_in_channel(7) is None
    assert table_id not in manager._tables
    assert 7 not in manager._by_channel and 7 not in manager._channel_locks
    assert kinds[-1] == (table_id, "released")


async def test_an_open_table_is_never_released(manager: TableManager) -> None:
    state = await manager.create(channel_id=3, game="toy", host_id=1, host_name="a", players=2)
    manager.release(state.id)
    assert manager.state(state.id).status is TableStatus.LOBBY


async def test_a_released_table_is_rematched_from_storage(manager: TableManager) -> None:
    table_id = await _finished_table(manager, channel_id=9)
    manager.release(table_id)
    again = await manager.rematch(table_id, 1)
    assert again.id != table_id and again.status is TableStatus.RUNNING
    assert again.channel_id == 9 and [s.user_id for s in again.seats] == [1, 2]
