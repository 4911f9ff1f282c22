"""T3-16.4 / ED-27: the certainty search may group unknown cards of a run (adjacent in rank,
nothing live between them) only where the grouping cannot change a trick's winner. Two
cards of a run played to the same trick by different seats are not interchangeable: which
of the two seats holds the higher one decides the trick."""

from __future__ import annotations

import random
from typing import Any

from rules import registry
from rules.cards import parse_card
from rules.random_play import choose
from rules.shuffle import LEGACY_DEAL_VERSION as LEGACY
from rules.three_o_four.caps import Knowledge, Solver
from rules.three_o_four.match import ThreeOFourMatch
from rules.three_o_four.options import Options, layout_for
from tests.rules.three_o_four.helpers import offered

CLUBS = 3


def _last_trick(voids: list[int], unknown: str) -> Solver:
    """Four players, one trick left, clubs trumps: seat 0 (p) leads his last card, 10S;
    seats 1, 2 (p's partner) and 3 each hold one unknown card."""
    kn = Knowledge(
        seat=0,
        hand=[parse_card("10S")],
        trick=[],
        to_play=0,
        unknown=frozenset(parse_card(c) for c in unknown.split()),
        free=[0, 1, 1, 1],
        must_trump=[0, 0, 0, 0],
        known=[frozenset()] * 4,
        voids=voids,
        hidden_slots=[],
        tricks_left=1,
        trumps=[CLUBS],
    )
    return Solver(kn, 4, [0, 1, 2, 3], layout_for(4, Options()).strength)


def test_t3_16_4_ed27_an_opponent_may_hold_the_higher_card_of_a_run() -> None:
    """T3-16.4 / ED-27: 9C and AC are adjacent trumps (J-9-A-10-K-Q-8-7), both unknown to
    p. Seat 1, void in clubs, holds 7D; partner seat 2 and opponent seat 3 hold 9C and AC
    in either order. In the world where seat 3 holds 9C, it overtrumps the partner's AC, so
    p is not certain: the search must not give the run's top card to the first seat that
    plays from it."""
    solver = _last_trick([0, 1 << CLUBS, 0, 0], "9C AC 7D")
    assert solver.run() is None
    assert not _last_trick([0, 1 << CLUBS, 0, 0], "9C AC 7D").holds([parse_card("10S")])


def test_t3_16_4_ed27_certain_when_no_opponent_can_hold_a_trump() -> None:
    """T3-16.4 / ED-27, the control: with seat 3 void in clubs too, the partner holds the
    only trump (or nobody trumps), so 10S wins the last trick in every world."""
    solver = _last_trick([0, 1 << CLUBS, 0, 1 << CLUBS], "9C 7D 8D")
    assert solver.run() == [parse_card("10S")]


def test_t3_16_4_ed27_middle_card_of_a_run_to_the_leader() -> None:
    """T3-16.4 / ED-27: a three-card run J-9-A of clubs (trumps) shared by seats 1, 2 and
    3 with seat 0 leading 10S: whatever the distribution, certainty needs the partner to
    hold JC, which p cannot know. Not certain."""
    assert _last_trick([0, 0, 0, 0], "JC 9C AC").run() is None


def _seed_209_hand_11() -> ThreeOFourMatch:
    """bench/three_o_four_hash.py's match i=209 at six players, played up to hand 11's
    CP(18): seat 0 leads his last card 10S, clubs trumps; 9C and AC are unknown to him and
    could lie with his partner seat 4 or the opponent seat 5 after him."""
    spec = registry.get("304")
    i, players = 209, 6
    r = random.Random(i * 7 + players)
    options: dict[str, Any] = {
        "external_caps": r.choice(["off", "modern", "legacy"]),
        "caps_enforcement": r.choice(["strict", "lenient", "claims_only"]),
        "caps_order_required": r.random() < 0.5,
        "end_hand_when_decided": r.random() < 0.5,
        "maharashtra_scoring": r.random() < 0.3,
        "starting_tokens": r.choice([3, 11]),
        "six_player_deck": r.choice(["24", "36"]),
    }
    match = spec.new_match(players, options, seed=i, deal_version=LEGACY)
    assert isinstance(match, ThreeOFourMatch)
    rng = random.Random(i)
    while not (match.hand_no == 11 and match.phase == "play" and len(match.history) == 18):
        to_act = match.to_act
        seat = next(iter(to_act)) if len(to_act) == 1 else rng.choice(sorted(to_act))
        match.apply(seat, choose(spec, offered(match, seat), rng))
    return match


def test_t3_16_4_ed27_seed_209_reproducer_is_not_certain() -> None:
    """T3-16.4 / ED-27: the reported case. Seat 5 (an opponent) may hold 9C and overtrump
    whatever the partners play, so seat 0 is not certain with [10S] and the duty to call
    does not arise."""
    match = _seed_209_hand_11()
    assert match.trump == CLUBS
    assert match._remaining(0) == [parse_card("10S")]
    assert {parse_card("9C"), parse_card("AC")} <= match.judge().knowledge(0, 18).unknown
    assert match.judge().certain(0, 18) is None
