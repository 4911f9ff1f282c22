"""A process that appends to the action log until killed (the WAL crash test's victim).

``python -m tests.storage.wal_worker DB EVERY LIMIT_BYTES``: opens the SQLite storage with
the background checkpointer every ``EVERY`` seconds (a huge value: it never runs, the WAL
only grows) and the WAL limit ``LIMIT_BYTES``, makes ``TABLES`` tables the first time,
then commits batches of actions for random tables (each table's seq continuing from what
the log holds) and prints ``ACK table seq`` for each once its commit has returned.
"""

from __future__ import annotations

import asyncio
import random
import sys

from storage import LoggedAction, SeatRecord, SqliteStorage, TableRecord

TABLES = 200
BATCH = 25


async def main(db: str, every: float, limit: int) -> None:
    store = await SqliteStorage.open(db, checkpoint_every=every, wal_limit_bytes=limit)
    try:
        seqs: dict[int, int] = {}
        for table_id in range(1, TABLES + 1):
            if await store.tables.get(table_id) is None:
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
            logged = await store.actions.for_table(table_id)
            seqs[table_id] = logged[-1].seq if logged else 0
        print("READY", flush=True)
        rng = random.Random()
        while True:
            batch = []
            for table_id in rng.sample(sorted(seqs), BATCH):
                seqs[table_id] += 1
                row = LoggedAction(table_id, seqs[table_id], 0, "play:" + "x" * 40, 0.0, "player")
                batch.append((row, store.actions.enqueue(row)))
            await asyncio.gather(*(future for _, future in batch))
            print("\n".join(f"ACK {row.table_id} {row.seq}" for row, _ in batch), flush=True)
    finally:
        await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3])))
