"""The ``search`` level: determinized Monte Carlo search (perfect-information Monte Carlo).

For one decision: sample a world (the unseen cards dealt consistently with the seat's
view), try every legal action in it, play each out to the end of the hand with the fast
rollout policy, and add up the values; repeat with new worlds until the rollout budget
(or the time cap) is spent; play the action with the best mean. Every action is scored
on the same worlds and the same rollout seeds, so differences come from the action.

The player is given a ``Situation`` only: the sampler reads ``view`` and never the match.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget, work_clock
from players.partner_sense import proven
from players.search.model import SearchModel
from players.search.narrowing import Narrowing
from players.search.sampling import NoConsistentDeal
from rules.contract import Action, IllegalAction, Match

log = logging.getLogger(__name__)


@dataclass(slots=True)
class SearchStats:
    """What the last decision did (for tests and the benchmark)."""

    worlds: int = 0
    rollouts: int = 0
    seconds: float = 0.0
    """CPU seconds of the deciding thread (``work_clock``)."""
    capped: bool = False
    exact: int = 0
    """Worlds solved exactly (``players.search.exact``); 0 when rollouts decided."""
    nodes: int = 0
    """Solver states visited by those solves."""


W = TypeVar("W")


def mean_over_worlds(
    sample: Callable[[random.Random], W],
    score: Callable[[W, int, random.Random], float],
    options: int,
    rounds: int,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
    *,
    first_world_whole: bool = False,
    narrowing: Narrowing | None = None,
) -> list[float] | None:
    """Each option's mean score over ``rounds`` sampled worlds, every option scored on the
    same worlds with the same rollout seed (common random numbers), or None when no world
    was finished. Past the ``cap`` (CPU seconds since ``start`` on ``work_clock``) the
    unfinished world is dropped (all options must be scored on the same worlds) and the
    finished ones decide;
    ``first_world_whole``: the first world is always finished. ``narrowing``: options
    clearly behind stop being scored, and the search stops once the leader is clear
    (``players.search.narrowing``). ``score`` must not keep its generator past its return:
    the next option's is the same one, seeded again."""
    # One generator for the decision, seeded for each option: the state
    # ``random.Random(seed)`` has. Seeding costs less than a copy of its state taken once
    # a world and put back for each option (``getstate`` alone is two seedings).
    playout_rng = random.Random(0)
    reseed = playout_rng.seed

    def by_seed(world: W, i: int, seed: int) -> float:
        reseed(seed)
        return score(world, i, playout_rng)

    return mean_by_seed(
        sample, by_seed, options, rounds, rng, start, cap, stats,
        first_world_whole=first_world_whole, narrowing=narrowing,
    )  # fmt: skip


def mean_by_seed(
    sample: Callable[[random.Random], W],
    score: Callable[[W, int, int], float],
    options: int,
    rounds: int,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
    *,
    first_world_whole: bool = False,
    narrowing: Narrowing | None = None,
) -> list[float] | None:
    """``mean_over_worlds`` with ``score`` given the world's rollout seed, not a generator:
    it makes ``random.Random(seed)`` itself, and only when it plays something out (an
    option scored without a rollout, or from one already played, costs no seeding)."""
    totals = [0.0] * options
    clock = work_clock
    alive = list(range(options))
    for _ in range(rounds):
        world = sample(rng)
        seed = rng.getrandbits(64)
        values = []
        for i in alive:
            values.append(score(world, i, seed))
            if (
                cap is not None
                and (stats.worlds or not first_world_whole)
                and clock() - start > cap
            ):
                stats.capped = True
                break
        if stats.capped:
            break
        stats.worlds += 1
        stats.rollouts += len(alive)
        if narrowing is None:
            for i, value in enumerate(values):
                totals[i] += value
            continue
        # The narrowing keeps every value (its paired gaps need them) and gives the means.
        left = narrowing.look(stats.worlds, alive, values)
        if left is None:
            break
        alive = left
    if not stats.worlds:
        return None
    if narrowing is not None:
        return narrowing.means()
    return [t / stats.worlds for t in totals]


