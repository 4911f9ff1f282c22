"""Match-night fixtures (issue 32): Swiss pairings, round robins, knockout brackets and
best-of-N series, pinned on small cases and on random score tables."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from leagues.knockout import first_round, next_round, rounds_needed
from leagues.night import champion, plan_round, standings
from leagues.pairing import ranked, round_robin, swiss_round
from leagues.series import Series, series_of
from storage.nights import Fixture


def rematch_free_pairing_exists(players: list[int], played: set[frozenset[int]]) -> bool:
    """Brute force (small counts only): can ``players`` all be paired without a rematch?"""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) not in played and rematch_free_pairing_exists(
            rest[:i] + rest[i + 1 :], played
        ):
            return True
    return False


ScoreTable = tuple[list[int], dict[int, float], set[frozenset[int]], set[int]]


@st.composite
def score_tables(draw: st.DrawFn) -> ScoreTable:
    n = draw(st.integers(min_value=2, max_value=9))
    entrants = list(range(100, 100 + n))
    points = {e: draw(st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, 3.0])) for e in entrants}
    pairs = [frozenset(p) for p in itertools.combinations(entrants, 2)]
    played = set(draw(st.lists(st.sampled_from(pairs), max_size=len(pairs))))
    byes = set(draw(st.lists(st.sampled_from(entrants), max_size=3)))
    return entrants, points, played, byes


@settings(max_examples=60, deadline=None)
@given(score_tables())
def test_swiss_no_rematch_while_avoidable_and_the_bye_to_the_lowest(
    table: ScoreTable,
) -> None:
    entrants, points, played, byes = table
    round_ = swiss_round(entrants, points, played, byes)
    order = ranked(entrants, points)
    # Everyone present plays exactly once, or has the bye.
    seated = [e for pair in round_.pairs for e in pair]
    if round_.bye is not None:
        seated.append(round_.bye)
    assert sorted(seated) == sorted(entrants)
    # Byes to the lowest: the lowest-ranked who has not had one (everyone had: the lowest).
    if len(entrants) % 2:
        fresh = [e for e in order if e not in byes] or order
        assert round_.bye == fresh[-1]
    else:
        assert round_.bye is None
    # No rematch while a pairing without one exists.
    rest = [e for e in order if e != round_.bye]
    rematches = [p for p in round_.pairs if frozenset(p) in played]
    if rematch_free_pairing_exists(rest, played):
        assert rematches == []
    # Colour-free: a pair is unordered, written (higher ranked, lower ranked).
    rank = {e: i for i, e in enumerate(order)}
    assert all(rank[a] < rank[b] for a, b in round_.pairs)


@settings(max_examples=25, deadline=None)
@given(score_tables())
def test_swiss_pairing_depends_on_the_standings_only(
    table: ScoreTable,
) -> None:
    """Colour-free: no side to alternate, so how an earlier meeting was written (who sat
    first) cannot change the next round."""
    entrants, points, played, byes = table
    turned = [tuple(sorted(p, reverse=True)) for p in played]
    again = swiss_round(entrants, points, [frozenset(p) for p in turned], byes)
    assert again == swiss_round(entrants, points, played, byes)


def test_swiss_pairs_equal_scores_together() -> None:
    points = {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 0.0, 6: 0.0}
    assert swiss_round([1, 2, 3, 4, 5, 6], points).pairs == ((1, 2), (3, 4), (5, 6))


def test_swiss_the_same_top_entrant_may_be_first_every_round() -> None:
    """Colour-free: in chess a player may not get the same colour three times running; here
    the leader can be written first (sit at seat 0) every round."""
    fixtures: list[Fixture] = []
    entrants = [1, 2, 3, 4]
    for number in (1, 2, 3):
        for slot, (a, b) in enumerate(plan_round("swiss", entrants, fixtures, number)):
            fixtures.append(Fixture(1, number, slot, a, b, "done", winner=a))
    assert [f.a for f in fixtures if f.slot == 0] == [1, 1, 1]
    assert len({frozenset((f.a, f.b)) for f in fixtures}) == 6  # never a rematch
    assert standings(entrants, fixtures)[0] == (1, 3.0)


def test_round_robin_everyone_meets_everyone_once_and_sits_out_once() -> None:
    rounds = round_robin([1, 2, 3, 4, 5])
    met = [frozenset(p) for r in rounds for p in r.pairs]
    assert len(met) == len(set(met)) == 10
    assert sorted(r.bye for r in rounds if r.bye is not None) == [1, 2, 3, 4, 5]


def test_knockout_of_six_gives_the_byes_to_the_top_two_seeds() -> None:
    slots = first_round([11, 12, 13, 14, 15, 16])
    assert [a for a, b in slots if b is None] == [11, 12]
    assert sorted(a for a, b in slots if b is not None) == [13, 14]
    assert rounds_needed(6) == 3


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 100, 128])
def test_knockout_bracket_keeps_the_top_seeds_apart_until_the_end(n: int) -> None:
    seeds = list(range(1, n + 1))
    slots = first_round(seeds)
    byes = [a for a, b in slots if b is None]
    size = 1 << (n - 1).bit_length()
    assert sorted(byes) == seeds[: size - n]  # the byes go to the top seeds
    assert sorted([a for a, _ in slots] + [b for _, b in slots if b is not None]) == seeds
    # The better seed always wins: seeds 1 and 2 meet in the final, 1 is champion.
    winners = [min(a, b) if b is not None else a for a, b in slots]
    while len(winners) > 1:
        if len(winners) == 2:
            assert sorted(winners) == [1, 2]
        winners = [min(pair) for pair in next_round(winners)]
    assert winners == [1]


def test_knockout_night_runs_to_a_champion() -> None:
    entrants = [21, 22, 23, 24, 25, 26]
    fixtures: list[Fixture] = []
    number = 1
    while champion("knockout", entrants, fixtures) is None:
        for slot, (a, b) in enumerate(plan_round("knockout", entrants, fixtures, number)):
            # The lower seed wins every real match: an upset run.
            winner = a if b is None else max(a, b)
            fixtures.append(Fixture(1, number, slot, a, b, "done", winner=winner))
        number += 1
    assert champion("knockout", entrants, fixtures) == 26 and number - 1 == 3


def test_best_of_three_is_decided_by_two_wins_and_a_draw_decides_nothing() -> None:
    series = series_of(3, (7, 8), [7, None, 8])
    assert series.winner is None and series.wins(7) == series.wins(8) == 1
    series = series.with_game(8)
    assert series.winner == 8 and series.games == (7, None, 8, 8)
    with pytest.raises(ValueError):
        series.with_game(7)
    with pytest.raises(ValueError):
        Series(2, (7, 8))
