"""Lobby rules: one open table per channel, seats, teams, computers, start, stop, rematch."""

from __future__ import annotations

import pytest

from storage import SqliteStorage, TableStatus
from tables.errors import (
    AlreadySeated,
    BadOptions,
    ChannelBusy,
    NotAComputer,
    NoTeams,
    NotEnoughPlayers,
    NotHost,
    NotSeated,
    SeatTaken,
    TableFull,
    TableRunning,
    TeamFull,
    UnknownGame,
    UnknownPlayerLevel,
)
from tables.manager import TableManager
from tests.tables.conftest import seat_users


async def open_toy(manager: TableManager, channel: int = 100, players: int = 4) -> int:
    state = await manager.create(
        channel_id=channel, game="toy", host_id=1, host_name="host", players=players
    )
    return state.id


async def test_one_open_table_per_channel_and_thread(manager: TableManager) -> None:
    table = await open_toy(manager)
    with pytest.raises(ChannelBusy):
        await open_toy(manager)
    other = await open_toy(manager, channel=101)  # a thread is just another channel id
    assert manager.table_in_channel(100) == table and manager.table_in_channel(101) == other
    await manager.stop(table, 1)
    assert manager.table_in_channel(100) is None
    await open_toy(manager)


async def test_create_refuses_unknown_games_bad_counts_and_bad_options(
    manager: TableManager,
) -> None:
    with pytest.raises(UnknownGame, match="no game called chess"):
        await manager.create(channel_id=1, game="chess", host_id=1, host_name="h")
    with pytest.raises(BadOptions, match="played by 2, 4 players, not 3"):
        await manager.create(channel_id=1, game="toy", host_id=1, host_name="h", players=3)
    with pytest.raises(BadOptions, match="'colour' is not a Toy Tricks option"):
        await manager.create(
            channel_id=1, game="toy", host_id=1, host_name="h", options={"colour": 1}
        )


async def test_join_choose_seat_and_seat_errors(manager: TableManager) -> None:
    table = await open_toy(manager)
    state = await manager.join(table, 2, "bea", seat=2)
    assert [s.user_id for s in state.seats] == [1, None, 2, None]
    with pytest.raises(SeatTaken, match="Seat 2 is taken"):
        await manager.join(table, 3, "cy", seat=2)
    with pytest.raises(AlreadySeated):
        await manager.join(table, 2, "bea")
    await manager.join(table, 3, "cy")
    state = await manager.choose_seat(table, 3, 3)
    assert [s.user_id for s in state.seats] == [1, None, 2, 3]
    await manager.join(table, 4, "di")
    with pytest.raises(TableFull, match="The game is full"):
        await manager.join(table, 5, "ed")


async def test_choose_team_moves_to_a_free_seat_of_that_team(manager: TableManager) -> None:
    table = await open_toy(manager)
    await seat_users(manager, table, [2])  # seat 1 (team 1)
    state = await manager.choose_team(table, 1, 1)  # the host moves from seat 0 to seat 3
    assert [s.user_id for s in state.seats] == [None, 2, None, 1]
    await manager.join(table, 3, "cy", seat=0)
    await manager.join(table, 4, "di", seat=2)
    with pytest.raises(TeamFull):
        await manager.choose_team(table, 4, 1)
    two = await open_toy(manager, channel=200, players=2)
    with pytest.raises(NoTeams, match="without teams"):
        await manager.choose_team(two, 1, 0)


async def test_computers_are_added_removed_and_fill_seats(manager: TableManager) -> None:
    table = await open_toy(manager)
    state = await manager.add_computer(table, 1, level="random")
    assert state.seats[1].computer == "random" and state.seats[1].name == "Computer 2"
    with pytest.raises(NotAComputer):
        await manager.remove_computer(table, 1, 0)
    with pytest.raises(UnknownPlayerLevel):
        await manager.add_computer(table, 1, level="grandmaster")
    with pytest.raises(NotSeated):
        await manager.add_computer(table, 99)
    state = await manager.remove_computer(table, 1, 1)
    assert state.seats[1].empty


async def test_start_needs_the_host_and_every_seat(
    manager: TableManager, storage: SqliteStorage
) -> None:
    table = await open_toy(manager)
    await seat_users(manager, table, [2, 3])
    with pytest.raises(NotEnoughPlayers, match="Waiting for 1 more player"):
        await manager.start(table, 1)
    await manager.join(table, 4, "di")
    with pytest.raises(NotHost):
        await manager.start(table, 2)
    state = await manager.start(table, 2, is_admin=True)
    assert state.status is TableStatus.RUNNING and state.phase == "bidding"
    with pytest.raises(TableRunning, match="already running"):
        await manager.start(table, 1)
    with pytest.raises(TableRunning):
        await manager.join(table, 5, "ed")
    stored = await storage.tables.get(table)
    assert stored is not None and stored.status is TableStatus.RUNNING


async def test_quick_play_fills_every_other_seat_with_computers(manager: TableManager) -> None:
    state = await manager.quick_play(
        channel_id=5, game="toy", user_id=9, name="nia", level="random"
    )
    assert state.status is TableStatus.RUNNING
    assert [s.computer for s in state.seats] == [None, "random", "random", "random"]
    assert state.seats[0].user_id == 9


async def test_host_leaving_the_lobby_passes_the_host_on(manager: TableManager) -> None:
    table = await open_toy(manager)
    await seat_users(manager, table, [2])
    state = await manager.leave(table, 1)
    assert state.host_id == 2 and state.seats[0].empty
    state = await manager.leave(table, 2)
    assert state.status is TableStatus.STOPPED  # nobody left


async def test_stop_by_vote_needs_a_majority_of_the_seated_humans(
    manager: TableManager,
) -> None:
    table = await open_toy(manager)
    await seat_users(manager, table, [2, 3])
    await manager.add_computer(table, 1)
    await manager.start(table, 1)
    state = await manager.vote_stop(table, 2)
    assert state.status is TableStatus.RUNNING and state.stop_votes == {2}
    with pytest.raises(NotSeated):
        await manager.vote_stop(table, 77)
    state = await manager.vote_stop(table, 3)
    assert state.status is TableStatus.STOPPED


async def test_stop_by_host_or_admin_only(manager: TableManager) -> None:
    table = await open_toy(manager)
    await seat_users(manager, table, [2])
    with pytest.raises(NotHost):
        await manager.stop(table, 2)
    state = await manager.stop(table, 2, is_admin=True)
    assert state.status is TableStatus.STOPPED


async def test_rematch_keeps_the_seats_in_a_new_running_table(manager: TableManager) -> None:
    table = await open_toy(manager, players=2)
    await manager.add_computer(table, 1, level="random")
    await manager.start(table, 1)
    with pytest.raises(TableRunning):
        await manager.rematch(table, 1)
    await manager.stop(table, 1)
    state = await manager.rematch(table, 1)
    assert state.id != table and state.status is TableStatus.RUNNING
    assert [(s.user_id, s.computer) for s in state.seats] == [(1, None), (None, "random")]
    assert state.seats[0].name == "host" and manager.table_in_channel(100) == state.id
