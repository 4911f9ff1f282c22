"""The easiest computer: a random legal action (weighted by the game's random-play weights)."""

from __future__ import annotations

from rules.contract import Action
from rules.random_play import choose
from tables.players.base import Situation


class RandomPlayer:
    level = "random"
    blocking = False

    def choose(self, situation: Situation) -> Action:
        return choose(situation.spec, situation.legal, situation.rng)
