"""Match nights over the table manager, on both backends (issue 32): a Swiss night of
pairs with a substitute, a late member and a walkover after the set time; a knockout
with byes and best-of-three series to a champion; refusals that change nothing."""

from __future__ import annotations

import random

import pytest

from storage import Storage
from storage.nights import Fixture, Night
from tables.clock import FakeClock
from tables.manager import TableManager
from tables.nights import (
    BadBestOf,
    NightNews,
    NightRunner,
    NightStarted,
    NotAnEntrant,
    NotOrganiser,
    TooFewEntrants,
)
from tests.leagues.helpers import GUILD, manager_over, play_out

ORGANISER = 1


async def enter_pairs(store: Storage, count: int) -> list[int]:
    """The league's fixed pairs (``storage.entrants``): pair i is users 10+2i and 11+2i."""
    made = [
        await store.entrants.create(GUILD, "toy", 2, f"Pair {i}", [10 + 2 * i, 11 + 2 * i])
        for i in range(count)
    ]
    return [e.id for e in made]


class Host:
    def __init__(self) -> None:
        self.news: list[NightNews] = []
        self.channels = 9000

    async def open_channel(self, night: Night, fixture: Fixture, names: dict[int, str]) -> int:
        self.channels += 1
        return self.channels

    async def announce(self, news: NightNews) -> None:
        self.news.append(news)

    def kinds(self) -> list[str]:
        return [n.kind for n in self.news]


async def play_tables(
    manager: TableManager, clock: FakeClock, runner: NightRunner, host: Host, rng: random.Random
) -> int:
    """Play every table the night has opened and not finished; the games played."""
    played = 0
    while True:
        await runner.idle()
        open_tables = [
            n.table_id
            for n in host.news
            if n.kind == "table" and n.table_id is not None and n.table_id in manager.open_tables()
        ]
        if not open_tables:
            return played
        for table_id in open_tables:
            await play_out(manager, clock, table_id, rng)
            played += 1


async def test_a_swiss_night_of_pairs_with_a_substitute_and_a_walkover(store: Storage) -> None:
    manager, clock, _ = manager_over(store)
    host = Host()
    p = await enter_pairs(store, 4)
    runner = NightRunner(store, manager, host)
    night = await runner.open(
        guild_id=GUILD, channel_id=77, game="toy", organiser_id=ORGANISER, rounds=2,
        walkover_seconds=300, options={"target": 1},
    )  # fmt: skip
    for user in (10, 11, 12, 13, 14, 16):  # pair 2's second and pair 3's second are missing
        await runner.check_in(night.id, user, f"u{user}", GUILD)
    with pytest.raises(NotAnEntrant):
        await runner.check_in(night.id, 99, "stranger", GUILD)
    with pytest.raises(NotOrganiser):
        await runner.start(night.id, GUILD, 10, is_admin=False)
    assert (await store.nights.get(night.id)).status == "checkin"  # type: ignore[union-attr]
    # A substitute stands in for pair 3's missing member, recorded as such.
    await runner.substitute(night.id, GUILD, 16, absent=17, user_id=50, name="sub")
    await runner.start(night.id, GUILD, ORGANISER, is_admin=False)

    first = next(n for n in host.news if n.kind == "round")
    assert [(f.a, f.b) for f in first.fixtures] == [(p[0], p[1]), (p[2], p[3])]
    tables = [n for n in host.news if n.kind == "table"]
    assert len(tables) == 1 and set(tables[0].mentions) == {10, 11, 12, 13}
    await play_tables(manager, clock, runner, host, random.Random(1))
    await clock.advance(300)  # pair 2 never completed: a walkover to pair 3
    await runner.idle()
    walkover = next(n for n in host.news if n.kind == "walkover").fixtures[0]
    assert (walkover.winner, walkover.walkover) == (p[3], True)

    second = [n for n in host.news if n.kind == "round"][1]
    assert second.round == 2 and len(second.fixtures) == 2
    met = {frozenset((f.a, f.b)) for f in first.fixtures}
    assert all(frozenset((f.a, f.b)) not in met for f in second.fixtures)  # no rematch
    await runner.check_in(night.id, 15, "u15", GUILD)  # pair 2's late member: no walkover now
    await play_tables(manager, clock, runner, host, random.Random(2))
    await runner.idle()
    assert host.kinds().count("walkover") == 1
    over = host.news[-1]
    assert over.kind == "over" and len(over.standings) == 4
    assert sum(points for _, points in over.standings) == 4.0  # one per fixture
    lineup = await store.nights.lineups(night.id)
    assert [(s.user_id, s.substitute_for) for s in lineup if s.substitute_for] == [(50, 17)]
    played = [f for f in await store.nights.fixtures(night.id) if not f.walkover]
    assert all(len(f.match_ids) == 1 and f.games == [f.winner] for f in played)
    # The leagues' records: the substitute's game counts for pair 3, marked as such; the
    # walkover is pair 3's win and pair 2's loss, not rated.
    (with_sub,) = [f for f in played if p[3] in (f.a, f.b)]
    sides = {s.entrant_id: s for s in await store.entrants.match_sides(with_sub.match_ids[0])}
    assert sides[p[3]].substitutes == 1 and sides[p[3]].rated
    line = await store.entrant_standings.standing(GUILD, "toy", p[3])
    assert line is not None and line.wins >= 1 and line.matches == line.rated_matches + 1
    assert (await store.nights.get(night.id)).status == "finished"  # type: ignore[union-attr]
    runner.close()


