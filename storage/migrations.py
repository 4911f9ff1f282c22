"""Numbered schema migrations: ``migrations/NNNN_name.sql``, applied in order, once each.

``schema_migrations`` records what has been applied, so starting the bot on an older
database brings it up to date and starting it on a current one changes nothing.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


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


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration] | None = None) -> int:
    """Apply the migrations not yet applied; returns how many ran."""
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at REAL NOT NULL)"
    )
    await conn.commit()
    async with conn.execute("SELECT version FROM schema_migrations") as cursor:
        applied = {row[0] async for row in cursor}
    ran = 0
    for migration in migrations if migrations is not None else load_migrations():
        if migration.version in applied:
            continue
        # executescript runs outside the implicit transaction, so wrap it in our own.
        await conn.executescript(
            "BEGIN;\n"
            + migration.sql
            + "\nINSERT INTO schema_migrations (version, name, applied_at) VALUES "
            + f"({migration.version}, '{migration.name}', {time.time()!r});\nCOMMIT;"
        )
        ran += 1
    return ran
