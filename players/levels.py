"""A game's computer player of a level, from its plugin (``GamePlugin.players``).

A plugin names its factories as ``"module:function"`` (``rules`` never imports this layer);
each is ``(game, budget) -> ComputerPlayer``. A level the plugin has no player for is played
at the strongest level below it that it has. Older names (``heuristic``, ``search``) play as
the level they became (``rules.plugin.LEVEL_ALIASES``); ``random`` plays any game and is
never offered to people.

Levels differ by what they remember and how far they look, never by random blunders: a
level's share of the search budget (``LEVEL_WORK``, or the game's own share at one table
size, ``GamePlugin.level_work``) is its look-ahead, what it remembers of the hand
(``LEVEL_MEMORY``: voids of the last tricks only, no inference from bids and discards) its
memory, and in trick games every level keeps to the certain best play at a trick's last
seat (``certain_trick``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.certain_trick import certain_plays
from players.random_player import RandomPlayer
from rules.contract import Action
from rules.plugin import LEVEL_ALIASES, LEVELS, RANDOM_LEVEL, GamePlugin, canonical_level

PlayerFactory = Callable[[str, SearchBudget], ComputerPlayer]

LEVEL_WORK: dict[str, float] = {"beginner": 1.0, "club": 0.25, "expert": 1.0}
"""The share of the table's search budget a level's search may spend (club looks a
quarter as far as expert; beginner does not search)."""


def factory(path: str) -> PlayerFactory:
    """The factory a plugin names (``"players.heuristic:trick_heuristic"``)."""
    module, _, name = path.partition(":")
    made: PlayerFactory = getattr(importlib.import_module(module), name)
    return made


LEVEL_MEMORY: dict[str, int] = {"club": 2}
"""Finished tricks a level's search remembers for voids (the rest: all); a level listed
here also draws its worlds without inference from bids and discards."""


def level_budget(level: str, budget: SearchBudget, share: float | None = None) -> SearchBudget:
    """``budget`` scaled to ``level``'s share of its rollouts (``LEVEL_WORK``'s unless
    given; at least one rollout, more than the budget where a game gives a level more
    than its whole at one size) and cut to the level's memory."""
    if share is None:
        share = LEVEL_WORK.get(level, 1.0)
    if share != 1.0:
        budget = replace(budget, rollouts=max(1, int(budget.rollouts * share)))
    if level in LEVEL_MEMORY:
        budget = replace(budget, memory=LEVEL_MEMORY[level], inference=False)
    return budget


def player_of(plugin: GamePlugin, level: str, budget: SearchBudget) -> ComputerPlayer:
    """``plugin``'s game played at ``level`` (an unknown level raises ``KeyError``)."""
    if level == RANDOM_LEVEL:
        return RandomPlayer()
    wanted = canonical_level(level)
    if wanted not in LEVELS:
        known = ", ".join(LEVELS)
        raise KeyError(f"No computer level called {level!r}; known: {known}.")
    for weaker in reversed(LEVELS[: LEVELS.index(wanted) + 1]):
        path = _path_of(plugin, weaker)
        if path is not None:
            make = factory(path)
            inner = make(plugin.name, level_budget(weaker, budget))
            sized = {
                players: make(plugin.name, level_budget(weaker, budget, share))
                for (at_level, players), share in plugin.level_work.items()
                if at_level == weaker
            }
            return LevelPlayer(inner, weaker, certain=plugin.family == "trick", sized=sized)
    return RandomPlayer()


def _path_of(plugin: GamePlugin, level: str) -> str | None:
    path = plugin.players.get(level)
    if path is None:
        old = [name for name, new in LEVEL_ALIASES.items() if new == level]
        path = next((plugin.players[name] for name in old if name in plugin.players), None)
    return path


class LevelPlayer:
    """A level's player: ``inner`` decides (``sized[n]`` instead at a table of ``n``
    players, where the game gives the level its own share there), within the certain
    best plays of a trick's last seat when ``certain`` (trick games)."""

    blocking: bool

    def __init__(
        self,
        inner: ComputerPlayer,
        level: str,
        *,
        certain: bool,
        sized: dict[int, ComputerPlayer] | None = None,
    ) -> None:
        self.inner = inner
        self.level = level
        self.certain = certain
        self.sized = sized or {}
        self.blocking = inner.blocking or any(p.blocking for p in self.sized.values())
        self._deciding = inner

    def __getattr__(self, name: str) -> Any:
        # the deciding player's own figures (``last``: a search's statistics) stay readable
        if name == "_deciding":
            raise AttributeError(name)  # not set yet (a copy being built): no recursion
        return getattr(self._deciding, name)

    def _for(self, situation: Situation) -> ComputerPlayer:
        self._deciding = self.sized.get(situation.players, self.inner)
        return self._deciding

    def choose(self, situation: Situation) -> Action:
        inner = self._for(situation)
        if self.certain:
            allowed = certain_plays(situation)
            if allowed is not None:
                if len(allowed) == 1 and not _other_than_plays(situation):
                    return allowed[0]
                return inner.choose(_within(situation, allowed))
        return inner.choose(situation)

    def off_turn(self, situation: Situation) -> Action | None:
        return self._for(situation).off_turn(situation)


def _other_than_plays(situation: Situation) -> bool:
    return any(a.kind != "play" for a in situation.legal)


def _within(situation: Situation, plays: list[Action]) -> Situation:
    """``situation`` with its plays cut to ``plays`` (other actions, such as a call, kept)."""
    allowed = set(plays)
    return Situation(
        spec=situation.spec,
        players=situation.players,
        seat=situation.seat,
        options=situation.options,
        teams=situation.teams,
        phase=situation.phase,
        view=situation.view,
        legal=[a for a in situation.legal if a.kind != "play" or a in allowed],
        rng=situation.rng,
    )
