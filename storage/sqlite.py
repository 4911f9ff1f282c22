"""The embedded backend: one aiosqlite connection in WAL mode (and a second that only
checkpoints the WAL, ``storage.wal``, so the writer's commits never do).

Writes of the action log use group commit: every ``append`` waits for the commit that
holds its row, and all appends that arrive while a commit is in flight share the next
one. One table's actions stay strictly sequential (its manager awaits each append), while
many busy tables cost one commit per batch instead of one per action.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from storage.command_sync import SqlCommandSyncRepository
from storage.db import SqliteDb
from storage.duplicate import SqlDuplicateRepository
from storage.entrant_standings import SqlEntrantStandingRepository
from storage.entrants import SqlEntrantRepository
from storage.group_commit import GroupCommitLog
from storage.guild_settings import SqlGuildSettingsRepository
from storage.hand_reports import SqlHandReportRepository
from storage.languages import SqlLanguageRepository
from storage.leagues import SqlLeagueRepository
from storage.matches import SqlMatchRepository
from storage.migrations import migrate
from storage.nights import SqlNightRepository
from storage.records import (
    INSERT_COLUMNS,
    REASON_MAX,
    LoggedAction,
    QuarantinedTable,
    SeatRecord,
    TableRecord,
    TableStatus,
)
from storage.records import (
    compact_json as _dumps,
)
from storage.records import (
    seats_json as _seats_json,
)
from storage.repositories import ChannelTaken, StorageUnavailable
from storage.shards import ShardSet
from storage.wal import EVERY, LIMIT_BYTES, WalCheckpointer

log = logging.getLogger(__name__)

_OPEN = ("lobby", "running")
_TABLE_COLUMNS = (
    "id, game, players, options, seed, deals, seats, settings, status, host_id, guild_id,"
    " channel_id, created_at, updated_at, snapshot, snapshot_seq"
)
_CHUNK = 500  # ids per IN (...) list


T = TypeVar("T")


async def _on_thread(conn: aiosqlite.Connection, fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn(sqlite_connection, *args)`` on the connection's own thread, in one hop.

    aiosqlite sends every call (``execute``, ``commit``) to its thread separately, and each
    trip waits for that thread to wake up and take the GIL from a busy event loop: a write
    and its commit sent as one function cost one trip instead of two (the group commit's
    whole latency, when many tables wait on it). ``_execute`` is aiosqlite's own path for
    its public calls."""
    run: Callable[..., Awaitable[T]] = conn._execute
    return await run(fn, conn._conn, *args)


def _write_now(conn: sqlite3.Connection, sql: str, params: Sequence[Any]) -> None:
    """One statement and its commit (rolled back if either fails); runs on the thread."""
    _write_many_now(conn, sql, (params,))


