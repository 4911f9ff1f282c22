"""The SQLite backend against a real temporary file."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from storage import (
    ChannelTaken,
    LoggedAction,
    SeatRecord,
    SqliteStorage,
    StorageUnavailable,
    TableRecord,
    TableStatus,
    open_storage,
)
from storage import sqlite as sqlite_backend
from storage.group_commit import EarlierRowFailed
from storage.migrations import load_migrations


def a_table(channel: int = 10, **kw: object) -> TableRecord:
    return TableRecord(
        game="toy",
        players=2,
        options={"hands": 2},
        seed=2**62 + 5,
        channel_id=channel,
        guild_id=1,
        host_id=7,
        seats=[SeatRecord(name="Ann", user_id=7), None],
        **kw,  # type: ignore[arg-type]
    )


async def test_migrations_run_once_and_wal_is_on(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    store = await SqliteStorage.open(path)
    await store.close()
    store = await open_storage(f"sqlite:///{path}")
    await store.close()
    conn = sqlite3.connect(path)
    versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations")]
    assert versions == [m.version for m in load_migrations()] == list(range(1, len(versions) + 1))
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_table_round_trip_and_one_open_table_per_channel(tmp_path: Path) -> None:
    store = await SqliteStorage.open(tmp_path / "db.sqlite")
    created = await store.tables.create(a_table())
    assert created.id > 0
    loaded = await store.tables.get(created.id)
    assert loaded is not None
    assert loaded.seed == 2**62 + 5 and loaded.options == {"hands": 2}
    assert loaded.seats[0] == SeatRecord(name="Ann", user_id=7) and loaded.seats[1] is None
    with pytest.raises(ChannelTaken):
        await store.tables.create(a_table())
    other = await store.tables.create(a_table(channel=11))
    await store.tables.update_status(created.id, TableStatus.STOPPED)
    again = await store.tables.create(a_table())  # the channel is free once it closed
    assert {t.id for t in await store.tables.list_open()} == {other.id, again.id}
    found = await store.tables.open_in_channel(10)
    assert found is not None and found.id == again.id
    await store.close()


async def test_concurrent_appends_share_commits_and_survive_reopen(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    store = await SqliteStorage.open(path)
    ids = [(await store.tables.create(a_table(channel=c))).id for c in range(20)]

    async def play(table_id: int) -> None:
        for seq in range(1, 26):
            await store.actions.append(LoggedAction(table_id, seq, seq % 2, f"play:{seq}", 1.0))

    await asyncio.gather(*(play(t) for t in ids))
    assert store.actions.commits < 20 * 25 / 2  # group commit batched the tables' appends
    await store.close()
    store = await SqliteStorage.open(path)
    logs = await store.actions.for_tables(ids)
    assert all([a.seq for a in logs[t]] == list(range(1, 26)) for t in ids)
    tail = await store.actions.for_table(ids[0], after_seq=20)
    assert [a.action_id for a in tail] == [f"play:{s}" for s in range(21, 26)]
    await store.close()


async def test_a_bad_row_fails_only_its_own_append_and_its_table_s_later_ones(
    tmp_path: Path,
) -> None:
    """Another table's row in the same batch is written; the bad row's table keeps a log
    without a gap: its later row fails unwritten until the table is forgiven."""
    store = await SqliteStorage.open(tmp_path / "db.sqlite")
    try:
        t = (await store.tables.create(a_table())).id
        other = (await store.tables.create(a_table(channel=2))).id
        await store.actions.append(LoggedAction(t, 1, 0, "a", 1.0))
        results = await asyncio.gather(
            store.actions.append(LoggedAction(t, 1, 0, "duplicate", 1.0)),
            store.actions.append(LoggedAction(other, 1, 1, "x", 1.0)),
            store.actions.append(LoggedAction(t, 2, 1, "b", 1.0)),
            return_exceptions=True,
        )
        assert isinstance(results[0], sqlite3.IntegrityError) and results[1] is None
        assert isinstance(results[2], EarlierRowFailed)
        assert [a.action_id for a in await store.actions.for_table(t)] == ["a"]
        assert [a.action_id for a in await store.actions.for_table(other)] == ["x"]
        store.actions.forgive(t)
        await store.actions.append(LoggedAction(t, 2, 1, "b", 1.0))
        await store.actions.remove(t, 2)
        assert [a.action_id for a in await store.actions.for_table(t)] == ["a"]
    finally:
        await store.close()


async def test_a_snapshot_joins_the_next_group_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Saved while other tables' appends wait, a snapshot is written in their batch's
    transaction (no commit of its own) and is stored when ``save_snapshot`` returns."""
    path = tmp_path / "db.sqlite"
    store = await SqliteStorage.open(path)
    ids = [(await store.tables.create(a_table(channel=c))).id for c in range(5)]
    single_writes: list[str] = []
    write_now = sqlite_backend._write_now

    def counted(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> None:
        single_writes.append(sql)
        write_now(conn, sql, params)

    monkeypatch.setattr(sqlite_backend, "_write_now", counted)
    before = store.actions.commits
    await asyncio.gather(
        *(store.actions.append(LoggedAction(t, 1, 0, "a", 1.0)) for t in ids),
        store.tables.save_snapshot(ids[0], {"game": "toy", "n": 1}, 1),
    )
    assert store.actions.commits - before == 1 and single_writes == []
    await store.close()
    store = await SqliteStorage.open(path)
    saved = await store.tables.get(ids[0])
    assert saved is not None and saved.snapshot == {"game": "toy", "n": 1}
    assert saved.snapshot_seq == 1
    await store.close()


async def test_a_failing_batch_still_stores_its_snapshot(tmp_path: Path) -> None:
    store = await SqliteStorage.open(tmp_path / "db.sqlite")
    t = (await store.tables.create(a_table())).id
    await store.actions.append(LoggedAction(t, 1, 0, "a", 1.0))
    results = await asyncio.gather(
        store.actions.append(LoggedAction(t, 1, 0, "duplicate", 1.0)),
        store.tables.save_snapshot(t, {"game": "toy"}, 1),
        return_exceptions=True,
    )
    assert isinstance(results[0], sqlite3.IntegrityError) and results[1] is None
    saved = await store.tables.get(t)
    assert saved is not None and saved.snapshot == {"game": "toy"} and saved.snapshot_seq == 1
    await store.close()


async def test_unknown_url_scheme_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StorageUnavailable, match="mysql"):
        await open_storage("mysql://x")


