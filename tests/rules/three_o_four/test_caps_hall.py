"""ED-27: a position is feasible when the unknown cards fit the unknown places (Hall's
condition over suits). ``Solver.fits_counts`` counts the places per allowed mask in lanes
of two ints and checks every set of suits at once; it must agree with the condition
checked set by set."""

from __future__ import annotations

import random

from rules.three_o_four.caps import ALL_SUITS, Knowledge, Solver
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


def test_ed27_feasibility_is_halls_condition_over_suits() -> None:
    rng = random.Random(27)
    answers = {True: 0, False: 0}
    for _ in range(20_000):
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
        voids = tuple(
            rng.choice([0, 0, 0, 1, 2, 4, 8, 3, 6, 12, 7, 14, 15]) for _ in range(players)
        )
        places = [(ALL_SUITS & ~voids[s], free[s]) for s in range(players) if free[s]]
        places += [(1 << trump, must[s]) for s in range(players) if must[s]]
        places += [(ALL_SUITS & ~(1 << led) & ~(1 << trump), 1) for led, _ in hidden]
        expected = _fits_set_by_set(counts, places)
        assert solver.fits_counts(counts, tuple(free), tuple(must), voids, trump) == expected
        answers[expected] += 1
    assert min(answers.values()) > 1_000, answers
