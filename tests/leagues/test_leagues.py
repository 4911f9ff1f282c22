"""League queries on both backends: leaderboards by season, individual ratings, player
stats across games, history paging, unreadable rows, shard claims."""

from __future__ import annotations

import logging
import os

import pytest

from leagues.replay import load_replay
from storage import MatchStatus, ShardSet, ShardTaken, Storage
from tests.backends import PG_URL_VAR
from tests.leagues.helpers import GUILD, a_record

ANN, BOB, CY = 101, 102, 103


async def test_leaderboards_are_kept_per_season(store: Storage) -> None:
    for _ in range(3):
        await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [0]))
    assert await store.leagues.current_season(GUILD, "toy") == 1
    new = await store.leagues.start_season(GUILD, "toy", name="Spring", at=1_800_000_000.0)
    assert (new.number, new.name, new.current) == (2, "Spring", True)
    outcome = await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bobby")], [1]))
    assert outcome.season == 2

    old = await store.leagues.leaderboard(GUILD, "toy", season=1)
    assert [(s.user_id, s.rank, s.wins, s.losses, s.streak, s.points) for s in old.items] == [
        (ANN, 1, 3, 0, 3, 9),
        (BOB, 2, 0, 3, -3, 0),
    ]
    assert old.items[0].win_rate == 1.0 and old.items[0].best_streak == 3
    current = await store.leagues.leaderboard(GUILD, "toy", by="wins")
    assert [(s.user_id, s.name, s.matches, s.wins) for s in current.items] == [
        (BOB, "Bobby", 1, 1),
        (ANN, "Ann", 1, 0),
    ]
    # A new season starts every rating afresh.
    assert current.items[0].rating == outcome.changes[1].after
    assert outcome.changes[1].before == pytest.approx(0.0)
    seasons = await store.leagues.seasons(GUILD, "toy")
    assert [(s.number, s.current) for s in seasons] == [(2, True), (1, False)]
    assert seasons[1].ended_at == 1_800_000_000.0
    assert (await store.leagues.leaderboard(GUILD, "toy", season=3)).items == []
    with pytest.raises(ValueError):
        await store.leagues.leaderboard(GUILD, "toy", by="luck")  # type: ignore[arg-type]


async def test_individual_ratings_move_the_expected_way(store: Storage) -> None:
    seats = [(ANN, "Ann"), (BOB, "Bob"), (None, "Computer 3"), (CY, "Cy")]
    outcome = await store.matches.record_finished(a_record(seats, [3], game="tonk"))
    by_user = {c.user_id: c for c in outcome.changes}
    assert set(by_user) == {ANN, BOB, CY}  # the computer is never rated
    assert by_user[CY].delta > 0 and by_user[ANN].delta < 0 and by_user[BOB].delta < 0
    # The favourite's skill (mu) gains less from an expected win than an upset costs it.
    first_mu = by_user[CY].mu
    win = await store.matches.record_finished(
        a_record([(CY, "Cy"), (ANN, "Ann")], [0], game="tonk")
    )
    win_mu = {c.user_id: c.mu for c in win.changes}[CY]
    upset = await store.matches.record_finished(
        a_record([(CY, "Cy"), (BOB, "Bob")], [1], game="tonk")
    )
    upset_mu = {c.user_id: c.mu for c in upset.changes}[CY]
    assert 0 < win_mu - first_mu < win_mu - upset_mu
    board = await store.leagues.leaderboard(GUILD, "tonk")
    assert board.items[0].user_id == CY and board.total == 3


async def test_a_players_stats_span_every_game(store: Storage) -> None:
    await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [0]))
    await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [1], game="tonk"))
    await store.leagues.start_season(GUILD, "tonk")
    await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [0], game="tonk"))
    await store.matches.record_finished(
        a_record([(ANN, "Ann"), (CY, "Cy")], [], game="tonk", status=MatchStatus.ABANDONED)
    )
    stats = {s.game: s for s in await store.leagues.player_stats(GUILD, ANN)}
    assert set(stats) == {"toy", "tonk"}
    tonk = stats["tonk"]
    assert (tonk.matches, tonk.wins, tonk.losses, tonk.seasons, tonk.abandoned) == (2, 1, 1, 2, 1)
    assert tonk.season is not None and tonk.season.season == 2 and tonk.season.matches == 1
    assert tonk.season.rank == 1 and tonk.win_rate == 0.5
    assert stats["toy"].wins == 1 and stats["toy"].season is not None
    assert await store.leagues.player_stats(GUILD + 1, ANN) == []


