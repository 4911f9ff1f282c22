"""Memory over thousands of matches: does a long-running bot stay flat?

    python bench/soak.py [--matches 5000] [--level random] [--concurrent 4] [--games ...]

Plays ``--matches`` matches through one ``TableManager`` over a SQLite file (the durable
log written as the bot writes it), computers in every seat, each table in a channel of
its own as tables in threads are, several at a time. Each table is released when it
closes, as the table-message editor does once the final state is shown. Prints the
process's RSS and the traced Python heap (``tracemalloc``) at the start, middle and end,
and what the manager still holds. Flat means the end within 10% of the middle.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager
from tables.updates import TableUpdate


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def heap_mb() -> float:
    gc.collect()
    return tracemalloc.get_traced_memory()[0] / 2**20 if tracemalloc.is_tracing() else 0.0


async def soak(path: Path, matches: int, level: str, concurrent: int, games: list[str]) -> None:
    store = await SqliteStorage.open(path)
    manager = TableManager(store, TableSettings(), FakeClock())
    mix = [(g, n) for g in games for n in registry.get(g).player_counts]
    closed: list[int] = []

    def on_update(update: TableUpdate) -> None:
        if update.kind in ("finished", "stopped"):
            closed.append(update.table_id)

    manager.subscribe(on_update)

    async def one(index: int) -> None:
        game, players = mix[index % len(mix)]
        state = await manager.create(
            channel_id=1_000_000 + index,  # a new thread per table
            game=game,
            host_id=1,
            host_name="host",
            players=players,
            seed=index,
            join=False,
        )
        # computers in every seat: the match is played out inside start()
        await manager.start(state.id, 1, fill_with=level, is_admin=True)

    marks = {1: "start", matches // 2: "middle", matches: "end"}
    figures: dict[str, tuple[float, float]] = {}
    started, cpu = time.perf_counter(), time.process_time()
    done = 0
    for first in range(0, matches, concurrent):
        batch = range(first, min(first + concurrent, matches))
        await asyncio.gather(*(one(i) for i in batch))
        for table_id in closed:  # its last message sent (the editor releases it)
            manager.release(table_id)
        closed.clear()
        for index in batch:
            done = index + 1
            if done in marks:
                figures[marks[done]] = (rss_mb(), heap_mb())
                rss, heap = figures[marks[done]]
                print(
                    f"{marks[done]:>6} (after {done} matches): RSS {rss:.1f} MB,"
                    f" traced heap {heap:.2f} MB,"
                    f" {time.perf_counter() - started:.0f} s",
                    flush=True,
                )
    print(
        f"{done} matches in {time.perf_counter() - started:.0f} s"
        f" ({time.process_time() - cpu:.0f} s CPU), load average {os.getloadavg()[0]:.2f}"
    )
    held = (len(manager._tables), len(manager._by_channel), len(manager._channel_locks))
    print(f"the manager holds {held[0]} tables, {held[1]} channels, {held[2]} channel locks")
    if "middle" in figures and "end" in figures:
        (rss_mid, heap_mid), (rss_end, heap_end) = figures["middle"], figures["end"]
        print(
            f"end vs middle: RSS {100 * (rss_end / rss_mid - 1):+.1f}%"
            + (f", traced heap {100 * (heap_end / heap_mid - 1):+.1f}%" if heap_mid else "")
        )
    await manager.close()
    await store.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=5000)
    parser.add_argument("--level", default="random", help="the computers' level")
    parser.add_argument("--concurrent", type=int, default=4, help="tables playing at once")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--no-tracemalloc", action="store_true", help="RSS only (faster)")
    args = parser.parse_args()
    games = args.games.split(",")
    for game in games:  # imported first, as the bot does
        registry.get(game)
    if not args.no_tracemalloc:
        tracemalloc.start()
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(
            soak(Path(tmp) / "soak.sqlite3", args.matches, args.level, args.concurrent, games)
        )


if __name__ == "__main__":
    main()
