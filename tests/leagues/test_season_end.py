"""A season with a start and an end (issue 32): set to end in advance, it closes at its
end with the first match recorded after it, which counts in the next season."""

from __future__ import annotations

from storage import Storage
from tests.leagues.helpers import GUILD, a_record

T0 = 1_700_000_000.0


async def test_a_season_set_to_end_closes_at_its_end(store: Storage) -> None:
    season = await store.leagues.start_season(GUILD, "toy", name="Spring", at=T0, ends_at=T0 + 100)
    assert (season.number, season.ends_at) == (1, T0 + 100)
    inside = await store.matches.record_finished(
        a_record([(501, "ann"), (502, "ben")], [0], at=T0 + 50)
    )
    assert inside.season == 1
    assert (await store.leagues.seasons(GUILD, "toy"))[0].current
    after = await store.matches.record_finished(
        a_record([(501, "ann"), (502, "ben")], [1], at=T0 + 150)
    )
    assert after.season == 2
    newest, spring = await store.leagues.seasons(GUILD, "toy")
    assert (spring.number, spring.name, spring.ended_at, spring.ends_at) == (
        1, "Spring", T0 + 100, T0 + 100,
    )  # fmt: skip
    assert newest.number == 2 and newest.current and newest.ends_at is None
    line = await store.leagues.standing(GUILD, "toy", 501, season=1)
    assert line is not None and (line.matches, line.wins) == (1, 1)
