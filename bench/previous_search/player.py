# players/search/player.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
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
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from bench.previous_search.budget import SearchBudget
from bench.previous_search.model import SearchModel
from bench.previous_search.sampling import NoConsistentDeal
from players.base import ComputerPlayer, Situation
from rules.contract import Action, IllegalAction, Match

log = logging.getLogger(__name__)


@dataclass(slots=True)
class SearchStats:
    """What the last decision did (for tests and the benchmark)."""

    worlds: int = 0
    rollouts: int = 0
    seconds: float = 0.0
    capped: bool = False


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
) -> list[float] | None:
    """Each option's mean score over ``rounds`` sampled worlds, every option scored on the
    same worlds with the same rollout seed (common random numbers), or None when no world
    was finished. Past the ``cap`` (seconds since ``start``) the unfinished world is
    dropped (all options must be scored on the same worlds) and the finished ones decide;
    ``first_world_whole``: the first world is always finished."""
    totals = [0.0] * options
    clock = time.thread_time
    for _ in range(rounds):
        world = sample(rng)
        seed = rng.getrandbits(64)
        values = []
        for i in range(options):
            values.append(score(world, i, random.Random(seed)))
            if (
                cap is not None
                and (stats.worlds or not first_world_whole)
                and clock() - start > cap
            ):
                stats.capped = True
                break
        if stats.capped:
            break
        for i, value in enumerate(values):
            totals[i] += value
        stats.worlds += 1
        stats.rollouts += options
    return [t / stats.worlds for t in totals] if stats.worlds else None


class SearchPlayer:
    level = "search"
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
        start = time.thread_time()
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
        stats.seconds = time.thread_time() - start
        if not scores:
            return self.fallback.choose(situation)
        best = max(range(len(legal)), key=lambda i: (scores[i], -i))
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

        worlds = max(1, budget.rollouts // len(legal))
        return mean_over_worlds(sampler.sample, score, len(legal), worlds, rng, start, cap, stats)


def _team_of(situation: Situation) -> int:
    for index, team in enumerate(situation.teams or ()):
        if situation.seat in team:
            return index
    return situation.seat
