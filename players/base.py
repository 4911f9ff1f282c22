"""The computer-player interface: a player sees one seat's ``view`` and legal actions only.

A new kind of player (the search player of issue 13) implements ``ComputerPlayer`` and is
registered under a level name with ``PlayerRegistry.register``; nothing else changes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Protocol

from rules.contract import Action, GameOptions, GameSpec, Match


class Situation:
    """Everything a computer may know when it must act for ``seat`` (or, off turn, may
    act: then ``legal`` holds only the game's off-turn kinds, ``spec.off_turn_kinds``).

    Read only. ``view`` may be built on first reading (``Situation.at(..., lazy=True)``):
    a computer asked off turn at every call point often decides from ``legal`` alone."""

    __slots__ = (
        "_view",
        "_viewer",
        "legal",
        "options",
        "phase",
        "players",
        "rng",
        "seat",
        "spec",
        "teams",
    )

    def __init__(
        self,
        spec: GameSpec[Any],
        players: int,
        seat: int,
        options: GameOptions,
        teams: tuple[tuple[int, ...], ...] | None,
        phase: str,
        view: dict[str, Any] | None,
        legal: list[Action],
        rng: random.Random,
        viewer: Callable[[], dict[str, Any]] | None = None,
    ) -> None:
        self.spec = spec
        self.players = players
        self.seat = seat
        self.options = options
        self.teams = teams
        self.phase = phase
        self._view = view
        self._viewer = viewer
        self.legal = legal
        self.rng = rng
        """Seeded per table and move, so a replayed table chooses the same."""

    @property
    def view(self) -> dict[str, Any]:
        view = self._view
        if view is None:
            assert self._viewer is not None, "a Situation needs a view or a viewer"
            view = self._view = self._viewer()
            self._viewer = None
        return view

    @classmethod
    def at(
        cls,
        match: Match[Any],
        seat: int,
        rng: random.Random,
        teams: tuple[tuple[int, ...], ...] | None = None,
        *,
        lazy: bool = False,
    ) -> Situation:
        """What ``seat`` may know in ``match`` now (``teams``: the spec's, unless the
        caller keeps them already). ``lazy``: the view is built when first read, so the
        match must not change before (and it is read in the caller's thread)."""
        return cls(
            spec=match.spec,
            players=match.players,
            seat=seat,
            options=match.options,
            teams=match.spec.teams(match.players) if teams is None else teams,
            phase=match.phase,
            view=None if lazy else match.view(seat),
            legal=match.legal_actions(seat),
            rng=rng,
            viewer=functools.partial(match.view, seat) if lazy else None,
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
