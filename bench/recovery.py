"""Time to recover unfinished tables after a restart, and how long the event loop stalls.

    python bench/recovery.py [--tables 10000] [--snapshot-every 50]

Builds N running tables (every registered game and player count, humans in every seat,
each stopped at a random point of a random match) in a fresh SQLite file, storing state
snapshots exactly as the bot does (``TableSettings().snapshot_every``, only for engines
whose snapshot is their state: ``has_state_snapshot``). Then, as the bot starts: a new
``TableManager.recover(warm=False)`` over it (rows read: the bot serves again), the
background ``warm_up()`` that replays every match, and, just after the restart, a click
on a random table the warm-up has not reached (``ready`` + ``seat_view``, what a button
press waits for). A ticker on the event loop measures its longest gap meanwhile.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.random_play import random_step
from rules.shuffle import DEAL_VERSION
from storage import LoggedAction, SeatRecord, SqliteStorage, TableRecord, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager, has_state_snapshot


async def build(path: Path, tables: int, snapshot_every: int) -> int:
    store = await SqliteStorage.open(path)
    mix = [(g, n) for g in registry.names() for n in registry.get(g).player_counts]
    rng = random.Random(7)
    total = 0
    batch: list[LoggedAction] = []
    for index in range(tables):
        game, players = mix[index % len(mix)]
        spec = registry.get(game)
        match = spec.new_match(players, seed=index)
        # a random stop point: play a random match out in a copy, then stop part way
        full = spec.new_match(players, seed=index)
        steps = []
        while not full.is_over:
            seat, action = random_step(full, rng)
            full.apply(seat, action)
            steps.append((seat, action.id))
        stop = rng.randrange(len(steps))
        record = await store.tables.create(
            TableRecord(
                game=game,
                players=players,
                options=match.options.model_dump(mode="json"),
                seed=index,
                channel_id=index,
                status=TableStatus.RUNNING,
                seats=[SeatRecord(name=f"u{s}", user_id=s + 1) for s in range(players)],
                # as the manager stores it: without it a table counts as dealt before
                # deal versions and is rebuilt with the legacy shuffle (other cards)
                settings={"slow": False, "deal_version": DEAL_VERSION},
            )
        )
        # the snapshot the bot would hold now: its latest, taken at a multiple of the period
        snapshot_at = stop - stop % snapshot_every if snapshot_every else 0
        for seq, (seat, action_id) in enumerate(steps[:stop], start=1):
            batch.append(LoggedAction(record.id, seq, seat, action_id, 0.0, "player"))
            match.apply(seat, action_id)
            if seq == snapshot_at and has_state_snapshot(match):
                await store.tables.save_snapshot(record.id, match.snapshot(), seq)
        total += stop
        if len(batch) > 50_000:
            await store.actions.append_many(batch)
            batch = []
    await store.actions.append_many(batch)
    await store.close()
    return total


async def count_actions(path: Path) -> int:
    store = await SqliteStorage.open(path)
    packed = await store.actions.packed_logs([t.id for t in await store.tables.list_open()])
    await store.close()
    return sum(text.count("\x1e") + 1 for text in packed.values() if text)


class Ticker:
    """The event loop's longest gap: a task that wakes every millisecond and keeps the
    longest time between two wake-ups (a blocked loop shows as one long gap), in wall time
    and in the loop thread's CPU time (what the loop itself ran without yielding: on a
    loaded machine the wall gap also counts time the process waited for a core)."""

    def __init__(self) -> None:
        self.longest = 0.0
        self.longest_cpu = 0.0
        self.ticks = 0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        last, last_cpu = time.perf_counter(), time.thread_time()
        while True:
            await asyncio.sleep(0.001)
            now, cpu = time.perf_counter(), time.thread_time()
            self.longest = max(self.longest, now - last)
            self.longest_cpu = max(self.longest_cpu, cpu - last_cpu)
            self.ticks += 1
            last, last_cpu = now, cpu

    def stop(self) -> float:
        if self._task is not None:
            self._task.cancel()
        return self.longest


async def recover(path: Path, snapshot_every: int, seed: int) -> dict[str, float]:
    """The figures of one restart (seconds unless named otherwise)."""
    figures: dict[str, float] = {}
    for game in registry.names():  # imported before the restart, as the bot's launcher does
        registry.get(game)
    loop_gap = Ticker()
    loop_gap.start()
    cpu, start = time.process_time(), time.perf_counter()
    store = await SqliteStorage.open(path)
    manager = TableManager(store, TableSettings(snapshot_every=snapshot_every), FakeClock())
    report = await manager.recover(warm=False)
    figures["serving"] = time.perf_counter() - start
    figures["recover_gap"] = loop_gap.stop()
    figures["running"] = report.running
    # The clicked table is picked now (every running table is still to be rebuilt): picking
    # it during the warm-up by reading every table's state was this benchmark's own stall,
    # most of the longest gap it once reported at 10,000 tables.
    running = manager.open_tables()
    table_id = random.Random(seed).choice(running) if running else None
    task = manager.start_warm_up()
    # as the launcher does before connecting (the warm-up task made, not yet run)
    gc.collect()
    gc.freeze()
    warm_gap = Ticker()
    warm_gap.start()
    warm_start, warm_cpu = time.perf_counter(), time.process_time()
    await asyncio.sleep(0.01)  # the warm-up is under way when the click comes
    still_cold = table_id is not None and manager.state(table_id).restoring
    figures["cold_at_click"] = float(still_cold)
    if table_id is not None and still_cold:
        clicked = time.perf_counter()
        await manager.ready(table_id)
        manager.seat_view(table_id, manager.state(table_id).seats[0].user_id or 0)
        figures["click"] = time.perf_counter() - clicked
        figures["click_since_restart"] = time.perf_counter() - start
    failed = await task
    figures["warm"] = time.perf_counter() - warm_start
    figures["warm_cpu"] = time.process_time() - warm_cpu
    figures["warm_gap"] = warm_gap.stop()
    figures["warm_gap_cpu"] = warm_gap.longest_cpu
    figures["cpu"] = time.process_time() - cpu
    assert not report.failed and not failed, (report.failed, failed)
    await manager.close()
    await store.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument(
        "--snapshot-every", type=int, default=TableSettings().snapshot_every, help="the bot's"
    )
    parser.add_argument("--db", default=None, help="build here once, reuse on later runs")
    parser.add_argument("--seed", type=int, default=1, help="which cold table is clicked")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "recovery.sqlite3"
        if path.exists():
            actions = asyncio.run(count_actions(path))
            print(f"reusing {path}: {actions} logged actions after the snapshots")
        else:
            t = time.perf_counter()
            actions = asyncio.run(build(path, args.tables, args.snapshot_every))
            print(
                f"built {args.tables} running tables ({', '.join(registry.names())}),"
                f" {actions} logged actions, snapshots every {args.snapshot_every},"
                f" in {time.perf_counter() - t:.1f} s"
            )
        f = asyncio.run(recover(path, args.snapshot_every, args.seed))
        load = os.getloadavg()[0]
        print(f"load average {load:.2f}")
        print(
            f"serving again after {f['serving']:.2f} s ({f['running']:.0f} tables taken back,"
            f" none replayed); longest loop gap meanwhile {f['recover_gap'] * 1000:.0f} ms"
        )
        if "click" in f:
            print(
                "a click on a table not warm yet answered in"
                f" {f['click'] * 1000:.0f} ms, {f['click_since_restart']:.2f} s after the restart"
            )
        print(
            f"background warm-up rebuilt every match in {f['warm']:.2f} s"
            f" ({f['warm_cpu']:.2f} s CPU); longest event-loop gap during warm-up"
            f" {f['warm_gap'] * 1000:.1f} ms ({f['warm_gap_cpu'] * 1000:.1f} ms of loop-thread CPU)"
        )


if __name__ == "__main__":
    main()
