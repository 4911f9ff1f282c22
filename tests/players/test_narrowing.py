"""The narrowing search (``players.search.narrowing`` in ``mean_by_seed``, issue 35's move
within a second): it plays the worlds a full search plays, drops only options clearly
behind the leader, never ranks a dropped option above the one it trailed, and stops only
when the leader is clear; and 304's card play with it chooses like the full search on
seeded positions but for options within the tolerance (T3-10's card play, scored as
T3-17)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from bench.search_looks import Scored, card_plays
from players.base import Situation
from players.budget import SearchBudget
from players.search.narrowing import LEAST_WORLDS, Narrowing, gap
from players.search.player import SearchStats, mean_by_seed
from players.search.three_o_four import ThreeOFourSearch
from players.tricks import TrickHeuristic
from tests.players.test_search_304 import random_position

LOOKS = (0.25, 0.5)
Score = Callable[[float, int, int], float]


def world(rng: random.Random) -> float:
    return rng.gauss(0.0, 1.0)


def means(
    score: Score,
    options: int,
    looks: tuple[float, ...] = LOOKS,
    tolerance: float = 0.0,
    rounds: int = 80,
) -> tuple[list[float], SearchStats]:
    stats = SearchStats()
    narrowing = Narrowing(options, rounds, looks, tolerance)
    found = mean_by_seed(
        world, score, options, rounds, random.Random(7), 0.0, None, stats, narrowing=narrowing
    )
    assert found is not None
    return found, stats


def full(score: Score, options: int, rounds: int = 80) -> tuple[list[float], SearchStats]:
    stats = SearchStats()
    found = mean_by_seed(world, score, options, rounds, random.Random(7), 0.0, None, stats)
    assert found is not None
    return found, stats


def test_options_alike_in_every_world_are_played_to_the_end_without_looks() -> None:
    """No looks: the same worlds, the same means as ``mean_by_seed``."""

    def score(w: float, i: int, seed: int) -> float:
        return w * (i + 1) + random.Random(seed).random()

    narrowed, stats = means(score, 3, looks=())
    whole, whole_stats = full(score, 3)
    assert narrowed == whole and stats.rollouts == whole_stats.rollouts == 240


def test_an_option_clearly_behind_is_dropped_and_keeps_its_gap() -> None:
    """Option 1 is 1.0 below option 0 in every world, with noise shared by both: dropped at
    the first look (20 worlds), scored the leader's final mean less 1.0; option 0 is the
    full search's mean, on the same worlds."""

    def score(w: float, i: int, seed: int) -> float:
        return w - (1.0 if i == 1 else 0.0) + 0.01 * random.Random(seed + i).random()

    narrowed, stats = means(score, 2)
    whole, _ = full(score, 2)
    assert stats.worlds == 20 and stats.rollouts == 40  # stopped: nothing left to beat
    assert narrowed[0] > narrowed[1]
    assert abs((narrowed[0] - narrowed[1]) - 1.0) < 0.02
    assert abs(narrowed[0] - whole[0]) < 0.5  # 20 of the full search's 80 worlds


def test_a_close_option_is_played_on_the_full_searchs_worlds() -> None:
    """Options 0 and 1 differ by noise only, option 2 is far behind: 2 is dropped, 0 and 1
    are played on all 80 worlds, and their means are the full search's exactly."""

    def score(w: float, i: int, seed: int) -> float:
        noise = random.Random(seed * 3 + i).gauss(0.0, 1.0)
        return w + noise - (5.0 if i == 2 else 0.0)

    narrowed, stats = means(score, 3)
    whole, _ = full(score, 3)
    assert stats.worlds == 80
    assert narrowed[:2] == whole[:2]
    assert stats.rollouts == 3 * 20 + 2 * 60
    assert narrowed[2] < min(narrowed[:2])


def test_an_option_equal_to_the_leader_in_every_world_so_far_is_dropped_behind_it() -> None:
    """Option 2 scores what option 1 scores (two cards that play alike): it is dropped, and
    ties with 1 at the end, which the players break to the first (option 1)."""

    def score(w: float, i: int, seed: int) -> float:
        return w + (1.0 if i in (1, 2) else 0.0) + 0.1 * random.Random(seed + min(i, 1)).random()

    narrowed, stats = means(score, 3)
    assert narrowed[1] == narrowed[2] > narrowed[0]
    assert max(range(3), key=lambda i: (narrowed[i], -i)) == 1
    assert stats.rollouts < 240


