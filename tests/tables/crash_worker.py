"""A process that plays tables through the manager until killed (the crash test's victim).

``python -m tests.tables.crash_worker DB SEED [--finish]``: recovers what the database
holds (opening one table per game and player count the first time), then plays random
human clicks on every open table concurrently, printing ``ACK table seq action`` after
each ``act`` returns. ``--finish``: every player leaves first and computers finish the
matches. Exits 0 once every table has finished.
"""

from __future__ import annotations

import asyncio
import random
import sys

from storage import SqliteStorage, TableStatus
from tables.config import TableSettings
from tables.manager import TableManager
from tests.tables.toy_game import GAMES


async def play_table(manager: TableManager, table_id: int, rng: random.Random) -> None:
    while True:
        state = manager.state(table_id)
        if state.status is not TableStatus.RUNNING:
            return
        seats = [
            s
            for s in sorted(state.to_act)
            if state.seats[s].computer is None and not state.seats[s].away
        ]
        if not seats:
            return
        seat = rng.choice(seats)
        user = state.seats[seat].user_id
        assert user is not None
        action = rng.choice(manager.seat_view(table_id, user).legal)
        await manager.act(table_id, user, action.id)
        seq = manager.state(table_id).seq
        # ``act`` returned: the action is acknowledged (computers may have followed it).
        print(f"ACK {table_id} {seq} {action.id}", flush=True)
        await asyncio.sleep(0)


async def main(db: str, seed: int, finish: bool) -> int:
    store = await SqliteStorage.open(db)
    manager = TableManager(
        store, TableSettings(turn_seconds=3600, window_seconds=3600), games=GAMES
    )
    await manager.recover()
    if not manager.open_tables() and not await store.tables.get(1):
        channel = 0
        for game in GAMES.names():
            counts = GAMES.get(game).player_counts
            for players in sorted({min(counts), max(counts)}):
                channel += 1
                state = await manager.create(
                    channel_id=channel, game=game, host_id=1, host_name="u1", players=players
                )
                await manager.add_computer(state.id, 1, level="heuristic")
                for user in range(2, players):
                    await manager.join(state.id, user, f"u{user}")
                await manager.start(state.id, 1)
        print("READY", flush=True)
    rng = random.Random(seed)
    try:
        if finish:
            # The last run: every player leaves, so computers finish the matches quickly
            # (one leaving may already let the computers end a short match: Tonk).
            for table_id in manager.open_tables():
                for seat in manager.state(table_id).seats:
                    if manager.state(table_id).status is not TableStatus.RUNNING:
                        break
                    if seat.user_id is not None and not seat.away:
                        await manager.leave(table_id, seat.user_id)
        await asyncio.gather(
            *(play_table(manager, t, random.Random(rng.random())) for t in manager.open_tables())
        )
    finally:
        # closed even after an error, or the connection's thread would keep the process alive
        await manager.close()
        await store.close()
    print("DONE", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1], int(sys.argv[2]), "--finish" in sys.argv)))
