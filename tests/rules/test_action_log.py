"""The contract base keeps a match's (seat, Action) log in a cheap form (issue 37): it
reads back as the same pairs, so snapshots and replays are what they were."""

from __future__ import annotations

import random

import pytest

from rules import registry
from rules.random_play import random_step

GAMES = registry.names()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_log_reads_back_as_the_actions_applied_and_restores_the_match(
    game: str, seed: int
) -> None:
    spec = registry.get(game)
    match = spec.new_match(spec.player_counts[-1], seed=seed)
    rng, applied = random.Random(seed), []
    for _ in range(300):
        if match.is_over:
            break
        seat, action = random_step(match, rng)
        match.apply(seat, action)
        applied.append((seat, action.id))
    assert [(s, a.id) for s, a in match._log] == applied == match.actions_applied
    assert [(s, a.id) for s, a in match._log[len(applied) // 2 :]] == applied[len(applied) // 2 :]
    restored = spec.restore(match.snapshot())
    assert restored.public_view() == match.public_view()
    assert [restored.view(s) for s in range(match.players)] == [
        match.view(s) for s in range(match.players)
    ]
    assert [a.id for a in restored.legal_actions(min(match.to_act or {0}))] == [
        a.id for a in match.legal_actions(min(match.to_act or {0}))
    ]


@pytest.mark.parametrize("game", ["304", "thunee", "nigerian_thunee"])
def test_prebuilt_actions_cost_four_bytes_each(game: str) -> None:
    spec = registry.get(game)
    match = spec.new_match(spec.player_counts[0], seed=3)
    rng = random.Random(3)
    while not match.is_over:
        match.apply(*random_step(match, rng))
    log = match._log
    assert log._others == [] and log._codes.itemsize * len(log) == 4 * len(log) > 0
