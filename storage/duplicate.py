"""Duplicate events and their entries (issue 33). Dialect-neutral SQL over ``storage.db``,
so SQLite and PostgreSQL share it.

One row per event (its seeds kept here, secret until ``reveal``) and one per entrant and
deal: created as ``playing`` when the entrant starts the deal (the primary key makes that
the one try), ``done`` with the result, the dealt cards' hash and the hand's actions, so
every comparison replays from the stored seed and log.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from storage.db import Db, Row
from storage.repositories import StorageError


class AlreadyEntered(StorageError):
    """The entrant has started this deal already (one try per deal)."""


@dataclass(slots=True)
class DuplicateEvent:
    game: str
    players: int
    options: dict[str, Any]
    level: str
    seeds: list[int]
    seats: list[int]
    salt: str
    commitment: str
    channel_id: int
    organiser_id: int
    opened_at: float
    closes_at: float
    guild_id: int | None = None
    revealed: bool = False
    id: int = 0

    @property
    def deals(self) -> int:
        return len(self.seeds)


@dataclass(frozen=True, slots=True)
class DuplicateEntry:
    event_id: int
    user_id: int
    deal: int
    name: str
    status: str
    table_id: int | None = None
    score: int | None = None
    deal_hash: str | None = None
    actions: list[list[Any]] | None = None
    started_at: float = 0.0
    finished_at: float | None = None


_EVENT_COLUMNS = (
    "id, guild_id, channel_id, organiser_id, game, players, options, level, seeds, seats,"
    " salt, commitment, opened_at, closes_at, revealed"
)
_ENTRY_COLUMNS = (
    "event_id, user_id, deal, name, status, table_id, score, deal_hash, actions, started_at,"
    " finished_at"
)


def _event(row: Row) -> DuplicateEvent:
    return DuplicateEvent(
        id=int(row[0]),
        guild_id=None if row[1] is None else int(row[1]),
        channel_id=int(row[2]),
        organiser_id=int(row[3]),
        game=str(row[4]),
        players=int(row[5]),
        options=json.loads(row[6]),
        level=str(row[7]),
        seeds=[int(s) for s in json.loads(row[8])],
        seats=[int(s) for s in json.loads(row[9])],
        salt=str(row[10]),
        commitment=str(row[11]),
        opened_at=float(row[12]),
        closes_at=float(row[13]),
        revealed=bool(row[14]),
    )


def _entry(row: Row) -> DuplicateEntry:
    return DuplicateEntry(
        event_id=int(row[0]),
        user_id=int(row[1]),
        deal=int(row[2]),
        name=str(row[3]),
        status=str(row[4]),
        table_id=None if row[5] is None else int(row[5]),
        score=None if row[6] is None else int(row[6]),
        deal_hash=None if row[7] is None else str(row[7]),
        actions=None if row[8] is None else json.loads(row[8]),
        started_at=float(row[9]),
        finished_at=None if row[10] is None else float(row[10]),
    )


class SqlDuplicateRepository:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def create(self, event: DuplicateEvent) -> DuplicateEvent:
        async with self.db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO duplicate_events (guild_id, channel_id, organiser_id, game,"
                " players, options, level, seeds, seats, salt, commitment, opened_at,"
                " closes_at, revealed) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
                event.guild_id,
                event.channel_id,
                event.organiser_id,
                event.game,
                event.players,
                json.dumps(event.options),
                event.level,
                json.dumps(event.seeds),
                json.dumps(event.seats),
                event.salt,
                event.commitment,
                event.opened_at,
                event.closes_at,
                int(event.revealed),
            )
        assert row is not None
        event.id = int(row[0])
        return event

    async def get(self, event_id: int) -> DuplicateEvent | None:
        row = await self.db.fetchone(
            f"SELECT {_EVENT_COLUMNS} FROM duplicate_events WHERE id = ?", event_id
        )
        return None if row is None else _event(row)

    async def due(self, now: float) -> list[DuplicateEvent]:
        """Events whose window has closed and that are not revealed yet."""
        rows = await self.db.fetch(
            f"SELECT {_EVENT_COLUMNS} FROM duplicate_events"
            " WHERE revealed = 0 AND closes_at <= ? ORDER BY id",
            now,
        )
        return [_event(r) for r in rows]

    async def open_events(self, guild_id: int | None) -> list[DuplicateEvent]:
        """The events of a guild (``None``: outside any guild) still open or not revealed."""
        where = "guild_id IS NULL" if guild_id is None else "guild_id = ?"
        params = () if guild_id is None else (guild_id,)
        rows = await self.db.fetch(
            f"SELECT {_EVENT_COLUMNS} FROM duplicate_events WHERE revealed = 0 AND {where}"
            " ORDER BY id",
            *params,
        )
        return [_event(r) for r in rows]

    async def reveal(self, event_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE duplicate_events SET revealed = 1 WHERE id = ?", event_id)

    async def start_entry(self, entry: DuplicateEntry) -> None:
        """Record that the entrant started the deal; a second start raises
        ``AlreadyEntered`` (the primary key refuses it in both backends)."""
        async with self.db.transaction() as tx:
            found = await tx.fetchone(
                "SELECT 1 FROM duplicate_entries WHERE event_id = ? AND user_id = ? AND deal = ?",
                entry.event_id,
                entry.user_id,
                entry.deal,
            )
            if found is not None:
                raise AlreadyEntered()
            await tx.execute(
                f"INSERT INTO duplicate_entries ({_ENTRY_COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                entry.event_id,
                entry.user_id,
                entry.deal,
                entry.name,
                entry.status,
                entry.table_id,
                entry.score,
                entry.deal_hash,
                None if entry.actions is None else json.dumps(entry.actions),
                entry.started_at,
                entry.finished_at,
            )

    async def set_table(self, event_id: int, user_id: int, deal: int, table_id: int) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE duplicate_entries SET table_id = ?"
                " WHERE event_id = ? AND user_id = ? AND deal = ?",
                table_id,
                event_id,
                user_id,
                deal,
            )

    async def finish_entry(
        self,
        event_id: int,
        user_id: int,
        deal: int,
        *,
        score: int,
        deal_hash: str,
        actions: list[list[Any]],
        at: float,
    ) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "UPDATE duplicate_entries SET status = 'done', score = ?, deal_hash = ?,"
                " actions = ?, finished_at = ? WHERE event_id = ? AND user_id = ? AND deal = ?",
                score,
                deal_hash,
                json.dumps(actions),
                at,
                event_id,
                user_id,
                deal,
            )

    async def entries(self, event_id: int) -> list[DuplicateEntry]:
        rows = await self.db.fetch(
            f"SELECT {_ENTRY_COLUMNS} FROM duplicate_entries WHERE event_id = ?"
            " ORDER BY deal, user_id",
            event_id,
        )
        return [_entry(r) for r in rows]

    async def entries_of(self, event_id: int, user_id: int) -> list[DuplicateEntry]:
        rows = await self.db.fetch(
            f"SELECT {_ENTRY_COLUMNS} FROM duplicate_entries WHERE event_id = ? AND user_id = ?"
            " ORDER BY deal",
            event_id,
            user_id,
        )
        return [_entry(r) for r in rows]