def thread_hops(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The functions run on the connection's thread from now on (each a hop there and
    back: two loop passes)."""
    hops: list[object] = []
    on_thread = sqlite_backend._on_thread

    async def counted(conn: Any, fn: Any, *args: Any) -> Any:
        hops.append(fn)
        return await on_thread(conn, fn, *args)

    monkeypatch.setattr(sqlite_backend, "_on_thread", counted)
    return hops


async def test_a_table_s_status_is_written_on_the_loop_s_connection_unless_a_write_is_in_flight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: a one-statement write (seats, status) commits at once on the loop's
    connection, with no hop to the connection's thread; with another write holding the
    lock it waits its turn on the thread as before, and is written either way."""
    store = await open_storage(tmp_path / "loop.sqlite3")
    assert isinstance(store, SqliteStorage)
    try:
        created = await store.tables.create(a_table())
        assert created.id is not None
        hops = thread_hops(monkeypatch)
        await store.tables.update_status(created.id, TableStatus.RUNNING)
        assert hops == []  # committed on the loop's own connection
        record = await store.tables.get(created.id)
        assert record is not None and record.status is TableStatus.RUNNING

        await store._write_lock.acquire()  # another write in flight
        waiting = asyncio.create_task(store.tables.update_status(created.id, TableStatus.FINISHED))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not waiting.done()
        store._write_lock.release()
        await waiting
        assert hops == [sqlite_backend._write_now]  # its turn, on the thread
        record = await store.tables.get(created.id)
        assert record is not None and record.status is TableStatus.FINISHED
    finally:
        await store.close()


async def test_a_new_table_is_written_at_once_and_a_taken_channel_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 37: opening a table commits on the loop's connection (no thread hop); a
    second open table in the same channel is still ``ChannelTaken``, and nothing of it
    is written."""
    store = await open_storage(tmp_path / "create.sqlite3")
    assert isinstance(store, SqliteStorage)
    try:
        hops = thread_hops(monkeypatch)
        first = await store.tables.create(a_table(channel=77))
        assert first.id is not None and hops == []
        with pytest.raises(ChannelTaken):
            await store.tables.create(a_table(channel=77))
        assert [t.id for t in await store.tables.list_open()] == [first.id]
        other = await store.tables.create(a_table(channel=78))  # the connection is usable
        assert other.id is not None and other.id != first.id
    finally:
        await store.close()