def _write_many_now(conn: sqlite3.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    """Every row in one transaction and its commit (rolled back if anything fails)."""
    try:
        conn.executemany(sql, rows)
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


def _table_from_row(
    row: sqlite3.Row | tuple[Any, ...], *, lazy_snapshot: bool = False
) -> TableRecord:
    seats = [SeatRecord.from_json(s) if s is not None else None for s in json.loads(row[6])]
    return TableRecord(
        id=row[0],
        game=row[1],
        players=row[2],
        options=json.loads(row[3]),
        seed=row[4],
        deals=json.loads(row[5]),
        seats=seats,
        settings=json.loads(row[7]),
        status=TableStatus(row[8]),
        host_id=row[9],
        guild_id=row[10],
        channel_id=row[11],
        created_at=row[12],
        updated_at=row[13],
        snapshot=json.loads(row[14]) if row[14] is not None and not lazy_snapshot else None,
        snapshot_seq=row[15],
        snapshot_text=row[14] if lazy_snapshot else None,
    )


async def _check_writable(conn: aiosqlite.Connection) -> None:
    """Fail now, not at the first move, when the file cannot be written: a write that is
    rolled back (SQLite checks for a read-only file when a write begins)."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        await conn.execute("UPDATE schema_migrations SET name = name")
    finally:
        await conn.rollback()


def _explain(path: str | Path, exc: sqlite3.Error) -> str:
    """One line for an error opening the database at ``path``: what to fix."""
    name = getattr(exc, "sqlite_errorname", "")
    where = Path(path).resolve() if str(path) != ":memory:" else path
    if name.startswith("SQLITE_CANTOPEN"):
        return (
            f"cannot open the SQLite database {where}: check that its folder exists and "
            "that this user may create and write files there"
        )
    if name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")):
        return (
            f"{where} is not a readable SQLite database (corrupt, or another kind of file): "
            "restore a backup or move it away"
        )
    if name.startswith("SQLITE_READONLY"):
        return (
            f"the SQLite database {where} is read-only for this user: make the file and "
            "its folder writable (SQLite writes -wal and -shm files beside it)"
        )
    if name.startswith("SQLITE_BUSY"):
        return f"the SQLite database {where} is locked by another process: stop that process"
    if name.startswith("SQLITE_FULL"):
        return f"the disk holding {where} is full"
    return f"the SQLite database {where} cannot be used: {exc}"


class SqliteStorage:
    """``Storage`` over one SQLite file. Open with ``await SqliteStorage.open(path)``."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        write_lock: asyncio.Lock | None = None,
        checkpointer: WalCheckpointer | None = None,
        loop_writer: sqlite3.Connection | None = None,
    ) -> None:
        self._conn = conn
        self._write_lock = write_lock or asyncio.Lock()
        self.checkpointer = checkpointer
        """Checkpoints the WAL off the writer's path (None: in memory, or ``inline``)."""
        self._loop_writer = loop_writer
        self.actions = SqliteActionLog(conn, self._write_lock, loop_writer, checkpointer)
        self.tables = SqliteTableRepository(conn, self._write_lock, self.actions)
        self.db = SqliteDb(conn, self._write_lock)
        """The dialect-neutral SQL layer (repositories, maintenance scripts, tests)."""
        self.matches = SqlMatchRepository(self.db)
        self.leagues = SqlLeagueRepository(self.db)
        self.entrants = SqlEntrantRepository(self.db)
        self.entrant_standings = SqlEntrantStandingRepository(self.db)
        self.guilds = SqlGuildSettingsRepository(self.db)
        self.languages = SqlLanguageRepository(self.db)
        self.command_sync = SqlCommandSyncRepository(self.db)
        self.duplicate = SqlDuplicateRepository(self.db)
        self.hand_reports = SqlHandReportRepository(self.db)
        self.nights = SqlNightRepository(self.db)

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        synchronous: str = "NORMAL",
        checkpoint: str = "background",
        checkpoint_every: float = EVERY,
        wal_limit_bytes: int = LIMIT_BYTES,
    ) -> SqliteStorage:
        """Open (creating if needed) and migrate the database at ``path``.

        WAL with ``synchronous=NORMAL`` survives a crash of the process (every committed
        transaction is in the WAL file); ``FULL`` also survives a power cut, slower.
        ``checkpoint``: ``background`` (``storage.wal``: a second connection checkpoints,
        the WAL kept near ``wal_limit_bytes``) or ``inline``, SQLite's own checkpoint in
        the commit that passes 1,000 pages (the old behaviour, for ``bench/commit_wait.py``).
        """
        if synchronous not in ("OFF", "NORMAL", "FULL", "EXTRA"):
            raise ValueError(f"bad synchronous mode {synchronous!r}")
        if checkpoint not in ("background", "inline"):
            raise ValueError(f"bad checkpoint mode {checkpoint!r}")
        connecting = aiosqlite.connect(str(path))
        try:
            conn = await connecting
        except sqlite3.Error as exc:
            # aiosqlite stops its thread without waiting: wait here, while the loop still
            # runs to take the thread's last answer (after asyncio.run ends, it would print
            # a traceback from that thread).
            thread = getattr(connecting, "_thread", None)
            if thread is not None:
                await asyncio.to_thread(thread.join, 5.0)
            raise StorageUnavailable(_explain(path, exc)) from exc
        write_lock = asyncio.Lock()
        checkpointer: WalCheckpointer | None = None
        try:
            async with conn.execute("PRAGMA journal_mode=WAL") as cursor:
                mode = await cursor.fetchone()
            await conn.execute(f"PRAGMA synchronous={synchronous}")
            await conn.execute("PRAGMA foreign_keys=ON")
            await conn.execute("PRAGMA busy_timeout=5000")
            await migrate(conn)
            await _check_writable(conn)
            if checkpoint == "background" and mode is not None and mode[0] == "wal":
                # The writer's commits never checkpoint; when the WAL starts over it is
                # cut back to the limit (it keeps its largest size otherwise).
                await conn.execute("PRAGMA wal_autocheckpoint=0")
                await conn.execute(f"PRAGMA journal_size_limit={int(wal_limit_bytes)}")
                async with conn.execute("PRAGMA page_size") as cursor:
                    page = await cursor.fetchone()
                checkpointer = await WalCheckpointer.open(
                    path,
                    write_lock,
                    synchronous=synchronous,
                    page_size=int(page[0]) if page is not None else 4096,
                    every=checkpoint_every,
                    limit_bytes=wal_limit_bytes,
                )
        except BaseException as exc:
            # The connection's thread is not a daemon: left open, it keeps the process
            # alive after the start failed.
            if checkpointer is not None:
                await checkpointer.close()
            await conn.close()
            if isinstance(exc, sqlite3.Error):
                raise StorageUnavailable(_explain(path, exc)) from exc
            raise
        loop_writer: sqlite3.Connection | None = None
        if checkpointer is not None and synchronous in LOOP_SYNCHRONOUS:
            try:
                loop_writer = _loop_writer(path, synchronous, wal_limit_bytes)
            except sqlite3.Error as exc:
                log.warning("a click's actions wait for the connection's thread: %s", exc)
        if checkpointer is not None:
            checkpointer.start()
        return cls(conn, write_lock, checkpointer, loop_writer)

    async def claim_shards(self, shards: ShardSet) -> None:
        """Nothing to claim: a SQLite file serves one process (sharded deployments use
        PostgreSQL), so every shard of that process is its own."""

    async def close(self) -> None:
        try:
            await self.actions.drain()
        finally:
            # even when the last commit failed: an open connection's thread keeps the
            # process alive at exit. The writer closes last: the last connection to
            # close checkpoints the whole WAL and removes it.
            try:
                if self._loop_writer is not None:
                    self._loop_writer.close()
                if self.checkpointer is not None:
                    await self.checkpointer.close()
            finally:
                await self._conn.close()


