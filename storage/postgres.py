"""The PostgreSQL backend (asyncpg): the same repositories as ``storage.sqlite``, for
deployments that run several bot processes (shards) against one database.

Migrations are the numbered twins in ``migrations/postgresql/``, applied under an advisory
lock so that processes starting together migrate once. Each process claims its shards with
session advisory locks held for its lifetime (``claim_shards``), so two processes never run
the same guilds' tables.
"""

from __future__ import annotations

import json
import logging
import socket
import time
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

import asyncpg

from storage.command_sync import SqlCommandSyncRepository
from storage.db import PgDb, lock_key, pg_sql
from storage.duplicate import SqlDuplicateRepository
from storage.entrant_standings import SqlEntrantStandingRepository
from storage.entrants import SqlEntrantRepository
from storage.group_commit import GroupCommitLog
from storage.guild_settings import SqlGuildSettingsRepository
from storage.hand_reports import SqlHandReportRepository
from storage.languages import SqlLanguageRepository
from storage.leagues import SqlLeagueRepository
from storage.matches import SqlMatchRepository
from storage.migrations import MIGRATIONS_DIR, Migration, load_migrations, plan
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
from storage.shards import ShardSet, ShardTaken
from storage.sqlite import _quarantined_from_row, _quarantined_query, export_rows

log = logging.getLogger(__name__)

PG_MIGRATIONS_DIR = MIGRATIONS_DIR / "postgresql"
_OPEN = ("lobby", "running")
_TABLE_COLUMNS = (
    "id, game, players, options, seed, deals, seats, settings, status, host_id, guild_id,"
    " channel_id, created_at, updated_at, snapshot, snapshot_seq"
)


def _table_from_row(row: Sequence[Any], *, lazy_snapshot: bool = False) -> TableRecord:
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


async def migrate_pg(conn: asyncpg.Connection, migrations: list[Migration] | None = None) -> int:
    """Apply the PostgreSQL migrations not yet applied; returns how many ran."""
    await conn.execute("SELECT pg_advisory_lock($1)", lock_key("cardtable:migrations"))
    try:
        tables = {
            r[0]
            for r in await conn.fetch(
                "SELECT table_name FROM information_schema.tables"
                " WHERE table_schema = current_schema()"
            )
        }
        applied: dict[int, str] = {}
        if "schema_migrations" in tables:
            rows = await conn.fetch("SELECT version, name FROM schema_migrations")
            applied = {int(r[0]): str(r[1]) for r in rows}
        todo = plan(
            applied,
            migrations if migrations is not None else load_migrations(PG_MIGRATIONS_DIR),
            has_tables=bool(tables - {"schema_migrations"}),
        )
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at DOUBLE PRECISION NOT NULL)"
        )
        for migration in todo:
            try:
                async with conn.transaction():
                    await conn.execute(migration.sql)
                    await conn.execute(
                        "INSERT INTO schema_migrations (version, name, applied_at)"
                        " VALUES ($1,$2,$3)",
                        migration.version,
                        migration.name,
                        time.time(),
                    )
            except asyncpg.PostgresError as exc:
                raise StorageUnavailable(
                    f"migration {migration.version:04d}_{migration.name} failed: {exc}"
                ) from exc
        return len(todo)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", lock_key("cardtable:migrations"))


CONNECT_TIMEOUT = 4.0
"""Seconds to wait for the server at start: a host that does not answer fails the start
within Discord-independent seconds, instead of asyncpg's default minute."""


