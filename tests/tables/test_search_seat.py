"""The ``search`` level at a managed table: chosen like any computer level, run in a
worker thread (it blocks), and it finishes a Nigerian Thunee match."""

from __future__ import annotations

from players import default_registry
from players.search import SearchBudget, search_for
from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager


async def test_search_seats_finish_a_nigerian_match_through_the_manager(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    players = default_registry()
    players.register("search", lambda game: search_for(game, SearchBudget(12, 0)))
    manager = TableManager(storage, settings, clock, players=players)
    try:
        state = await manager.create(
            channel_id=1, game="nigerian_thunee", host_id=1, host_name="h", players=4, join=False
        )
        for seat in range(4):
            await manager.add_computer(state.id, 1, level=("search", "heuristic")[seat % 2])
        state = await manager.start(state.id, 1)
        assert state.status is TableStatus.FINISHED
        log = await storage.actions.for_table(state.id)
        assert {a.by for a in log} == {"search", "heuristic"}
        assert all(a.seat % 2 == 0 for a in log if a.by == "search")
    finally:
        await manager.close()
