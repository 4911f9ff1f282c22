"""Acting through the manager: the log, double clicks, strangers, events and full matches."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from rules.contract import Match
from storage import LoggedAction, SqliteStorage, TableRecord, TableStatus
from tables.errors import AlreadyPlayed, IllegalMove, NotYourSeat, NotYourTurn, TableNotRunning
from tables.manager import TableManager
from tests.tables.conftest import Recorder, play_humans
from tests.tables.toy_game import GAMES


def replayed(manager: TableManager, table_id: int, log: list[LoggedAction]) -> Match[Any]:
    """A fresh match of the table's game, seed and options driven by its stored log."""
    state = manager.state(table_id)
    spec = GAMES.get(state.game)
    record_seed = manager.match_of(table_id).seed  # type: ignore[union-attr]
    match = spec.new_match(state.players, state.options, seed=record_seed)
    for entry in log:
        match.apply(entry.seat, entry.action_id)
    return match


async def two_humans(manager: TableManager, **kw: object) -> int:
    state = await manager.create(
        channel_id=1, game="toy", host_id=1, host_name="ann", players=2, seed=3, **kw
    )  # type: ignore[arg-type]
    await manager.join(state.id, 2, "bob")
    await manager.start(state.id, 1)
    return state.id


async def test_double_click_applies_once_and_the_second_gets_already_played(
    manager: TableManager, storage: SqliteStorage
) -> None:
    table = await two_humans(manager)
    assert manager.state(table).to_act == {1}  # dealer 0, seat 1 (user 2) bids first
    results = await asyncio.gather(
        manager.act(table, 2, "pass"), manager.act(table, 2, "pass"), return_exceptions=True
    )
    assert isinstance(results[1], AlreadyPlayed) and not isinstance(results[0], Exception)
    assert [a.action_id for a in await storage.actions.for_table(table)] == ["pass"]
    assert manager.state(table).seq == 1


async def test_a_repeated_click_on_an_old_view_is_already_played(manager: TableManager) -> None:
    table = await two_humans(manager)
    seen = manager.seat_view(table, 2).seq
    await manager.act(table, 2, "bid:1")
    await manager.act(table, 1, "pass")
    await manager.act(table, 2, "trump:S")
    await manager.act(table, 1, "pass")  # seat 0 passes in the calls window
    assert "pass" in [a.id for a in manager.seat_view(table, 2).legal]
    with pytest.raises(AlreadyPlayed):
        await manager.act(table, 2, "trump:S", seen_seq=seen)
    # the same action id is a new move when the click comes from a current view
    await manager.act(table, 2, "pass", seen_seq=manager.seat_view(table, 2).seq)


async def test_stranger_wrong_turn_and_illegal_actions_write_nothing(
    manager: TableManager, storage: SqliteStorage
) -> None:
    table = await two_humans(manager)
    with pytest.raises(NotYourSeat, match="not your seat"):
        await manager.act(table, 99, "pass")
    with pytest.raises(NotYourTurn, match="not your turn"):
        await manager.act(table, 1, "pass")
    with pytest.raises(IllegalMove, match="not a Toy Tricks action"):
        await manager.act(table, 2, "bid:9")
    with pytest.raises(IllegalMove, match="can't do that now"):
        await manager.act(table, 2, "trump:S")
    assert await storage.actions.for_table(table) == []
    assert manager.state(table).seq == 0


async def test_acting_before_start_is_refused(manager: TableManager) -> None:
    state = await manager.create(channel_id=1, game="toy", host_id=1, host_name="a", players=2)
    with pytest.raises(TableNotRunning):
        await manager.act(state.id, 1, "pass")


async def test_private_events_reach_only_their_seat(manager: TableManager) -> None:
    recorder = Recorder(manager)
    table = await two_humans(manager)
    await manager.act(table, 2, "bid:1")
    await manager.act(table, 1, "pass")
    await manager.act(table, 2, "trump:H")
    update = recorder.updates[-1]
    assert update.kind == "action" and update.seat == 1 and update.by == "player"
    assert [e.kind for e in update.events_for(1)] == ["acted", "trump_chosen"]
    assert [e.kind for e in update.events_for(0)] == ["acted"]
    assert [e.kind for e in update.events_for(None)] == ["acted"]


async def test_humans_play_a_match_to_the_end_and_the_log_holds_it(
    manager: TableManager, storage: SqliteStorage
) -> None:
    recorder = Recorder(manager)
    table = await two_humans(manager)
    clicks = await play_humans(manager, table, random.Random(1))
    state = manager.state(table)
    assert state.status is TableStatus.FINISHED and state.result is not None
    log = await storage.actions.for_table(table)
    assert [a.seq for a in log] == list(range(1, clicks + 1))
    match = manager.match_of(table)
    assert match is not None
    assert replayed(manager, table, log).result == match.result
    assert recorder.kinds(table)[-1] == "finished"
    stored = await storage.tables.get(table)
    assert stored is not None and stored.status is TableStatus.FINISHED


@pytest.mark.parametrize("game", GAMES.names())
async def test_computers_finish_a_match_of_every_game_through_the_manager(
    game: str, manager: TableManager, storage: SqliteStorage
) -> None:
    spec = GAMES.get(game)
    counts = sorted({min(spec.player_counts), max(spec.player_counts)})  # keeps CI short
    for index, players in enumerate(counts):
        state = await manager.create(
            channel_id=index, game=game, host_id=1, host_name="h", players=players, join=False
        )
        levels = ["heuristic", "random"]
        for seat in range(players):
            await manager.add_computer(state.id, 1, level=levels[seat % 2])
        state = await manager.start(state.id, 1)
        assert state.status is TableStatus.FINISHED, (game, players)
        match = manager.match_of(state.id)
        assert match is not None and match.is_over
        log = await storage.actions.for_table(state.id)
        assert len(log) == state.seq
        assert replayed(manager, state.id, log).result == match.result
        assert {a.by for a in log} <= {"heuristic", "random"}


async def test_close_hooks_see_finished_and_stopped_tables(manager: TableManager) -> None:
    closed: list[tuple[int, str, bool]] = []

    async def record(table: TableRecord, match: Match[Any] | None) -> None:
        closed.append((table.id, table.status.value, match is not None and match.is_over))

    manager.on_close(record)
    finished = await manager.quick_play(
        channel_id=1, game="toy", user_id=1, name="a", level="random", join=False
    )
    lobby = await manager.create(channel_id=2, game="toy", host_id=1, host_name="a")
    await manager.stop(lobby.id, 1)
    assert closed == [(finished.id, "finished", True), (lobby.id, "stopped", False)]