def describe_url(url: str) -> str:
    """``host:port/database`` of a PostgreSQL URL, without the user or password."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    try:
        port = str(parts.port or 5432)
    except ValueError:
        port = "?"
    return f"{host}:{port}{parts.path or '/'}"


def explain_connect_error(url: str, exc: BaseException) -> str:
    """One line for a failure to reach or log in to the server at ``url``: what to fix."""
    where = f"PostgreSQL at {describe_url(url)}"
    if isinstance(
        exc, asyncpg.InvalidPasswordError | asyncpg.InvalidAuthorizationSpecificationError
    ):
        return f"{where} refused the login: check the user and password in the URL"
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return f"{where}: the database does not exist; create it (createdb) or fix its name"
    if isinstance(exc, TimeoutError):
        return f"{where} did not answer within {CONNECT_TIMEOUT:.0f} s: check the host and port"
    if isinstance(exc, ConnectionRefusedError):
        return f"{where} refused the connection: is the server running and on that port?"
    if isinstance(exc, socket.gaierror):
        return f"{where}: the host name does not resolve; check the host in the URL"
    if isinstance(exc, OSError):
        return f"{where} cannot be reached: {exc.strerror or exc}"
    if isinstance(exc, ValueError):
        return f"the PostgreSQL URL is not valid ({exc}): use postgresql://user:pass@host:port/db"
    return f"{where} cannot be used: {exc}"


class PgStorage:
    """``Storage`` over a PostgreSQL database. Open with ``await PgStorage.open(url)``."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self.db = PgDb(pool)
        """The dialect-neutral SQL layer (repositories, maintenance scripts, tests)."""
        self._claim: asyncpg.Connection | None = None
        self.tables = PgTableRepository(pool)
        self.actions = PgActionLog(pool)
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
        cls, url: str, *, min_size: int = 1, max_size: int = 10, schema: str | None = None
    ) -> PgStorage:
        """Connect to ``url`` and migrate. ``schema`` puts every table in that schema
        (created if missing): tests give each run its own."""
        settings = {"search_path": schema} if schema else None
        try:
            if schema:
                conn = await asyncpg.connect(url, timeout=CONNECT_TIMEOUT)
                try:
                    await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{_ident(schema)}"')
                finally:
                    await conn.close()
            pool = await asyncpg.create_pool(
                url,
                min_size=min_size,
                max_size=max_size,
                server_settings=settings,
                timeout=CONNECT_TIMEOUT,
            )
        except (OSError, TimeoutError, ValueError, asyncpg.PostgresError) as exc:
            raise StorageUnavailable(explain_connect_error(url, exc)) from exc
        try:
            async with pool.acquire() as conn:
                await migrate_pg(conn)
        except BaseException as exc:
            await pool.close()
            if isinstance(
                exc, asyncpg.InsufficientPrivilegeError | asyncpg.ReadOnlySQLTransactionError
            ):
                where = f"PostgreSQL at {describe_url(url)}"
                raise StorageUnavailable(
                    f"{where}: this user may not create or write the tables ({exc})"
                ) from exc
            raise
        return cls(pool)

    async def claim_shards(self, shards: ShardSet) -> None:
        """Hold a lock per shard for as long as this storage is open; ``ShardTaken`` if
        another process holds one (the same shard must not run twice)."""
        if self._claim is None:
            self._claim = await self._pool.acquire()
        schema = await self._claim.fetchval("SELECT current_schema()")
        for shard in shards.ids:
            key = lock_key(f"cardtable:{schema}:shard:{shard}/{shards.count}")
            if not await self._claim.fetchval("SELECT pg_try_advisory_lock($1)", key):
                raise ShardTaken(f"shard {shard} of {shards.count} is run by another process")

    async def close(self) -> None:
        await self.actions.drain()
        if self._claim is not None:
            await self._pool.release(self._claim)  # releases the shard locks with the session
            self._claim = None
        await self._pool.close()


def _ident(name: str) -> str:
    if not name.replace("_", "").isalnum():
        raise ValueError(f"bad schema name {name!r}")
    return name


