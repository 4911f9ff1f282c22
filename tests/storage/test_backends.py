"""The table and action-log repositories behave the same on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from storage import (
    ChannelTaken,
    GuildSettings,
    LoggedAction,
    SeatRecord,
    ShardSet,
    Storage,
    StorageUnavailable,
    TableRecord,
    TableStatus,
    open_storage,
)
from storage.group_commit import EarlierRowFailed
from storage.migrations import MIGRATIONS_DIR, load_migrations
from storage.records import unpack_log
from storage.shards import shard_of
from tests.backends import PG_URL_VAR


def a_table(channel: int = 10, guild: int | None = 1) -> TableRecord:
    return TableRecord(
        game="toy",
        players=2,
        options={"target": 2},
        seed=2**62 + 5,
        channel_id=channel,
        guild_id=guild,
        host_id=7,
        seats=[SeatRecord(name="Ann", user_id=7), None],
    )


def test_every_migration_has_a_postgresql_twin() -> None:
    sqlite = [(m.version, m.name) for m in load_migrations()]
    postgres = [(m.version, m.name) for m in load_migrations(MIGRATIONS_DIR / "postgresql")]
    assert sqlite == postgres and sqlite[0] == (1, "tables_and_action_log")


async def test_url_picks_the_backend(tmp_path: Path) -> None:
    store = await open_storage(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    assert type(store).__name__ == "SqliteStorage"
    await store.close()
    with pytest.raises(StorageUnavailable, match="no storage backend for 'mysql' URLs"):
        await open_storage("mysql://nobody@127.0.0.1/x")
    url = os.environ.get(PG_URL_VAR)
    if url:  # migrates the server's default schema: idempotent, and safe to run in parallel
        pg = await open_storage(url)
        assert type(pg).__name__ == "PgStorage"
        assert await pg.matches.count(guild_id=-1) == 0
        await pg.close()


async def test_tables_round_trip_and_one_open_table_per_channel(store: Storage) -> None:
    created = await store.tables.create(a_table())
    loaded = await store.tables.get(created.id)
    assert loaded is not None and loaded.seed == 2**62 + 5 and loaded.options == {"target": 2}
    assert loaded.seats[0] == SeatRecord(name="Ann", user_id=7) and loaded.seats[1] is None
    with pytest.raises(ChannelTaken):
        await store.tables.create(a_table())
    other = await store.tables.create(a_table(channel=11))
    await store.tables.start(other.id, [SeatRecord("Ann", 7), SeatRecord("Bob", 8)], 99, 2)
    await store.tables.update_status(created.id, TableStatus.STOPPED, host_id=8)
    again = await store.tables.create(a_table())
    assert [t.id for t in await store.tables.list_open()] == [other.id, again.id]
    started = await store.tables.get(other.id)
    assert started is not None and started.status is TableStatus.RUNNING and started.seed == 99
    await store.tables.save_snapshot(other.id, {"game": "toy"}, 4)
    snap = await store.tables.get(other.id)
    assert snap is not None and snap.snapshot == {"game": "toy"} and snap.snapshot_seq == 4


async def test_action_log_appends_in_order_and_reads_many_tables(store: Storage) -> None:
    ids = [(await store.tables.create(a_table(channel=c))).id for c in range(5)]

    async def play(table_id: int) -> None:
        for seq in range(1, 11):
            await store.actions.append(LoggedAction(table_id, seq, seq % 2, f"play:{seq}", 1.5))

    await asyncio.gather(*(play(t) for t in ids))
    logs = await store.actions.for_tables(ids)
    assert all([a.seq for a in logs[t]] == list(range(1, 11)) for t in ids)
    assert logs[ids[0]][0] == LoggedAction(ids[0], 1, 1, "play:1", 1.5, "player")
    results = await asyncio.gather(
        store.actions.append(LoggedAction(ids[0], 3, 0, "again", 1.0)),  # seq 3 is taken
        store.actions.append(LoggedAction(ids[1], 11, 1, "play:11", 1.0)),
        return_exceptions=True,
    )
    assert isinstance(results[0], Exception) and results[1] is None  # only the bad row fails
    # Its table's later rows fail unwritten (no gap in its log) until it is forgiven.
    later = await asyncio.gather(
        store.actions.append(LoggedAction(ids[0], 11, 1, "play:11", 1.0)), return_exceptions=True
    )
    assert isinstance(later[0], EarlierRowFailed)
    assert [a.seq for a in await store.actions.for_table(ids[0], after_seq=9)] == [10]
    store.actions.forgive(ids[0])
    await store.actions.append(LoggedAction(ids[0], 11, 1, "play:11", 1.0))
    await store.actions.remove(ids[0], 11)
    await store.actions.remove(ids[0], 10)
    tail = await store.actions.for_table(ids[0], after_seq=7)
    assert [a.action_id for a in tail] == ["play:8", "play:9"]
    assert store.actions.commits < 5 * 10  # type: ignore[attr-defined]  # group commit


async def test_a_shard_lists_only_the_tables_of_its_guilds(store: Storage) -> None:
    guilds = [g << 22 for g in range(6)]  # guild g lives on shard g % 3
    for channel, guild in enumerate(guilds):
        await store.tables.create(a_table(channel=channel, guild=guild))
    await store.tables.create(a_table(channel=99, guild=None))  # a DM: shard 0
    shards = ShardSet((0, 2), 3)
    mine = await store.tables.list_open(shards)
    assert sorted(t.channel_id for t in mine) == [0, 2, 3, 5, 99]
    assert all(shards.owns(t.guild_id) for t in mine)
    assert shard_of(guilds[4], 3) == 1 and not shards.owns(guilds[4])
    assert ShardSet.from_settings(None, None) is None
    assert ShardSet.from_settings([1], 2) == ShardSet((1,), 2)
    with pytest.raises(ValueError):
        ShardSet((3,), 3)


async def test_both_dialects_build_the_same_tables_and_indexes(tmp_path: Path) -> None:
    """The PostgreSQL twins must not drift from the SQLite migrations."""
    if not os.environ.get(PG_URL_VAR):
        pytest.skip(f"{PG_URL_VAR} is not set")
    from tests.backends import open_backend

    async with open_backend("sqlite", tmp_path) as lite, open_backend("postgresql", tmp_path) as pg:
        lite_tables = await lite.db.fetch(  # type: ignore[attr-defined]
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
        sqlite_columns = {}
        for (table,) in lite_tables:
            rows = await lite.db.fetch(f"PRAGMA table_info({table})")  # type: ignore[attr-defined]
            sqlite_columns[table] = sorted(r[1] for r in rows)
        pg_rows = await pg.db.fetch(  # type: ignore[attr-defined]
            "SELECT table_name, column_name FROM information_schema.columns"
            " WHERE table_schema = current_schema()"
        )
        pg_columns: dict[str, list[str]] = {}
        for table, column in pg_rows:
            pg_columns.setdefault(table, []).append(column)
        assert {t: sorted(c) for t, c in pg_columns.items()} == sqlite_columns
        lite_indexes = await lite.db.fetch(  # type: ignore[attr-defined]
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
        pg_indexes = await pg.db.fetch(  # type: ignore[attr-defined]
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema()"
            " AND indexname NOT LIKE '%_pkey' AND indexname NOT LIKE '%_key'"
        )
        assert sorted(r[0] for r in pg_indexes) == sorted(r[0] for r in lite_indexes)


async def test_running_tables_logs_come_packed_one_string_per_table(store: Storage) -> None:
    """``packed_open_logs`` (restart recovery reads thousands of logs as strings)."""
    if not hasattr(store.actions, "packed_open_logs"):
        pytest.skip("this backend has no packed logs yet")
    mine, theirs, lobby = [
        (await store.tables.create(a_table(channel=c, guild=g))).id
        for c, g in ((1, 0), (2, 1 << 22), (3, 0))
    ]
    for table in (mine, theirs):
        await store.tables.start(table, [SeatRecord("Ann", 7), SeatRecord("Bob", 8)], 5, 2)
    await store.actions.append_many(  # type: ignore[attr-defined]
        [
            LoggedAction(t, seq, seq % 2, f"play:{seq}", 1.0, "timeout")
            for t in (mine, theirs)
            for seq in (1, 2, 3)
        ]
    )
    await store.tables.save_snapshot(mine, {"game": "toy"}, 1)
    packed = await store.actions.packed_open_logs()  # type: ignore[attr-defined]
    assert set(packed) == {mine, theirs} and lobby not in packed
    entries = [e.split("\x1f") for e in packed[mine].split("\x1e")]
    assert sorted(entries) == [["2", "0", "timeout", "play:2"], ["3", "1", "timeout", "play:3"]]
    if type(store).__name__ == "PgStorage":  # the shard filter (SQLite serves one process)
        shard0 = await store.actions.packed_open_logs(ShardSet((0,), 2))  # type: ignore[attr-defined]
        assert set(shard0) == {mine}


async def test_packed_logs_by_table_after_the_snapshot(store: Storage) -> None:
    """``packed_logs`` (the manager's lazy rebuild) on both backends."""
    table = (await store.tables.create(a_table(channel=4, guild=0))).id
    await store.tables.start(table, [SeatRecord("Ann", 7), SeatRecord("Bob", 8)], 5, 2)
    for seq in (1, 2, 3):
        await store.actions.append(LoggedAction(table, seq, seq % 2, f"play:{seq}", 1.0, "player"))
    await store.tables.save_snapshot(table, {"game": "toy"}, 1)
    packed = await store.actions.packed_logs([table, 999_999])
    assert set(packed) == {table}
    assert [e.seq for e in unpack_log(table, packed[table])] == [2, 3]


async def test_guild_settings_round_trip_with_defaults(store: Storage) -> None:
    """/config's per-guild settings (migration 0003) on both backends."""
    assert await store.guilds.get(42) == GuildSettings(42)
    saved = GuildSettings(
        42, {"tonk": {"hands": 3}}, turn_seconds=90, slow_games=False, pings=False,
        table_channels=(7, 8),
    )  # fmt: skip
    await store.guilds.save(saved)
    assert await store.guilds.get(42) == saved
    await store.guilds.save(GuildSettings(42, threads=False))
    assert await store.guilds.get(42) == GuildSettings(42, threads=False)
    # Card pictures (migration 0004): on by default, a server may turn them off.
    assert (await store.guilds.get(42)).pictures
    await store.guilds.save(GuildSettings(42, pictures=False))
    assert (await store.guilds.get(42)).pictures is False
    # The computers' level (migration 0012, issue 35): the bot's default until set.
    assert (await store.guilds.get(42)).computer_level is None
    await store.guilds.save(GuildSettings(42, computer_level="expert"))
    assert (await store.guilds.get(42)).computer_level == "expert"


async def test_language_choices_round_trip_and_clear(store: Storage) -> None:
    """Issue 14: a server's and a player's language (migration 0005) on both backends;
    setting again replaces, None clears."""
    await store.languages.set_guild(10, "es")
    await store.languages.set_user(7, "fa")
    await store.languages.set_user(8, "es")
    await store.languages.set_user(8, "en")
    assert await store.languages.all() == ({10: "es"}, {7: "fa", 8: "en"})
    await store.languages.set_user(7, None)
    await store.languages.set_guild(10, None)
    assert await store.languages.all() == ({}, {8: "en"})


async def test_a_quarantined_table_frees_its_channel_and_exports_its_rows(store: Storage) -> None:
    """Issue 29: a damaged table is set aside with its reason; its channel takes a new
    table; its rows come back as stored, with its log, for a bug report."""
    table = await store.tables.create(a_table(channel=20, guild=3))
    await store.tables.start(table.id, [SeatRecord("Ann", 7), SeatRecord("Bob", 8)], 5, 2)
    await store.actions.append(LoggedAction(table.id, 1, 0, "bid:1", 1.5, "player"))
    await store.tables.update_settings(table.id, {"kicked": [9]})
    await store.tables.quarantine(table.id, "log does not replay: " + "x" * 1000)
    assert await store.tables.open_in_channel(20) is None
    assert [t.id for t in await store.tables.list_open()] == []
    await store.tables.create(a_table(channel=20, guild=3))  # the channel is free again
    (set_aside,) = await store.tables.list_quarantined(guild_id=3)
    assert (set_aside.id, set_aside.channel_id, set_aside.guild_id) == (table.id, 20, 3)
    assert set_aside.reason.startswith("log does not replay") and len(set_aside.reason) <= 300
    assert await store.tables.list_quarantined(guild_id=4) == []
    assert [q.id for q in await store.tables.list_quarantined(channel_id=20, untold=True)] == [
        table.id
    ]
    await store.tables.mark_told(table.id)
    assert await store.tables.list_quarantined(untold=True) == []
    exported = await store.tables.export(table.id)
    assert exported is not None
    assert exported["table"]["status"] == "quarantined"
    assert exported["table"]["settings"] == '{"kicked":[9]}'
    assert exported["actions"] == [
        {"seq": 1, "seat": 0, "action_id": "bid:1", "at": 1.5, "by": "player"}
    ]
    assert await store.tables.export(10**9) is None
