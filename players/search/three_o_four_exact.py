"""304's last tricks solved exactly in each sampled world (``players.search.exact``): the
contract made or failed (T3-17) on the solved card play (T3-10 follow suit, T3-10.5 the
trick's winner, ED-21 exhausted trumps), as the rollouts score it.

Left to rollouts: a trump still face down (T3-11.13 lets a seat play face down, and who
may play what depends on it), a solo contract (PCC: ED-24 may end the hand early) and Half
Court (its own number of tricks)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from players.budget import SearchBudget
from players.search.exact import EXACT_TRICKS, card_values, exact_card_means
from players.search.player import SearchStats
from players.search.three_o_four import POINT_WEIGHT, Position, Rules
from players.trick_solver import TrickRules, TrickSolver, TrickState
from rules.cards import Card
from rules.three_o_four.auction import HALF_COURT


def exact_scores(
    rules: Rules,
    sample: object,
    cards: list[Card],
    seat: int,
    team: int,
    budget: SearchBudget,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
    looks: Sequence[int] = (),
    tolerance: float = 0.0,
) -> list[float] | None:
    """Each card's mean solved value over sampled worlds, or ``None`` (play rollouts);
    ``looks``: world counts after which the sampling stops once a card is clearly best."""
    if rules.solo or rules.contract == HALF_COURT:
        return None
    active = tuple(rules.active)
    team_of = tuple(s % 2 for s in range(max(active) + 1))
    light = TrickRules(active, team_of, rules.strength, rules.points, exhausting=rules.trumper)
    bidders = rules.trumper % 2
    win, lose = rules.band

    def solve(world: Position, nodes: int) -> tuple[list[float], int] | None:
        if world.indicator is not None or (world.closed and not world.revealed):
            return None
        if rules.n_tricks - world.tricks_done > EXACT_TRICKS:
            return None
        start_points = world.points

        def score(won: tuple[int, ...], last: int) -> float:
            points = [start_points[0], start_points[1]]
            for s, w in enumerate(won):
                points[s % 2] += w
            made = points[bidders] >= rules.contract
            delta = float(win if made else -lose)
            margin = POINT_WEIGHT * (points[bidders] - points[1 - bidders]) / rules.total
            return delta + margin if team == bidders else -delta - margin

        hands = tuple(
            tuple(world.hands[s]) if s < len(world.hands) else () for s in range(len(team_of))
        )
        trick = tuple((p[0], p[1]) for p in world.trick)
        state = TrickState(hands, trick, seat, world.trump, world.exhausted)
        return card_values(TrickSolver(light, team, score, nodes).solve(state), cards)

    return exact_card_means(
        sample, solve, cards, budget, rng, start, cap, stats,  # type: ignore[arg-type]
        looks, tolerance,
    )  # fmt: skip