async def test_a_knockout_of_six_with_byes_and_best_of_three_to_a_champion(
    store: Storage,
) -> None:
    manager, clock, _ = manager_over(store)
    host = Host()
    p = await enter_pairs(store, 6)
    runner = NightRunner(store, manager, host)
    with pytest.raises(BadBestOf):
        await runner.open(
            guild_id=GUILD, channel_id=78, game="toy", organiser_id=ORGANISER, best_of=2
        )
    night = await runner.open(
        guild_id=GUILD, channel_id=78, game="toy", organiser_id=ORGANISER,
        format="knockout", best_of=3, options={"target": 1},
    )  # fmt: skip
    await runner.check_in(night.id, 10, "u10", GUILD)
    with pytest.raises(TooFewEntrants):
        await runner.start(night.id, GUILD, ORGANISER, is_admin=False)
    for user in range(11, 22):
        await runner.check_in(night.id, user, f"u{user}", GUILD)
    await runner.start(night.id, GUILD, ORGANISER, is_admin=False)
    first = host.news[0]
    bracket = [(f.a, f.b) for f in first.fixtures]
    assert bracket == [(p[0], None), (p[3], p[4]), (p[1], None), (p[2], p[5])]  # byes: 1, 2
    games = await play_tables(manager, clock, runner, host, random.Random(5))
    over = host.news[-1]
    assert over.kind == "over" and over.champion is not None
    fixtures = await store.nights.fixtures(night.id)
    assert [f.round for f in fixtures] == [1, 1, 1, 1, 2, 2, 3]
    series = [f for f in fixtures if f.b is not None]
    assert all(f.games.count(f.winner) == 2 and len(f.match_ids) == len(f.games) for f in series)
    assert games == sum(len(f.games) for f in series) and 10 <= games <= 15
    assert fixtures[-1].winner == over.champion
    line = await store.entrant_standings.standing(GUILD, "toy", over.champion)
    won = sum(1 for f in series if f.winner == over.champion)
    assert line is not None and line.series_won == won >= 2  # a bye is not a series won
    runner.close()


