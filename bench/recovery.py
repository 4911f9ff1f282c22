"""Time to recover unfinished tables after a restart.

    python bench/recovery.py [--tables 10000] [--snapshot-every 0]

Builds N running tables (every registered game and player count, humans in every seat,
each stopped at a random point of a random match) in a fresh SQLite file, then times a
new ``TableManager.recover(warm=False)`` over it (rows and packed logs read: the bot
serves again, each table rebuilt on its first click) and the background ``warm_up()``
that replays every match (from the snapshot plus tail when stored) and re-arms timers.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.random_play import random_step
from storage import LoggedAction, SeatRecord, SqliteStorage, TableRecord, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager


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
                settings={"slow": False},
            )
        )
        for seq, (seat, action_id) in enumerate(steps[:stop], start=1):
            batch.append(LoggedAction(record.id, seq, seat, action_id, 0.0, "player"))
            match.apply(seat, action_id)
            if snapshot_every and seq % snapshot_every == 0:
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


async def recover(path: Path, snapshot_every: int) -> tuple[float, float, int]:
    """Seconds until the manager serves (rows and packed logs read, nothing replayed yet),
    then seconds for the background warm-up to rebuild every match."""
    start = time.perf_counter()
    store = await SqliteStorage.open(path)
    manager = TableManager(store, TableSettings(snapshot_every=snapshot_every), FakeClock())
    report = await manager.recover(warm=False)
    ready = time.perf_counter() - start
    start = time.perf_counter()
    failed = await manager.warm_up()
    warm = time.perf_counter() - start
    assert not report.failed and not failed, (report.failed, failed)
    await manager.close()
    await store.close()
    return ready, warm, report.running


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--snapshot-every", type=int, default=0)
    parser.add_argument("--db", default=None, help="build here once, reuse on later runs")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(args.db) if args.db else Path(tmp) / "recovery.sqlite3"
        if path.exists():
            actions = asyncio.run(count_actions(path))
            print(f"reusing {path}: {actions} logged actions")
        else:
            t = time.perf_counter()
            actions = asyncio.run(build(path, args.tables, args.snapshot_every))
            print(
                f"built {args.tables} running tables ({', '.join(registry.names())}),"
                f" {actions} logged actions, in {time.perf_counter() - t:.1f} s"
            )
        ready, warm, running = asyncio.run(recover(path, args.snapshot_every))
        print(f"serving again after {ready:.2f} s ({running} tables taken back, none replayed)")
        print(
            f"background warm-up rebuilt every match in {warm:.2f} s"
            f" ({actions / warm:,.0f} actions replayed/s)"
        )


if __name__ == "__main__":
    main()
