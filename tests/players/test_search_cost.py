"""The search's cheaper paths (issue 35) build the same states and values as the full ones:
a patched Nigerian world equals the replayed one, and a card scored straight from the
world equals the engine copy played out."""

from __future__ import annotations

import random
from typing import Any

from players.search.nigerian import NigerianModel, NigerianWorlds, clone, rollout
from rules.nigerian_thunee import NigerianThunee
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
