"""Matches recorded by the table manager at their end, on both backends: Nigerian Thunee
with computers, the toy game between four users (team ratings), an abandoned match, the
replay of a stored match, and the per-guild setting for matches with computers."""

from __future__ import annotations

import random

from leagues.replay import load_replay
from storage import LeagueSettings, MatchStatus, Storage
from tests.leagues.helpers import GUILD, manager_over, play_out
from tests.tables.toy_game import GAMES


async def test_a_nigerian_thunee_match_is_recorded_rated_and_replays_equal(store: Storage) -> None:
    manager, clock, updates = manager_over(store)
    state = await manager.quick_play(
        channel_id=500, guild_id=GUILD, game="nigerian_thunee", user_id=11, name="Ada", seed=7
    )
    await play_out(manager, clock, state.id, random.Random(3))
    engine = manager.match_of(state.id)
    assert engine is not None and engine.is_over

    record = await store.matches.get_by_table(state.id)
    assert record is not None
    assert (record.game, record.guild_id, record.channel_id) == ("nigerian_thunee", GUILD, 500)
    assert record.status is MatchStatus.FINISHED and record.computers and record.rated
    assert record.teams == [[0, 2], [1, 3]]
    assert record.winners == engine.result["winners"]  # type: ignore[index]
    assert record.scores == engine.result["scores"]  # type: ignore[index]
    assert record.hand_results == engine.hand_results and len(record.hand_results) >= 1
    assert [s.user_id for s in record.seats] == [11, None, None, None]
    assert [s.team for s in record.seats] == [0, 1, 0, 1]
    assert record.duration > 0 and record.actions == len(engine.actions_applied)
    assert record.season == 1

    human_won = 0 in record.winners
    [change] = record.rating_changes
    assert change.user_id == 11 and (change.delta > 0) == human_won
    line = await store.leagues.standing(GUILD, "nigerian_thunee", 11)
    assert line is not None and line.matches == 1 and line.wins == int(human_won)
    assert line.rating == change.after and line.rank == 1
    finished = [u for u in updates if u.kind == "finished"]
    assert finished[-1].data["match_id"] == record.id
    assert finished[-1].data["rating_changes"] == [change]

    replay = await load_replay(store, record.id)
    assert replay is not None and replay.agrees
    assert replay.match.actions_applied == engine.actions_applied
    assert replay.match.public_view() == engine.public_view()
    assert [h.result for h in replay.hands] == record.hand_results
    assert sum(len(h.actions) for h in replay.hands) == record.actions
    for hand in replay.hands:  # every card each seat held: 5 (thrown in) or all 8
        sizes = {len(hand.cards[s]) for s in range(4)}
        dealt = [c for s in range(4) for c in hand.cards[s]]
        assert sizes in ({5}, {8}) and len(set(dealt)) == len(dealt)
        assert set(dealt) <= set(engine.deck())
        assert all(a.label for a in hand.actions)  # for the UI's hand-by-hand record
    assert any(len(h.cards[0]) == 8 for h in replay.hands)


async def test_team_members_share_their_team_rating_change(store: Storage) -> None:
    manager, clock, _ = manager_over(store)
    state = await manager.create(
        channel_id=501, guild_id=GUILD, game="toy", host_id=1, host_name="u1", seed=11
    )
    for user in (2, 3, 4):
        await manager.join(state.id, user, f"u{user}")
    await manager.start(state.id, 1)
    await play_out(manager, clock, state.id, random.Random(5))
    record = await store.matches.get_by_table(state.id)
    assert record is not None and record.rated and not record.computers
    assert len(record.winners) == 2 and record.winners in ([0, 2], [1, 3])
    changes = {c.seat: c for c in record.rating_changes}
    for seat in range(4):
        won = seat in record.winners
        assert (changes[seat].delta > 0) == won, seat  # openskill: winners up, losers down
    a, b = record.winners
    assert changes[a].after == changes[b].after  # partners start equal and move together
    board = await store.leagues.leaderboard(GUILD, "toy")
    assert [s.user_id for s in board.items[:2]] == sorted(
        [record.seats[a].user_id, record.seats[b].user_id]  # type: ignore[list-item]
    )
    assert [s.wins for s in board.items] == [1, 1, 0, 0] and board.total == 4
    assert board.items[0].streak == 1 and board.items[3].streak == -1
    assert board.items[0].points == 3 and board.items[3].points == 0


