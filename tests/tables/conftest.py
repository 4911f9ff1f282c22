"""Fixtures for the table-manager tests: a temp-file SQLite store, a fake clock, and a
manager over them that hosts the toy game too (``toy_game.GAMES``)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.errors import TableError
from tables.manager import TableManager
from tables.updates import TableUpdate
from tests.tables.toy_game import GAMES


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "tables.sqlite3"


@pytest.fixture
async def storage(db_path: Path) -> AsyncIterator[SqliteStorage]:
    store = await SqliteStorage.open(db_path)
    yield store
    await store.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def settings() -> TableSettings:
    return TableSettings(turn_seconds=60, window_seconds=15, timeouts_before_takeover=2)


@pytest.fixture
async def manager(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> AsyncIterator[TableManager]:
    mgr = TableManager(storage, settings, clock, games=GAMES)
    yield mgr
    await mgr.close()


class Recorder:
    """Keeps every update a manager publishes."""

    def __init__(self, manager: TableManager) -> None:
        self.updates: list[TableUpdate] = []
        manager.subscribe(self.updates.append)

    def kinds(self, table_id: int | None = None) -> list[str]:
        return [u.kind for u in self.updates if table_id is None or u.table_id == table_id]

    def actions(self, table_id: int) -> list[tuple[int | None, str | None, str | None]]:
        return [
            (u.seat, u.action_id, u.by)
            for u in self.updates
            if u.table_id == table_id and u.kind == "action"
        ]


async def seat_users(manager: TableManager, table_id: int, users: list[int]) -> None:
    for user in users:
        await manager.join(table_id, user, f"user{user}")


async def play_humans(
    manager: TableManager, table_id: int, rng: random.Random, steps: int | None = None
) -> int:
    """Random legal clicks by the seated humans through ``act``; returns how many."""
    done = 0
    while steps is None or done < steps:
        state = manager.state(table_id)
        if state.status != "running":
            break
        humans = [s for s in sorted(state.to_act) if state.seats[s].computer is None]
        if not humans:
            break
        seat = rng.choice(humans)
        user = state.seats[seat].user_id
        assert user is not None
        view = manager.seat_view(table_id, user)
        action = rng.choice(view.legal)
        try:
            await manager.act(table_id, user, action.id)
        except TableError as exc:  # pragma: no cover - a failure explains itself
            raise AssertionError(f"legal click refused: {exc}") from exc
        done += 1
    return done
