"""The rating rules of entrants (issue 32), on both backends: every side of a match rated
in ONE openskill call; provisional ("?") until the league's number of rated matches; listed
only with enough recent rated matches; computers never rated, and a match with a computer
seat unrated unless the league allows it; walkovers count but are never rated."""

from __future__ import annotations

from typing import Any

import pytest

import storage.entrant_rating as entrant_rating
from storage import LeagueSettings, Storage
from tests.leagues.helpers import GUILD, a_record

A1, A2, B1, B2, C1, C2 = 201, 202, 203, 204, 205, 206
DAY = 86_400.0
T0 = 1_700_000_000.0


async def three_pairs(store: Storage) -> list[int]:
    ids = []
    for name, members in (("Aces", [A1, A2]), ("Bells", [B1, B2]), ("Crowns", [C1, C2])):
        ids.append((await store.entrants.create(GUILD, "toy", 2, name, members)).id)
    return ids


def pair_match(winners: list[int], at: float = T0, *, last: int | None = C1) -> Any:
    """Aces (seats 0, 3) against Bells (1, 4) and Crowns (2, 5), or a computer at seat 5."""
    seats = [(A1, "a1"), (B1, "b1"), (C1, "c1"), (A2, "a2"), (B2, "b2"), (last, "x")]
    if last == C1:
        seats[5] = (C2, "c2")
    return a_record(seats, winners, teams=[[0, 3], [1, 4], [2, 5]], at=at)


async def test_every_side_is_rated_in_one_openskill_call(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    aces, bells, crowns = await three_pairs(store)
    real = entrant_rating.MODEL
    calls: list[tuple[int, list[int]]] = []

    class Spy:
        def rating(self, **kw: Any) -> Any:
            return real.rating(**kw)

        def rate(self, teams: list[list[Any]], ranks: list[float]) -> Any:
            calls.append((len(teams), [int(r) for r in ranks]))
            return real.rate(teams, ranks=ranks)

    monkeypatch.setattr(entrant_rating, "MODEL", Spy())
    outcome = await store.matches.record_finished(pair_match([1, 4]))
    assert calls == [(3, [1, 0, 1])]  # three sides, one call: Bells first, the others level
    sides = {s.entrant_id: s for s in await store.entrants.match_sides(outcome.match_id)}
    before = {e: float(s.rating_before or 0.0) for e, s in sides.items()}
    after = {e: float(s.rating_after or 0.0) for e, s in sides.items()}
    assert before[aces] == before[bells] == before[crowns]
    assert after[bells] > before[bells]
    assert after[aces] == after[crowns] < before[aces]


async def test_a_rating_is_provisional_until_the_leagues_number_of_matches(
    store: Storage,
) -> None:
    await store.leagues.save_settings(LeagueSettings(GUILD, provisional_matches=3))
    aces, _, _ = await three_pairs(store)
    for n in range(3):
        await store.matches.record_finished(pair_match([0, 3], T0 + n))
        line = await store.entrant_standings.standing(GUILD, "toy", aces, now=T0 + 10)
        assert line is not None and line.rated_matches == n + 1
        assert line.provisional is (n + 1 < 3)


async def test_the_table_lists_only_entrants_with_enough_recent_rated_matches(
    store: Storage,
) -> None:
    await store.leagues.save_settings(LeagueSettings(GUILD, listed_matches=2, listed_days=30))
    aces, bells, crowns = await three_pairs(store)
    await store.matches.record_finished(pair_match([0, 3], T0))
    assert (await store.entrant_standings.table(GUILD, "toy", 2, now=T0 + DAY)).items == []
    await store.matches.record_finished(pair_match([1, 4], T0 + DAY))
    page = await store.entrant_standings.table(GUILD, "toy", 2, now=T0 + 2 * DAY)
    assert page.total == 3 and [line.rank for line in page.items] == [1, 2, 3]
    assert {line.entrant_id for line in page.items} == {aces, bells, crowns}
    ratings = [line.rating for line in page.items]
    assert ratings == sorted(ratings, reverse=True)
    # A month without a rated match drops them from the table, not from the season.
    later = T0 + 32 * DAY
    assert (await store.entrant_standings.table(GUILD, "toy", 2, now=later)).items == []
    everyone = await store.entrant_standings.table(GUILD, "toy", 2, now=later, everyone=True)
    assert everyone.total == 3
    unlisted = await store.entrant_standings.standing(GUILD, "toy", aces, now=later)
    assert unlisted is not None and unlisted.rank == 0
    listed = await store.entrant_standings.standing(GUILD, "toy", aces, now=T0 + 2 * DAY)
    assert listed is not None and listed.rank in (1, 2, 3)


async def test_computers_are_never_rated(store: Storage) -> None:
    aces, bells, crowns = await three_pairs(store)
    # Crowns' second seat held by a computer: that side is no entrant and plays unrated.
    outcome = await store.matches.record_finished(pair_match([0, 3], last=None))
    assert outcome.rated
    sides = await store.entrants.match_sides(outcome.match_id)
    assert [s.entrant_id for s in sides] == []  # a side of a player and a computer: no match
    seats = [(A1, "a1"), (None, "cpu"), (A2, "a2"), (None, "cpu")]
    outcome = await store.matches.record_finished(a_record(seats, [0, 2], teams=[[0, 2], [1, 3]]))
    sides = await store.entrants.match_sides(outcome.match_id)
    assert [(s.entrant_id, s.outcome, s.rated) for s in sides] == [(aces, "win", True)]
    assert crowns not in {s.entrant_id for s in sides} and bells != aces


async def test_a_match_with_a_computer_is_unrated_unless_the_league_allows_it(
    store: Storage,
) -> None:
    await store.leagues.save_settings(LeagueSettings(GUILD, computers_count=False))
    aces, _, _ = await three_pairs(store)
    seats = [(A1, "a1"), (None, "cpu"), (A2, "a2"), (None, "cpu")]
    outcome = await store.matches.record_finished(a_record(seats, [0, 2], teams=[[0, 2], [1, 3]]))
    assert not outcome.rated
    assert await store.entrants.match_sides(outcome.match_id) == []
    assert await store.entrant_standings.standing(GUILD, "toy", aces) is None


async def test_a_walkover_counts_points_but_is_never_rated(store: Storage) -> None:
    aces, bells, _ = await three_pairs(store)
    await store.entrant_standings.record_walkover(GUILD, "toy", aces, bells, at=T0)
    await store.entrant_standings.add_series_won(GUILD, "toy", aces, at=T0)
    won = await store.entrant_standings.standing(GUILD, "toy", aces, now=T0)
    lost = await store.entrant_standings.standing(GUILD, "toy", bells, now=T0)
    assert won is not None and lost is not None
    assert (won.matches, won.wins, won.points, won.series_won, won.rated_matches) == (1, 1, 3, 1, 0)
    assert (lost.matches, lost.losses, lost.points, lost.streak) == (1, 1, 0, -1)
    assert won.rating == lost.rating  # nobody's rating moved
    assert won.provisional