def test_the_tolerance_stops_on_options_within_it() -> None:
    """Two options 0.001 apart with noise: without a tolerance they are played to the end;
    a tolerance of 0.1 stops the search at the first look."""

    def score(w: float, i: int, seed: int) -> float:
        return w + 0.001 * i + 0.01 * random.Random(seed * 2 + i).random()

    _, strict = means(score, 2)
    _, tolerant = means(score, 2, tolerance=0.1)
    assert strict.worlds == 80 and tolerant.worlds == 20


def test_gap_of_alike_options_is_certain() -> None:
    assert gap([1.0, 2.0], [1.0, 2.0]) == (0.0, 0.0)
    mean, error = gap([2.0, 3.0, 4.0], [1.0, 1.0, 1.0])
    assert mean == 2.0 and abs(error - (1.0 / 3.0) ** 0.5) < 1e-12


def test_t3_10_304_card_play_with_looks_costs_less_and_loses_at_most_a_little() -> None:
    """On seeded 304 card-play positions (3 or more cards legal) the narrowed search plays
    fewer rollouts in all; where it picks another card than the full search, that card is
    within 0.3 tokens of the full search's best on the full search's own scores (600
    positions measured: mean 0.003, max 0.25), and that is at most one decision in five."""
    budget = replace(SearchBudget(), time_cap_ms=0.0)
    whole = Scored(TrickHeuristic("304"), budget)
    whole.card_checks = ()
    narrow = ThreeOFourSearch(TrickHeuristic("304"), budget)
    rollouts = [0, 0]
    decided = differ = 0
    for seed in range(80):
        match = random_position(seed, play_phase=True)
        seat = min(match.to_act)
        situation = Situation.at(match, seat, random.Random(seed))
        plays = [a for a in situation.legal if a.kind in ("play", "indicator")]
        if len(plays) < 3 or situation.phase != "play":
            continue
        whole.scores = None
        chosen = whole.choose(situation)
        if whole.scores is None or whole.last.exact:
            continue  # decided without rollouts (Caps, a certain card, the solved end)
        rollouts[0] += whole.last.rollouts
        narrowed = narrow.choose(Situation.at(match, seat, random.Random(seed)))
        rollouts[1] += narrow.last.rollouts
        decided += 1
        if narrowed != chosen:
            differ += 1
            scores = whole.scores
            assert scores[plays.index(chosen)] - scores[plays.index(narrowed)] < 0.3, seed
    assert decided >= 15
    assert differ * 5 <= decided
    assert rollouts[1] < rollouts[0]


def test_no_look_on_fewer_worlds_than_least_worlds() -> None:
    """20 worlds: the look after a quarter (5 worlds) is skipped, the one after half (10)
    drops the option 1.0 behind and stops."""

    def score(w: float, i: int, seed: int) -> float:
        return w - (1.0 if i == 1 else 0.0) + 0.01 * random.Random(seed + i).random()

    assert 20 * LOOKS[0] < LEAST_WORLDS <= 20 * LOOKS[1]
    _, stats = means(score, 2, rounds=20)
    assert stats.worlds == 10 and stats.rollouts == 20


def test_t3_10_304_solved_end_stops_once_a_card_is_clear() -> None:
    """The last tricks solved exactly (T3-10 play, T3-17 score): with its look after 12
    solved worlds the search solves fewer worlds in all, and what a different card costs
    on the full solve's scores stays a few hundredths of a token a decision."""
    budget = replace(SearchBudget(), time_cap_ms=0.0)
    whole = Scored(TrickHeuristic("304"), budget)
    whole.card_checks = ()
    whole.exact_checks = ()
    narrow = Scored(TrickHeuristic("304"), budget)
    narrow.card_checks = ()
    solved = [0, 0]
    lost: list[float] = []
    for n, (match, seat) in enumerate(card_plays(4, 160)):
        situation = Situation.at(match, seat, random.Random(n))
        plays = [a for a in situation.legal if a.kind in ("play", "indicator")]
        chosen = whole.choose(situation)
        if not whole.last.exact or whole.scores is None:
            continue
        scores = whole.scores
        solved[0] += whole.last.worlds
        narrowed = narrow.choose(Situation.at(match, seat, random.Random(n)))
        assert narrow.last.exact and narrow.scores is not None
        solved[1] += narrow.last.worlds
        lost.append(scores[plays.index(chosen)] - scores[plays.index(narrowed)])
    assert len(lost) >= 10
    assert solved[1] < solved[0]
    assert sum(lost) / len(lost) < 0.05
