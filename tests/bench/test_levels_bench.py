"""bench/levels.py judges a partner's trick sure on the real hands: it must read every
trick game's hands (Thunee names its zones ``hand:N``, 304 and Nigerian ``handN``)."""

from __future__ import annotations

import random

import pytest

from bench.levels import hand_of
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
