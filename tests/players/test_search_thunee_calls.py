"""The Thunee ``search`` computer before and around the card play: the trumper's choice,
bids, the Thunee window, Jodis and Double, decided by simulating the hand (issue 13)."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from players.base import Situation
from players.heuristic import heuristic_for
from players.search import SearchBudget, search_for
from players.search.thunee import ThuneeSearch
from rules.contract import Deal, Match
from rules.thunee.spec import SPEC

BUDGET = SearchBudget(rollouts=120, time_cap_ms=0)


def situation(match: Match[Any], seat: int, seed: int = 7) -> Situation:
    return Situation.at(match, seat, random.Random(seed))


def search(budget: SearchBudget = BUDGET) -> ThuneeSearch:
    p = search_for("thunee", budget)
    assert isinstance(p, ThuneeSearch)
    return p


def script(match: Match[Any], until: Any, actions: dict[str, str] | None = None) -> None:
    """Advance with no cut, passes in bidding and calls, and the given action per phase
    (``trump``); cards by the heuristic."""
    heuristic = heuristic_for("thunee")
    for i in range(500):
        if until(match):
            return
        seat = min(match.to_act)
        phase = match.phase
        if phase == "cut":
            match.apply(seat, "no_cut")
        elif phase in ("bidding", "calls"):
            match.apply(seat, "pass")
        elif actions and phase in actions:
            match.apply(seat, actions[phase])
        else:
            match.apply(seat, heuristic.choose(situation(match, seat, i)))
    raise AssertionError("never reached")


SURE_THUNEE = [
    ["JS", "9S", "AS", "JH", "9H", "JD"],
    ["10S", "KC", "QC", "AC", "10C", "KD"],
    ["KS", "QS", "AH", "10H", "KH", "QH"],
    ["JC", "9C", "9D", "AD", "10D", "QD"],
]
"""Seat 0 can win every trick leading JS, 9S, AS (trumps drawn), JH, 9H, JD."""


def test_search_calls_a_sure_thunee_and_makes_it_TH_12() -> None:
    """TH-12: with J-9-A of one suit and the top two hearts and top diamond the search
    calls Thunee in the W4 window (TH-12.8), leads its trumps and wins all six tricks:
    4 balls (TH-12.10)."""
    match = SPEC.new_match(4, seed=3, deals=[Deal(dealer=0, hands=SURE_THUNEE)])
    script(match, lambda m: m.phase == "calls" and 0 in m.to_act, {"trump": "trump:KC"})
    player = search()
    assert player.choose(situation(match, 0)).id == "call:thunee"
    match.apply(0, "call:thunee")
    heuristic = heuristic_for("thunee")
    for i in range(60):
        if match.view(0)["hands_played"]:
            break
        seat = min(match.to_act)
        mover = player if seat == 0 else heuristic
        match.apply(seat, mover.choose(situation(match, seat, i)))
    result = match.hand_results[0]
    assert result["outcome"] == "contract_success" and result["balls"] == 4
    assert result["balls_to"] == 0


def test_search_passes_the_thunee_window_with_a_weak_hand_TH_12() -> None:
    """A hand of kings and queens would lose a Thunee at once: the search passes."""
    hands = [
        ["KS", "QS", "KH", "QH", "KD", "QD"],
        ["10S", "KC", "QC", "AC", "10C", "9D"],
        ["JS", "9S", "AS", "JH", "9H", "AH"],
        ["JC", "9C", "JD", "AD", "10D", "10H"],
    ]
    match = SPEC.new_match(4, seed=3, deals=[Deal(dealer=0, hands=hands)])
    script(match, lambda m: m.phase == "calls" and 0 in m.to_act, {"trump": "trump:KC"})
    assert search().choose(situation(match, 0)).id == "pass"


def test_trumper_names_his_strong_suit_TH_7() -> None:
    """TH-7.2(a): the trumper holding J, 9 and A of clubs lays a club face down (its
    weakest, the A), not the lone queen, not last card."""
    hands = [
        ["KS", "QS", "KH", "10H", "KD", "QD"],
        ["JC", "9C", "AC", "QH", "10C", "9D"],
        ["JS", "9S", "AS", "JH", "9H", "AH"],
        ["KC", "QC", "JD", "AD", "10D", "10S"],
    ]
    match = SPEC.new_match(4, seed=3, deals=[Deal(dealer=0, hands=hands)])
    script(match, lambda m: m.phase == "trump")
    assert min(match.to_act) == 1
    sit = situation(match, 1)
    assert {a.id for a in sit.legal} >= {"trump:QH", "last_card"}
    assert search().choose(sit).id == "trump:AC"


def test_search_doubles_a_sure_last_trick_TH_15() -> None:
    """TH-15: seat 0's team has won tricks 1-5 and seat 0 leads the last trick with the
    jack of trumps: Double (2 balls, TH-15.7) beats the ordinary win (1 ball)."""
    hands = [
        ["JC", "9C", "AC", "10C", "JH", "9H"],
        ["KC", "QS", "KS", "10S", "KH", "QH"],
        ["JS", "9S", "AS", "JD", "9D", "AD"],
        ["QC", "10D", "KD", "QD", "AH", "10H"],
    ]
    cards = ["JS", "10D", "9H", "10S", "9S", "KD", "JH", "KS", "AS", "QD", "10C", "QS"]
    cards += ["AC", "KC", "JD", "QC", "9C", "KH", "9D", "AH"]
    match = SPEC.new_match(4, seed=3, deals=[Deal(dealer=0, hands=hands)])
    script(match, lambda m: m.phase == "play", {"trump": "trump:KC"})
    for card in cards:
        match.apply(min(match.to_act), "play:" + card)
    assert min(match.to_act) == 0
    sit = situation(match, 0)
    assert {a.id for a in sit.legal} == {"play:JC", "call:double"}
    assert search().choose(sit).id == "call:double"
    match.apply(0, "call:double")
    for _ in range(4):
        seat = min(match.to_act)
        match.apply(seat, match.legal_actions(seat)[0])
    result = match.hand_results[0]
    assert result["outcome"] == "call_success" and result["balls_to"] == 0


def test_search_declares_the_jodi_it_holds_TH_14() -> None:
    """TH-14: offered a Jodi, the search declares the most valuable one, suit kept secret
    (TH-14.4)."""
    heuristic = heuristic_for("thunee")
    for seed in range(40):
        match = SPEC.new_match(4, seed=seed)
        for i in range(400):
            if match.phase == "jodi" or match.is_over:
                break
            seat = min(match.to_act)
            match.apply(seat, heuristic.choose(situation(match, seat, i)))
        if match.phase != "jodi":
            continue
        seat = min(match.to_act)
        sit = situation(match, seat)
        jodis = [a for a in sit.legal if a.kind == "jodi"]
        best = max(int(a.value.split(":")[1]) for a in jodis)
        action = search().choose(sit)
        assert action.kind == "jodi" and not action.value.endswith("shown")
        assert int(action.value.split(":")[1]) == best
        return
    pytest.fail("no Jodi window in these seeds")


def _bidding_position(seed: int) -> tuple[Match[Any], int]:
    match = SPEC.new_match(4, seed=seed)
    heuristic = heuristic_for("thunee")
    for i in range(200):
        if match.phase == "bidding":
            return match, min(match.to_act)
        seat = min(match.to_act)
        match.apply(seat, heuristic.choose(situation(match, seat, i)))
    raise AssertionError("no bidding")


def test_bids_are_deterministic_for_a_seed_TH_9() -> None:
    """The same bidding position and seed give the same answer; the bid or pass is
    legal (TH-9.2: the next rung only)."""
    for seed in range(3):
        match, seat = _bidding_position(seed)
        picks = {search().choose(situation(match, seat, 5)).id for _ in range(3)}
        assert len(picks) == 1
        assert picks <= {a.id for a in match.legal_actions(seat)}


def test_bidding_respects_the_time_cap() -> None:
    """A huge rollout budget with a 15 ms cap stops at the cap (the first world is
    always finished)."""
    match, seat = _bidding_position(1)
    player = search(SearchBudget(rollouts=1_000_000, time_cap_ms=15))
    start = time.thread_time()
    player.choose(situation(match, seat))
    elapsed = time.thread_time() - start
    assert player.last.capped and player.last.worlds > 0
    assert elapsed < 0.015 + 0.25
