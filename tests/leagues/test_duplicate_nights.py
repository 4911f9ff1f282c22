"""Duplicate match nights over the table manager, on both backends (issue 33): a game is
two linked tables with the seats turned, the second opened when the first is over, and
the comparison of the two decides the fixture; a restart between the two tables loses
nothing; a game without two teams is refused."""

from __future__ import annotations

import random

import pytest

from storage import Storage
from storage.nights import Fixture, Night
from tables.linked import LINK, LinkedTables, compare_linked
from tables.nights import NightNews, NightRunner, NotTeamsNight
from tests.leagues.helpers import GUILD, manager_over, play_out
from tests.leagues.test_nights import enter_pairs

ORGANISER = 1


class TurnedHost:
    """A night's front end that tells a duplicate night's second thread apart."""

    def __init__(self) -> None:
        self.news: list[NightNews] = []
        self.channels: list[tuple[int, bool]] = []

    async def open_channel(
        self, night: Night, fixture: Fixture, names: dict[int, str], turned: bool = False
    ) -> int:
        self.channels.append((9000 + len(self.channels), turned))
        return self.channels[-1][0]

    async def announce(self, news: NightNews) -> None:
        self.news.append(news)


async def test_a_duplicate_night_survives_a_restart_between_its_two_tables(
    store: Storage,
) -> None:
    manager, clock, _ = manager_over(store)
    host = TurnedHost()
    p = await enter_pairs(store, 2)
    runner = NightRunner(store, manager, host)
    with pytest.raises(NotTeamsNight):  # toy at 2 players: no teams to turn
        await runner.open(
            guild_id=GUILD, channel_id=77, game="toy", organiser_id=ORGANISER, players=2,
            duplicate=True,
        )  # fmt: skip
    night = await runner.open(
        guild_id=GUILD, channel_id=77, game="toy", organiser_id=ORGANISER, rounds=1,
        options={"target": 3, "doubles": False}, duplicate=True,
    )  # fmt: skip
    assert (await store.nights.get(night.id)).duplicate  # type: ignore[union-attr]
    for user in (10, 11, 12, 13):
        await runner.check_in(night.id, user, f"u{user}", GUILD)
    runner.seeds = lambda: 99
    await runner.start(night.id, GUILD, ORGANISER, is_admin=False)
    (fixture,) = await store.nights.fixtures(night.id)
    assert (fixture.a, fixture.b) == (p[0], p[1])
    assert fixture.table_id is not None and fixture.other_table_id is None
    first = fixture.table_id
    assert host.channels == [(9000, False)]

    # The bot goes down with the first table nearly over; it ends unheard.
    runner.close()
    await play_out(manager, clock, first, random.Random(3))
    (fixture,) = await store.nights.fixtures(night.id)
    assert fixture.status == "playing" and fixture.other_table_id is None

    # After the restart the night takes the step it missed: the second table, the same
    # seed with the seats turned, computers alone (they play it out), then the comparison.
    again = NightRunner(store, manager, host)
    await again.recover()
    await again.idle()
    (fixture,) = await store.nights.fixtures(night.id)
    second = fixture.other_table_id
    assert second is not None and host.channels == [(9000, False), (9001, True)]
    record = await store.tables.get(second)
    assert record is not None and record.seed == 99 and not record.status.is_open
    assert record.settings[LINK] == {"other": first, "turned": True}
    comparison = await compare_linked(store, LinkedTables(first, second, 99), manager.games)
    assert comparison.compared >= 1
    assert fixture.swings == [comparison.total] and len(fixture.match_ids) == 2
    if comparison.winner is None:  # level: a drawn game, replayed on two new tables
        assert fixture.games == [None] and fixture.status == "playing"
    else:
        winner = p[comparison.winner]
        assert (fixture.status, fixture.winner, fixture.games) == ("done", winner, [winner])
        over = host.news[-1]
        assert over.kind == "over" and over.standings[0] == (winner, 1.0)
    again.close()
    await manager.close()