class PgTableRepository:
    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def create(self, table: TableRecord) -> TableRecord:
        now = time.time()
        table.created_at = table.created_at or now
        table.updated_at = now
        try:
            table.id = await self._pool.fetchval(
                f"INSERT INTO tables ({INSERT_COLUMNS}) VALUES"
                f" ({','.join(f'${n}' for n in range(1, 16))}) RETURNING id",
                *table.insert_row(),
            )
        except asyncpg.UniqueViolationError as exc:
            raise ChannelTaken(f"channel {table.channel_id} already has an open table") from exc
        return table

    async def get(self, table_id: int) -> TableRecord | None:
        row = await self._pool.fetchrow(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE id = $1", table_id
        )
        return _table_from_row(row) if row is not None else None

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        row = await self._pool.fetchrow(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE channel_id = $1 AND status IN ($2, $3)",
            channel_id,
            *_OPEN,
        )
        return _table_from_row(row) if row is not None else None

    async def list_open(self, shards: ShardSet | None = None) -> list[TableRecord]:
        sql = f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status IN (?, ?)"
        params: tuple[Any, ...] = _OPEN
        if shards is not None:
            clause, extra = shards.sql_filter()
            sql, params = f"{sql} AND {clause}", (*params, *extra)
        rows = await self._pool.fetch(pg_sql(sql + " ORDER BY id"), *params)
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
        await self._pool.execute(
            "UPDATE tables SET settings = $1, updated_at = $2 WHERE id = $3",
            _dumps(settings),
            time.time(),
            table_id,
        )

    async def quarantine(self, table_id: int, reason: str) -> None:
        now = time.time()
        await self._pool.execute(
            "UPDATE tables SET status = 'quarantined', quarantine_reason = $1,"
            " quarantined_at = $2, quarantine_told = 0, updated_at = $2 WHERE id = $3",
            reason[:REASON_MAX],
            now,
            table_id,
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
        rows = await self._pool.fetch(pg_sql(sql), *params)
        return [_quarantined_from_row(row) for row in rows]

    async def mark_told(self, table_id: int) -> None:
        await self._pool.execute("UPDATE tables SET quarantine_told = 1 WHERE id = $1", table_id)

    async def export(self, table_id: int) -> dict[str, Any] | None:
        row = await self._pool.fetchrow("SELECT * FROM tables WHERE id = $1", table_id)
        if row is None:
            return None
        actions = await self._pool.fetch(
            "SELECT seq, seat, action_id, at, by FROM actions WHERE table_id = $1 ORDER BY seq",
            table_id,
        )
        return export_rows(dict(row.items()), [tuple(a) for a in actions])

    async def update_seats(self, table_id: int, seats: Sequence[SeatRecord | None]) -> None:
        await self._pool.execute(
            "UPDATE tables SET seats = $1, updated_at = $2 WHERE id = $3",
            _seats_json(seats),
            time.time(),
            table_id,
        )

    async def update_status(
        self, table_id: int, status: TableStatus, *, host_id: int | None = None
    ) -> None:
        if host_id is None:
            await self._pool.execute(
                "UPDATE tables SET status = $1, updated_at = $2 WHERE id = $3",
                status.value,
                time.time(),
                table_id,
            )
        else:
            await self._pool.execute(
                "UPDATE tables SET status = $1, host_id = $2, updated_at = $3 WHERE id = $4",
                status.value,
                host_id,
                time.time(),
                table_id,
            )

    async def start(
        self, table_id: int, seats: Sequence[SeatRecord | None], seed: int, players: int
    ) -> None:
        await self._pool.execute(
            "UPDATE tables SET status = 'running', seats = $1, seed = $2, players = $3,"
            " updated_at = $4 WHERE id = $5",
            _seats_json(seats),
            seed,
            players,
            time.time(),
            table_id,
        )

    async def save_snapshot(self, table_id: int, snapshot: dict[str, Any], seq: int) -> None:
        await self._pool.execute(
            "UPDATE tables SET snapshot = $1, snapshot_seq = $2 WHERE id = $3",
            _dumps(snapshot),
            seq,
            table_id,
        )


_INSERT_ACTION = (
    "INSERT INTO actions (table_id, seq, seat, action_id, at, by) VALUES ($1,$2,$3,$4,$5,$6)"
)


def _action_row(a: LoggedAction) -> tuple[int, int, int, str, float, str]:
    return (a.table_id, a.seq, a.seat, a.action_id, float(a.at), a.by)


class PgActionLog(GroupCommitLog):
    """Group commit as on SQLite (``storage.group_commit``): one ``executemany`` in one
    transaction per batch, so busy tables cost one round trip per batch."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        super().__init__()
        self._pool = pool

    async def _insert_batch(
        self, actions: list[LoggedAction], extras: Sequence[object] = ()
    ) -> None:
        # Nothing is joined to a batch here (``extras`` stays empty): writers on
        # PostgreSQL do not queue behind one connection as they do on SQLite.
        assert not extras, "PgActionLog joins no writes to its batches"
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.executemany(_INSERT_ACTION, [_action_row(a) for a in actions])

    async def _insert_single(self, action: LoggedAction) -> None:
        await self._pool.execute(_INSERT_ACTION, *_action_row(action))

    async def append_many(self, actions: Sequence[LoggedAction]) -> None:
        """Store many actions in one transaction (imports, benchmarks, tests)."""
        await self.drain()
        async with self._pool.acquire() as conn, conn.transaction():
            await conn.executemany(_INSERT_ACTION, [_action_row(a) for a in actions])

    async def packed_open_logs(self, shards: ShardSet | None = None) -> dict[int, str]:
        """Every running table's log after its snapshot, one string per table: entries
        ``seq US seat US by US action_id`` joined by RS (ASCII 31 and 30), as SQLite's
        backend packs them for restart recovery; with ``shards``, only their guilds'."""
        sql = (
            "SELECT a.table_id, string_agg(a.seq::text || chr(31) || a.seat::text || chr(31)"
            " || a.by || chr(31) || a.action_id, chr(30) ORDER BY a.seq)"
            " FROM actions a JOIN tables t ON t.id = a.table_id"
            " WHERE t.status = 'running' AND a.seq > t.snapshot_seq"
        )
        params: tuple[Any, ...] = ()
        if shards is not None:
            clause, params = shards.sql_filter()
            sql += " AND " + clause.replace("guild_id", "t.guild_id")
        rows = await self._pool.fetch(pg_sql(sql + " GROUP BY a.table_id"), *params)
        return {row[0]: row[1] for row in rows}

    async def packed_logs(self, table_ids: Sequence[int]) -> dict[int, str]:
        """The given tables' logs after their snapshots, packed as ``packed_open_logs``."""
        await self.drain()
        sql = (
            "SELECT a.table_id, string_agg(a.seq::text || chr(31) || a.seat::text || chr(31)"
            " || a.by || chr(31) || a.action_id, chr(30) ORDER BY a.seq)"
            " FROM actions a JOIN tables t ON t.id = a.table_id"
            " WHERE a.table_id = ANY($1::bigint[]) AND a.seq > t.snapshot_seq"
            " GROUP BY a.table_id"
        )
        rows = await self._pool.fetch(sql, list(table_ids))
        return {row[0]: row[1] for row in rows}

    async def remove(self, table_id: int, seq: int) -> None:
        await self.drain()
        await self._pool.execute(
            "DELETE FROM actions WHERE table_id = $1 AND seq = $2", table_id, seq
        )

    async def for_table(self, table_id: int, after_seq: int = 0) -> list[LoggedAction]:
        rows = await self._pool.fetch(
            "SELECT table_id, seq, seat, action_id, at, by FROM actions"
            " WHERE table_id = $1 AND seq > $2 ORDER BY seq",
            table_id,
            after_seq,
        )
        return [LoggedAction(*row) for row in rows]

    async def for_tables(self, table_ids: Sequence[int]) -> dict[int, list[LoggedAction]]:
        logs: dict[int, list[LoggedAction]] = {t: [] for t in table_ids}
        if not logs:
            return logs
        rows = await self._pool.fetch(
            "SELECT table_id, seq, seat, action_id, at, by FROM actions"
            " WHERE table_id = ANY($1::bigint[]) ORDER BY table_id, seq",
            list(logs),
        )
        for row in rows:
            logs[row[0]].append(LoggedAction(*row))
        return logs
