"""Where a commit waits at N tables' write rate: the real SQLite storage and group commit
driven with the bot's write pattern, SQLite's own checkpoint in the writer's commits (the
old behaviour, ``inline``) against the background checkpointer (``storage.wal``), in turn
in one run, on a file on disk (not tmpfs: there an fsync costs nothing).

    python bench/commit_wait.py [--tables 100,1000] [--seconds 30] [--think 10]
        [--rounds 2] [--game nigerian_thunee] [--dir DIR]

The pattern is bench/discord_load.py's through the bot: every table is a ``/quickplay``
(the table's row and its start, one commit each) with one user and computers in the other
seats; the user arrives within one think time and clicks every uniform(0.5, 1.5) x think
seconds; a click is the user's action and the computers' answers (2-3, mean 2.75, as the
bot applied 3.7 actions per click in discord_load), queued on the group commit together
and committed at once on the loop's connection when no other write is in flight
(``settle``, background checkpoints only), else awaited together: the manager's
``_settle``, the "commit" stage of the bot's stage timings. Tables of a game with a state
snapshot (Telefunken) also save one every 50 actions after their commit, as ``_settle``
does (its size is the engine's own, measured once at the start). Every table clicks
until the run's seconds are over.

Printed per run: the click's commit wait p50/p99/max; the writer thread's time per
commit p50/p99/max (the connection's own thread: the statements, the commit, and under
``inline`` the checkpoints); the checkpoints: under ``inline`` the commits that ran one
(found from the WAL header's checkpoint counter, bumped at the first commit after it) and
their time, under ``background`` the checkpointer's passes and the ones that held the
writers; WAL restarts; the WAL file's largest size; actions per commit; this process's
CPU time and the load average (the machine may be shared).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib
import itertools

from rules import registry
from storage import LoggedAction, SeatRecord, SqliteStorage, TableRecord
from storage import sqlite as sqlite_backend
from tables.manager import has_state_snapshot

SNAPSHOT_EVERY = 50  # tables.config.TableSettings.snapshot_every
COMPUTER_ANSWERS = (2, 3, 3, 3)


def filesystem(path: Path) -> str:
    """The type of the filesystem holding ``path`` (the longest mount point above it)."""
    best, kind = "", "?"
    resolved = str(path.resolve())
    for line in Path("/proc/mounts").read_text().splitlines():
        fields = line.split()
        mount = fields[1]
        inside = resolved == mount or resolved.startswith(mount.rstrip("/") + "/")
        if inside and len(mount) > len(best):
            best, kind = mount, fields[2]
    return kind


def game_shape(game: str) -> tuple[int, list[str], int]:
    """(seats, action ids seen in a random match, snapshot JSON bytes at 50 actions or 0)."""
    spec = registry.get(game)
    players = 4 if 4 in spec.player_counts else min(spec.player_counts)
    match = spec.new_match(players, spec.parse_options(None), seed=1, deals=[])
    rng = random.Random(1)
    ids: list[str] = []
    for _ in range(SNAPSHOT_EVERY):
        if match.is_over:
            break
        seat = sorted(match.to_act)[0]
        action = rng.choice(match.legal_actions(seat))
        match.apply(seat, action)
        ids.append(action.id)
    size = len(json.dumps(match.snapshot(), separators=(",", ":")))
    return players, ids, size if has_state_snapshot(match) else 0


class WriterTimes:
    """The writer thread's time per write call, and which commits ran a checkpoint: the
    backend's module-level write functions wrapped (they run on the connection's thread).
    The WAL header's checkpoint counter (bytes 12-15) is bumped by the first commit after
    a checkpoint copied the whole WAL, so commit ``i`` checkpointed when commit ``i + 1``
    saw the counter change."""

    NAMES = ("_write_now", "_write_many_now", "_write_batch_now")

    def __init__(self, wal: Path) -> None:
        self.wal = wal
        self.times: list[float] = []
        self.counters: list[int] = []
        self._fd: int | None = None
        self._saved: dict[str, Callable[..., None]] = {}

    def _counter(self) -> int:
        if self._fd is None:
            try:
                self._fd = os.open(self.wal, os.O_RDONLY)
            except FileNotFoundError:
                return -1
        data = os.pread(self._fd, 4, 12)
        return int.from_bytes(data, "big") if len(data) == 4 else -1

    def install(self) -> None:
        for name in self.NAMES:
            original: Callable[..., None] = getattr(sqlite_backend, name)
            self._saved[name] = original

            def timed(*args: Any, _original: Callable[..., None] = original) -> None:
                started = time.perf_counter()
                try:
                    _original(*args)
                finally:
                    self.times.append(time.perf_counter() - started)
                    self.counters.append(self._counter())

            setattr(sqlite_backend, name, timed)

    def uninstall(self) -> None:
        for name, original in self._saved.items():
            setattr(sqlite_backend, name, original)
        if self._fd is not None:
            os.close(self._fd)

    def checkpointing_commits(self) -> list[float]:
        return [
            self.times[i]
            for i in range(len(self.counters) - 1)
            if self.counters[i] >= 0 and self.counters[i + 1] != self.counters[i]
        ]

    def restarts(self) -> int:
        known = [c for c in self.counters if c >= 0]
        return sum(1 for a, b in itertools.pairwise(known) if a != b)


async def one_table(
    store: SqliteStorage,
    index: int,
    shape: tuple[int, list[str], int],
    think: float,
    until: float,
    waits: list[float],
    snapshot_waits: list[float],
) -> int:
    """One table's quickplay and clicks; returns the actions it logged."""
    players, ids, snapshot_bytes = shape
    rng = random.Random(index)
    await asyncio.sleep(rng.uniform(0, think))
    record = await store.tables.create(
        TableRecord(
            game="bench",
            players=players,
            options={},
            seed=index,
            channel_id=index,
            guild_id=1,
            host_id=index,
            seats=[SeatRecord(name=f"u{index}", user_id=index)] + [None] * (players - 1),
            settings={"slow": False, "turn_seconds": None},
        )
    )
    seats = [SeatRecord(name=f"u{index}", user_id=index)] + [
        SeatRecord(name=f"computer {s}", computer="beginner") for s in range(1, players)
    ]
    await store.tables.start(record.id, seats, index, players)
    seq = 0

    async def turn(actions: int) -> None:
        nonlocal seq
        futures = []
        for n in range(actions):
            seq += 1
            by = "player" if n == 0 else "beginner"
            row = LoggedAction(record.id, seq, seq % players, ids[seq % len(ids)], time.time(), by)
            futures.append(store.actions.enqueue(row))
        started = time.perf_counter()
        failure = next(filter(None, await store.actions.settle(futures)), None)  # as _settle
        if failure is not None:
            raise failure
        waits.append(time.perf_counter() - started)
        if snapshot_bytes and seq // SNAPSHOT_EVERY != (seq - actions) // SNAPSHOT_EVERY:
            started = time.perf_counter()
            await store.tables.save_snapshot(record.id, {"state": "x" * snapshot_bytes}, seq)
            snapshot_waits.append(time.perf_counter() - started)

    await turn(rng.choice(COMPUTER_ANSWERS))  # the computers before the user's first turn
    while time.perf_counter() < until:
        await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
        if time.perf_counter() >= until:
            break
        await turn(1 + rng.choice(COMPUTER_ANSWERS))
    return seq


