"""ED-27: a position is feasible when the unknown cards fit the unknown places (Hall's
condition over suits). ``Solver.fits_counts`` counts the places per allowed mask in lanes
of two ints and checks every set of suits at once; it must agree with the condition
checked set by set."""

from __future__ import annotations

import random

from rules.three_o_four.caps import ALL_SUITS, Knowledge, Solver
from rules.three_o_four.caps_hall import _counted_pool
from rules.three_o_four.options import Options, layout_for


def _solver(players: int, hidden: list[tuple[int, int]]) -> Solver:
    kn = Knowledge(
        seat=0,
        hand=[],
        trick=[],
        to_play=0,
        unknown=frozenset(),
        free=[0] * players,
        must_trump=[0] * players,
        known=[frozenset()] * players,
        voids=[0] * players,
        hidden_slots=hidden,
        tricks_left=1,
        trumps=[0],
    )
    return Solver(kn, players, list(range(players)), layout_for(players, Options()).strength)


def _fits_set_by_set(
    counts: tuple[int, ...],
    places: list[tuple[int, int]],
) -> bool:
    """Every set of suits holds at least the places confined to it, and the sizes agree."""
    if sum(n for _, n in places) != sum(counts):
        return False
    for suits in range(16):
        confined = sum(n for allowed, n in places if allowed & ~suits == 0)
        held = sum(counts[s] for s in range(4) if suits >> s & 1)
        if confined > held:
            return False
    return True


Case = tuple[Solver, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""(solver, suit counts, free, must, voids, trump): a random feasibility question."""


def _random_case(rng: random.Random) -> Case:
    players = rng.choice([4, 6, 8])
    hidden = [(rng.randrange(4), 0) for _ in range(rng.choice([0, 0, 1, 2]))]
    solver = _solver(players, hidden)
    trump = rng.randrange(4)
    counts = tuple(rng.randint(0, 8) for _ in range(4))
    free = [0] * players
    must = [0] * players
    left = sum(counts) - len(hidden) + rng.choice([0, 0, 0, 1, -1])
    for s in range(players):
        free[s] = rng.randint(0, max(left, 0)) if s < players - 1 else max(left, 0)
        left -= free[s]
    if rng.random() < 0.3:
        s = rng.randrange(players)
        must[s] = 1
        free[s] = max(free[s] - 1, 0)
    voids = tuple(rng.choice([0, 0, 0, 1, 2, 4, 8, 3, 6, 12, 7, 14, 15]) for _ in range(players))
    return solver, counts, tuple(free), tuple(must), voids, trump


def test_ed27_feasibility_is_halls_condition_over_suits() -> None:
    rng = random.Random(27)
    answers = {True: 0, False: 0}
    for _ in range(20_000):
        solver, counts, free, must, voids, trump = _random_case(rng)
        hidden = solver.kn.hidden_slots
        places = [(ALL_SUITS & ~voids[s], n) for s, n in enumerate(free) if n]
        places += [(1 << trump, n) for n in must if n]
        places += [(ALL_SUITS & ~(1 << led) & ~(1 << trump), 1) for led, _ in hidden]
        expected = _fits_set_by_set(counts, places)
        assert solver.fits_counts(counts, free, must, voids, trump) == expected
        answers[expected] += 1
    assert min(answers.values()) > 1_000, answers


def test_ed27_a_seats_replies_share_the_other_seats_places() -> None:
    """``Solver.replies`` counts the places of every seat but the one to play once per
    position (``_places_but``) and adds that seat's in each reply (``_Places.fit``):
    the same answer as counting them all."""
    rng = random.Random(28)
    answers = {True: 0, False: 0}
    for _ in range(5_000):
        solver, counts, free, must, voids, trump = _random_case(rng)
        seat = rng.randrange(len(free))
        shared = solver._places_but(free, must, voids, trump, seat)
        pool = _counted_pool(frozenset(), 0, counts)
        expected = solver.fits_counts(counts, free, must, voids, trump)
        assert shared.fit(pool, free[seat], ALL_SUITS & ~voids[seat], must[seat]) == expected
        answers[expected] += 1
    assert min(answers.values()) > 250, answers