_INSERT_TABLE = f"INSERT INTO tables ({INSERT_COLUMNS}) VALUES ({','.join('?' * 15)})"


class SqliteTableRepository:
    def __init__(
        self, conn: aiosqlite.Connection, write_lock: asyncio.Lock, actions: SqliteActionLog
    ) -> None:
        self._conn = conn
        self._write_lock = write_lock
        self._actions = actions

    async def create(self, table: TableRecord) -> TableRecord:
        now = time.time()
        table.created_at = table.created_at or now
        table.updated_at = now
        params = table.insert_row()
        taken = f"channel {table.channel_id} already has an open table"
        written: sqlite3.Cursor | aiosqlite.Cursor | None
        try:
            written = self._actions.write_statement_at_once(_INSERT_TABLE, params)
        except sqlite3.IntegrityError as exc:
            raise ChannelTaken(taken) from exc
        if written is None:
            async with self._write_lock:
                try:
                    written = await self._conn.execute(_INSERT_TABLE, params)
                    await self._conn.commit()
                except sqlite3.IntegrityError as exc:
                    await self._conn.rollback()
                    raise ChannelTaken(taken) from exc
        assert written.lastrowid is not None
        table.id = written.lastrowid
        return table

    async def get(self, table_id: int) -> TableRecord | None:
        async with self._conn.execute(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = ?", (table_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return _table_from_row(row) if row is not None else None

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        async with self._conn.execute(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = ? AND status IN (?, ?)",
            (channel_id, *_OPEN),
        ) as cursor:
            row = await cursor.fetchone()
        return _table_from_row(row) if row is not None else None

    async def list_open(self, shards: ShardSet | None = None) -> list[TableRecord]:
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN (?, ?)"
        params: tuple[Any, ...] = _OPEN
        if shards is not None:
            clause, extra = shards.sql_filter()
            sql, params = f"{sql} AND {clause}", (*params, *extra)
        rows = await self._conn.execute_fetchall(sql + " ORDER BY id", params)
        tables = []
        for row in rows:
            try:
                # (each snapshot is decoded when its table is rebuilt)
                tables.append(_table_from_row(row, lazy_snapshot=True))
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                log.warning("table %s: unreadable row, quarantined: %s", row[0], exc)
                await self.quarantine(row[0], f"unreadable row: {exc}")
        return tables

    async def update_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        await self._write(
            "UPDATE tables SET settings = ?, updated_at = ? WHERE id = ?",
            (_dumps(settings), time.time(), table_id),
        )

    async def quarantine(self, table_id: int, reason: str) -> None:
        now = time.time()
        await self._write(
            "UPDATE tables SET status = 'quarantined', quarantine_reason = ?,"
            " quarantined_at = ?, quarantine_told = 0, updated_at = ? WHERE id = ?",
            (reason[:REASON_MAX], now, now, table_id),
        )

    async def list_quarantined(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        untold: bool = False,
        shards: ShardSet | None = None,
    ) -> list[QuarantinedTable]:
        sql, params = _quarantined_query(guild_id, channel_id, untold, shards)
        rows = await self._conn.execute_fetchall(sql, params)
        return [_quarantined_from_row(row) for row in rows]

    async def mark_told(self, table_id: int) -> None:
        await self._write("UPDATE tables SET quarantine_told = 1 WHERE id = ?", (table_id,))

    async def export(self, table_id: int) -> dict[str, Any] | None:
        async with self._conn.execute("SELECT * FROM tables WHERE id = ?", (table_id,)) as cursor:
            row = await cursor.fetchone()
            names = [d[0] for d in cursor.description]
        if row is None:
            return None
        actions = await self._conn.execute_fetchall(
            "SELECT seq, seat, action_id, at, by FROM actions WHERE table_id = ? ORDER BY seq",
            (table_id,),
        )
        return export_rows(dict(zip(names, row, strict=True)), [tuple(a) for a in actions])

    async def _write(self, sql: str, params: tuple[Any, ...]) -> None:
        if self._actions.write_statement_at_once(sql, params) is not None:
            return
        async with self._write_lock:
            await _on_thread(self._conn, _write_now, sql, params)

    async def update_seats(self, table_id: int, seats: Sequence[SeatRecord | None]) -> None:
        await self._write(
            "UPDATE tables SET seats = ?, updated_at = ? WHERE id = ?",
            (_seats_json(seats), time.time(), table_id),
        )

    async def update_status(
        self, table_id: int, status: TableStatus, *, host_id: int | None = None
    ) -> None:
        if host_id is None:
            await self._write(
                "UPDATE tables SET status = ?, updated_at = ? WHERE id = ?",
                (status.value, time.time(), table_id),
            )
        else:
            await self._write(
                "UPDATE tables SET status = ?, host_id = ?, updated_at = ? WHERE id = ?",
                (status.value, host_id, time.time(), table_id),
            )

    async def start(
        self, table_id: int, seats: Sequence[SeatRecord | None], seed: int, players: int
    ) -> None:
        await self._write(
            "UPDATE tables SET status = 'running', seats = ?, seed = ?, players = ?,"
            " updated_at = ? WHERE id = ?",
            (_seats_json(seats), seed, players, time.time(), table_id),
        )

    async def save_snapshot(self, table_id: int, snapshot: dict[str, Any], seq: int) -> None:
        """Written in the transaction of the action log's next group commit (returns once
        committed): busy tables snapshot often, and a commit of its own would hold up
        every table's next batch behind the single writer."""
        await self._actions.save_snapshot(table_id, _dumps(snapshot), seq)


_QUARANTINED_COLUMNS = (
    "id, game, channel_id, guild_id, quarantine_reason, quarantined_at, quarantine_told"
)


def _quarantined_query(
    guild_id: int | None, channel_id: int | None, untold: bool, shards: ShardSet | None
) -> tuple[str, tuple[Any, ...]]:
    """The ``list_quarantined`` query with ``?`` marks (PostgreSQL converts them)."""
    sql = f"SELECT {_QUARANTINED_COLUMNS} FROM tables WHERE status = 'quarantined'"
    params: tuple[Any, ...] = ()
    if guild_id is not None:
        sql, params = sql + " AND guild_id = ?", (*params, guild_id)
    if channel_id is not None:
        sql, params = sql + " AND channel_id = ?", (*params, channel_id)
    if untold:
        sql += " AND quarantine_told = 0"
    if shards is not None:
        clause, extra = shards.sql_filter()
        sql, params = f"{sql} AND {clause}", (*params, *extra)
    return sql + " ORDER BY id DESC", params


def _quarantined_from_row(row: Sequence[Any]) -> QuarantinedTable:
    return QuarantinedTable(
        id=int(row[0]),
        game=str(row[1]),
        channel_id=int(row[2]),
        guild_id=None if row[3] is None else int(row[3]),
        reason=str(row[4] or ""),
        at=float(row[5] or 0.0),
        told=bool(row[6]),
    )


def export_rows(table: dict[str, Any], actions: Sequence[Sequence[Any]]) -> dict[str, Any]:
    """A quarantined table's rows as one JSON-able object (``TableRepository.export``)."""
    return {
        "table": {k: v if isinstance(v, (int, float, str, type(None))) else str(v)
                  for k, v in table.items()},
        "actions": [
            {"seq": a[0], "seat": a[1], "action_id": a[2], "at": a[3], "by": a[4]}
            for a in actions
        ],
    }  # fmt: skip


_INSERT_SQLITE = "INSERT INTO actions (table_id, seq, seat, action_id, at, by) VALUES (?,?,?,?,?,?)"
_SAVE_SNAPSHOT = "UPDATE tables SET snapshot = ?, snapshot_seq = ? WHERE id = ?"
SnapshotRow = tuple[str, int, int]
"""(snapshot JSON, seq, table id): the parameters of ``_SAVE_SNAPSHOT``."""


def _write_batch_now(
    conn: sqlite3.Connection, rows: Sequence[Sequence[Any]], snapshots: Sequence[SnapshotRow]
) -> None:
    """A group commit's actions and the snapshots joined to it, in one transaction."""
    try:
        if rows:
            conn.executemany(_INSERT_SQLITE, rows)
        if snapshots:
            conn.executemany(_SAVE_SNAPSHOT, snapshots)
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


def _sqlite_row(a: LoggedAction) -> tuple[int, int, int, str, float, str]:
    return (a.table_id, a.seq, a.seat, a.action_id, a.at, a.by)


LOOP_SYNCHRONOUS = ("OFF", "NORMAL")
"""The ``synchronous`` modes in which a WAL commit never waits for the disk (the
checkpointer's connection syncs), so it may run on the event loop's thread."""


def _loop_writer(path: str | Path, synchronous: str, wal_limit_bytes: int) -> sqlite3.Connection:
    """The connection ``SqliteActionLog._write_at_once`` commits a click's actions on,
    on the event loop's thread.

    Such a commit writes a few rows into the WAL: 0.09 ms p50, 0.7 ms max at 1,000 tables
    (``bench/commit_wait.py``). Through aiosqlite's thread the same commit took a flusher
    task, a hop to the thread and a hop back, each a loop pass that waits behind every
    other table's ready work: at 1,000 tables in ``bench/discord_load.py`` the commit
    stage's p99 was 6-31 ms, of which the writing was 0.2 (issue 37). It never
    checkpoints (``storage.wal`` does) and never waits for a lock (``busy_timeout=0``):
    every write of this process holds the write lock, so only another process can hold
    SQLite's, and then the rows go to the thread as before."""
    conn = sqlite3.connect(str(path))
    try:
        conn.execute(f"PRAGMA synchronous={synchronous}")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute("PRAGMA busy_timeout=0")
        conn.execute("PRAGMA wal_autocheckpoint=0")
        conn.execute(f"PRAGMA journal_size_limit={int(wal_limit_bytes)}")
    except BaseException:
        conn.close()
        raise
    return conn


class SqliteActionLog(GroupCommitLog):
    def __init__(
        self,
        conn: aiosqlite.Connection,
        write_lock: asyncio.Lock,
        loop_writer: sqlite3.Connection | None = None,
        checkpointer: WalCheckpointer | None = None,
    ) -> None:
        super().__init__()
        self._conn = conn
        self._write_lock = write_lock
        self._loop_writer = loop_writer
        self._checkpointer = checkpointer

    def _free_loop_writer(self) -> sqlite3.Connection | None:
        """The loop's connection, when a write on it now waits for nothing: no other write
        of this process in flight, and the WAL not past its ceiling (the thread's writer
        starts it over first)."""
        if self._loop_writer is None or self._write_lock.locked():
            return None
        if self._checkpointer is not None and self._checkpointer.past_ceiling():
            return None
        return self._loop_writer

    def _write_at_once(self, actions: list[LoggedAction], extras: Sequence[object]) -> bool:
        conn = self._free_loop_writer()
        if conn is None:
            return False
        try:
            _write_batch_now(
                conn,
                [_sqlite_row(a) for a in actions],
                [cast(SnapshotRow, e) for e in extras],
            )
        except sqlite3.Error:
            # Another process's lock, or a row the log refuses: the flusher writes the
            # batch on the thread as before, and fails only the rows that fail alone.
            return False
        return True

    def write_statement_at_once(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor | None:
        """One statement (a new table, its seats, its status) committed now on the loop's
        connection, as ``_write_at_once`` commits a click's rows: its cursor; None, nothing
        written, when it cannot without waiting (the caller writes it on the thread then).
        An error of the statement itself (a constraint) is raised, rolled back.

        Through the thread each such write held the write lock for two loop passes, and
        in the first seconds at 1,000 tables (a hundred ``/quickplay`` a second, each
        seating computers and starting a match) the clicks' commits queued behind those
        passes (issue 37: the commit stage's p99 15-148 ms in that window)."""
        conn = self._free_loop_writer()
        if conn is None:
            return None
        try:
            cursor = conn.execute(sql, params)
            conn.commit()
        except sqlite3.OperationalError:
            conn.rollback()
            return None  # another process holds SQLite's lock: the thread waits for it
        except BaseException:
            conn.rollback()
            raise
        return cursor

    async def _insert_batch(
        self, actions: list[LoggedAction], extras: Sequence[object] = ()
    ) -> None:
        rows = [_sqlite_row(a) for a in actions]
        snapshots = [cast(SnapshotRow, e) for e in extras]
        if self._checkpointer is not None and self._checkpointer.past_ceiling():
            await self._checkpointer.start_over()
        async with self._write_lock:
            await _on_thread(self._conn, _write_batch_now, rows, snapshots)

    async def save_snapshot(self, table_id: int, snapshot_json: str, seq: int) -> None:
        """Store a table's snapshot with the next group commit; returns once committed."""
        row: SnapshotRow = (snapshot_json, seq, table_id)
        await self._join_next_commit(row)

    async def _insert_single(self, action: LoggedAction) -> None:
        async with self._write_lock:
            await _on_thread(self._conn, _write_now, _INSERT_SQLITE, _sqlite_row(action))

    async def append_many(self, actions: Sequence[LoggedAction]) -> None:
        await self.drain()
        rows = [_sqlite_row(a) for a in actions]
        async with self._write_lock:
            await _on_thread(self._conn, _write_many_now, _INSERT_SQLITE, rows)

    async def remove(self, table_id: int, seq: int) -> None:
        await self.drain()
        async with self._write_lock:
            await _on_thread(
                self._conn,
                _write_now,
                "DELETE FROM actions WHERE table_id = ? AND seq = ?",
                (table_id, seq),
            )

    async def for_table(self, table_id: int, after_seq: int = 0) -> list[LoggedAction]:
        rows = await self._conn.execute_fetchall(
            "SELECT table_id, seq, seat, action_id, at, by FROM actions"
            " WHERE table_id = ? AND seq > ? ORDER BY seq",
            (table_id, after_seq),
        )
        return [LoggedAction(*row) for row in rows]

    async def packed_logs(self, table_ids: Sequence[int]) -> dict[int, str]:
        # The primary key (table_id, seq) orders the scan; unpack_log sorts by seq anyway.
        packed: dict[int, str] = {}
        ids = list(table_ids)
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = await self._conn.execute_fetchall(
                "SELECT a.table_id, group_concat("
                "a.seq || char(31) || a.seat || char(31) || a.by || char(31) || a.action_id,"
                " char(30)) FROM actions a JOIN tables t ON t.id = a.table_id"
                f" WHERE a.table_id IN ({marks}) AND a.seq > t.snapshot_seq GROUP BY a.table_id",
                chunk,
            )
            packed.update((row[0], row[1]) for row in rows)
        return packed

    async def for_tables(self, table_ids: Sequence[int]) -> dict[int, list[LoggedAction]]:
        logs: dict[int, list[LoggedAction]] = {t: [] for t in table_ids}
        ids = list(table_ids)
        for start in range(0, len(ids), _CHUNK):
            chunk = ids[start : start + _CHUNK]
            marks = ",".join("?" * len(chunk))
            rows = await self._conn.execute_fetchall(
                "SELECT table_id, seq, seat, action_id, at, by FROM actions"
                f" WHERE table_id IN ({marks}) ORDER BY table_id, seq",
                chunk,
            )
            for row in rows:
                logs[row[0]].append(LoggedAction(*row))
        return logs
