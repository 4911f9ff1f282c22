"""One table in memory: its stored record, its match, its lock and its timer; and the
read-only states the front ends render.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Any

from rules.contract import Action, GameSpec, Match
from storage import SeatRecord, TableRecord, TableStatus
from tables.clock import Timer


class Table:
    """A table's live state. Only the manager mutates it, holding ``lock``."""

    def __init__(self, record: TableRecord, spec: GameSpec[Any]) -> None:
        self.record = record
        self.spec = spec
        self.match: Match[Any] | None = None
        self.lock = asyncio.Lock()
        self.seq = 0
        """Actions applied (and logged) so far; the log's last ``seq``."""
        self.deadline: float | None = None
        self.timer: Timer | None = None
        """The turn or window timer of the humans to act."""
        self.window_phase: str | None = None
        """The phase of the call/buy window open now, if any."""
        self.window_deadline: float | None = None
        self.computer_timer: Timer | None = None
        """A computer's delayed move (when ``computer_delay`` > 0)."""
        self.turn_seq = 0
        """The ``seq`` of the last action of a seat to act (off-turn actions, such as a
        Caps call, leave the deadline of the seats to act running)."""
        self.off_turn_asked = -1
        """The ``seq`` at which the computers that may act off turn were last asked (each
        is asked once per call point)."""
        self.script_used: tuple[int, int] = (0, 0)
        """A linked table's ``deal_script`` (``tables.deal_script``): (hand, entries of it
        played so far in that hand)."""
        self.last_by_seat: dict[int, tuple[str, int]] = {}
        """Each seat's latest (action id, seq): tells a double click from a wrong move."""
        self.stop_votes: set[int] = set()
        self.needs_replay = False
        self.unsettled: list[asyncio.Future[None]] = []
        """Log writes of actions already applied, not yet known committed (``_settle``)."""
        self.snapshot_due = False
        """After a restart: the match is not rebuilt from the log yet."""
        self._computer_rng: random.Random | None = None
        self.teams = spec.teams(record.players)
        """The game's teams for this table's player count (fixed for the table's life)."""
        self._seat_states: tuple[SeatState, ...] = ()
        self.public_memo: tuple[Match[Any], int, dict[str, Any]] | None = None
        """The match's public view at a ``seq`` (every change of the match moves ``seq``):
        one table message edit used to build it three times, a fifth of the bot's CPU."""

    @property
    def computer_rng(self) -> random.Random:
        """The computers' dice at this table (their choices are logged, never re-rolled).
        Seeded at first use, not when the table is read: seeding is a fifth of the CPU of
        taking 10,000 tables back after a restart, and most of them never need it."""
        if self._computer_rng is None:
            self._computer_rng = random.Random(self.record.seed ^ 0x7AB1E)
        return self._computer_rng

    def seat_states(self) -> tuple[SeatState, ...]:
        """The seats as the front ends read them, rebuilt only when a seat has changed
        (read on every state; seats change rarely)."""
        states = self._seat_states
        seats = self.record.seats
        if len(states) == len(seats) and all(map(_same_seat, states, seats)):
            return states
        self._seat_states = states = tuple(
            SeatState(i, None, None, None, False)
            if s is None
            else SeatState(i, s.name, s.user_id, s.computer, s.away, s.timeouts)
            for i, s in enumerate(seats)
        )
        return states

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def status(self) -> TableStatus:
        return self.record.status

    @property
    def seats(self) -> list[SeatRecord | None]:
        return self.record.seats

    @property
    def slow(self) -> bool:
        return bool(self.record.settings.get("slow", False))

    @property
    def kicked(self) -> set[int]:
        """Users the host removed from this table's lobby (they may not join again)."""
        return {int(u) for u in self.record.settings.get("kicked") or ()}

    def seat_of(self, user_id: int) -> int | None:
        for index, seat in enumerate(self.record.seats):
            if seat is not None and seat.user_id == user_id:
                return index
        return None

    def computer_plays(self, seat: int) -> bool:
        """A computer acts for this seat: a computer player, or a user who is away."""
        record = self.record.seats[seat]
        return record is None or record.computer is not None or record.away

    def humans(self) -> list[int]:
        return [
            s.user_id
            for s in self.record.seats
            if s is not None and s.user_id is not None and s.computer is None
        ]

    def cancel_timer(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        self.deadline = None


@dataclass(frozen=True, slots=True)
class SeatState:
    seat: int
    name: str | None
    user_id: int | None
    computer: str | None
    away: bool
    timeouts: int = 0

    @property
    def empty(self) -> bool:
        return self.name is None


def _same_seat(state: SeatState, record: SeatRecord | None) -> bool:
    if record is None:
        return state.name is None
    return (
        state.name == record.name
        and state.user_id == record.user_id
        and state.computer == record.computer
        and state.away == record.away
        and state.timeouts == record.timeouts
    )


@dataclass(frozen=True, slots=True)
class TableState:
    """What a table message shows: seats, turn, deadline and the public game state."""

    id: int
    game: str
    title: str
    status: TableStatus
    channel_id: int
    guild_id: int | None
    host_id: int | None
    players: int
    options: dict[str, Any]
    slow: bool
    seats: tuple[SeatState, ...]
    teams: tuple[tuple[int, ...], ...] | None
    seq: int
    phase: str | None
    to_act: frozenset[int]
    deadline: float | None
    """Unix time at which the seats to act are played for (None: no timer running)."""
    public: dict[str, Any] | None
    result: dict[str, Any] | None
    stop_votes: frozenset[int] = field(default_factory=frozenset)
    restoring: bool = False
    """Just after a restart: the match is being rebuilt (``await manager.ready(id)``)."""


@dataclass(frozen=True, slots=True)
class SeatView:
    """What one seated player sees: the engine's view for their seat and what they may do."""

    table_id: int
    seat: int
    seq: int
    phase: str
    view: dict[str, Any]
    legal: list[Action]
    deadline: float | None
    away: bool
