"""Par for a hand (players/par.py): the replays deal the same cards to the same seats as
the hand that was played, and the par is the mean of what the seat's side made in them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.budget import SearchBudget
from players.endgame import clone_match
from players.par import ParRequest, hand_measure, hand_start, play_hand, replay_levels, run_par
from rules.contract import Match
from rules.registry import BUILTIN

CHEAP = SearchBudget(rollouts=4, time_cap_ms=0)


def played_hands(game: str, players: int, seed: int, hands: int) -> Match[Any]:
    """A match whose first ``hands`` hands the heuristic computers played."""
    plugin = BUILTIN.plugin(game)
    match = plugin.spec.new_match(players, seed=seed)
    levels = ["heuristic"] * players
    while len(match.hand_results) < hands:
        play_hand(match, plugin, levels, CHEAP, random.Random(seed))
    return match


@pytest.mark.parametrize(("game", "players"), [("thunee", 4), ("304", 4), ("tonk", 3)])
def test_par_replays_deal_the_same_cards_to_the_same_seats(game: str, players: int) -> None:
    """Hand 2 of a match, replayed twice: each replay starts from the cards hand 2 was
    dealt (every zone), the seat studied keeps its number, and par is their mean."""
    plugin = BUILTIN.plugin(game)
    match = played_hands(game, players, seed=11, hands=2)
    snapshot = match.snapshot()
    start = hand_start(plugin.spec, plugin, snapshot, 1)
    original = plugin.spec.restore(snapshot)
    assert start.hand_results == original.hand_results[:1]

    request = ParRequest(snapshot, hand=1, seat=1, levels=("heuristic",) * players, replays=2)
    result = run_par(request)
    assert result.seat == 1 and result.hand == 1 and result.game == plugin.name
    assert result.start_zones == start.card_zones()
    assert len(result.replays) == 2
    assert result.mean == sum(result.replays) / 2
    assert result.made == hand_measure(plugin, original, original.hand_results[1], 1)

    # The replays themselves: the same start, whatever the players then do.
    levels = replay_levels(request.levels, players, 1)
    assert levels[1] == "expert" and levels[0] == "heuristic"
    for replay in range(2):
        again = clone_match(start)
        assert again.card_zones() == start.card_zones()
        play_hand(again, plugin, ["heuristic"] * players, CHEAP, random.Random(replay))
        assert len(again.hand_results) == 2


def test_hand_measure_reads_the_team_tally_in_trick_games() -> None:
    plugin = BUILTIN.plugin("thunee")
    match = played_hands("thunee", 4, seed=3, hands=1)
    result = match.hand_results[0]
    if "card_points" in result:
        assert hand_measure(plugin, match, result, 0) == result["card_points"][0]
        assert hand_measure(plugin, match, result, 3) == result["card_points"][1]
