"""One computer decision as a plain value: what a seat may know, the level, the budget and
the dice, in; the chosen action's id, out. Pure and deterministic given the request, so the
table manager can have it decided in a worker process (``tables.deciders``) and get the
decision it would have made itself.

A request holds the seat's ``view`` (a copy: the match stays with the table), its legal
actions by id, the game by its registry name, the level and the ``SearchBudget`` the table
manager injected, and a ``seed`` for the decision's own ``random.Random``. Actions travel
as ids (an ``Action`` is a pydantic model: its pickle is several times an id's) and are
parsed back by the game's spec, which hands out the same interned actions.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass
from typing import Any

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules.contract import Action, GameOptions, Match
from rules.registry import BUILTIN, GameRegistry


@dataclass(frozen=True, slots=True)
class DecisionRequest:
    game: str
    level: str
    budget: SearchBudget
    """The table's budget; the level spends its share (``players.levels.level_budget``)."""
    players: int
    seat: int
    options: GameOptions
    teams: tuple[tuple[int, ...], ...] | None
    phase: str
    view: dict[str, Any]
    legal: tuple[str, ...]
    """The legal action ids (off turn: the off-turn ones only)."""
    seed: int
    off_turn: bool = False
    """Asked off turn (``ComputerPlayer.off_turn``: the answer may be ``None``)."""

    @classmethod
    def at(
        cls,
        match: Match[Any],
        seat: int,
        *,
        level: str,
        budget: SearchBudget,
        seed: int,
        teams: tuple[tuple[int, ...], ...] | None = None,
        legal: list[Action] | None = None,
        off_turn: bool = False,
    ) -> DecisionRequest:
        """What ``seat`` may know in ``match`` now (``legal``: the actions to choose
        from, if the caller has them already, e.g. the off-turn ones)."""
        return cls(
            game=match.spec.name,
            level=level,
            budget=budget,
            players=match.players,
            seat=seat,
            options=match.options,
            teams=match.spec.teams(match.players) if teams is None else teams,
            phase=match.phase,
            view=match.view(seat),
            legal=tuple(a.id for a in (match.legal_actions(seat) if legal is None else legal)),
            seed=seed,
            off_turn=off_turn,
        )

    def situation(self, registry: GameRegistry = BUILTIN) -> Situation:
        """The ``Situation`` a player reads, rebuilt from this request alone."""
        spec = registry.plugin(self.game).spec
        return Situation(
            spec=spec,
            players=self.players,
            seat=self.seat,
            options=self.options,
            teams=self.teams,
            phase=self.phase,
            view=self.view,
            legal=[spec.parse_action(a) for a in self.legal],
            rng=random.Random(self.seed),
        )


@dataclass(frozen=True, slots=True)
class DecisionResult:
    action: str | None
    """The chosen action's id (``None``: an off-turn ask let pass)."""
    cpu_seconds: float
    """CPU time the decision took where it ran (the worker's, in a worker)."""


def decide(request: DecisionRequest, registry: GameRegistry = BUILTIN) -> DecisionResult:
    """The decision of ``request.level`` for ``request`` (the worker's entry point)."""
    start = time.thread_time()
    player = level_player(registry, request.game, request.level, request.budget)
    situation = request.situation(registry)
    chosen = player.off_turn(situation) if request.off_turn else player.choose(situation)
    return DecisionResult(None if chosen is None else chosen.id, time.thread_time() - start)


@functools.lru_cache(maxsize=64)
def level_player(
    registry: GameRegistry, game: str, level: str, budget: SearchBudget
) -> ComputerPlayer:
    """A memo of ``player_of``: players keep nothing of one decision for the next (tables
    share them already), and building one may precompute a game's tables."""
    return player_of(registry.plugin(game), level, budget)
