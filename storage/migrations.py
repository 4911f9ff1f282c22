"""Numbered schema migrations: ``migrations/NNNN_name.sql``, applied in order, once each.

``schema_migrations`` records what has been applied, so starting the bot on an older
database brings it up to date and starting it on a current one changes nothing. A record
that does not fit the code (a newer schema, a gap, another migration under a known number,
Card Table's tables without any record) stops the start with one line (``plan``): running
the migrations over it would fail half-way or damage the data.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from storage.repositories import StorageUnavailable

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
_DATABASE_FAULTS = (
    "SQLITE_READONLY",
    "SQLITE_CANTOPEN",
    "SQLITE_NOTADB",
    "SQLITE_CORRUPT",
    "SQLITE_IOERR",
    "SQLITE_FULL",
    "SQLITE_BUSY",
)


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations(directory: Path = MIGRATIONS_DIR) -> list[Migration]:
    """Every migration file in version order; a gap or a duplicate number is an error."""
    found: list[Migration] = []
    for path in sorted(directory.glob("*.sql")):
        match = _NAME.match(path.name)
        if match is None:
            raise ValueError(f"migration file {path.name!r} is not named NNNN_name.sql")
        found.append(Migration(int(match[1]), match[2], path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise ValueError(f"migration {expected:04d} is missing or duplicated")
    return found


def plan(
    applied: Mapping[int, str], known: list[Migration], *, has_tables: bool
) -> list[Migration]:
    """The migrations still to apply, given what ``schema_migrations`` records
    (version -> name) and whether the database holds other tables already.

    Raises ``StorageUnavailable`` when the record does not fit the code."""
    newest = known[-1].version if known else 0
    if not applied and has_tables:
        raise StorageUnavailable(
            "the database has tables but no schema_migrations record (not a Card Table "
            "database, or its record was lost): restore a backup or use an empty database"
        )
    if applied and max(applied) > newest:
        raise StorageUnavailable(
            f"the database's schema is version {max(applied)}, newer than this Card Table "
            f"(version {newest}): run the newer release, or restore a backup made for this one"
        )
    by_version = {m.version: m for m in known}
    for version, name in sorted(applied.items()):
        if by_version[version].name != name:
            raise StorageUnavailable(
                f"schema_migrations records {version:04d} as {name!r} where this code has "
                f"{by_version[version].name!r}: the database belongs to another branch of "
                "Card Table; restore a backup made for this one"
            )
    missing = [v for v in range(1, max(applied, default=0)) if v not in applied]
    if missing:
        listed = ", ".join(f"{v:04d}" for v in missing)
        raise StorageUnavailable(
            f"schema_migrations lacks {listed} below version {max(applied)} (a partial "
            "record): restore a backup; the migrations cannot be run again over it"
        )
    return [m for m in known if m.version not in applied]


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration] | None = None) -> int:
    """Apply the migrations not yet applied; returns how many ran."""
    async with conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    ) as cursor:
        tables = {row[0] async for row in cursor}
    applied: dict[int, str] = {}
    if "schema_migrations" in tables:
        async with conn.execute("SELECT version, name FROM schema_migrations") as cursor:
            applied = {int(row[0]): str(row[1]) async for row in cursor}
    todo = plan(
        applied,
        migrations if migrations is not None else load_migrations(),
        has_tables=bool(tables - {"schema_migrations"}),
    )
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    await conn.commit()
    for migration in todo:
        try:
            # executescript runs outside the implicit transaction, so wrap it in our own.
            await conn.executescript(
                "BEGIN;\n"
                + migration.sql
                + "\nINSERT INTO schema_migrations (version, name, applied_at) VALUES "
                + f"({migration.version}, '{migration.name}', {time.time()!r});\nCOMMIT;"
            )
        except sqlite3.Error as exc:
            await conn.rollback()
            if getattr(exc, "sqlite_errorname", "").startswith(_DATABASE_FAULTS):
                raise  # the file's fault, not the migration's: the caller names it
            raise StorageUnavailable(
                f"migration {migration.version:04d}_{migration.name} failed: {exc}"
            ) from exc
    return len(todo)
