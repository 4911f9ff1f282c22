"""The computer-player interface: a player sees one seat's ``view`` and legal actions only.

A new kind of player (the search player of issue 13) implements ``ComputerPlayer`` and is
registered under a level name with ``PlayerRegistry.register``; nothing else changes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Protocol

from rules.contract import Action, GameOptions, GameSpec, Match


@dataclass(frozen=True, slots=True)
class Situation:
    """Everything a computer may know when it must act for ``seat`` (or, off turn, may
    act: then ``legal`` holds only the game's off-turn kinds, ``spec.off_turn_kinds``)."""

    spec: GameSpec[Any]
    players: int
    seat: int
    options: GameOptions
    teams: tuple[tuple[int, ...], ...] | None
    phase: str
    view: dict[str, Any]
    legal: list[Action]
    rng: random.Random
    """Seeded per table and move, so a replayed table chooses the same."""

    @classmethod
    def at(
        cls,
        match: Match[Any],
        seat: int,
        rng: random.Random,
        teams: tuple[tuple[int, ...], ...] | None = None,
    ) -> Situation:
        """What ``seat`` may know in ``match`` now (``teams``: the spec's, unless the
        caller keeps them already)."""
        return cls(
            spec=match.spec,
            players=match.players,
            seat=seat,
            options=match.options,
            teams=match.spec.teams(match.players) if teams is None else teams,
            phase=match.phase,
            view=match.view(seat),
            legal=match.legal_actions(seat),
            rng=rng,
        )

    @property
    def game(self) -> str:
        return self.spec.name

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats of this seat's team (empty in individual games)."""
        for team in self.teams or ():
            if self.seat in team:
                return tuple(s for s in team if s != self.seat)
        return ()

    def is_partner(self, seat: int) -> bool:
        return seat in self.partners


class ComputerPlayer(Protocol):
    level: str
    """The registry name: ``"random"``, ``"heuristic"``, ``"search"``..."""

    blocking: bool
    """True for players that think for long (search): the manager runs them in a thread."""

    def choose(self, situation: Situation) -> Action:
        """One of ``situation.legal``."""

    def off_turn(self, situation: Situation) -> Action | None:
        """The seat is not to act but may take an optional action (``match.off_turn``:
        304's Caps call, marriage or spoilt claim; a Thunee challenge): one of
        ``situation.legal``, or ``None`` to let the moment pass. The table asks once per
        call point and never waits for the answer's absence."""