async def run(
    mode: str, tables: int, seconds: float, think: float, shape: tuple[int, list[str], int],
    folder: Path,
) -> dict[str, Any]:  # fmt: skip
    with tempfile.TemporaryDirectory(dir=folder) as tmp:
        path = Path(tmp) / "commit_wait.sqlite3"
        store = await SqliteStorage.open(path, checkpoint=mode)
        writer = WriterTimes(path.with_name(path.name + "-wal"))
        writer.install()
        largest_wal = 0
        stop = threading.Event()

        def watch_wal() -> None:
            nonlocal largest_wal
            wal = path.with_name(path.name + "-wal")
            while not stop.wait(0.05):
                with contextlib.suppress(FileNotFoundError):
                    largest_wal = max(largest_wal, wal.stat().st_size)

        watcher = threading.Thread(target=watch_wal, daemon=True)
        watcher.start()
        waits: list[float] = []
        snapshot_waits: list[float] = []
        load = os.getloadavg()[0]
        cpu = time.process_time()
        commits = store.actions.commits
        until = time.perf_counter() + seconds
        try:
            logged = await asyncio.gather(
                *(
                    one_table(store, n, shape, think, until, waits, snapshot_waits)
                    for n in range(tables)
                )
            )
            await store.actions.drain()
        finally:
            cpu = time.process_time() - cpu
            commits = store.actions.commits - commits
            stats = store.checkpointer.stats if store.checkpointer is not None else None
            stop.set()
            watcher.join()
            await store.close()
            writer.uninstall()
    return {
        "rows": sum(logged),
        "waits": waits,
        "snapshot_waits": snapshot_waits,
        "writer": writer.times,
        "checkpointing": writer.checkpointing_commits(),
        "restarts": writer.restarts(),
        "stats": stats,
        "largest_wal": largest_wal,
        "commits": commits,
        "cpu": cpu,
        "load": (load, os.getloadavg()[0]),
    }


def percentiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p99 = ordered[min(int(len(ordered) * 0.99), len(ordered) - 1)]
    return (
        f"p50 {statistics.median(ordered) * 1000:.2f} / p99 {p99 * 1000:.1f} / "
        f"max {ordered[-1] * 1000:.1f} ms ({len(ordered)})"
    )


def report(mode: str, tables: int, r: dict[str, Any], rows: int) -> str:
    lines = [
        f"{tables} tables, {mode}: load {r['load'][0]:.2f} -> {r['load'][1]:.2f}, "
        f"CPU {r['cpu']:.1f} s, {r['commits']} group commits "
        f"({rows / max(r['commits'], 1):.1f} actions each), WAL largest "
        f"{r['largest_wal'] / 2**20:.1f} MB, WAL restarts {r['restarts']}",
        f"  click commit wait {percentiles(r['waits'])}",
        f"  writer thread per write {percentiles(r['writer'])}",
    ]
    if r["snapshot_waits"]:
        lines.append(f"  snapshot wait after it {percentiles(r['snapshot_waits'])}")
    if mode == "inline":
        lines.append(f"  commits that ran a checkpoint: {percentiles(r['checkpointing'])}")
    else:
        s = r["stats"]
        lines.append(
            f"  background checkpoints {s.passes} (mean {s.seconds * 1000 / max(s.passes, 1):.1f}"
            f", longest {s.longest * 1000:.1f} ms; WAL largest {s.largest_wal_pages} pages); "
            f"with the writers held {s.held} (mean {s.held_seconds * 1000 / max(s.held, 1):.1f}, "
            f"longest {s.longest_held * 1000:.1f} ms); failures {s.failures}"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,1000")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2, help="inline/background pairs")
    parser.add_argument("--game", default="nigerian_thunee")
    parser.add_argument(
        "--dir", type=Path, default=Path(tempfile.gettempdir()), help="where the file goes"
    )
    args = parser.parse_args()
    kind = filesystem(args.dir)
    shape = game_shape(args.game)
    print(
        f"{args.game}: {shape[0]} seats, snapshot {shape[2]} bytes every {SNAPSHOT_EVERY}"
        f" actions (0: none); database in {args.dir} ({kind}"
        f"{': an fsync costs nothing there, use --dir on a disk' if kind == 'tmpfs' else ''})"
    )
    for tables in (int(t) for t in args.tables.split(",")):
        for round_ in range(args.rounds):
            # ABBA: neither mode always runs first in the machine's minutes
            modes = ("inline", "background") if round_ % 2 == 0 else ("background", "inline")
            for mode in modes:
                r = asyncio.run(run(mode, tables, args.seconds, args.think, shape, args.dir))
                print(report(mode, tables, r, r["rows"]), flush=True)


if __name__ == "__main__":
    main()
