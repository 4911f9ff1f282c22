"""The WAL is checkpointed off the writer's path (storage.wal): SIGKILL with a long WAL
never checkpointed, or in the middle of checkpoints, loses no committed action, and under
sustained writes the WAL stays near its limit."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from storage import LoggedAction, SeatRecord, SqliteStorage, TableRecord
from storage.wal import CEILING, CheckpointStats

ROOT = Path(__file__).resolve().parents[2]
OLD_AUTOCHECKPOINT_BYTES = 1000 * 4096  # SQLite's default wal_autocheckpoint, in bytes


def run_until_killed(db: Path, every: float, limit: int, acks: int, wal_at_least: int) -> tuple[
    dict[int, int], int
]:  # fmt: skip
    """Run the worker; SIGKILL it once it has acknowledged ``acks`` actions and its WAL
    has ``wal_at_least`` bytes. Returns each table's highest acknowledged seq and the
    WAL's largest size seen meanwhile."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.wal_worker", str(db), str(every), str(limit)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    wal = db.with_name(db.name + "-wal")
    acked: dict[int, int] = {}
    count, largest = 0, 0
    try:
        for line in proc.stdout:
            if not line.startswith("ACK "):
                continue
            _, table, seq = line.split()
            acked[int(table)] = max(acked.get(int(table), 0), int(seq))
            count += 1
            if count % 25 == 0:
                size = wal.stat().st_size if wal.exists() else 0
                largest = max(largest, size)
                if count >= acks and size >= wal_at_least:
                    proc.send_signal(signal.SIGKILL)
                    break
    finally:
        if proc.poll() is None:
            proc.kill()
        _, errors = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL, f"the worker ended by itself:\n{errors[-3000:]}"
    return acked, largest


def assert_nothing_lost(db: Path, acked: dict[int, int]) -> None:
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        logs: dict[int, list[int]] = {}
        for table, seq in conn.execute("SELECT table_id, seq FROM actions ORDER BY table_id, seq"):
            logs.setdefault(table, []).append(seq)
    finally:
        conn.close()
    assert acked
    for table, seq in acked.items():
        log = logs.get(table, [])
        assert log == list(range(1, len(log) + 1)), f"table {table}: a gap in its log"
        assert len(log) >= seq, f"table {table}: acknowledged seq {seq}, the log ends at {len(log)}"


def test_sigkill_with_a_long_wal_never_checkpointed_loses_nothing(tmp_path: Path) -> None:
    db = tmp_path / "long.sqlite3"
    acked: dict[int, int] = {}
    for _ in range(2):  # killed twice: the second run starts on the first's long WAL
        more, largest = run_until_killed(
            db, every=3600, limit=64 * 2**20, acks=3000, wal_at_least=2 * OLD_AUTOCHECKPOINT_BYTES
        )
        for table, seq in more.items():
            acked[table] = max(acked.get(table, 0), seq)
        # longer than SQLite's own checkpoint would ever have let it grow
        assert largest >= 2 * OLD_AUTOCHECKPOINT_BYTES
        assert_nothing_lost(db, acked)


def test_sigkill_while_checkpointing_loses_nothing_and_the_wal_stays_bounded(
    tmp_path: Path,
) -> None:
    db = tmp_path / "busy.sqlite3"
    limit = 256 * 1024
    rng = random.Random(3)
    acked: dict[int, int] = {}
    for _ in range(3):
        more, largest = run_until_killed(
            db, every=0.01, limit=limit, acks=rng.randrange(2000, 6000), wal_at_least=0
        )
        for table, seq in more.items():
            acked[table] = max(acked.get(table, 0), seq)
        assert largest < 4 * 2**20  # (the never-checkpointed run above passes 8 MB)
        assert_nothing_lost(db, acked)


async def sustained_writes(store: SqliteStorage, wal: Path, batches: int) -> int:
    """Commit ``batches`` batches of actions over 200 tables, the loop free between
    them (as between clicks); returns the WAL's largest size."""
    for table_id in range(1, 201):
        await store.tables.create(
            TableRecord(
                game="toy",
                players=2,
                options={},
                seed=table_id,
                channel_id=table_id,
                host_id=1,
                seats=[SeatRecord(name="a", user_id=1), None],
            )
        )
    rng = random.Random(5)
    seqs = dict.fromkeys(range(1, 201), 0)
    largest = 0
    for _ in range(batches):
        futures = []
        for table_id in rng.sample(sorted(seqs), 25):
            seqs[table_id] += 1
            futures.append(
                store.actions.enqueue(
                    LoggedAction(table_id, seqs[table_id], 0, "play:" + "x" * 40, 0.0, "player")
                )
            )
        await asyncio.gather(*futures)
        largest = max(largest, wal.stat().st_size)
        await asyncio.sleep(0.002)
    logged = await store.actions.for_tables(sorted(seqs))
    assert {t: len(rows) for t, rows in logged.items()} == seqs
    return largest


async def writes_on(db: Path, **opening: Any) -> tuple[int, CheckpointStats]:
    """``sustained_writes`` on a store opened at ``db`` with ``opening``: the WAL's
    largest size and what its checkpointer did."""
    store = await SqliteStorage.open(db, **opening)
    try:
        largest = await sustained_writes(store, db.with_name(db.name + "-wal"), 600)
        assert store.checkpointer is not None
        return largest, store.checkpointer.stats
    finally:
        await store.close()


async def test_the_wal_stays_near_its_limit_under_sustained_writes(tmp_path: Path) -> None:
    limit = 256 * 1024
    largest, stats = await writes_on(
        tmp_path / "checked.sqlite3", checkpoint_every=0.01, wal_limit_bytes=limit
    )
    # The same writes with no checkpoint at all (the limit far away) grow the WAL past
    # every bound here.
    grown, _ = await writes_on(tmp_path / "unchecked.sqlite3", checkpoint_every=3600)
    assert grown > 8 * 2**20
    assert largest < 3 * 2**20
    assert stats.passes > 10 and stats.failures == 0
    # The writers were held only past the limit, and the WAL then started over.
    assert stats.held >= 1
    assert stats.largest_wal_pages * 4096 < 3 * 2**20


async def test_the_writer_bounds_the_wal_when_the_checkpointer_never_gets_to_run(
    tmp_path: Path,
) -> None:
    """A checkpointer kept off the CPU (here: its passes an hour apart) does not let the
    WAL grow: past ``storage.wal.CEILING`` times the limit the writer starts it over
    itself before it commits, so the bound holds however the threads are scheduled."""
    limit = 256 * 1024
    largest, stats = await writes_on(
        tmp_path / "starved.sqlite3", checkpoint_every=3600, wal_limit_bytes=limit
    )
    assert largest < CEILING * limit + 2**20
    assert stats.held >= 1 and stats.passes == 0


async def test_a_clean_close_leaves_no_wal_and_memory_has_no_checkpointer(
    tmp_path: Path,
) -> None:
    db = tmp_path / "closed.sqlite3"
    store = await SqliteStorage.open(db)
    assert store.checkpointer is not None
    await store.tables.create(
        TableRecord(
            game="toy", players=2, options={}, seed=1, channel_id=1, host_id=1,
            seats=[SeatRecord(name="a", user_id=1), None],
        )
    )  # fmt: skip
    await store.close()
    assert not db.with_name(db.name + "-wal").exists()
    memory = await SqliteStorage.open(":memory:")
    try:
        assert memory.checkpointer is None
    finally:
        await memory.close()
    inline = await SqliteStorage.open(tmp_path / "inline.sqlite3", checkpoint="inline")
    try:
        assert inline.checkpointer is None
    finally:
        await inline.close()
