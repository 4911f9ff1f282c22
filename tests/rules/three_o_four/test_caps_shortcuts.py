"""The speed shortcuts of the Caps judge (T3-16.4 duty, T3-16.5 soundness, T3-16.8
deadline, ED-27 certainty) answer exactly as the longer questions they stand for:
``ever_certain`` is ``first_certain(...) is not None``; ``called_too_late`` is
``c > deadline(first_certain(...))``; the new refutations (``top_trump_open``,
``greedy_refutes_order``) never refute what the full search decides the other way."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from unittest import mock

from rules import registry
from rules.contract import Event
from rules.random_play import choose
from rules.three_o_four import cardplay
from rules.three_o_four.caps import NODE_BUDGET, CapsJudge, OutOfBudget, Solver
from rules.three_o_four.hand_end import end_hand
from rules.three_o_four.match import ThreeOFourMatch
from tests.rules.three_o_four.helpers import offered, top_trump_open


def _ended_hands(players: int, seeds: range, options: Mapping[str, object]) -> list[CapsJudge]:
    """A fresh judge for every played hand of some random matches, taken at the hand's
    last play (before the next hand starts); only hands the judge is asked about (no
    PCC or Half Court solo, no Maharashtra partner game)."""
    spec = registry.get("304")
    judges: list[CapsJudge] = []

    def capturing(m: ThreeOFourMatch) -> list[Event]:
        if m.history and not m.called and not m.solo:
            judges.append(CapsJudge(_frozen_copy(m)))
        return end_hand(m)

    # the hand's end as the last trick calls it
    with mock.patch.object(cardplay, "end_hand", capturing):
        for seed in seeds:
            match = ThreeOFourMatch(players, spec.parse_options(options), seed, [])
            rng = random.Random(seed)
            while not match.is_over and len(judges) < 400:
                seat = next(iter(match.to_act))
                match.apply(seat, choose(spec, offered(match, seat), rng))
    return judges


def _frozen_copy(m: ThreeOFourMatch) -> ThreeOFourMatch:
    """The hand's record as the judge reads it, kept after the match moves on."""
    clone = copy.copy(m)
    for name in ("history", "public_at", "trumper_at", "trick_winners", "trick_leaders"):
        setattr(clone, name, list(getattr(m, name)))
    clone.start_hands = [list(h) for h in m.start_hands]
    clone.calls = dict(m.calls)
    return clone


def _full_answer(judge: CapsJudge, p: int, k: int) -> list[int] | str | None:
    solver = Solver(
        judge.knowledge(p, k), judge.m.players, judge.active, judge.m.layout.strength, 4_000
    )
    try:
        return solver.run()
    except OutOfBudget:
        return "undecided"


def test_t3_16_4_ever_certain_is_first_certain_found() -> None:
    checked = certain = 0
    for players in (4, 6, 8):
        for judge in _ended_hands(players, range(6), {"external_caps": "modern"})[:40]:
            upto = max(len(judge.m.history) - 1, 0)
            for team in (0, 1):
                expected = judge.first_certain(team, upto) is not None
                assert judge.ever_certain(team, upto) == expected
                checked += 1
                certain += expected
    assert checked > 60 and certain > 0


def test_t3_16_8_called_too_late_is_the_deadline_of_first_certain() -> None:
    late = checked = 0
    for enforcement in ("strict", "lenient"):
        for players in (4, 8):
            options = {"caps_enforcement": enforcement}
            for judge in _ended_hands(players, range(5), options)[:30]:
                team = judge.m.trumper % 2
                for c in range(len(judge.m.history)):
                    if not judge.team_won_all_before(team, c):
                        break
                    first = judge.first_certain(team, c)
                    expected = first is not None and c > judge.deadline(first)
                    assert judge.called_too_late(team, c) == expected, (players, c)
                    checked += 1
                    late += expected
    assert checked > 100 and late > 0


def test_ed27_top_trump_open_never_refutes_a_certain_position() -> None:
    refuted = decided = 0
    for players in (4, 6, 8):
        per_count = 0
        for judge in _ended_hands(players, range(4), {})[:25]:
            team = judge.m.trumper % 2
            for p in judge.active:
                if p % 2 != team:
                    continue
                # the later points of the hand: fewer unknown cards, so the full search
                # decides them (the early ones are refuted the same way, but undecided)
                for k in range(len(judge.m.history) - 1, -1, -3):
                    if per_count >= 12 or not judge.team_won_all_before(team, k):
                        continue
                    if top_trump_open(judge, judge.solver(p, k)):
                        refuted += 1
                        answer = _full_answer(judge, p, k)
                        decided += answer != "undecided"
                        per_count += answer != "undecided"
                        assert answer in (None, "undecided"), (players, p, k)
    assert refuted >= decided >= 20


def test_ed27_top_trump_open_is_silent_where_the_search_finds_an_order() -> None:
    found = 0
    for players in (4, 6, 8):
        for judge in _ended_hands(players, range(3), {})[:30]:
            team = judge.m.trumper % 2
            history = judge.m.history
            if not judge.team_won_all_before(team, len(history) - 1):
                continue
            for p in judge.active:
                if p % 2 != team:
                    continue
                for k in range(len(history) - 1, max(len(history) - 6, -1), -1):
                    if isinstance(_full_answer(judge, p, k), list):
                        found += 1
                        assert not top_trump_open(judge, judge.solver(p, k)), (players, p, k)
    assert found >= 10


def test_t3_16_5_greedy_order_refutation_only_for_unsound_orders() -> None:
    refuted = checked = 0
    for players in (4, 6):
        for judge in _ended_hands(players, range(4), {})[:25]:
            team = judge.m.trumper % 2
            for p in judge.active:
                if p % 2 != team:
                    continue
                for k in range(0, len(judge.m.history), 3):
                    if not judge.team_won_all_before(team, k):
                        break
                    actual = judge.knowledge(p, k, actual=True)
                    order = judge.default_order(p, list(actual.hand))
                    if judge.greedy_refutes_order(actual, order, thrifty=True):
                        refuted += 1
                        full = judge.solver(p, k, NODE_BUDGET * 4)
                        try:
                            assert full.run(fixed=order) is None, (players, p, k)
                            checked += 1
                        except OutOfBudget:
                            pass
    assert refuted >= checked >= 20
