"""Turn timers, call windows, AFK takeover and delayed computers under a fake clock."""

from __future__ import annotations

import pytest

from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.errors import NotAway, NotYourTurn
from tables.manager import TableManager
from tests.tables.conftest import Recorder
from tests.tables.toy_game import GAMES


async def two_humans(manager: TableManager, channel: int = 1, **kw: object) -> int:
    state = await manager.create(
        channel_id=channel, game="toy", host_id=1, host_name="ann", players=2, seed=3, **kw
    )  # type: ignore[arg-type]
    await manager.join(state.id, 2, "bob")
    await manager.start(state.id, 1)
    return state.id


async def test_the_deadline_is_in_the_state_and_a_timeout_plays_for_the_seat(
    manager: TableManager, clock: FakeClock, storage: SqliteStorage
) -> None:
    recorder = Recorder(manager)
    table = await two_humans(manager)
    start = clock.now()
    assert manager.state(table).deadline == start + 60
    assert manager.seat_view(table, 2).deadline == start + 60
    assert manager.seat_view(table, 1).deadline is None  # not seat 0's turn
    await clock.advance(59.9)
    assert manager.state(table).seq == 0
    await clock.advance(0.1)
    assert recorder.actions(table)[0][0] == 1 and recorder.actions(table)[0][2] == "timeout"
    state = manager.state(table)
    assert state.seq == 1 and state.to_act == {0} and state.deadline == start + 120
    assert state.seats[1].away is False  # one timeout is not yet a takeover
    log = await storage.actions.for_table(table)
    assert [(a.seat, a.by, a.at) for a in log] == [(1, "timeout", start + 60)]


async def test_acting_in_time_moves_the_deadline_to_the_next_seat(
    manager: TableManager, clock: FakeClock
) -> None:
    table = await two_humans(manager)
    await clock.advance(30)
    await manager.act(table, 2, "pass")
    assert manager.state(table).deadline == clock.now() + 60
    await clock.advance(59)
    assert manager.state(table).seq == 1


async def test_timers_of_several_tables_fire_in_deadline_order(
    manager: TableManager, clock: FakeClock
) -> None:
    recorder = Recorder(manager)
    slow_table = await two_humans(manager, channel=1, turn_seconds=30)
    fast_table = await two_humans(manager, channel=2, turn_seconds=10)
    await clock.advance(45)
    order = [u.table_id for u in recorder.updates if u.by == "timeout"]
    # fast times out at 10, 20, 30, 40 and slow at 30; at the tie the timer armed first
    # (slow's, at time 0) fires first.
    assert order == [fast_table, fast_table, slow_table, fast_table, fast_table]
    assert clock.pending == sorted(clock.pending)


async def test_a_call_window_closes_by_auto_pass_without_a_strike(
    manager: TableManager, clock: FakeClock
) -> None:
    recorder = Recorder(manager)
    table = await two_humans(manager)
    await manager.act(table, 2, "bid:1")
    await manager.act(table, 1, "pass")
    await manager.act(table, 2, "trump:D")
    state = manager.state(table)
    assert state.phase == "calls" and state.to_act == {0, 1}
    assert state.deadline == clock.now() + 15  # the window's own timer
    await manager.act(table, 1, "call:double")
    await clock.advance(15)
    assert recorder.actions(table)[-1] == (1, "pass", "timeout")
    state = manager.state(table)
    assert state.phase == "play"
    assert all(s.away is False and s.timeouts == 0 for s in state.seats)
    match = manager.match_of(table)
    assert match is not None
    seats = state.seats
    assert seats[0].user_id == 1 and manager.seat_view(table, 1).away is False


async def test_afk_takeover_after_repeated_timeouts_and_return_by_click(
    manager: TableManager, clock: FakeClock
) -> None:
    recorder = Recorder(manager)
    table = await two_humans(manager)
    strikes = windows = 0
    while not manager.state(table).seats[1].away:
        state = manager.state(table)
        if 0 in state.to_act:  # seat 0 always answers at once, in windows too
            await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
            continue
        assert state.deadline is not None
        window = state.phase == "calls"
        await clock.advance(state.deadline - clock.now())
        windows += window
        strikes += not window
        assert manager.state(table).seats[1].timeouts == strikes  # a window pass is no strike
    assert strikes == 2
    assert "away" in recorder.kinds(table)
    # away: the computer plays seat 1 at once; no deadline ever waits on it
    for _ in range(4):
        state = manager.state(table)
        assert state.to_act == {0} and state.deadline is not None
        await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
    assert all(by != "player" for seat, _, by in recorder.actions(table) if seat == 1)
    with pytest.raises(NotAway):
        await manager.come_back(table, 1)
    state = await manager.come_back(table, 2)
    assert state.seats[1].away is False and recorder.kinds(table)[-1] == "back"
    await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
    assert manager.state(table).to_act == {1}  # now it waits for the returned player
    assert manager.state(table).deadline == clock.now() + 60


