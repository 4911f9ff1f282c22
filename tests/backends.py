"""Storage backends for the tests: a temp SQLite file, and a fresh schema on the PostgreSQL
server named by ``CARDTABLE_TEST_POSTGRES_URL`` (``.ci/start-postgres`` starts one). The
PostgreSQL variant is skipped only when that variable is unset."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from storage import SqliteStorage, Storage

PG_URL_VAR = "CARDTABLE_TEST_POSTGRES_URL"
BACKENDS = ("sqlite", "postgresql")


@asynccontextmanager
async def open_backend(kind: str, tmp_path: Path) -> AsyncIterator[Storage]:
    if kind == "sqlite":
        sqlite_store = await SqliteStorage.open(tmp_path / "test.sqlite3")
        try:
            yield sqlite_store
        finally:
            await sqlite_store.close()
        return
    url = os.environ.get(PG_URL_VAR)
    if not url:
        pytest.skip(f"{PG_URL_VAR} is not set (bash .ci/start-postgres prints one)")
    import asyncpg

    from storage.postgres import PgStorage

    schema = f"t_{uuid.uuid4().hex[:16]}"
    pg_store = await PgStorage.open(url, schema=schema, max_size=4)
    try:
        yield pg_store
    finally:
        await pg_store.close()
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        finally:
            await conn.close()
