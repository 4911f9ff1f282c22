"""Exact solving at the end of the card play inside the search (issue 35): once few enough
cards are left, each sampled world is solved exactly (``players.trick_solver``) instead of
played out by the rollout policy, and each option's value is its mean over the worlds.
When everything is known every sample is the same world: it is solved once (worlds are
cached by their cards), so the decision is the true position's best.

The budget is counted in work, like the rollouts it replaces: a decision may visit
``NODES_PER_ROLLOUT`` solver states per rollout of its budget. Measured (docs/performance.md,
``bench/exact_cost.py``): a solver state costs 4-8 µs of CPU and a Thunee rollout (sample
and play out) 60-135 µs, so one rollout's work is about 20 states. A world whose solve would
pass what is left of the budget ends the sampling there, once ``MIN_WORLDS`` are solved;
before, or if a world needs more than its share, the search plays rollouts as before (the
node count is deterministic, so is the choice).

``EXACT_TRICKS``: solving starts with this many tricks left. Measured on 12 seeded
positions per game (light solver, states per world, median / max): 4 players, 2 tricks
44 / 62, 3 tricks 416 / 1,274, 4 tricks 5,388 / 12,165; 6 players, 2 tricks 110 / 190,
3 tricks 2,731 / 7,764, 4 tricks 44,092 / 391,235. Three tricks leave room for a dozen
worlds or more at the expert budget (240 rollouts: 4,800 states); four would solve one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

from players.budget import MIN_WORLDS, SearchBudget, work_clock
from players.search.narrowing import Narrowing
from players.search.player import SearchStats
from players.trick_solver import TooManyNodes, TrickSolution
from rules.cards import Card

NODES_PER_ROLLOUT = 20
EXACT_TRICKS = 3

W = TypeVar("W")


def exact_means(
    sample: Callable[[random.Random], W],
    key: Callable[[W], Hashable],
    solve: Callable[[W, int], tuple[list[float], int] | None],
    rounds: int,
    nodes: int,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
    narrowing: Narrowing | None = None,
) -> list[float] | None:
    """Each option's mean exact value over up to ``rounds`` sampled worlds within
    ``nodes`` solver states, or ``None`` when the search should play rollouts instead: the
    first world alone passes the budget (``solve(world, nodes_left)`` raises
    ``TooManyNodes``), or some world cannot be solved exactly (``solve`` answers ``None``).
    ``solve`` gives every option's value and the states it visited. ``narrowing``: stop
    sampling once the leader is clear (a solve values every option, so what it saves is
    worlds, not options; the means are every option's own, over the same worlds)."""
    totals: list[float] | None = None
    alive: list[int] = []
    solved: dict[Hashable, list[float]] = {}
    spent = 0
    worlds = 0
    per_world = nodes // MIN_WORLDS
    for _ in range(rounds):
        world = sample(rng)
        k = key(world)
        values = solved.get(k)
        if values is None:
            try:
                found = solve(world, min(per_world, nodes - spent))
            except TooManyNodes:
                if worlds >= MIN_WORLDS:
                    break  # the budget is spent: the worlds solved decide
                stats.exact = 0
                return None
            if found is None:
                stats.exact = 0
                return None  # leaving such worlds out would bias the mean: roll out all
            values, used = found
            spent += used
            solved[k] = values
            stats.exact += 1
        if totals is None:
            totals = [0.0] * len(values)
            alive = list(range(len(values)))
        for i, value in enumerate(values):
            totals[i] += value
        worlds += 1
        if cap is not None and work_clock() - start > cap:
            stats.capped = True
            break
        if narrowing is not None:
            left = narrowing.look(worlds, alive, [values[i] for i in alive])
            if left is None:
                break
            alive = left
    return _means(totals, worlds, stats, spent)


def _means(
    totals: list[float] | None, worlds: int, stats: SearchStats, spent: int
) -> list[float] | None:
    stats.worlds = worlds
    stats.nodes = spent
    if totals is None or not worlds:
        return None
    return [t / worlds for t in totals]


def dealt_key(world: Any) -> Hashable:
    """A sampled world's cards and trump (``world.hands``, ``world.trump``): the worlds one
    solve serves."""
    return tuple(tuple(sorted(h)) for h in world.hands), world.trump


def card_values(solution: TrickSolution, cards: Sequence[Card]) -> tuple[list[float], int] | None:
    """Each of ``cards``' solved value and the states visited, or ``None`` when the solver
    did not value one of them (the search's options and the solver's disagree)."""
    if any(c not in solution.moves for c in cards):
        return None
    return [solution.moves[c] for c in cards], solution.nodes


def exact_card_means(
    sample: Callable[[random.Random], W],
    solve: Callable[[W, int], tuple[list[float], int] | None],
    cards: Sequence[Card],
    budget: SearchBudget,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
    looks: Sequence[int] = (),
    tolerance: float = 0.0,
) -> list[float] | None:
    """``exact_means`` over worlds keyed by their cards, with the rounds and the states a
    card play's budget buys (``NODES_PER_ROLLOUT`` per rollout); ``looks``: world counts
    after which it stops once the leader is clear (``players.search.narrowing``)."""
    rounds = max(1, budget.rollouts // len(cards))
    nodes = budget.rollouts * NODES_PER_ROLLOUT
    narrowing = Narrowing(len(cards), rounds, (), tolerance, at=looks) if looks else None
    return exact_means(sample, dealt_key, solve, rounds, nodes, rng, start, cap, stats, narrowing)