async def test_any_click_while_away_is_coming_back(manager: TableManager, clock: FakeClock) -> None:
    table = await two_humans(manager)
    await manager.leave(table, 2)  # leaving a running game: the computer plays seat 1
    state = manager.state(table)
    assert state.seats[1].away and state.to_act == {0}  # seat 1's bid was made at once
    with pytest.raises(NotYourTurn):
        await manager.act(table, 2, "pass")
    state = manager.state(table)
    assert not state.seats[1].away  # the click brought the player back
    await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
    assert 1 in manager.state(table).to_act


async def test_a_slow_game_has_no_turn_timer(manager: TableManager, clock: FakeClock) -> None:
    table = await two_humans(manager, slow=True)
    assert manager.state(table).deadline is None
    await clock.advance(10_000)
    assert manager.state(table).seq == 0
    assert clock.pending == []


async def test_delayed_computers_act_when_the_clock_reaches_them(
    storage: SqliteStorage, clock: FakeClock
) -> None:
    manager = TableManager(storage, TableSettings(computer_delay=2.0), clock, games=GAMES)
    state = await manager.create(
        channel_id=1, game="toy", host_id=1, host_name="a", players=2, seed=5, join=False
    )
    await manager.add_computer(state.id, 1, level="random")
    await manager.add_computer(state.id, 1, level="random")
    await manager.start(state.id, 1)
    assert manager.state(state.id).seq == 0 and manager.state(state.id).deadline is None
    await clock.advance(1.9)
    assert manager.state(state.id).seq == 0
    await clock.advance(0.1)
    assert manager.state(state.id).seq == 1
    await clock.advance(2.0 * 500)
    assert manager.state(state.id).status == "finished"


def test_table_settings_come_from_the_bot_settings() -> None:
    from settings import Settings

    table_settings = TableSettings.from_settings(
        Settings(turn_timer_seconds=45, timeouts_before_takeover=3)
    )
    assert table_settings.turn_seconds == 45.0 and table_settings.timeouts_before_takeover == 3
    assert table_settings.window_seconds == TableSettings().window_seconds


async def test_tf19_a_player_out_of_time_in_the_exchange_hands_in_nothing(
    manager: TableManager, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """TF-19: a player who times out in the deal-6 exchange hands in 0 cards, even with cards
    chosen, and it is no strike (the manager plays the game's own timeout rule)."""
    recorder = Recorder(manager)
    state = await manager.create(
        channel_id=9,
        game="telefunken",
        host_id=1,
        host_name="ann",
        players=2,
        seed=4,
        options={"dealer_choice_contracts": True},
    )
    await manager.join(state.id, 2, "bob")
    await manager.start(state.id, 1)
    table = state.id
    users = {0: 1, 1: 2}
    while manager.state(table).phase != "exchange":
        state = manager.state(table)
        seat = min(state.to_act)
        legal = [a.id for a in manager.seat_view(table, users[seat]).legal]
        await manager.act(table, users[seat], "contract:6" if "contract:6" in legal else legal[0])
    match = manager.match_of(table)
    assert match is not None
    hands = [sorted(match.view(s)["hand"]) for s in (0, 1)]
    give = next(a for a in manager.seat_view(table, 1).legal if a.kind == "give")
    await manager.act(table, 1, give.id)  # seat 0 chooses a card, then lets time run out
    state = manager.state(table)
    assert state.deadline is not None

    async def no_computer(*args: object) -> None:
        raise AssertionError("the rules say what a timeout does; no computer decides it")

    monkeypatch.setattr(manager, "_computer_acts", no_computer)
    await clock.advance(state.deadline - clock.now())
    timeouts = [(seat, action) for seat, action, by in recorder.actions(table) if by == "timeout"]
    assert sorted(timeouts) == [(0, "keepall"), (1, "handin")]
    assert [sorted(match.view(s)["hand"]) for s in (0, 1)] == hands  # nothing handed in
    assert manager.state(table).phase != "exchange"
    assert all(s.timeouts == 0 for s in manager.state(table).seats if s is not None)
