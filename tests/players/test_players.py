"""Computer players: they see only a seat's view and legal actions, play by the rules of
thumb they claim, and the heuristic beats random play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players import Situation, default_registry
from players.arena import duel, play_match
from players.rummy import RummyHeuristic
from players.tricks import TrickHeuristic
from rules import registry
from rules.contract import Action

ACTIONS: dict[str, Action] = {}


def act(action_id: str) -> Action:
    kind, _, value = action_id.partition(":")
    return ACTIONS.setdefault(action_id, Action(kind=kind, value=value, label=action_id))


def situation(game: str, seat: int, view: dict[str, Any], legal: list[str]) -> Situation:
    spec = registry.get(game)
    players = 4 if 4 in spec.player_counts else 2
    return Situation(
        spec=spec,
        players=players,
        seat=seat,
        options=spec.Options(),
        teams=spec.teams(players),
        phase=str(view.get("phase", "play")),
        view=view,
        legal=[act(a) for a in legal],
        rng=random.Random(0),
    )


def trick_view(hand: list[str], trick: list[tuple[int, str]], trump: str | None) -> dict[str, Any]:
    return {"hand": hand, "trick": [[s, c] for s, c in trick], "trump": trump}


def test_never_cuts_a_partners_winning_trick_and_gives_it_the_low_card() -> None:
    player = TrickHeuristic("nigerian_thunee")
    # seat 3 is last; partner seat 1 leads the J of spades (the top card) and wins
    view = trick_view(["9H", "7D", "AD"], [(0, "8S"), (1, "JS"), (2, "QS")], trump="H")
    chosen = player.choose(situation("nigerian_thunee", 3, view, ["play:9H", "play:7D", "play:AD"]))
    assert chosen.id == "play:7D"  # void in spades: a low plain card, not a trump


def test_overtakes_an_opponent_as_cheaply_as_possible_and_cuts_when_void() -> None:
    player = TrickHeuristic("nigerian_thunee")
    view = trick_view(["JS", "AS", "7S"], [(0, "10S")], trump="H")
    legal = ["play:JS", "play:AS", "play:7S"]
    # second to play, opponent winning with the 10: the jack is sure, play it
    assert player.choose(situation("nigerian_thunee", 1, view, legal)).id == "play:JS"
    view = trick_view(["JS", "AS", "7S"], [(1, "10S"), (2, "8S"), (3, "QS")], trump="H")
    # last to play: the cheapest winner is enough
    assert player.choose(situation("nigerian_thunee", 0, view, legal)).id == "play:AS"
    view = trick_view(["7H", "9H", "8C"], [(0, "AS")], trump="H")
    legal = ["play:7H", "play:9H", "play:8C"]
    assert player.choose(situation("nigerian_thunee", 1, view, legal)).id == "play:7H"


def test_keeps_trump_control_when_leading() -> None:
    player = TrickHeuristic("nigerian_thunee")
    weak_trumps = trick_view(["9H", "7H", "QD", "8D", "KC"], [], trump="H")
    legal = ["play:9H", "play:7H", "play:QD", "play:8D", "play:KC"]
    assert player.choose(situation("nigerian_thunee", 0, weak_trumps, legal)).id == "play:8D"
    strong = trick_view(["JH", "9H", "7H", "8D"], [], trump="H")
    legal = ["play:JH", "play:9H", "play:7H", "play:8D"]
    assert player.choose(situation("nigerian_thunee", 0, strong, legal)).id == "play:JH"


def test_bids_from_hand_strength_and_names_its_longest_suit_trump() -> None:
    player = TrickHeuristic("nigerian_thunee")
    legal = ["bid:2", "bid:3", "bid:4", "pass"]
    strong = {"hand": ["JH", "9H", "AH", "10H", "JS"], "trick": [], "trump": None}
    weak = {"hand": ["7H", "8S", "QD", "KC", "8C"], "trick": [], "trump": None}
    assert player.choose(situation("nigerian_thunee", 0, strong, legal)).id == "bid:2"
    assert player.choose(situation("nigerian_thunee", 0, weak, legal)).id == "pass"
    trumps = ["trump:S", "trump:H", "trump:D", "trump:C"]
    assert player.choose(situation("nigerian_thunee", 0, strong, trumps)).id == "trump:H"
    assert player.choose(situation("nigerian_thunee", 0, strong, ["throw_in", "keep"])).id == "keep"


def test_rummy_keeps_melds_discards_high_deadwood_and_draws_what_fits() -> None:
    player = RummyHeuristic("tonk")
    game = "nigerian_thunee"  # any spec: the rummy player reads only the view and actions
    hand = ["5H", "5S", "5D", "KC", "3C", "9D"]
    view = {"hand": hand, "discard_top": "6H", "count": 37}
    discard = situation(game, 0, view, [f"discard:{c}" for c in hand])
    assert player.choose(discard).id == "discard:KC"  # the lone king, not a five or the 3
    draw = situation(game, 0, view, ["draw:stock", "draw:discard", "drop"])
    assert player.choose(draw).id == "draw:stock"  # 6H only sits next to 5H: no meld yet
    view = {"hand": hand, "discard_top": "5C", "count": 37}
    draw = situation(game, 0, view, ["draw:stock", "draw:discard", "drop"])
    assert player.choose(draw).id == "draw:discard"  # 5C makes a fourth five
    view = {"hand": hand, "discard_top": "QS", "count": 37}
    assert player.choose(situation(game, 0, view, ["draw:stock", "draw:discard"])).id == (
        "draw:stock"
    )
    spreads = ["spread:5D,5H,5S", "discard:KC"]
    assert player.choose(situation(game, 0, view, spreads)).id == "spread:5D,5H,5S"
    low = {"hand": ["AS", "2D"], "count": 3}
    assert player.choose(situation(game, 0, low, ["drop", "draw:stock"])).id == "drop"
    assert player.choose(situation(game, 0, low, ["tunk:2D", "draw:stock"])).id == "tunk:2D"


SLOW_FOR_CI = {"telefunken"}
"""Games whose 200 matches take minutes: measured by bench/heuristic_strength.py instead."""


@pytest.mark.parametrize("game", [g for g in registry.names() if g not in SLOW_FOR_CI])
def test_heuristic_beats_random_in_nine_matches_of_ten(game: str) -> None:
    spec = registry.get(game)
    players = 4 if 4 in spec.player_counts else 2
    players = players if spec.teams(players) is not None else 2
    levels = default_registry()
    result = duel(spec, players, levels.get("heuristic", game), levels.get("random", game), 200)
    assert result.win_rate >= 0.9, f"{game}: heuristic won {result.wins} of 200"


@pytest.mark.parametrize("game", registry.names())
def test_heuristic_players_alone_finish_their_matches(game: str) -> None:
    """No cycles when every seat is the same computer (two Tonk heuristics once passed
    near-meld cards back and forth through the discard pile for ever)."""
    spec = registry.get(game)
    levels = default_registry()
    for players in sorted({min(spec.player_counts), max(spec.player_counts)}):
        for seed in range(3):
            lineup = [levels.get("heuristic", game)] * players
            match = play_match(spec, lineup, seed=seed, max_actions=20_000)
            assert match.is_over
