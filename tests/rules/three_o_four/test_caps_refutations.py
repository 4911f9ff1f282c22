"""The quick refutations asked before the ED-27 certainty search (T3-16.4 duty, T3-16.5
soundness) must never contradict the search itself: whenever a thin adversary finds no
winning order, the full search (given far more nodes) finds none either."""

from __future__ import annotations

import random

from rules import registry
from rules.random_play import choose
from rules.three_o_four.caps import (
    GREEDY_BUDGET,
    NODE_BUDGET,
    THIN_BUDGET,
    THIN_REPLIES,
    THRIFTY,
    CapsJudge,
    OutOfBudget,
    Solver,
)
from rules.three_o_four.match import ThreeOFourMatch


def _full_answer(judge: CapsJudge, p: int, k: int) -> list[int] | str | None:
    solver = Solver(
        judge.knowledge(p, k),
        judge.m.players,
        judge.active,
        judge.m.layout.strength,
        NODE_BUDGET * 4,
    )
    try:
        return solver.run()
    except OutOfBudget:
        return "undecided"


def test_ed27_thin_refutations_agree_with_the_full_search() -> None:
    spec = registry.get("304")
    refuted = decided = 0
    for players in (4, 6, 8):
        for seed in range(2):
            match = spec.new_match(players, None, seed=seed)
            assert isinstance(match, ThreeOFourMatch)
            rng = random.Random(seed)
            asked: set[tuple[int, int, int]] = set()
            while not match.is_over:
                if match.phase == "play" and not match.trick and match.history:
                    judge = match.judge()
                    k = len(match.history)
                    team = match.trumper % 2
                    for p in judge.active:
                        if (match.hand_no, p, k) in asked or p % 2 != team:
                            continue
                        asked.add((match.hand_no, p, k))
                        if not judge.team_won_all_before(team, k) or not match._remaining(p):
                            continue
                        kn = judge.knowledge(p, k)
                        for replies, budget in (
                            (THRIFTY, GREEDY_BUDGET),
                            (1, GREEDY_BUDGET),
                            (THIN_REPLIES, THIN_BUDGET),
                        ):
                            if judge.thin_refutes(kn, replies, budget):
                                refuted += 1
                                answer = _full_answer(judge, p, k)
                                decided += answer != "undecided"
                                assert answer in (None, "undecided"), (players, seed, p, k)
                                break
                seat = next(iter(match.to_act))
                match.apply(seat, choose(spec, match.legal_actions(seat), rng))
    assert refuted >= decided >= 40  # the property was exercised


def test_ed27_plain_lines_try_one_card_of_each_run_without_changing_an_answer() -> None:
    """``PlainLines`` tries only the highest of p's cards with no other live card between
    them (T3-16.4 duty check, ED-27): the same refutations as trying every card."""
    from rules.three_o_four import plain_lines

    spec = registry.get("304")
    tables = plain_lines._rank_tables
    compared = refuted = 0
    for players, seed in ((4, 11), (6, 12), (8, 13)):
        match = spec.new_match(players, None, seed=seed)
        assert isinstance(match, ThreeOFourMatch)
        rng = random.Random(seed)
        while not match.is_over and compared < 600 * (players // 2):
            if match.phase == "play":
                judge, k = match.judge(), len(match.history)
                for p in judge.active:
                    if not judge.team_won_all_before(p % 2, k) or not match._remaining(p):
                        continue
                    pruned = judge.plainly_refuted(p, k)
                    try:
                        plain_lines._rank_tables = lambda s: (*tables(s)[:3], (-1,) * 169)  # type: ignore[assignment]
                        every_card = judge.plainly_refuted(p, k)
                    finally:
                        plain_lines._rank_tables = tables  # type: ignore[assignment]
                    assert pruned == every_card, (players, seed, p, k)
                    compared += 1
                    refuted += pruned
            seat = next(iter(match.to_act))
            match.apply(seat, choose(spec, match.legal_actions(seat), rng))
    assert compared > 300 and refuted > 100
