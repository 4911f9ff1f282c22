# players/search/model.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""What the search needs from one game: sample full states from a seat's view, copy a
state cheaply, and play a state out to the end of the hand with a fast policy."""

from __future__ import annotations

import random
from typing import Any, Protocol

from players.base import Situation
from rules.contract import Action, Match


class SearchModel(Protocol):
    def worlds(self, situation: Situation) -> WorldSampler:
        """Read ``situation.view`` once (never anything else hidden) for this decision."""

    def candidates(self, situation: Situation) -> list[Action]:
        """The legal actions worth searching (a subset of ``situation.legal``, in order)."""

    def clone(self, match: Match[Any]) -> Match[Any]:
        """An independent copy of a sampled state (rollouts mutate it)."""

    def rollout(
        self, match: Match[Any], origin: Match[Any], team: int, rng: random.Random
    ) -> float:
        """Play ``match`` to the end of the hand ``origin`` (the state before the action
        tried) is in; the value for ``team`` of what happened since ``origin``."""


class WorldSampler(Protocol):
    def sample(self, rng: random.Random) -> Match[Any]:
        """A full state agreeing with everything the seat has seen; hidden cards sampled."""
