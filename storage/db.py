"""A small SQL layer that both backends provide, so the match and league repositories are
written once: ``?`` placeholders everywhere (PostgreSQL's ``$1, $2`` are made from them),
rows as sequences, and a transaction that serialises writers.

Only the dialect-neutral subset of SQL goes through here: ``INSERT ... RETURNING``,
``ON CONFLICT ... DO UPDATE``, partial indexes, ``LIMIT/OFFSET`` (SQLite >= 3.35 and
PostgreSQL >= 12 both have them). JSON travels as TEXT and booleans as 0/1 integers, so a
row reads the same from either database.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any, Protocol

import aiosqlite

if TYPE_CHECKING:
    import asyncpg

Row = Sequence[Any]


class Tx(Protocol):
    """One open transaction."""

    async def execute(self, sql: str, *params: Any) -> None: ...

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None: ...

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchone(self, sql: str, *params: Any) -> Row | None: ...

    async def lock(self, key: str) -> None:
        """Hold a lock named ``key`` until the transaction ends (serialises the writers of
        one league across processes on PostgreSQL; SQLite already has one writer)."""


class Db(Protocol):
    dialect: str

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchone(self, sql: str, *params: Any) -> Row | None: ...

    def transaction(self) -> Any:
        """``async with db.transaction() as tx:`` commits at the end, rolls back on error."""


def lock_key(name: str) -> int:
    """A stable signed 64-bit key for ``name`` (PostgreSQL advisory locks take a bigint)."""
    digest = hashlib.blake2b(name.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


# -- SQLite ----------------------------------------------------------------------------


class SqliteTx:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> None:
        await self._conn.execute(sql, params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(sql, rows)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        async with self._conn.execute(sql, params) as cursor:
            row: Row | None = await cursor.fetchone()
        return row

    async def lock(self, key: str) -> None:
        """Nothing to do: the write lock and ``BEGIN IMMEDIATE`` make this the only writer."""


class SqliteDb:
    """The layer over the backend's one connection, sharing its write lock."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, write_lock: asyncio.Lock) -> None:
        self._conn = conn
        self._write_lock = write_lock
        self._tx = SqliteTx(conn)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return await self._tx.fetch(sql, *params)

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        return await self._tx.fetchone(sql, *params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        async with self._write_lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._tx
            except BaseException:
                await self._conn.rollback()
                raise
            await self._conn.commit()


# -- PostgreSQL ------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\?")
_translated: dict[str, str] = {}


def pg_sql(sql: str) -> str:
    """``?`` placeholders numbered as ``$1, $2 ...`` (cached: the statements are constants)."""
    done = _translated.get(sql)
    if done is None:
        counter = iter(range(1, 10_000))
        done = _PLACEHOLDER.sub(lambda _: f"${next(counter)}", sql)
        _translated[sql] = done
    return done


class PgTx:
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, *params: Any) -> None:
        await self._conn.execute(pg_sql(sql), *params)

    async def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self._conn.executemany(pg_sql(sql), rows)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return list(await self._conn.fetch(pg_sql(sql), *params))

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        row: Row | None = await self._conn.fetchrow(pg_sql(sql), *params)
        return row

    async def lock(self, key: str) -> None:
        await self._conn.execute("SELECT pg_advisory_xact_lock($1)", lock_key(key))


class PgDb:
    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return list(await self._pool.fetch(pg_sql(sql), *params))

    async def fetchone(self, sql: str, *params: Any) -> Row | None:
        row: Row | None = await self._pool.fetchrow(pg_sql(sql), *params)
        return row

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PgTx]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PgTx(conn)
