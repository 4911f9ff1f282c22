"""bench/levels.py judges a partner's trick sure on the real hands: it must read every
trick game's hands (Thunee names its zones ``hand:N``, 304 and Nigerian ``handN``)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench.levels import count_caps, hand_of
from players.base import Situation
from players.heuristic import heuristic_for
from rules.registry import BUILTIN


@pytest.mark.parametrize("game", ["thunee", "304", "nigerian_thunee"])
def test_the_real_hands_are_read_in_the_card_play(game: str) -> None:
    match = BUILTIN.plugin(game).spec.new_match(4, None, seed=3)
    heuristic = heuristic_for(game)
    for step in range(400):
        if match.phase == "play":
            break
        seat = min(match.to_act)
        match.apply(seat, heuristic.choose(Situation.at(match, seat, random.Random(step))).id)
    assert match.phase == "play"
    hands = [hand_of(match, s) for s in range(4)]
    assert all(hands), hands  # an empty hand made every partner's trick "sure"
    held = [c for h in hands for c in h]
    assert len(held) == len(set(held))


@pytest.mark.parametrize(
    ("outcome", "called", "failed", "missed"),
    [
        ("correct", True, 0, 0),
        ("wrong", True, 1, 0),  # T3-16.7 (a), (b), (d): a call that was not sound or late
        ("lost", True, 1, 0),  # T3-16.6: a trick lost after the call
        ("wrong", False, 0, 1),  # T3-16.7 (c): certain, never called
        ("none", False, 0, 0),
    ],
)
def test_304_caps_are_split_into_failed_calls_and_missed_duties(
    outcome: str, called: bool, failed: int, missed: int
) -> None:
    tally: Counter[str] = Counter()
    data = {"outcome": "played", "caps": {"1": outcome, "0": "wrong"}}
    count_caps(data, 1, called, tally)
    assert (tally["caps_calls"], tally["caps_failed"], tally["caps_missed"]) == (
        int(called),
        failed,
        missed,
    )
