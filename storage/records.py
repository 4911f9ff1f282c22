"""Plain records that cross the storage boundary. No SQL here: every backend returns these."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class TableStatus(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    STOPPED = "stopped"
    QUARANTINED = "quarantined"
    """Set aside: its row does not read or its log does not replay (issue 29). The
    channel is free; the rows stay for a bug report (``TableRepository.export``)."""

    @property
    def is_open(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.RUNNING)


@dataclass(slots=True)
class SeatRecord:
    """Who sits in a seat: a user (``user_id``) or a computer (``computer`` names its level).

    ``away`` marks a user whose seat a computer has taken over after repeated timeouts;
    ``timeouts`` counts their timeouts in this match; ``kicked`` marks a user the host
    removed (a computer plays the seat for the rest of the match, the user cannot take it
    back).
    """

    name: str
    user_id: int | None = None
    computer: str | None = None
    away: bool = False
    timeouts: int = 0
    kicked: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "user_id": self.user_id,
            "computer": self.computer,
            "away": self.away,
            "timeouts": self.timeouts,
            **({"kicked": True} if self.kicked else {}),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatRecord:
        return cls(
            name=str(data["name"]),
            user_id=data.get("user_id"),
            computer=data.get("computer"),
            away=bool(data.get("away", False)),
            timeouts=int(data.get("timeouts", 0)),
            kicked=bool(data.get("kicked", False)),
        )


def compact_json(data: Any) -> str:
    """JSON as both backends store it: no spaces."""
    return json.dumps(data, separators=(",", ":"))


def seats_json(seats: Sequence[SeatRecord | None]) -> str:
    """A table's seats as stored (an empty seat: null)."""
    return compact_json([s.to_json() if s is not None else None for s in seats])


@dataclass(slots=True)
class TableRecord:
    """A table as stored: its game identity, its seats and where it lives in Discord."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    channel_id: int
    status: TableStatus = TableStatus.LOBBY
    seats: list[SeatRecord | None] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    settings: dict[str, Any] = field(default_factory=dict)
    host_id: int | None = None
    guild_id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    snapshot: dict[str, Any] | None = None
    snapshot_seq: int = 0
    id: int = 0
    """0 until the repository has stored it."""
    snapshot_text: str | None = None
    """The snapshot as stored, not decoded yet (``list_open``: see ``stored_snapshot``)."""

    def stored_snapshot(self) -> dict[str, Any] | None:
        """The snapshot, decoded on first use when it was read as text: restart recovery
        reads every open table's row, and decoding 10,000 snapshots there took most of the
        second before the bot served again. Bad JSON raises ``ValueError``."""
        if self.snapshot is None and self.snapshot_text is not None:
            self.snapshot = json.loads(self.snapshot_text)
            self.snapshot_text = None
        return self.snapshot

    def insert_row(self) -> tuple[Any, ...]:
        """The new table's columns in ``INSERT_COLUMNS`` order, JSON compact (both
        backends' ``create``)."""
        return (
            self.game,
            self.players,
            compact_json(self.options),
            self.seed,
            compact_json(self.deals),
            seats_json(self.seats),
            compact_json(self.settings),
            self.status.value,
            self.host_id,
            self.guild_id,
            self.channel_id,
            float(self.created_at),
            float(self.updated_at),
            compact_json(self.snapshot) if self.snapshot is not None else None,
            self.snapshot_seq,
        )


INSERT_COLUMNS = (
    "game, players, options, seed, deals, seats, settings, status, host_id, guild_id,"
    " channel_id, created_at, updated_at, snapshot, snapshot_seq"
)
"""The columns ``TableRecord.insert_row`` gives, in its order."""


@dataclass(frozen=True, slots=True)
class QuarantinedTable:
    """A table set aside (``TableStatus.QUARANTINED``): where it was and why."""

    id: int
    game: str
    channel_id: int
    guild_id: int | None
    reason: str
    at: float
    told: bool
    """Its channel has been told (once)."""


REASON_MAX = 300
"""Characters of a quarantine reason kept (an exception's text, bounded)."""


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One accepted action: the ``seq``-th of its table (1-based, no gaps)."""

    table_id: int
    seq: int
    seat: int
    action_id: str
    at: float
    by: str = "player"
    """``"player"`` or the computer level that chose it (timeouts, computer seats)."""


FIELD_SEP = "\x1f"
RECORD_SEP = "\x1e"


def unpack_log(table_id: int, packed: str) -> list[LoggedAction]:
    """The entries of a packed log (``ActionLog.packed_logs``), in ``seq`` order.

    Packing lets a restart read thousands of logs as one string each (the database joins
    them) instead of millions of rows; ``at`` is not packed (replay does not need it).
    """
    if not packed:
        return []
    entries = []
    for record in packed.split(RECORD_SEP):
        seq, seat, by, action_id = record.split(FIELD_SEP, 3)
        entries.append(LoggedAction(table_id, int(seq), int(seat), action_id, 0.0, by))
    entries.sort(key=lambda a: a.seq)
    return entries


@dataclass(frozen=True)
class HandReport:
    """A player's "Report this hand" (issue 31): their sentence and the evidence to replay
    the match to the state they saw: its set-up (game, players, options, seed, deals and
    deal version) and its action log up to ``move_number`` (``(seq, seat, action id)``)."""

    guild_id: int | None
    channel_id: int
    table_id: int
    hand_number: int
    move_number: int
    user_id: int
    text: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    deals: list[dict[str, Any]]
    deal_version: int
    actions: list[tuple[int, int, str]]
    at: float
    id: int = 0
    """0 until the repository has stored it."""
