"""Durable actions per second through the TableManager on SQLite.

    python bench/durable_actions.py [--tables N] [--level heuristic|random] [--sync NORMAL|FULL]
                                    [--gc bot|python]

Every action goes the whole way: seat lookup, engine validation, an append to the action
log committed to a WAL SQLite file (group commit: an append returns only after the commit
that holds it), apply, publish. The mix: the tables go round every registered game at
each of its player counts; of every game and count, a third of the tables are all humans
(simulated clicks: read the table state and the seat's view, then a random legal action
through ``act``) and the rest are computers only (``--level``). Every table plays one whole
match, all at once, so long matches (Telefunken's seven deals) give most of the actions;
the share of each game is printed. Prints actions/s, actions per commit, and the same run
with one table at a time (no other table to share a commit with). ``--sync`` is SQLite's
``synchronous`` pragma: NORMAL (the bot's default) survives a crash of the process, FULL
also a power cut. ``--gc bot`` (the default) runs Python's cycle collector as the bot does
(``cogs.heap``: what has survived is frozen every 2 s, so full collections scan only what
is new); ``--gc python`` leaves Python's default, whose full collections rescan every live
table's objects (~15% of the run's time at 200 tables). The load average is printed with
each figure (the machine may be shared).
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.heap import HeapKeeper
from rules import registry
from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager


async def clicks(manager: TableManager, table_id: int, rng: random.Random) -> None:
    """Simulated humans: a random legal click for a seat to act, until the match ends."""
    while True:
        state = manager.state(table_id)
        if state.status is not TableStatus.RUNNING:
            return
        seat = rng.choice([s for s in sorted(state.to_act) if state.seats[s].computer is None])
        user = state.seats[seat].user_id
        assert user is not None
        action = rng.choice(manager.seat_view(table_id, user).legal)
        await manager.act(table_id, user, action.id)


async def run(
    tables: int, level: str, sync: str, concurrent: bool, collector: str = "bot"
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        store = await SqliteStorage.open(Path(tmp) / "bench.sqlite3", synchronous=sync)
        manager = TableManager(store, TableSettings(), FakeClock())
        mix = [(g, n) for g in registry.names() for n in registry.get(g).player_counts]
        rng = random.Random(1)
        lobbies: list[tuple[int, bool]] = []
        for index in range(tables):
            game, players = mix[index % len(mix)]
            # a third of each game and player count (the round shifts which third)
            humans = (index + index // len(mix)) % 3 == 0
            state = await manager.create(
                channel_id=index,
                game=game,
                host_id=1,
                host_name="h",
                players=players,
                seed=index,
                join=humans,
            )
            for user in range(2, players + 1 if humans else 1):
                await manager.join(state.id, user, f"u{user}")
            lobbies.append((state.id, humans))

        async def one(table_id: int, humans: bool) -> None:
            await manager.start(table_id, 1, fill_with=None if humans else level, is_admin=True)
            if humans:
                await clicks(manager, table_id, random.Random(rng.random()))

        heap = HeapKeeper() if collector == "bot" else None
        if heap is not None:  # as cogs.launcher does once the bot is ready
            gc.collect()
            gc.freeze()
            heap.start()
        commits_before = store.actions.commits
        start = time.perf_counter()
        cpu_start = time.process_time()
        if concurrent:
            await asyncio.gather(*(one(t, h) for t, h in lobbies))
        else:
            for t, h in lobbies:
                await one(t, h)
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - cpu_start
        actions = sum(manager.state(t).seq for t, _ in lobbies)
        by_game: dict[str, int] = {}
        for t, _ in lobbies:
            state = manager.state(t)
            by_game[state.game] = by_game.get(state.game, 0) + state.seq
        commits = store.actions.commits - commits_before
        if heap is not None:
            await heap.stop()
            gc.unfreeze()
        await manager.close()
        await store.close()
    shares = sorted(by_game.items(), key=lambda item: -item[1])
    mix_text = ", ".join(f"{game} {100 * n / max(actions, 1):.0f}%" for game, n in shares)
    return {
        "mix": mix_text,
        "actions": actions,
        "seconds": elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_cpu_s": actions / cpu,
        "actions_per_commit": actions / max(commits, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--level", default="heuristic")
    parser.add_argument("--sync", default="NORMAL", choices=("NORMAL", "FULL"))
    parser.add_argument("--gc", default="bot", choices=("bot", "python"))
    args = parser.parse_args()
    print(
        f"games: {', '.join(registry.names())}; computers: {args.level}; sync={args.sync};"
        f" gc={args.gc}"
    )
    for label, concurrent, count in (
        ("concurrent tables", True, args.tables),
        ("one table at a time", False, max(args.tables // 10, 3)),
    ):
        r = asyncio.run(run(count, args.level, args.sync, concurrent, args.gc))
        print(
            f"{label:>20}: {count} tables, {r['actions']:.0f} actions in {r['seconds']:.2f} s"
            f" = {r['actions_per_s']:,.0f} durable actions/s"
            f" ({r['actions_per_cpu_s']:,.0f} per CPU-second of this process),"
            f" {r['actions_per_commit']:.1f} actions per commit"
            f" (load average {os.getloadavg()[0]:.2f})"
        )
        print(f"{'actions by game':>20}: {r['mix']}")


if __name__ == "__main__":
    main()
