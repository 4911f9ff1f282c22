"""Issue 28 and issue 29 items 1 and 7: every start-up failure a server admin meets ends
the process with one line naming what to fix and a non-zero exit, and leaves nothing
running (the aiosqlite thread once kept a failed start alive for good)."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage.migrations import load_migrations
from tests.e2e.fake_discord import FakeDiscord
from tests.startup.helpers import Ended, assert_one_line_failure, clean_env, run_entry


def closed_port() -> int:
    """A loopback port nothing listens on (connections are refused at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(tmp_path: Path, **values: str) -> Ended:
    """A start with a token, a Discord that cannot be reached and a fresh SQLite file,
    unless ``values`` say otherwise."""
    settings = {
        "CARDTABLE_DISCORD_TOKEN": "not-checked-before-the-database",
        "CARDTABLE_API_BASE_URL": f"http://127.0.0.1:{closed_port()}/api/v10",
        "CARDTABLE_DATABASE_URL": f"sqlite:///{tmp_path / 'cardtable.sqlite3'}",
        "CARDTABLE_PICTURE_WORKER": "thread",
    }
    settings.update(values)
    return run_entry([], clean_env(**settings), tmp_path)


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


def test_no_network_names_discord_and_the_network(tmp_path: Path) -> None:
    ended = start(tmp_path)
    assert_one_line_failure(ended, "cannot reach Discord", "network")


async def test_a_refused_token_names_the_variable(fake: FakeDiscord, tmp_path: Path) -> None:
    env = clean_env(
        CARDTABLE_DISCORD_TOKEN="a-token-discord-does-not-know",
        CARDTABLE_API_BASE_URL=fake.api_base,
        CARDTABLE_GATEWAY_URL=fake.gateway_url,
        CARDTABLE_DATABASE_URL=f"sqlite:///{tmp_path / 'cardtable.sqlite3'}",
        CARDTABLE_PICTURE_WORKER="thread",
    )
    ended = await asyncio.to_thread(run_entry, [], env, tmp_path)
    assert_one_line_failure(ended, "Discord refused the token", "CARDTABLE_DISCORD_TOKEN")
    assert "a-token-discord-does-not-know" not in ended.stderr


def test_an_unknown_database_url_scheme(tmp_path: Path) -> None:
    ended = start(tmp_path, CARDTABLE_DATABASE_URL="mysql://cards@127.0.0.1/cardtable")
    assert_one_line_failure(ended, "CARDTABLE_DATABASE_URL", "mysql", "sqlite:///")


def test_a_sqlite_file_in_a_missing_folder(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "folder" / "cardtable.sqlite3"
    ended = start(tmp_path, CARDTABLE_DATABASE_URL=f"sqlite:///{missing}")
    assert_one_line_failure(ended, "CARDTABLE_DATABASE_URL", str(missing), "folder exists")


def test_postgresql_that_refuses_connections_hides_the_password(tmp_path: Path) -> None:
    url = f"postgresql://cards:s3cret@127.0.0.1:{closed_port()}/cardtable"
    ended = start(tmp_path, CARDTABLE_DATABASE_URL=url)
    assert_one_line_failure(ended, "CARDTABLE_DATABASE_URL", "PostgreSQL at 127.0.0.1", "refused")
    assert "s3cret" not in ended.stderr


@pytest.mark.parametrize(
    ("variable", "value", "fragment"),
    [
        ("CARDTABLE_TURN_TIMER_SECONDS", "5", "greater than or equal to 10"),
        ("CARDTABLE_LOG_LEVEL", "LOUD", "DEBUG"),
        ("CARDTABLE_PICTURE_WORKER", "gpu", "process"),
        ("CARDTABLE_SHARD_IDS", "zero", "list"),
    ],
)
def test_a_bad_setting_names_the_environment_variable(
    tmp_path: Path, variable: str, value: str, fragment: str
) -> None:
    ended = start(tmp_path, **{variable: value})
    assert_one_line_failure(ended, f"{variable}={value}", fragment)


def test_a_corrupt_database_file(tmp_path: Path) -> None:
    path = tmp_path / "cardtable.sqlite3"
    path.write_bytes(b"this is no database, whatever its name says\n" * 200)
    ended = start(tmp_path)
    assert_one_line_failure(ended, str(path), "not a readable SQLite database")


def make_database(path: Path, upto: int | None = None) -> None:
    """A Card Table database migrated to version ``upto`` (every migration by default)."""
    migrations = load_migrations()[:upto]
    conn = sqlite3.connect(path)
    conn.execute(
        "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
        " applied_at REAL NOT NULL)"
    )
    for m in migrations:
        conn.executescript(m.sql)
        conn.execute("INSERT INTO schema_migrations VALUES (?, ?, 0)", (m.version, m.name))
    conn.commit()
    conn.close()


def test_a_schema_newer_than_the_code(tmp_path: Path) -> None:
    path = tmp_path / "cardtable.sqlite3"
    make_database(path)
    newest = len(load_migrations())
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (?, 'later', 0)", (newest + 3,))
    ended = start(tmp_path)
    assert_one_line_failure(ended, f"schema is version {newest + 3}", f"version {newest}")


def test_a_schema_older_than_the_code_is_brought_up_to_date(tmp_path: Path) -> None:
    """Older is what an upgrade meets: the start migrates it (then fails later, here, at
    the network: the database was fine)."""
    path = tmp_path / "cardtable.sqlite3"
    make_database(path, upto=3)
    ended = start(tmp_path)
    assert_one_line_failure(ended, "cannot reach Discord")
    with sqlite3.connect(path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_migrations")]
    assert versions == [m.version for m in load_migrations()]


def test_a_missing_schema_migrations_table(tmp_path: Path) -> None:
    path = tmp_path / "cardtable.sqlite3"
    make_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DROP TABLE schema_migrations")
    ended = start(tmp_path)
    assert_one_line_failure(ended, "no schema_migrations record", "backup")


def test_a_partial_schema_migrations_record(tmp_path: Path) -> None:
    path = tmp_path / "cardtable.sqlite3"
    make_database(path)
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version = 2")
    ended = start(tmp_path)
    assert_one_line_failure(ended, "schema_migrations lacks 0002", "backup")


NO_ROOT_OVERRIDE = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--"]
"""Runs a command as this user without the capabilities that let root write anything (so
that file modes apply to the test's child even when the suite runs as root)."""


def unprivileged() -> list[str]:
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: file modes cannot be made to apply")
    return NO_ROOT_OVERRIDE


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_database_is_reported_at_start(tmp_path: Path, what: str) -> None:
    """Issue 29 item 7: the bot used to start and answer every move "Something went wrong"."""
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "cardtable.sqlite3"
    make_database(path)
    path.chmod(0o444 if what == "file" else 0o644)
    folder.chmod(0o555 if what == "folder" else 0o755)
    try:
        env = clean_env(
            CARDTABLE_DISCORD_TOKEN="x",
            CARDTABLE_API_BASE_URL=f"http://127.0.0.1:{closed_port()}/api/v10",
            CARDTABLE_DATABASE_URL=f"sqlite:///{path}",
            CARDTABLE_PICTURE_WORKER="thread",
        )
        ended = run_entry([], env, tmp_path, wrap=unprivileged())
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)
    assert_one_line_failure(ended, str(path), "read-only")
