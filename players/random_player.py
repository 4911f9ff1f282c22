"""The easiest computer: a random legal action (weighted by the game's random-play weights)."""

from __future__ import annotations

from players.base import Situation
from rules.contract import Action
from rules.random_play import choose


class RandomPlayer:
    level = "random"
    blocking = False

    def choose(self, situation: Situation) -> Action:
        return choose(situation.spec, situation.legal, situation.rng)

    def off_turn(self, situation: Situation) -> Action | None:
        """Never: an optional call made at random would mostly be wrong (a random Caps
        call or challenge costs tokens or balls), and letting it pass is always legal."""
        return None
