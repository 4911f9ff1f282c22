"""What the Caps judge reads from a hand's record and the shortcuts it takes before the
full search, checked against the definitions they stand for (T3-16.4, ED-27, ED-32)
rather than against copies of earlier code: k* is the least call point at which a member
is certain; a refutation only ever says "not certain" where no order wins in the real
deal (one consistent world); a quick proof only ever says "sound" where the exact walk
of that order finds no losing line; the real-deal world holds the cards the deal left."""

from __future__ import annotations

import random

from rules.three_o_four.caps import CapsJudge, Solver
from tests.rules.three_o_four.helpers import call_points


def _real_deal(judge: CapsJudge, p: int, k: int) -> Solver:
    """The exact search in the one world of the real deal (every reply, no restriction)."""
    return Solver(judge.knowledge(p, k, actual=True), judge.players, judge.active, judge.strength)


def test_ed32_k_star_is_the_least_call_point_with_a_certain_member() -> None:
    """T3-16.8 / ED-32: ``first_certain`` (which asks only the ends of each member's
    stretches and halves back from a certain one) equals the least call point up to k at
    which some member holding a card, his team unbeaten so far, is certain (ED-27),
    asked of every member at every call point."""
    firsts: dict[int, int | None] = {}
    asked: list[tuple[CapsJudge, int]] = []  # each (hand, call point) once members are asked
    compared = found = 0

    def check(judge: CapsJudge, k: int) -> None:
        nonlocal compared, found
        for team in (0, 1):
            assert judge.first_certain(team, k) == firsts[team], (team, k)
            compared += 1
            found += firsts[team] is not None

    cases = [(4, s) for s in range(30, 33)] + [(6, s) for s in range(40, 42)]
    for _players, _seed, _m, judge, k, p in call_points(cases):
        # (a hand's last call point is not checked: its record is gone once asked)
        if not asked or asked[-1][0] is not judge:  # a new hand
            firsts = {0: None, 1: None}
        elif asked[-1][1] != k:
            check(*asked[-1])  # the record only grows within a hand
        asked.append((judge, k))
        if judge.certain_exists(p, k) and firsts[p % 2] is None:
            firsts[p % 2] = k
    assert compared > 500 and found > 5


def test_ed27_refutations_and_proofs_agree_with_the_exact_walk() -> None:
    """ED-27 / T3-16.5: at the call points of random hands with at most three cards in
    p's hand, for the default order and shuffled ones: an opponent's unbeatable trumps
    (``opponents_trumps_unbeaten``) and the plain adversaries' line
    (``greedy_refutes_order``) refute only where the exact walk of the real deal finds a
    losing line; the quick proof (``plainly_sound``) proves only orders the exact walk over
    every consistent world finds no losing line for."""
    rng = random.Random(7)
    refuted = proved = compared = 0
    cases = [(4, s) for s in range(60, 63)] + [(6, s) for s in range(70, 72)] + [(8, 80)]
    for players, seed, _m, judge, k, p in call_points(cases):
        kn = judge.knowledge(p, k)
        if len(kn.hand) > 3:
            continue
        real = _real_deal(judge, p, k)
        if judge.opponents_trumps_unbeaten(p % 2, k):
            assert real.first_order() is None, (players, seed, p, k)
            refuted += 1
        actual = judge.knowledge(p, k, actual=True)
        orders = [judge.default_order(p, list(kn.hand))]
        orders += [rng.sample(kn.hand, len(kn.hand)) for _ in range(2)]
        for order in orders:
            for thrifty in (False, True):
                if judge.greedy_refutes_order(actual, order, thrifty):
                    assert not _real_deal(judge, p, k).holds(order), (players, seed, p, k)
                    refuted += 1
            if len(kn.trumps) == 1 and judge.plainly_sound(kn, order):
                assert judge.solver(p, k).holds(order), (players, seed, p, k, order)
                proved += 1
            compared += 1
    assert compared > 300 and refuted > 100 and proved > 20


def test_ed27_the_real_deal_world_holds_what_the_deal_left() -> None:
    """ED-27: the real-deal world of p at CP(k) places every card not yet played and not
    his in the seat the deal gave it to, with nothing left unknown."""
    compared = 0
    for _players, _seed, match, judge, k, p in call_points([(4, 130), (6, 131), (8, 133)]):
        world = judge.knowledge(p, k, actual=True)
        assert not world.unknown and not any(world.free)
        played = {record[1] for record in match.history}
        for seat in judge.active:
            if seat != p:
                left = set(match._remaining(seat)) - played
                assert set(world.known[seat]) == left, (seat, k)
        compared += 1
    assert compared > 100
