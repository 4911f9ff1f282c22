"""Exact solving at the end inside the search (players/search/exact.py and each game's
adapter): in the last trick, where every card after the seat's is forced, the solved value
of each card is the rollout's own scoring of that trick (TH-24/TH-25 with TH-14.3 Jodis,
T3-17, NG-11); with everything known the true position is solved once."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.budget import SearchBudget
from players.endgame import EndgameLimits, solve
from players.search import search_for
from players.search.nigerian import NigerianModel
from players.search.nigerian import rollout as nigerian_rollout
from players.search.player import SearchStats
from players.search.three_o_four import ThreeOFourWorlds
from players.search.three_o_four import rollout as three_o_four_rollout
from players.search.three_o_four_exact import exact_scores as three_o_four_exact
from players.search.thunee_exact import exact_scores as thunee_exact
from players.search.thunee_playout import playout
from players.search.thunee_worlds import ThuneeWorlds
from rules.cards import parse_card
from tests.players.search_matches import situation
from tests.players.test_trick_solver import position


def plays(sit: Any) -> list[int]:
    return [parse_card(a.value) for a in sit.legal if a.kind == "play"]


@pytest.mark.parametrize("players", [4, 6])
def test_thunee_last_trick_solved_as_the_playout_scores_it(players: int) -> None:
    """TH-24/TH-25 (and TH-14.3 Jodis on a third trick): one world, one trick left."""
    checked = 0
    for seed in range(1, 9):
        match = position("thunee", players, seed, cards_left=players)
        sit = situation(match)
        worlds = ThuneeWorlds(sit)
        cards = plays(sit)
        world = worlds.sample(random.Random(seed))
        stats = SearchStats()
        exact = thunee_exact(
            worlds.facts, lambda rng, w=world: w, cards, sit.seat % 2, SearchBudget(),
            random.Random(1), 0.0, None, stats,
        )  # fmt: skip
        if exact is None:
            continue  # a contract in play: left to rollouts
        assert stats.exact == 1  # the same world every time: solved once
        for card, value in zip(cards, exact, strict=True):
            assert value == pytest.approx(
                playout(worlds.facts, world, card, sit.seat % 2, random.Random(0))
            )
        checked += 1
    assert checked >= 4


def test_304_last_trick_solved_as_the_rollout_scores_it() -> None:
    """T3-17: the contract made or failed on the last trick, as ``rollout`` scores it."""
    checked = 0
    for seed in range(1, 9):
        match = position("304", 4, seed, cards_left=4)
        sit = situation(match)
        if sit.phase != "play" or not any(a.kind == "play" for a in sit.legal):
            continue
        worlds = ThreeOFourWorlds(sit)
        cards = [parse_card(a.value.split(",")[0]) for a in sit.legal if a.kind == "play"]
        world = worlds.sample(random.Random(seed))
        team = sit.seat % 2
        exact = three_o_four_exact(
            worlds.rules, lambda rng, w=world: w, cards, sit.seat, team, SearchBudget(),
            random.Random(1), 0.0, None, SearchStats(),
        )  # fmt: skip
        assert exact is not None
        for card, value in zip(cards, exact, strict=True):
            rolled = three_o_four_rollout(
                worlds.rules, world, card, sit.seat, team, random.Random(0)
            )
            assert value == pytest.approx(rolled)
        checked += 1
    assert checked >= 4


def test_nigerian_last_trick_solved_as_the_rollout_scores_it() -> None:
    """NG-11: each team against its contract, as ``rollout`` scores it."""
    model = NigerianModel()
    for seed in range(1, 6):
        match = position("nigerian_thunee", 4, seed, cards_left=4)
        sit = situation(match)
        world = model.worlds(sit).sample(random.Random(seed))
        team = sit.seat % 2
        found = model.solve_world(world, sit.legal, team, 10_000)
        assert found is not None
        values, _ = found
        for action, value in zip(sit.legal, values, strict=True):
            state = model.clone(world)
            state.apply(sit.seat, action)
            assert value == nigerian_rollout(state, world, team, random.Random(0))  # type: ignore[arg-type]


def test_everything_known_is_the_true_position_solved_once() -> None:
    """Two players after the second deal (TH2-A.3): every card is known, so every sampled
    world is the true position; it is solved once and the card chosen is one the engine's
    own solver (players/endgame.py) finds best for the card points."""
    for seed in range(1, 7):
        match = position("thunee", 2, seed, cards_left=6)
        search = search_for("thunee", SearchBudget())
        choice = search.choose(situation(match))
        stats = search.last  # type: ignore[attr-defined]
        assert stats.exact == 1 and stats.rollouts == 0 and stats.worlds > 1
        engine = solve(match, limits=EndgameLimits(max_cards=6))
        assert engine is not None and choice.id in engine.best()


@pytest.mark.parametrize(("game", "players"), [("thunee", 4), ("304", 4), ("nigerian_thunee", 4)])
def test_expert_solves_the_last_two_tricks(game: str, players: int) -> None:
    """With two tricks left the expert level decides on solved worlds, not rollouts, and
    the same seed gives the same card (deterministic)."""
    solved = 0
    for seed in range(1, 6):
        match = position(game, players, seed, cards_left=2 * players)
        first = search_for(game, SearchBudget())
        choice = first.choose(situation(match, seed=seed))
        again = search_for(game, SearchBudget()).choose(situation(match, seed=seed))
        assert choice == again
        stats = first.last  # type: ignore[attr-defined]
        solved += stats.exact > 0 and stats.rollouts == 0
    assert solved >= 4