class SearchPlayer:
    level = "expert"
    blocking = True

    def __init__(
        self, model: SearchModel, fallback: ComputerPlayer, budget: SearchBudget | None = None
    ) -> None:
        self.model = model
        self.fallback = fallback
        self.budget = budget or SearchBudget()
        self.last = SearchStats()
        """The last decision's figures (tests and benchmarks; racy if tables share the
        player across threads, which only makes the figures, not the moves, unreliable)."""

    def choose(self, situation: Situation) -> Action:
        start = work_clock()
        stats = self.last = SearchStats()
        legal = self.model.candidates(situation) or situation.legal
        if len(legal) == 1:
            return legal[0]
        rng = random.Random(situation.rng.getrandbits(64))
        try:
            scores = self._search(situation, legal, rng, start, stats)
        except (NoConsistentDeal, IllegalAction) as exc:
            # A view the sampler cannot explain is a bug to fix, not a reason to stall
            # the table: say so and let the heuristic move.
            log.error("search found no world for %s (%s); heuristic moves", situation.game, exc)
            scores = None
        if not scores:
            stats.seconds = work_clock() - start
            return self.fallback.choose(situation)
        guard = getattr(self.model, "guard", None)
        if guard is not None:
            # the model's partner sense (``players.partner_sense``) may overrule the best
            best: int = guard(situation, legal, scores, proven(stats.exact, stats.worlds), rng)
        else:
            best = max(range(len(legal)), key=lambda i: (scores[i], -i))
        stats.seconds = work_clock() - start
        return legal[best]

    def off_turn(self, situation: Situation) -> Action | None:
        """Nothing is searched off turn: the heuristic's answer."""
        return self.fallback.off_turn(situation)

    def _search(
        self,
        situation: Situation,
        legal: list[Action],
        rng: random.Random,
        start: float,
        stats: SearchStats,
    ) -> list[float] | None:
        model = self.model
        budget = self.budget
        cap = budget.time_cap_ms / 1000.0 if budget.time_cap_ms > 0 else None
        sampler = model.worlds(situation)
        team = _team_of(situation)
        seat = situation.seat

        def score(world: Any, i: int, playout_rng: random.Random) -> float:
            state: Match[Any] = model.clone(world)
            state.apply(seat, legal[i])
            return model.rollout(state, world, team, playout_rng)

        # A model may score an action itself (``score(world, seat, action, team, rng,
        # plays)``): the same value as the copy, apply and rollout above, with less work.
        # ``rng`` is a function giving the rollout generator (seeded when the model plays
        # something out, not for every option); ``plays`` is what the options of one
        # world may share (``NigerianModel.score``), kept for that world and seed only.
        own_score = getattr(model, "score", None)
        seeded: Callable[[Any, int, int], float] | None = None
        if own_score is not None:
            playout_rng = random.Random(0)
            plays_of: tuple[Any, int] | None = None
            plays: dict[Hashable, Any] = {}

            def seeded(world: Any, i: int, seed: int) -> float:
                nonlocal plays_of, plays
                if plays_of is None or plays_of[0] is not world or plays_of[1] != seed:
                    plays_of, plays = (world, seed), {}

                def fresh() -> random.Random:
                    playout_rng.seed(seed)
                    return playout_rng

                value: float = own_score(world, seat, legal[i], team, fresh, plays)
                return value

        worlds = max(1, budget.rollouts // len(legal))
        solve_world = getattr(model, "solve_world", None)
        if solve_world is not None and model.solvable(situation):  # type: ignore[attr-defined]
            from players.search.exact import NODES_PER_ROLLOUT, exact_means

            def solve(world: Any, nodes: int) -> tuple[list[float], int] | None:
                found: tuple[list[float], int] | None = solve_world(world, legal, team, nodes)
                return found

            exact = exact_means(
                sampler.sample, model.world_key, solve, worlds,  # type: ignore[attr-defined]
                budget.rollouts * NODES_PER_ROLLOUT, rng, start, cap, stats,
            )  # fmt: skip
            if exact is not None:
                return exact
        if seeded is not None:
            return mean_by_seed(sampler.sample, seeded, len(legal), worlds, rng, start, cap, stats)
        return mean_over_worlds(sampler.sample, score, len(legal), worlds, rng, start, cap, stats)


def _team_of(situation: Situation) -> int:
    for index, team in enumerate(situation.teams or ()):
        if situation.seat in team:
            return index
    return situation.seat
