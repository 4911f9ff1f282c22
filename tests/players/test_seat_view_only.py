"""Issue 35: a computer decides from its seat's view only. Every level of every game,
given a copy of the seat's view alone (the other hands removed: no match behind it, nothing
but what the seat may see), makes the decision it makes at a table; and in Thunee and 304
two deals that differ only in the other team's hands get the same decisions."""

from __future__ import annotations

import json
import random

import pytest

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules.cards import card_strs, deck32, shuffled, thunee_deck
from rules.contract import Deal
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


def _twin_deals(game: str, seed: int) -> tuple[list[list[str]], list[list[str]]]:
    """A stacked deal and its twin with seats 1 and 3 (the other team) holding each
    other's cards: the same to seats 0 and 2 in every way they can see."""
    deck = thunee_deck() if game == "thunee" else deck32()
    cards = card_strs(shuffled(deck, random.Random(seed)))
    size = len(cards) // 4
    hands = [cards[i * size : (i + 1) * size] for i in range(4)]
    twin = [list(h) for h in hands]
    twin[1], twin[3] = hands[3], hands[1]
    return hands, twin


@pytest.mark.parametrize("game", ["thunee", "304"])
@pytest.mark.parametrize("seed", [1])
def test_every_level_decides_the_same_whatever_the_hidden_hands(game: str, seed: int) -> None:
    """Two matches alike in all that seats 0 and 2 can see and different in the other
    team's hands: every level decides the same for seats 0 and 2 at every turn until the
    other team's play (copied from the first match) cannot be made in the second."""
    plugin = BUILTIN.plugin(game)
    spec = plugin.spec
    hands, twin = _twin_deals(game, seed)
    matches = [
        spec.new_match(4, None, seed=seed, deals=[Deal(dealer=3, hands=h)]) for h in (hands, twin)
    ]
    levels = {level: player_of(plugin, level, TINY) for level in LEVELS}
    beginner = levels["beginner"]
    checked = 0
    for step in range(200):
        first, second = matches
        if first.is_over or first.to_act != second.to_act:
            break
        seat = min(first.to_act)
        if seat % 2 == 0:
            if first.view(seat) != second.view(seat):
                break
            for level, player in levels.items():
                choices = [
                    player.choose(Situation.at(m, seat, random.Random(step))) for m in matches
                ]
                assert choices[0] == choices[1], (game, level, step)
            checked += 1
        action = beginner.choose(Situation.at(first, seat, random.Random(step)))
        if action not in second.legal_actions(seat):
            break
        for m in matches:
            m.apply(seat, action)
    assert checked >= 3, checked
