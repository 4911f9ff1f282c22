"""The crash test: a process playing matches is SIGKILLed at random moments; after each
restart every acknowledged action is in the log and, in the end, every match finishes."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from storage import SqliteStorage, TableStatus

ROOT = Path(__file__).resolve().parents[2]
KILLS = 3


def run_worker(db: Path, seed: int, kill_after: int | None) -> list[tuple[int, int, str]]:
    """Run the worker; SIGKILL it after ``kill_after`` acknowledgements (None: let it end)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    errors_file = open(db.with_suffix(".stderr"), "w+")  # noqa: SIM115 (read back below)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.tables.crash_worker", str(db), str(seed)]
        + (["--finish"] if kill_after is None else []),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=errors_file,
        text=True,
    )
    assert proc.stdout is not None
    acks: list[tuple[int, int, str]] = []
    for line in proc.stdout:
        if line.startswith("ACK "):
            _, table, seq, action = line.split()
            acks.append((int(table), int(seq), action))
            if kill_after is not None and len(acks) >= kill_after:
                proc.send_signal(signal.SIGKILL)
                break
    proc.communicate(timeout=120)
    errors_file.seek(0)
    errors = errors_file.read()
    errors_file.close()
    if kill_after is None:
        assert proc.returncode == 0, f"the worker failed:\n{errors[-4000:]}"
    else:
        assert proc.returncode == -signal.SIGKILL or len(acks) < kill_after
    return acks


async def test_sigkill_loses_no_acknowledged_action_and_every_match_finishes(
    tmp_path: Path,
) -> None:
    db = tmp_path / "crash.sqlite3"
    rng = random.Random(8)
    acknowledged: list[tuple[int, int, str]] = []
    for round_ in range(KILLS):
        acknowledged += run_worker(db, round_, kill_after=rng.randrange(20, 400))
        store = await SqliteStorage.open(db)
        for table, seq, action in acknowledged:
            logged = await store.actions.for_table(table, after_seq=seq - 1)
            assert logged and logged[0].seq == seq, f"table {table}: acked seq {seq} lost"
            # the acknowledged click is the last player action at or before that seq
            players = [a for a in await store.actions.for_table(table) if a.seq <= seq]
            assert any(a.action_id == action and a.by == "player" for a in players)
        await store.close()
    run_worker(db, 99, kill_after=None)
    store = await SqliteStorage.open(db)
    assert await store.tables.list_open() == []
    tables = [await store.tables.get(t) for t in {t for t, _, _ in acknowledged}]
    assert tables and all(t is not None and t.status is TableStatus.FINISHED for t in tables)
    await store.close()