async def test_an_abandoned_match_is_recorded_but_never_counts(store: Storage) -> None:
    manager, clock, updates = manager_over(store)
    state = await manager.create(
        channel_id=502, guild_id=GUILD, game="toy", host_id=1, host_name="u1", seed=3, players=2
    )
    await manager.join(state.id, 2, "u2")
    await manager.start(state.id, 1)
    await play_out(manager, clock, state.id, random.Random(1), steps=5)
    await manager.stop(state.id, 1)
    record = await store.matches.get_by_table(state.id)
    assert record is not None and record.status is MatchStatus.ABANDONED
    assert not record.rated and record.season is None and record.rating_changes == []
    assert record.winners == [] and record.actions == 5
    assert (await store.leagues.leaderboard(GUILD, "toy")).items == []
    history = await store.matches.history(GUILD, user_id=1)
    assert [m.status for m in history.items] == [MatchStatus.ABANDONED]
    [stats] = await store.leagues.player_stats(GUILD, 1)
    assert (stats.game, stats.matches, stats.abandoned, stats.season) == ("toy", 0, 1, None)
    assert [u for u in updates if u.kind == "stopped"][-1].data["rating_changes"] == []
    replay = await load_replay(store, record.id, GAMES)
    assert replay is not None and replay.agrees and not replay.match.is_over
    assert replay.hands[-1].result is None and len(replay.hands[-1].actions) >= 1


async def test_a_guild_can_leave_matches_with_computers_out(store: Storage) -> None:
    await store.leagues.save_settings(LeagueSettings(GUILD, computers_count=False))
    assert not (await store.leagues.settings(GUILD)).computers_count
    manager, clock, _ = manager_over(store)
    state = await manager.quick_play(
        channel_id=503, guild_id=GUILD, game="toy", user_id=11, name="Ada", seed=2
    )
    await play_out(manager, clock, state.id, random.Random(2))
    record = await store.matches.get_by_table(state.id)
    assert record is not None and record.status is MatchStatus.FINISHED
    assert record.computers and not record.rated and record.rating_changes == []
    assert await store.leagues.standing(GUILD, "toy", 11) is None
    await store.leagues.save_settings(LeagueSettings(GUILD, computers_count=True))
    again = await manager.rematch(state.id, 11)
    await play_out(manager, clock, again.id, random.Random(4))
    second = await store.matches.get_by_table(again.id)
    assert second is not None and second.rated
    line = await store.leagues.standing(GUILD, "toy", 11)
    assert line is not None and line.matches == 1  # computers themselves are never rated
    board = await store.leagues.leaderboard(GUILD, "toy")
    assert [s.user_id for s in board.items] == [11]


async def test_recording_the_same_table_twice_changes_nothing(store: Storage) -> None:
    manager, clock, _ = manager_over(store)
    state = await manager.quick_play(
        channel_id=504, guild_id=GUILD, game="toy", user_id=11, name="Ada", seed=9
    )
    await play_out(manager, clock, state.id, random.Random(9))
    record = await store.matches.get_by_table(state.id)
    assert record is not None
    table = await store.tables.get(state.id)
    engine = manager.match_of(state.id)
    assert table is not None and engine is not None
    from leagues.recording import build_match_record

    again = build_match_record(
        table, GAMES.get("toy"), engine, ended_at=clock.now(), actions=record.actions
    )
    outcome = await store.matches.record_finished(again)
    assert outcome.already_recorded and outcome.match_id == record.id
    assert outcome.changes == record.rating_changes
    assert await store.matches.count(GUILD) == 1
    line = await store.leagues.standing(GUILD, "toy", 11)
    assert line is not None and line.matches == 1