async def test_a_waiting_fixture_is_walked_over_after_a_restart(store: Storage) -> None:
    """The walkover time is stored with the fixture: a new runner (the bot restarted) arms
    it again, and a refusal in between changes nothing."""
    manager, clock, _ = manager_over(store)
    p = await enter_pairs(store, 2)
    before = NightRunner(store, manager, Host())
    night = await before.open(
        guild_id=GUILD, channel_id=79, game="toy", organiser_id=ORGANISER, rounds=1,
        walkover_seconds=120, options={"target": 1},
    )  # fmt: skip
    for user in (10, 11, 12):  # pair 1's second member never comes
        await before.check_in(night.id, user, f"u{user}", GUILD)
    await before.start(night.id, GUILD, ORGANISER, is_admin=False)
    before.close()
    host = Host()
    after = NightRunner(store, manager, host)
    assert await after.recover() == 1
    with pytest.raises(NightStarted):
        await after.start(night.id, GUILD, ORGANISER, is_admin=True)
    await clock.advance(120)
    await after.idle()
    (fixture,) = await store.nights.fixtures(night.id)
    assert (fixture.winner, fixture.walkover, fixture.status) == (p[0], True, "done")
    assert host.kinds() == ["walkover", "results", "over"]
    assert (await store.nights.get(night.id)).status == "finished"  # type: ignore[union-attr]
    after.close()


class FlakyHost(Host):
    """Discord refuses the first thread: that fixture waits, the others open."""

    def __init__(self) -> None:
        super().__init__()
        self.refusals = 1

    async def open_channel(self, night: Night, fixture: Fixture, names: dict[int, str]) -> int:
        if self.refusals:
            self.refusals -= 1
            raise RuntimeError("Discord is down")
        return await super().open_channel(night, fixture, names)


async def test_a_table_that_cannot_open_is_tried_again_not_walked_over(store: Storage) -> None:
    manager, clock, _ = manager_over(store)
    p = await enter_pairs(store, 4)
    host = FlakyHost()
    runner = NightRunner(store, manager, host)
    night = await runner.open(
        guild_id=GUILD, channel_id=80, game="toy", organiser_id=ORGANISER, rounds=1,
        walkover_seconds=60, options={"target": 1},
    )  # fmt: skip
    for user in range(10, 18):
        await runner.check_in(night.id, user, f"u{user}", GUILD)
    await runner.start(night.id, GUILD, ORGANISER, is_admin=False)
    first, second = await store.nights.fixtures(night.id)
    assert (first.status, second.status) == ("waiting", "playing")  # the round went on
    await clock.advance(60)  # both sides are here: tried again, no walkover
    await runner.idle()
    first = (await store.nights.fixtures(night.id))[0]
    assert (first.status, first.walkover, first.a) == ("playing", False, p[0])
    await play_tables(manager, clock, runner, host, random.Random(4))
    assert host.kinds()[-1] == "over" and "walkover" not in host.kinds()
    runner.close()


async def test_a_round_robin_of_three_players_on_their_own(store: Storage) -> None:
    """An individual night (two seats a table): each player is their own entrant, meets
    the other two once and sits out one round; a newcomer cannot join a fixed schedule."""
    manager, clock, _ = manager_over(store)
    host = Host()
    runner = NightRunner(store, manager, host)
    night = await runner.open(
        guild_id=GUILD, channel_id=81, game="toy", organiser_id=ORGANISER,
        format="round_robin", players=2, options={"target": 1},
    )  # fmt: skip
    for user in (31, 32, 33):
        assert await runner.check_in(night.id, user, f"p{user}", GUILD) == f"p{user}"
    await runner.start(night.id, GUILD, ORGANISER, is_admin=False)
    with pytest.raises(NightStarted):
        await runner.check_in(night.id, 34, "late", GUILD)
    await play_tables(manager, clock, runner, host, random.Random(6))
    fixtures = await store.nights.fixtures(night.id)
    assert [f.round for f in fixtures] == [1, 1, 2, 2, 3, 3]
    assert sorted(f.a for f in fixtures if f.b is None) == sorted(
        {f.a for f in fixtures} | {f.b for f in fixtures if f.b is not None}
    )  # everyone sits out once
    meetings = [frozenset((f.a, f.b)) for f in fixtures if f.b is not None]
    assert len(meetings) == len(set(meetings)) == 3
    assert host.kinds()[-1] == "over" and sum(p for _, p in host.news[-1].standings) == 6
    runner.close()
