"""Issue 35: a computer decides from its seat's view only. Every level of every game,
given a copy of the seat's view alone (the other hands removed: no match behind it, nothing
but what the seat may see), makes the decision it makes at a table."""

from __future__ import annotations

import json
import random

import pytest

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules.plugin import LEVELS
from rules.registry import BUILTIN

TINY = SearchBudget(rollouts=12, time_cap_ms=0)
GAMES = [plugin.name for plugin in BUILTIN]


def view_alone(situation: Situation) -> Situation:
    """``situation`` rebuilt from a serialized copy of its view and legal actions: what a
    seat sees, and no way back to the match."""
    view = json.loads(json.dumps(situation.view))
    return Situation(
        spec=situation.spec,
        players=situation.players,
        seat=situation.seat,
        options=situation.options,
        teams=situation.teams,
        phase=situation.phase,
        view=view,
        legal=[situation.spec.parse_action(a.id) for a in situation.legal],
        rng=random.Random(0),
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_level_decides_the_same_from_the_seats_view_alone(game: str) -> None:
    """At positions of engine-dealt matches (the levels playing them on), each level's
    choice from the view alone is its choice at the table, with the same rng."""
    plugin = BUILTIN.plugin(game)
    spec = plugin.spec
    players = 4
    levels = {level: player_of(plugin, level, TINY) for level in LEVELS}
    checked = 0
    for seed in range(3):
        match = spec.new_match(players, None, seed=seed)
        rng = random.Random(seed)
        for step in range(400):
            if match.is_over:
                break
            seat = min(match.to_act)
            level = LEVELS[step % len(LEVELS)]
            player = levels[level]
            table = Situation.at(match, seat, random.Random(0), lazy=not player.blocking)
            if step % 7 == 0 and len(table.legal) > 1:
                alone = view_alone(Situation.at(match, seat, random.Random(0)))
                assert player.choose(alone) == player.choose(table), (game, level, step)
                checked += 1
            match.apply(seat, player.choose(Situation.at(match, seat, rng)))
    assert checked >= 10
