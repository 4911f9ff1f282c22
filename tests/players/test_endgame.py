"""The exact end-of-hand solver (players/endgame.py): exact against a plain minimax with
no pruning, blind to nothing but changing nothing, and bounded (``None`` past a bound)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from players.endgame import EndgameLimits, clone_match, solve
from rules import registry
from rules.contract import Match
from rules.registry import BUILTIN

TRICK_GAMES = [(name, 4) for name in ("thunee", "304", "nigerian_thunee")] + [("thunee", 6)]


def position(game: str, players: int, seed: int, cards_left: int) -> Match[Any]:
    """A seeded match played by random legal cards (calls avoided) until at most
    ``cards_left`` cards are in the hands, one seat to act in the play."""
    spec = registry.get(game)
    for attempt in range(40):
        match = spec.new_match(players, seed=seed * 100 + attempt)
        rng = random.Random(seed * 100 + attempt)
        while not match.is_over and len(match.hand_results) == 0:
            seats = sorted(match.to_act)
            left = sum(match.public_view()["table"]["hand_sizes"])
            if match.phase == "play" and len(seats) == 1 and left <= cards_left:
                return match
            legal = match.legal_actions(seats[0])
            quiet = [a for a in legal if a.kind not in ("call", "caps", "double")]
            match.apply(seats[0], rng.choice(quiet or legal))
    raise AssertionError(f"no {game} position with {cards_left} cards left")


def reference(match: Match[Any], team_seats: frozenset[int], tally: str, hands: int) -> int:
    """Plain minimax on the team's tally minus the others' (every line searched), returning
    the team's own tally: what the solver must equal."""

    def diff_own(m: Match[Any]) -> tuple[int, int]:
        if len(m.hand_results) > hands:
            counts = list(m.hand_results[hands][tally])
            teams = m.spec.teams(m.players)
            assert teams is not None
            if len(counts) != len(teams):
                counts = [sum(counts[s] for s in members) for members in teams]
            index = next(i for i, t in enumerate(teams) if set(t) == team_seats)
            own = counts[index]
            return own - (sum(counts) - own), own
        (seat,) = m.to_act
        kinds = BUILTIN.plugin(m.spec.name).card_kinds
        results = []
        for action in [a for a in m.legal_actions(seat) if a.kind in kinds]:
            child = m.spec.restore(m.snapshot())
            child.apply(seat, action)
            results.append(diff_own(child))
        return (max if seat in team_seats else min)(results)

    return diff_own(match)[1]


@pytest.mark.parametrize(("game", "players"), TRICK_GAMES)
def test_solver_equals_plain_minimax_on_the_last_two_tricks(game: str, players: int) -> None:
    """TH-8 / 304 ED-20 / NG-10: with 2 tricks left the solved value and every card's value
    are what a full minimax finds (the reference copies states by snapshot and restore)."""
    for seed in (1, 2):
        match = position(game, players, seed, cards_left=2 * players)
        before = match.snapshot()
        solution = solve(match)
        assert solution is not None
        assert match.snapshot() == before  # the solver changed nothing
        teams = match.spec.teams(match.players)
        assert teams is not None
        ours = frozenset(teams[solution.team])
        tally = BUILTIN.plugin(game).tally
        hands = len(match.hand_results)
        assert solution.value == reference(match, ours, tally, hands)
        for action_id, value in solution.moves.items():
            child = match.spec.restore(match.snapshot())
            child.apply(solution.seat, action_id)
            if child.is_over or len(child.hand_results) > hands:
                continue
            assert value == reference(child, ours, tally, hands)
        assert solution.best() and all(solution.lost_by(a) == 0 for a in solution.best())


def test_solver_answers_none_past_its_bounds() -> None:
    match = position("thunee", 4, 3, cards_left=16)
    assert solve(match, limits=EndgameLimits(max_cards=12)) is None
    assert solve(match, limits=EndgameLimits(max_nodes=10)) is None
    rummy = registry.get("tonk").new_match(2, seed=1)
    assert solve(rummy) is None  # no tally: not a trick game


def test_clone_is_independent_of_the_original() -> None:
    match = position("304", 4, 1, cards_left=12)
    before = match.snapshot()
    copy = clone_match(match)
    (seat,) = copy.to_act
    copy.apply(seat, copy.legal_actions(seat)[0])
    assert match.snapshot() == before
    assert copy.snapshot() != before
    assert copy.card_zones() != match.card_zones()


@pytest.mark.parametrize(("game", "players"), [("tonk", 3), ("telefunken", 3), ("thunee", 4)])
def test_a_clone_plays_on_exactly_like_a_restored_copy(game: str, players: int) -> None:
    """Any game (par replays clone too): after the same actions, a clone and a copy made by
    snapshot and restore show the same views and snapshots."""
    spec = registry.get(game)
    match = spec.new_match(players, seed=9)
    rng = random.Random(9)
    for _ in range(30):
        if match.is_over:
            break
        seat = min(match.to_act)
        match.apply(seat, rng.choice(match.legal_actions(seat)))
    copy, restored = clone_match(match), spec.restore(match.snapshot())
    for _ in range(60):
        if copy.is_over:
            break
        seat = min(copy.to_act)
        action = rng.choice(copy.legal_actions(seat))
        copy.apply(seat, action)
        restored.apply(seat, action.id)
        assert copy.view(seat) == restored.view(seat)
    assert copy.snapshot() == restored.snapshot()
    assert copy.public_view() == restored.public_view()