async def test_history_pages_newest_first(store: Storage) -> None:
    ids = []
    for i in range(25):
        seats = [(ANN, "Ann"), (BOB if i % 2 else CY, "Other")]
        game = "toy" if i % 5 else "tonk"
        ids.append((await store.matches.record_finished(a_record(seats, [0], game=game))).match_id)
    await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [0], guild=9))
    pages = [await store.matches.history(GUILD, page=p, per_page=10) for p in range(3)]
    assert [len(p.items) for p in pages] == [10, 10, 5]
    assert [p.has_next for p in pages] == [True, True, False] and pages[1].has_previous
    assert [m.id for p in pages for m in p.items] == ids[::-1]
    after_first = await store.matches.history(GUILD, before=pages[0].items[-1].id, per_page=10)
    assert [m.id for m in after_first.items] == [m.id for m in pages[1].items]
    first = pages[0].items[0]
    assert [s.user_id for s in first.seats] == [ANN, CY] and first.winners == [0]
    assert first.rated and first.season == 1 and not first.computers
    assert [(c.user_id, c.delta > 0) for c in first.rating_changes] == [(ANN, True), (CY, False)]

    bob = await store.matches.history(GUILD, user_id=BOB, per_page=5)
    assert [m.id for m in bob.items] == [ids[i] for i in (23, 21, 19, 17, 15)] and bob.has_next
    tonk = await store.matches.history(GUILD, game="tonk", per_page=50)
    assert [m.id for m in tonk.items] == [ids[i] for i in (20, 15, 10, 5, 0)]
    ann_tonk = await store.matches.history(GUILD, user_id=ANN, game="tonk", page=1, per_page=3)
    assert [m.id for m in ann_tonk.items] == [ids[5], ids[0]] and not ann_tonk.has_next
    everywhere = await store.matches.history(None, user_id=BOB, per_page=100)
    assert len(everywhere.items) == 13
    assert (await store.matches.history(GUILD, per_page=1000)).per_page == 100


async def test_unreadable_rows_are_skipped_with_a_warning(
    store: Storage, caplog: pytest.LogCaptureFixture
) -> None:
    good = await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [0]))
    bad = await store.matches.record_finished(a_record([(ANN, "Ann"), (BOB, "Bob")], [1]))
    async with store.db.transaction() as tx:  # type: ignore[attr-defined]
        await tx.execute(
            "UPDATE matches SET winners = ?, status = ? WHERE id = ?", "{x", "lost", bad.match_id
        )
    unknown = await store.matches.record_finished(
        a_record([(ANN, "Ann"), (BOB, "Bob")], [0], game="no_such_game")
    )
    with caplog.at_level(logging.WARNING):
        history = await store.matches.history(GUILD)
        assert [m.id for m in history.items] == [unknown.match_id, good.match_id]
        assert await store.matches.get(bad.match_id) is None
        assert await load_replay(store, unknown.match_id) is None  # no table, unknown game
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert sum(f"match {bad.match_id}" in w for w in warnings) == 2
    assert any(f"match {unknown.match_id}" in w for w in warnings)
    board = await store.leagues.leaderboard(GUILD, "toy")
    assert [s.user_id for s in board.items] == [BOB, ANN]  # the standings are unharmed
    if store.db.dialect == "sqlite":  # type: ignore[attr-defined]
        # SQLite keeps whatever it is given: a damaged number is skipped, not a crash.
        async with store.db.transaction() as tx:  # type: ignore[attr-defined]
            await tx.execute("UPDATE standings SET wins = ? WHERE user_id = ?", "many", ANN)
        with caplog.at_level(logging.WARNING):
            board = await store.leagues.leaderboard(GUILD, "toy")
            stats = await store.leagues.player_stats(GUILD, ANN)
        assert [s.user_id for s in board.items] == [BOB] and board.total == 2
        assert stats == []
        assert sum("unreadable" in r.getMessage() for r in caplog.records) >= 4


async def test_a_shard_is_claimed_by_one_process_only(store: Storage) -> None:
    if type(store).__name__ != "PgStorage":
        await store.claim_shards(ShardSet((0,), 2))  # one process per SQLite file: no-op
        return
    from storage.postgres import PgStorage

    assert isinstance(store, PgStorage)
    await store.claim_shards(ShardSet((0, 1), 4))
    row = await store.db.fetchone("SELECT current_schema()")
    assert row is not None
    other = await PgStorage.open(os.environ[PG_URL_VAR], schema=row[0])  # a second process
    try:
        await other.claim_shards(ShardSet((2, 3), 4))
        with pytest.raises(ShardTaken):
            await other.claim_shards(ShardSet((1,), 4))
    finally:
        await other.close()
