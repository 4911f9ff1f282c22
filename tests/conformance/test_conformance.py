"""The engine contract, checked on every registered game (shared/design/engine-api.md).

``CONFORMANCE_MATCHES`` sets the random matches per game and player count (CI default 15;
the soak run uses 10000 with ``CONFORMANCE_FULL_CHECK_EVERY`` to thin the slow checks).
"""

from __future__ import annotations

import os
import random

import pytest

from rules import registry
from rules.contract import IllegalAction
from rules.random_play import play_out, random_step
from tests.conformance.checks import random_options, run_match

MATCHES = int(os.environ.get("CONFORMANCE_MATCHES", "15"))
FULL_CHECK_EVERY = int(os.environ.get("CONFORMANCE_FULL_CHECK_EVERY", "1"))


def matches_for(spec: object) -> int:
    """Matches per case: games with long matches scale CI's count down
    (``conformance_scale`` on the spec, e.g. a 7-deal rummy game)."""
    scale = float(getattr(spec, "conformance_scale", 1.0))
    return max(1, round(MATCHES * scale))


def check_every_for(spec: object) -> int:
    """Full checks every N steps: the env setting, or the spec's own if that is sparser."""
    return max(FULL_CHECK_EVERY, int(getattr(spec, "conformance_check_every", 1)))


CASES = [
    (name, players) for name in registry.names() for players in registry.get(name).player_counts
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_matches_with_default_options(name: str, players: int) -> None:
    spec = registry.get(name)
    for seed in range(matches_for(spec)):
        run_match(spec, players, {}, seed, check_every_for(spec))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_matches_with_random_options(name: str, players: int) -> None:
    spec = registry.get(name)
    played = 0
    for seed in range(matches_for(spec)):
        # an impossible combination is rejected with a message; draw again so that every
        # seed still plays a match (a game with many exclusive variants keeps its coverage)
        draws = random.Random(seed)
        for _ in range(50):
            options = random_options(spec, draws)
            try:
                spec.new_match(players, options, seed=seed)
            except IllegalAction:
                continue
            run_match(spec, players, options, 1000 + seed, check_every_for(spec))
            played += 1
            break
    assert played == matches_for(spec), "random option mixes were rejected 50 times in a row"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_same_seed_same_match(name: str, players: int) -> None:
    spec = registry.get(name)
    first = spec.new_match(players, seed=77)
    second = spec.new_match(players, seed=77)
    play_out(first, random.Random(5))
    play_out(second, random.Random(5))
    assert first.hand_results == second.hand_results
    assert first.result == second.result
    assert first.snapshot() == second.snapshot()


@pytest.mark.parametrize("name", registry.names())
def test_bad_input_is_rejected_clearly(name: str) -> None:
    spec = registry.get(name)
    players = spec.player_counts[0]
    with pytest.raises(IllegalAction, match="not a"):
        spec.new_match(players, {"no_such_option": True})
    with pytest.raises(IllegalAction):
        spec.new_match(max(spec.player_counts) + 1)
    with pytest.raises(IllegalAction):
        spec.parse_action("play:not-a-card")
    match = spec.new_match(players, seed=1)
    idle = (
        next(s for s in range(players) if s not in match.to_act)
        if len(match.to_act) < players
        else None
    )
    if idle is not None:
        some_action = match.legal_actions(next(iter(match.to_act)))[0]
        with pytest.raises(IllegalAction, match="not your turn"):
            match.apply(idle, some_action)


OFF_TURN_CASES = [(n, p) for n, p in CASES if registry.get(n).off_turn_kinds]


@pytest.mark.parametrize(("name", "players"), OFF_TURN_CASES)
def test_off_turn_actions_are_accepted_and_nothing_else(name: str, players: int) -> None:
    """Seats in ``off_turn`` may take their optional actions (and only those); a snapshot
    with such actions in its log restores to the same match."""
    spec = registry.get(name)
    applied = 0
    for seed in range(max(4, matches_for(spec) // 5)):
        # odd seeds draw random options: some games offer off-turn actions only in a variant
        # (Thunee's challenge mode)
        match = spec.new_match(players, seed=seed) if seed % 2 == 0 else None
        draws = random.Random(seed)
        for _ in range(50 if match is None else 0):
            try:
                match = spec.new_match(players, random_options(spec, draws), seed=seed)
                break
            except IllegalAction:
                continue
        assert match is not None, "random option mixes were rejected 50 times in a row"
        rng = random.Random(seed)
        while not match.is_over:
            off = sorted(match.off_turn)
            if off and rng.random() < 0.3:
                seat = rng.choice(off)
                turn_seat = next(iter(match.to_act))
                other = match.legal_actions(turn_seat)[0]
                if other.kind not in spec.off_turn_kinds:
                    with pytest.raises(IllegalAction, match="not your turn"):
                        match.apply(seat, other)
                action = rng.choice(match.legal_actions(seat))
                assert action.kind in spec.off_turn_kinds
                match.apply(seat, action)
                applied += 1
                continue
            seat, action = random_step(match, rng)
            match.apply(seat, action)
        restored = spec.restore(match.snapshot())
        assert restored.hand_results == match.hand_results and restored.result == match.result
    assert applied > 0, "no off-turn action was ever offered"


def test_registry_names_and_unknown_game() -> None:
    assert "nigerian_thunee" in registry.names()
    with pytest.raises(KeyError, match="known games"):
        registry.get("snap")
