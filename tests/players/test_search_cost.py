"""The search's cheaper paths (issue 35) build the same states and values as the full ones:
a patched Nigerian world equals the replayed one, and a card scored straight from the
world equals the engine copy played out; the auction played on plain values equals the
engine's auction."""

from __future__ import annotations

import random
from typing import Any

from players.search.nigerian import (
    WIN_BONUS,
    NigerianModel,
    NigerianWorlds,
    clone,
    hand_points,
    play_out,
    policy,
    rollout,
)
from rules.nigerian_thunee import NigerianThunee, match_winner
from tests.players.search_matches import situation
from tests.players.test_search import random_position

UNCOPIED = {"_log", "_log_ids", "_deals"}
"""A world carries no action log and its decision's first stacked deal (``_patched``)."""


def state(match: NigerianThunee) -> dict[str, Any]:
    found = {name: getattr(match, name) for name in NigerianThunee.__slots__}
    found.update((k, v) for k, v in vars(match).items() if k not in UNCOPIED)
    found["rng"] = match.rng.getstate()
    return found


def worlds_of(seed: int) -> tuple[NigerianWorlds, NigerianWorlds, Any]:
    sit = situation(random_position(seed))
    replaying = NigerianWorlds(sit)
    replaying._patch = False
    return NigerianWorlds(sit), replaying, sit


def test_patched_worlds_equal_replayed_worlds() -> None:
    phases: set[str] = set()
    for seed in range(60):
        patched, replayed, sit = worlds_of(seed)
        phases.add(sit.phase)
        for round_ in range(4):
            a = patched.sample(random.Random(seed * 10 + round_))
            b = replayed.sample(random.Random(seed * 10 + round_))
            assert state(a) == state(b), (seed, round_)
            assert state(clone(a)) == state(clone(b))
        assert patched._patch is True
    assert {"throw_in", "bidding", "play"} <= phases


def test_a_card_scored_from_the_world_equals_the_engine_copy_played_out() -> None:
    model = NigerianModel()
    scored = 0
    for seed in range(60):
        patched, _, sit = worlds_of(seed)
        team = sit.seat % 2
        for round_ in range(3):
            world = patched.sample(random.Random(seed * 10 + round_))
            for n, action in enumerate(sit.legal):
                copy = clone(world)
                copy.apply(sit.seat, action)
                full = rollout(copy, world, team, random.Random(n))
                assert model.score(world, sit.seat, action, team, random.Random(n)) == full
                scored += action.kind == "play"
    assert scored > 100


def test_a_clone_copies_every_attribute_and_shares_no_list() -> None:
    for seed in range(30):
        match = random_position(seed)
        copy = clone(match)
        original, copied = state(match), state(copy)
        assert set(copied) == set(original)
        assert {k for k in original if original[k] != copied[k]} == {"rng"}
        for name, value in vars(copy).items():
            if isinstance(value, list) and name not in ("_log", "_log_ids", "_deals"):
                assert value is not vars(match)[name], name
        for name in NigerianThunee.__slots__:
            value = getattr(copy, name)
            if isinstance(value, list) and name not in ("_legal", "last_trick"):
                assert value is not getattr(match, name), name
                for inner in value:
                    if isinstance(inner, list):
                        assert all(inner is not other for other in getattr(match, name))


def engine_rollout(
    match: NigerianThunee, origin: NigerianThunee, team: int, rng: random.Random
) -> float:
    """The rollout as it was before ``auction_out``: the auction through the engine."""
    hand, before = origin.hand_number, origin.scores
    while match.winner_team is None and match.hand_number == hand and match.phase != "play":
        seat = match.turn
        legal = match.legal_actions(seat)
        match._apply(seat, legal[0] if len(legal) == 1 else policy(match, seat, legal))
    if match.winner_team is None and match.hand_number == hand:
        scores = hand_points(match, play_out(match, rng))
        after = [before[0] + scores[0], before[1] + scores[1]]
        winner = match_winner(after)
    else:
        after, winner = match.scores, match.winner_team
    value = float(after[team] - before[team] - (after[1 - team] - before[1 - team]))
    if winner is not None:
        value += WIN_BONUS if winner == team else -WIN_BONUS
    return value


def test_the_auction_on_plain_values_equals_the_engine_auction() -> None:
    model = NigerianModel()
    phases: dict[str, int] = {}
    for seed in range(120):
        patched, _, sit = worlds_of(seed)
        if sit.phase == "play":
            continue
        team = sit.seat % 2
        for round_ in range(3):
            world = patched.sample(random.Random(seed * 10 + round_))
            for n, action in enumerate(sit.legal):
                engine_world = clone(world)
                engine_world.rng.setstate(world.rng.getstate())
                copy = clone(engine_world)
                copy.apply(sit.seat, action)
                engine_rng, plain_rng = random.Random(n), random.Random(n)
                full = engine_rollout(copy, engine_world, team, engine_rng)
                assert model.score(world, sit.seat, action, team, plain_rng) == full
                # the same draws from the world's generator and the rollout's
                assert world.rng.getstate() == engine_world.rng.getstate()
                assert plain_rng.getstate() == engine_rng.getstate()
                assert rollout(clone(copy), copy, team, random.Random(n)) == engine_rollout(
                    clone(copy), copy, team, random.Random(n)
                )
                phases[sit.phase] = phases.get(sit.phase, 0) + 1
    assert min(phases.get(p, 0) for p in ("throw_in", "bidding", "trump")) > 20, phases


def test_the_inlined_shuffle_is_random_shuffle() -> None:
    from players.search.sampling import shuffle

    for seed in range(200):
        for size in (0, 1, 2, 7, 24, 32, 63, 64, 70):
            ours, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b and ours.getstate() == theirs.getstate(), (seed, size)
