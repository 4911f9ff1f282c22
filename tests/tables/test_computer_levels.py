"""Issue 35 at the table manager: a seat whose player leaves is played at the level of the
table's own computers (the strongest of them), else at the settings' takeover level; old
level names stored with seats still play."""

from __future__ import annotations

from storage import SqliteStorage
from tables.manager import TableManager


async def test_an_away_seat_is_played_at_the_level_of_the_tables_computers(
    manager: TableManager, storage: SqliteStorage
) -> None:
    state = await manager.create(
        channel_id=1, game="toy", host_id=1, host_name="ann", players=4, seed=3
    )
    await manager.add_computer(state.id, 1, level="beginner")
    await manager.add_computer(state.id, 1, level="club")
    await manager.add_computer(state.id, 1, level="heuristic")  # an old name: a beginner
    await manager.start(state.id, 1)
    await manager.leave(state.id, 1)
    log = await storage.actions.for_table(state.id)
    assert {row.by for row in log if row.seat == 0} == {"club"}
    assert {row.by for row in log} == {"beginner", "club", "heuristic"}


async def test_a_table_without_computers_takes_over_at_the_settings_level(
    manager: TableManager, storage: SqliteStorage
) -> None:
    state = await manager.create(
        channel_id=1, game="toy", host_id=1, host_name="ann", players=2, seed=3
    )
    await manager.join(state.id, 2, "bob")
    await manager.start(state.id, 1)
    await manager.leave(state.id, 2)
    log = await storage.actions.for_table(state.id)
    assert {row.by for row in log if row.seat == 1} <= {manager.settings.takeover_level}
    assert any(row.seat == 1 for row in log)
