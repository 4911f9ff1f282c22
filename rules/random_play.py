"""Random legal play through the contract, for the conformance suite and benchmarks.

Choices come from the caller's ``random.Random``; ``spec.random_play_weights`` lets a game
make some kinds rare (Nigerian throw-ins) so random hands are played out.
"""

from __future__ import annotations

import random
from typing import Any

from rules.contract import Action, GameSpec, Match


def choose(spec: GameSpec[Any], actions: list[Action], rng: random.Random) -> Action:
    """A uniform choice, except that a kind weighted below 1 is kept only with that chance
    (then another action is drawn uniformly); one dict lookup on the common path."""
    n = len(actions)
    if n == 1:
        return actions[0]
    action = actions[rng.randrange(n)]
    weights = spec.random_play_weights
    if not weights:
        return action
    weight = weights.get(action.kind)
    if weight is not None and rng.random() >= weight:
        others = [a for a in actions if a.kind != action.kind]
        if others:
            action = others[rng.randrange(len(others))]
    return action


def random_step(match: Match[Any], rng: random.Random) -> tuple[int, Action]:
    """Pick a seat among those to act and one of its legal actions; apply nothing."""
    seats = sorted(match.to_act)
    seat = seats[rng.randrange(len(seats))] if len(seats) > 1 else seats[0]
    return seat, choose(match.spec, match.legal_actions(seat), rng)


def play_out(match: Match[Any], rng: random.Random, max_actions: int = 100_000) -> int:
    """Play random legal actions until the match ends; returns how many were applied."""
    count = 0
    while not match.is_over:
        if count >= max_actions:
            raise RuntimeError(f"match did not end within {max_actions} actions")
        seat, action = random_step(match, rng)
        match.apply(seat, action)
        count += 1
    return count
