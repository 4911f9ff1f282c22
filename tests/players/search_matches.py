"""A match driven by a search player, shared by the per-game search tests."""

from __future__ import annotations

import random
from typing import Any

from players.base import ComputerPlayer, Situation
from rules.contract import Match
from rules.random_play import choose as random_choice


def situation(match: Match[Any], seat: int | None = None, seed: int = 7) -> Situation:
    """The situation of ``seat`` (the lowest seat to act by default), with a seeded rng."""
    seat = min(match.to_act) if seat is None else seat
    return Situation.at(match, seat, random.Random(seed))


def play_with_search(
    match: Match[Any], search: ComputerPlayer, seed: int, random_odd: bool
) -> None:
    """Play ``match`` to its end with ``search`` in every seat (``random_odd``: random
    players in the odd seats), asserting that every choice is legal."""
    rng = random.Random(seed)
    steps = 0
    while not match.is_over:
        seat = min(match.to_act)
        sit = Situation.at(match, seat, random.Random(seed * 10_000 + steps))
        if random_odd and seat % 2 == 1:
            action = random_choice(match.spec, sit.legal, rng)
        else:
            action = search.choose(sit)
        assert action in sit.legal
        match.apply(seat, action)
        steps += 1
    assert match.result is not None
