"""Duplicate between tables (tables/linked.py): two tables from one seed with the seats
turned; each hand is dealt the same at both, and the comparison's swings are what team A
made minus what team B made with the same cards, as the hand results say."""

from __future__ import annotations

from players.par import hand_measure
from rules.registry import BUILTIN
from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.deal_script import SETTING as DEAL_SCRIPT
from tables.deal_script import deal_script
from tables.linked import (
    LINK,
    LinkedComparison,
    LinkedResults,
    LinkedTables,
    compare_linked,
    compare_snapshots,
    open_linked_table,
    open_linked_tables,
    table_snapshot,
)
from tables.manager import TableManager
from tests.tables.toy_game import GAMES, SPEC


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


STRONG_FOR_0_2 = [
    "AS AH AD AC KS KH",
    "JS JH JD JC 10S 10H",
    "KD KC QS QH QD QC",
    "10D 10C 9S 9H 9D 9C",
]
"""A stacked toy deal: seats 0 and 2 (the first team's seats) hold every ace, king and
queen, so whoever sits there takes all six tricks playing high."""
RANKS = ["9", "10", "J", "Q", "K", "A"]


def stacked_table(hands: list[str], bids: dict[int, str]) -> dict[str, object]:
    """One table of the toy game (target 1: one hand) on the stacked deal, as stored:
    the seats bid ``bids``, the bidder names the first suit, everyone plays high."""
    options = {"target": 1, "doubles": False}
    deals = [{"dealer": 0, "hands": [h.split() for h in hands]}]
    match = SPEC.new_match(4, options, 7, deals)
    log: list[list[object]] = []
    while not match.is_over:
        seat = min(match.to_act)
        legal = match.legal_actions(seat)
        if match.phase == "bidding":
            action = bids[seat]
        elif match.phase == "trump":
            action = legal[0].id
        else:
            action = max(legal, key=lambda a: RANKS.index(a.value[:-1])).id
        match.apply(seat, action)
        log.append([seat, action])
    return {
        "game": "toy", "players": 4, "options": options, "seed": 7, "deal_version": 2,
        "deals": deals, "actions": log,
    }  # fmt: skip


def test_the_comparison_on_a_stacked_deal_is_the_same_cards_both_ways() -> None:
    """Team A sits in seats 0/2 (the strong cards) at table 1 and bids 1: it makes it, +1.
    At table 2 the seats are turned: team B holds those cards and bids 3: +3. With the
    same cards B made 3 where A made 1, so the swing is ((1 - 0) + (0 - 3)) / 2 = -1 and
    team B wins the match, though each table's own winner held the strong cards."""
    first = stacked_table(STRONG_FOR_0_2, {1: "pass", 2: "bid:1", 3: "pass", 0: "pass"})
    second = stacked_table(STRONG_FOR_0_2, {1: "pass", 2: "bid:3", 3: "pass", 0: "pass"})
    comparison = compare_snapshots(first, second, GAMES)
    (hand,) = comparison.hands
    assert (hand.a_first, hand.b_first, hand.a_second, hand.b_second) == (1, 0, 0, 3)
    assert hand.same_deal and hand.swing == -1.0
    assert (comparison.total, comparison.compared, comparison.winner) == (-1.0, 1, 1)
    # Both bid 3: the same result with the same cards, a level match.
    level = stacked_table(STRONG_FOR_0_2, {1: "pass", 2: "bid:3", 3: "pass", 0: "pass"})
    assert compare_snapshots(level, second, GAMES).winner is None
    # A hand dealt otherwise at the second table (the strong cards moved to seats 1/3)
    # is no comparison: listed, left out of the total.
    other = [STRONG_FOR_0_2[i] for i in (1, 0, 3, 2)]
    moved = stacked_table(other, {1: "bid:3", 2: "pass", 3: "pass", 0: "pass"})
    apart = compare_snapshots(first, moved, GAMES)
    assert [h.same_deal for h in apart.hands] == [False]
    assert (apart.total, apart.compared, apart.winner) == (0.0, 0, None)


async def test_the_second_table_repeats_the_first_tables_cut(
    storage: SqliteStorage, clock: FakeClock, settings: TableSettings
) -> None:
    """A human's cut at the first table changes the cards (TH-5.3: the cut moves the
    pack); the second table's computers decline cuts, so without the first table's deal
    script its hand is dealt otherwise and not compared; with it they repeat the cut and
    hold the same cards, the seats turned."""
    manager = TableManager(storage, settings, clock)
    try:
        seed, first = 0, None
        for seed in range(1, 40):  # a seed whose first cut is the human's (seat 0)
            state = await open_linked_table(
                manager, turned=False, seed=seed, game="thunee", channel_id=seed,
                host_id=11, host_name="a1", team_a=[(11, "a1")], team_b=[],
            )  # fmt: skip
            state = await manager.start(state.id, 11, fill_with="beginner")
            if state.phase == "cut" and 0 in state.to_act:
                first = state.id
                break
            await manager.stop(state.id, 11)
        assert first is not None
        match = manager.match_of(first)
        assert match is not None
        while not match.hand_results:
            view = manager.seat_view(first, 11)
            cut = [a for a in view.legal if a.kind == "cut"]
            await manager.act(first, 11, (cut or view.legal)[0].id)
        await manager.stop(first, 11)
        played = await table_snapshot(storage, first)
        assert played is not None
        script = deal_script(played)
        assert script["0"] == [[0, "cut"]]
        compared = []
        for channel, scripted in ((100, False), (101, True)):
            second = await open_linked_table(
                manager, turned=True, seed=seed, game="thunee", channel_id=channel,
                host_id=11, host_name="a1", team_a=[], team_b=[],
            )  # fmt: skip
            if scripted:
                await manager.set_table_setting(second.id, DEAL_SCRIPT, script)
            await manager.start(second.id, 11, fill_with="beginner")
            comparison = await compare_linked(storage, LinkedTables(first, second.id, seed))
            compared.append(comparison.hands[0].same_deal)
        assert compared == [False, True]
    finally:
        await manager.close()
