"""Duplicate between tables (tables/linked.py): two tables from one seed with the seats
turned; each hand is dealt the same at both, and the comparison's swings are what team A
made minus what team B made with the same cards, as the hand results say."""

from __future__ import annotations

from players.par import hand_measure
from rules.registry import BUILTIN
from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.linked import (
    LINK,
    LinkedComparison,
    LinkedResults,
    LinkedTables,
    compare_linked,
    open_linked_tables,
    table_snapshot,
)
from tables.manager import TableManager


async def test_linked_tables_turn_the_seats_and_compare_hand_by_hand(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    manager = TableManager(storage, settings, clock)
    heard: list[tuple[LinkedTables, LinkedComparison]] = []

    async def on_result(linked: LinkedTables, comparison: LinkedComparison) -> None:
        heard.append((linked, comparison))

    LinkedResults(manager, storage, on_result)
    try:
        team_a = [(11, "a1"), None, None, None]
        team_b = [None, None, (22, "b2"), None]
        linked, first, second = await open_linked_tables(
            manager, game="304", channel_ids=(1, 2), host_id=9, host_name="host",
            team_a=team_a, team_b=team_b, level="heuristic", seed=1234,
        )  # fmt: skip
        # Team A holds seats 0, 2 (304's first team) at table 1 and 1, 3 at table 2; the
        # first half of each team's list sits at table 1.
        assert manager.state(first.id).seats[0].user_id == 11
        assert manager.state(second.id).seats[0].user_id == 22
        assert manager.table_setting(first.id, LINK) == {"other": second.id, "turned": False}
        assert manager.table_setting(second.id, LINK)["turned"] is True
        # Play both out: the humans' seats by their first legal action.
        for table_id, user in ((first.id, 11), (second.id, 22)):
            while manager.state(table_id).status is TableStatus.RUNNING:
                view = manager.seat_view(table_id, user)
                if not view.legal:
                    break
                await manager.act(table_id, user, view.legal[0].id)
        comparison = await compare_linked(storage, linked)
        assert comparison.hands and comparison.compared == len(comparison.hands)
        plugin = BUILTIN.plugin("304")
        one = await table_snapshot(storage, first.id)
        two = await table_snapshot(storage, second.id)
        assert one is not None and two is not None
        m1, m2 = plugin.spec.restore(one), plugin.spec.restore(two)
        total = 0.0
        for swing in comparison.hands:
            r1, r2 = m1.hand_results[swing.hand], m2.hand_results[swing.hand]
            a1, b1 = hand_measure(plugin, m1, r1, 0), hand_measure(plugin, m1, r1, 1)
            a2, b2 = hand_measure(plugin, m2, r2, 1), hand_measure(plugin, m2, r2, 0)
            assert swing.swing == ((a1 - b1) + (a2 - b2)) / 2
            total += swing.swing
        assert comparison.total == total
        assert comparison.winner == (None if total == 0 else 0 if total > 0 else 1)
        # The close hook compared the pair once, when its second table closed.
        assert [(h[0], h[1].total) for h in heard] == [(linked, comparison.total)]
    finally:
        await manager.close()
