"""Thunee's last tricks solved exactly in each sampled world (``players.search.exact``):
the ordinary count (TH-24/TH-25) of the solved card play under TH-21/TH-22, in balls.

Jodis still to be declared are scored as the rollouts score them (TH-14.3, ``jodi_rule``).
Left to rollouts: a Thunee-type contract or a Double/Khanuck (their hands end or score
otherwise), the two-player layouts and a second deal still to come."""

from __future__ import annotations

import random

from players.budget import SearchBudget
from players.search.exact import EXACT_TRICKS, card_values, exact_card_means
from players.search.player import SearchStats
from players.search.thunee_playout import KQJ, Facts, World, count_value
from players.trick_solver import Hands, OnTrick, TrickRules, TrickSolver, TrickState
from rules.cards import Card
from rules.thunee.cardplay import POINTS, legal_cards


def solvable(f: Facts) -> bool:
    """Whether this decision's card play may be solved (see the module doc)."""
    if f.caller is not None or f.call is not None or f.face_up or f.tm is None:
        return False
    if f.half != f.total and f.done < f.half:
        return False  # TH2-A.3: the second deal is still to come
    return f.total - f.done <= EXACT_TRICKS


def jodi_rule(f: Facts, trump: int) -> OnTrick | None:
    """TH-14.3 in the solver: a team reaching its first or third trick of the hand (or of
    the half, TH2-A.5) declares every King and Queen of an undeclared suit held together
    in one of its hands (40 in trump, else 20; 10 more with the Jack). Cards only leave
    the hands, so only the first of those tricks still to come can declare anything. The
    tallies after the ``n`` seats' hold each team's tricks, then each team's Jodis."""
    if not f.jodis:
        return None
    n = f.n

    def on_trick(hands: Hands, winner: int, won: tuple[int, ...]) -> tuple[int, ...]:
        team = winner % 2
        tally = list(won)
        tally[n + team] += 1
        before = f.team_tricks[team] - f.half_base[team]
        now = before + tally[n + team]
        if now in (1, 3) and not any(before < goal < now for goal in (1, 3)):
            for suit, (king, queen, jack) in enumerate(KQJ):
                if suit in f.declared:
                    continue
                for seat in range(team, n, 2):
                    hand = hands[seat]
                    if king in hand and queen in hand:
                        value = 40 if suit == trump else 20
                        tally[n + 2 + team] += value + (10 if jack in hand else 0)
        return tuple(tally)

    return on_trick


def exact_scores(
    f: Facts,
    sample: object,
    cards: list[Card],
    team: int,
    budget: SearchBudget,
    rng: random.Random,
    start: float,
    cap: float | None,
    stats: SearchStats,
) -> list[float] | None:
    """Each card's mean solved value over sampled worlds, or ``None`` (play rollouts)."""
    if not solvable(f):
        return None
    n = f.n
    seats, teams = tuple(range(n)), tuple(s % 2 for s in range(n))

    def score(won: tuple[int, ...], last: int) -> float:
        points = [f.points[0] + sum(won[0:n:2]), f.points[1] + sum(won[1:n:2])]
        jodi = list(f.jodi)
        if len(won) > n:
            jodi = [jodi[0] + won[n + 2], jodi[1] + won[n + 3]]
        return count_value(f, points, jodi, last, team)

    def solve(world: World, nodes: int) -> tuple[list[float], int] | None:
        if world.trump is None:
            return None
        jodis = jodi_rule(f, world.trump)
        rules = TrickRules(
            seats, teams, f.strength, POINTS, legal_cards, extra=4 if jodis else 0, on_trick=jodis
        )
        state = TrickState(
            tuple(tuple(h) for h in world.hands), tuple(f.trick), f.turn, world.trump
        )
        return card_values(TrickSolver(rules, team, score, nodes).solve(state), cards)

    return exact_card_means(sample, solve, cards, budget, rng, start, cap, stats)  # type: ignore[arg-type]
