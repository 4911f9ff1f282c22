"""Restart recovery: a table rebuilt from its log equals the original at any stop point."""

from __future__ import annotations

import random
import zlib
from pathlib import Path
from typing import Any

import pytest

from storage import SeatRecord, SqliteStorage, TableRecord, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.errors import TableRestoring
from tables.manager import TableManager
from tests.tables.conftest import play_humans
from tests.tables.toy_game import GAMES as KNOWN

GAMES = KNOWN.names()


def fingerprint(manager: TableManager, table_id: int) -> Any:
    match = manager.match_of(table_id)
    assert match is not None
    state = manager.state(table_id)
    return (
        state.seq,
        state.status,
        match.phase,
        sorted(match.to_act),
        match.public_view(),
        [match.view(s) for s in range(match.players)],
        [[a.id for a in match.legal_actions(s)] for s in range(match.players)],
        [(s.user_id, s.computer, s.away) for s in state.seats],
    )


async def open_tables(
    manager: TableManager, game: str, rng: random.Random, count: int
) -> list[tuple[int, int]]:
    """``count`` running tables of ``game``, seat 1 a computer, humans elsewhere; each is
    played a random number of human clicks. Returns (table id, clicks)."""
    spec = KNOWN.get(game)
    tables = []
    for index in range(count):
        players = spec.player_counts[index % len(spec.player_counts)]
        state = await manager.create(
            channel_id=index, game=game, host_id=1, host_name="u1", players=players, seed=index
        )
        for seat in range(1, players):
            if seat == 1:
                await manager.add_computer(state.id, 1, level="heuristic")
            else:
                await manager.join(state.id, seat + 1, f"u{seat + 1}")
        await manager.start(state.id, 1)
        clicks = await play_humans(manager, state.id, rng, steps=rng.randrange(0, 60))
        tables.append((state.id, clicks))
    return tables


@pytest.mark.parametrize(("snapshot_every", "warm"), [(0, True), (7, True), (0, False)])
@pytest.mark.parametrize("game", GAMES)
async def test_recovered_tables_equal_the_originals_at_random_stop_points(
    game: str, snapshot_every: int, warm: bool, db_path: Path
) -> None:
    settings = TableSettings(snapshot_every=snapshot_every)
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, settings, FakeClock(), games=KNOWN)
    tables = await open_tables(first, game, random.Random(zlib.crc32(game.encode())), count=8)
    open_ids = [t for t, _ in tables if first.state(t).status is TableStatus.RUNNING]
    assert open_ids, "every table finished before the stop point"
    before = {t: fingerprint(first, t) for t in open_ids}
    if game == "toy" and snapshot_every:  # the toy engine saves its state: tail replay
        stored = [await store.tables.get(t) for t in open_ids]
        assert any(
            r is not None and r.snapshot_seq > 0 and "state" in (r.snapshot or {}) for r in stored
        )
    await first.close()
    await store.close()  # the process "stops" here

    store = await SqliteStorage.open(db_path)
    clock = FakeClock()
    second = TableManager(store, settings, clock, games=KNOWN)
    report = await second.recover(warm=warm)
    assert report.failed == []
    assert sorted(second.open_tables()) == sorted(open_ids)
    if not warm:  # half the tables rebuilt on first use, the rest by the warm-up
        for table_id in open_ids[::2]:
            assert second.state(table_id).restoring
            with pytest.raises(TableRestoring):
                second.seat_view(table_id, 1)
            await second.ready(table_id)
            assert fingerprint(second, table_id) == before[table_id]
        assert await second.start_warm_up() == []
    for table_id in open_ids:
        assert fingerprint(second, table_id) == before[table_id]
        state = second.state(table_id)
        if state.status is TableStatus.RUNNING:
            assert state.deadline == clock.now() + settings.turn_seconds or len(state.to_act) > 1
    # and recovered matches play on (one to its end: long games make that slow)
    rng = random.Random(2)
    for table_id in open_ids:
        before_seq = second.state(table_id).seq
        await play_humans(second, table_id, rng, steps=None if table_id == open_ids[0] else 20)
        assert second.state(table_id).seq > before_seq
    assert second.state(open_ids[0]).status is TableStatus.FINISHED
    await second.close()
    await store.close()


async def test_recovery_keeps_lobbies_and_away_seats_and_skips_broken_tables(
    db_path: Path,
) -> None:
    store = await SqliteStorage.open(db_path)
    clock = FakeClock()
    first = TableManager(store, TableSettings(timeouts_before_takeover=1), clock, games=KNOWN)
    lobby = await first.create(channel_id=1, game="toy", host_id=1, host_name="a", players=2)
    running = await first.create(channel_id=2, game="toy", host_id=1, host_name="a", players=2)
    await first.join(running.id, 2, "b")
    await first.start(running.id, 1)
    await clock.advance(90)  # seat 1 times out once: taken over
    assert first.state(running.id).seats[1].away
    broken = await first.create(channel_id=3, game="toy", host_id=1, host_name="a", players=2)
    await first.join(broken.id, 2, "b")
    await first.start(broken.id, 1)
    await first.close()
    await store.close()
    # corrupt the broken table's log behind the manager's back
    import sqlite3

    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO actions VALUES (?, 1, 0, 'play:ZZ', 0, 'player')", (broken.id,))
    conn.commit()
    conn.close()

    store = await SqliteStorage.open(db_path)
    second = TableManager(
        store, TableSettings(timeouts_before_takeover=1), FakeClock(), games=KNOWN
    )
    report = await second.recover()
    assert report.failed == [broken.id] and report.running == 1
    assert second.state(lobby.id).status is TableStatus.LOBBY
    assert second.state(running.id).seats[1].away
    assert second.table_in_channel(3) is None
    await second.close()
    await store.close()


@pytest.mark.parametrize("warm", [True, False])
async def test_a_computer_whose_turn_it_was_at_the_crash_plays_after_recovery(
    warm: bool, db_path: Path
) -> None:
    store = await SqliteStorage.open(db_path)
    record = await store.tables.create(
        TableRecord(
            game="toy",
            players=2,
            options={},
            seed=3,
            channel_id=1,
            status=TableStatus.RUNNING,
            seats=[SeatRecord(name="a", user_id=1), SeatRecord(name="c", computer="random")],
        )
    )
    clock = FakeClock()
    manager = TableManager(store, TableSettings(), clock, games=KNOWN)
    await manager.recover(warm=warm)
    if not warm:
        assert manager.state(record.id).restoring  # rebuilt on first use
        await manager.ready(record.id)
    state = manager.state(record.id)
    assert state.seq >= 1 and state.to_act == {0} and state.deadline is not None
    assert [a.by for a in await store.actions.for_table(record.id)] == ["random"] * state.seq
    await manager.close()
    await store.close()


async def test_a_click_on_a_table_not_yet_rebuilt_rebuilds_it_and_applies(db_path: Path) -> None:
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, TableSettings(), FakeClock(), games=KNOWN)
    state = await first.create(channel_id=1, game="toy", host_id=1, host_name="a", players=2)
    await first.join(state.id, 2, "b")
    await first.start(state.id, 1)
    await first.act(state.id, 2, "bid:1")
    await first.close()
    second = TableManager(store, TableSettings(), FakeClock(), games=KNOWN)
    await second.recover(warm=False)
    after = await second.act(state.id, 1, "pass")  # seat 0 passes: seat 1 names trump
    assert not after.restoring and after.seq == 2 and after.phase == "trump"
    assert [a.action_id for a in await store.actions.for_table(state.id)] == ["bid:1", "pass"]
    await second.close()
    await store.close()
