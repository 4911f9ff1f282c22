"""The 304 engine's speed paths must not change behaviour: the inlined shuffle draws the same
pack as ``rules.cards.shuffled`` and leaves the generator in the same state, and the fused
apply still refuses what the base ``Match.apply`` refuses."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.cards import shuffled
from rules.contract import IllegalAction
from rules.three_o_four import actions as A
from rules.three_o_four.match import _shuffled


@pytest.mark.parametrize("size", [24, 32, 36, 52])
def test_inlined_shuffle_matches_random_shuffle(size: int) -> None:
    deck = tuple(range(size))
    for seed in range(200):
        fast, slow = random.Random(seed), random.Random(seed)
        assert _shuffled(deck, fast) == shuffled(deck, slow)
        assert fast.getrandbits(64) == slow.getrandbits(64)


def test_fused_apply_rejects_wrong_seat_and_unlisted_action() -> None:
    match = registry.get("304").new_match(4, None, seed=3)
    seat = next(iter(match.to_act))
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction):
        match.apply(other, A.NO_CUT)
    with pytest.raises(IllegalAction):
        match.apply(seat, A.PASS)  # no bid during the cut
    assert match.phase == "cut" and match.actions_applied == []
    events = match.apply(seat, "no_cut")  # an id string takes the base path
    assert [e.kind for e in events] == ["cut"] and match.phase != "cut"
