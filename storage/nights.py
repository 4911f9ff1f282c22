"""Match nights and knockouts as stored (issue 32): the night, who checked in for which
entrant (substitutes recorded as such) and the fixtures round by round. Dialect-neutral
SQL over ``storage.db``; what a night does next is decided in ``tables.nights``."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from storage.db import Db, Row


@dataclass(slots=True)
class Night:
    guild_id: int
    channel_id: int
    game: str
    format: str
    organiser_id: int
    players: int = 4
    """Seats at each table: two entrants of ``players // 2`` members."""
    rounds: int = 3
    best_of: int = 1
    walkover_seconds: float = 600.0
    options: dict[str, Any] = field(default_factory=dict)
    status: str = "checkin"
    round: int = 0
    message_id: int | None = None
    created_at: float = 0.0
    duplicate: bool = False
    """Each game two linked tables with the seats turned, decided by their comparison
    (``tables.linked``; issue 33)."""
    id: int = 0


@dataclass(frozen=True, slots=True)
class NightEntrant:
    entrant_id: int
    name: str
    seed: int


@dataclass(frozen=True, slots=True)
class LineupSeat:
    """A user who plays for an entrant tonight (a member, or a substitute for one)."""

    entrant_id: int
    user_id: int
    name: str
    substitute_for: int | None
    checked_in: bool


@dataclass(slots=True)
class Fixture:
    night_id: int
    round: int
    slot: int
    a: int
    b: int | None
    status: str = "waiting"
    winner: int | None = None
    walkover: bool = False
    games: list[int | None] = field(default_factory=list)
    match_ids: list[int] = field(default_factory=list)
    table_id: int | None = None
    channel_id: int | None = None
    due_at: float | None = None
    other_table_id: int | None = None
    """A duplicate night's second table of the game (the seats turned)."""
    other_channel_id: int | None = None
    """Its thread."""
    swings: list[float] = field(default_factory=list)
    """A duplicate night's comparisons, one per game: what ``a`` gained on ``b`` with the
    same cards (the game's own unit, ``tables.linked``)."""
    id: int = 0


_NIGHT_COLUMNS = (
    "id, guild_id, channel_id, message_id, game, format, rounds, best_of, walkover_seconds,"
    " options, organiser_id, status, round, created_at, players, duplicate"
)
_FIXTURE_COLUMNS = (
    "id, night_id, round, slot, entrant_a, entrant_b, status, winner, walkover, games,"
    " match_ids, table_id, channel_id, due_at, other_table_id, swings, other_channel_id"
)


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _night(row: Row) -> Night:
    return Night(
        id=int(row[0]),
        guild_id=int(row[1]),
        channel_id=int(row[2]),
        message_id=_opt_int(row[3]),
        game=str(row[4]),
        format=str(row[5]),
        rounds=int(row[6]),
        best_of=int(row[7]),
        walkover_seconds=float(row[8]),
        options=dict(json.loads(row[9])),
        organiser_id=int(row[10]),
        status=str(row[11]),
        round=int(row[12]),
        created_at=float(row[13]),
        players=int(row[14]),
        duplicate=bool(row[15]),
    )


def _fixture(row: Row) -> Fixture:
    return Fixture(
        id=int(row[0]),
        night_id=int(row[1]),
        round=int(row[2]),
        slot=int(row[3]),
        a=int(row[4]),
        b=_opt_int(row[5]),
        status=str(row[6]),
        winner=_opt_int(row[7]),
        walkover=bool(row[8]),
        games=[_opt_int(g) for g in json.loads(row[9])],
        match_ids=[int(m) for m in json.loads(row[10])],
        table_id=_opt_int(row[11]),
        channel_id=_opt_int(row[12]),
        due_at=None if row[13] is None else float(row[13]),
        other_table_id=_opt_int(row[14]),
        swings=[float(x) for x in json.loads(row[15])],
        other_channel_id=_opt_int(row[16]),
    )


class SqlNightRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def _write(self, sql: str, *params: Any) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(sql, *params)

    async def create(self, night: Night) -> Night:
        now = time.time()
        async with self._db.transaction() as tx:
            row = await tx.fetchone(
                "INSERT INTO league_nights (guild_id, channel_id, message_id, game, format, rounds,"
                " best_of, walkover_seconds, options, organiser_id, status, round, created_at,"
                " updated_at, players, duplicate) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                " RETURNING id",
                night.guild_id,
                night.channel_id,
                night.message_id,
                night.game,
                night.format,
                night.rounds,
                night.best_of,
                float(night.walkover_seconds),
                json.dumps(night.options, sort_keys=True),
                night.organiser_id,
                night.status,
                night.round,
                now,
                now,
                night.players,
                int(night.duplicate),
            )
        assert row is not None
        night.id, night.created_at = int(row[0]), now
        return night

    async def get(self, night_id: int) -> Night | None:
        row = await self._db.fetchone(
            f"SELECT {_NIGHT_COLUMNS} FROM league_nights WHERE id = ?", night_id
        )
        return None if row is None else _night(row)

    async def unfinished(self) -> list[Night]:
        """Nights still checking in or running (their timers are re-armed after a restart)."""
        rows = await self._db.fetch(
            f"SELECT {_NIGHT_COLUMNS} FROM league_nights WHERE status <> 'finished' ORDER BY id"
        )
        return [_night(r) for r in rows]

    async def update(
        self,
        night_id: int,
        *,
        status: str | None = None,
        round: int | None = None,
        message_id: int | None = None,
    ) -> None:
        night = await self.get(night_id)
        if night is None:
            return
        await self._write(
            "UPDATE league_nights SET status = ?, round = ?, message_id = ?, updated_at = ?"
            " WHERE id = ?",
            status or night.status,
            night.round if round is None else round,
            night.message_id if message_id is None else message_id,
            time.time(),
            night_id,
        )

    # entrants and lineups

    async def enter(
        self, night_id: int, entrant_id: int, name: str, members: Sequence[tuple[int, str]]
    ) -> None:
        """Enter an entrant for the night with its members (none checked in yet); entering
        again changes nothing."""
        async with self._db.transaction() as tx:
            await tx.lock(f"night:{night_id}")
            found = await tx.fetchone(
                "SELECT 1 FROM night_entrants WHERE night_id = ? AND entrant_id = ?",
                night_id,
                entrant_id,
            )
            if found is not None:
                return
            count = await tx.fetchone(
                "SELECT COUNT(*) FROM night_entrants WHERE night_id = ?", night_id
            )
            await tx.execute(
                "INSERT INTO night_entrants (night_id, entrant_id, name, seed) VALUES (?,?,?,?)",
                night_id,
                entrant_id,
                name,
                int(count[0]) if count is not None else 0,
            )
            await tx.executemany(
                "INSERT INTO night_lineups (night_id, entrant_id, user_id, name, substitute_for,"
                " checked_in) VALUES (?,?,?,?,NULL,0) ON CONFLICT (night_id, user_id) DO NOTHING",
                [(night_id, entrant_id, user, member) for user, member in members],
            )

    async def check_in(self, night_id: int, user_id: int, name: str | None = None) -> bool:
        """Mark a member (or substitute) here, under the name they show now; False when
        they play for nobody tonight."""
        row = await self._db.fetchone(
            "SELECT checked_in FROM night_lineups WHERE night_id = ? AND user_id = ?",
            night_id,
            user_id,
        )
        if row is None:
            return False
        await self._write(
            "UPDATE night_lineups SET checked_in = 1, name = COALESCE(?, name)"
            " WHERE night_id = ? AND user_id = ?",
            name,
            night_id,
            user_id,
        )
        return True

    async def substitute(
        self, night_id: int, entrant_id: int, absent: int, user_id: int, name: str
    ) -> None:
        """``user_id`` plays for ``absent`` (a member of ``entrant_id``) tonight, here now."""
        async with self._db.transaction() as tx:
            await tx.lock(f"night:{night_id}")
            await tx.execute(
                "UPDATE night_lineups SET checked_in = 0 WHERE night_id = ? AND user_id = ?",
                night_id,
                absent,
            )
            await tx.execute(
                "INSERT INTO night_lineups (night_id, entrant_id, user_id, name, substitute_for,"
                " checked_in) VALUES (?,?,?,?,?,1)",
                night_id,
                entrant_id,
                user_id,
                name,
                absent,
            )

    async def entrants(self, night_id: int) -> list[NightEntrant]:
        rows = await self._db.fetch(
            "SELECT entrant_id, name, seed FROM night_entrants WHERE night_id = ? ORDER BY seed",
            night_id,
        )
        return [NightEntrant(int(r[0]), str(r[1]), int(r[2])) for r in rows]

    async def lineups(self, night_id: int) -> list[LineupSeat]:
        rows = await self._db.fetch(
            "SELECT l.entrant_id, l.user_id, l.name, l.substitute_for, l.checked_in"
            " FROM night_lineups l JOIN night_entrants e"
            " ON e.night_id = l.night_id AND e.entrant_id = l.entrant_id"
            " WHERE l.night_id = ? ORDER BY e.seed, l.substitute_for IS NOT NULL, l.user_id",
            night_id,
        )
        return [
            LineupSeat(int(r[0]), int(r[1]), str(r[2]), _opt_int(r[3]), bool(r[4])) for r in rows
        ]

    # fixtures

    async def add_fixtures(self, fixtures: Sequence[Fixture]) -> list[Fixture]:
        async with self._db.transaction() as tx:
            for fixture in fixtures:
                row = await tx.fetchone(
                    "INSERT INTO night_fixtures (night_id, round, slot, entrant_a, entrant_b,"
                    " status, winner, walkover, games, match_ids, table_id, channel_id, due_at,"
                    " other_table_id, swings, other_channel_id)"
                    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
                    " RETURNING id",
                    *_fixture_values(fixture),
                )
                assert row is not None
                fixture.id = int(row[0])
        return list(fixtures)

    async def save_fixture(self, fixture: Fixture) -> None:
        values = _fixture_values(fixture)
        await self._write(
            "UPDATE night_fixtures SET status = ?, winner = ?, walkover = ?, games = ?,"
            " match_ids = ?, table_id = ?, channel_id = ?, due_at = ?, other_table_id = ?,"
            " swings = ?, other_channel_id = ? WHERE id = ?",
            *values[5:],
            fixture.id,
        )

    async def fixtures(self, night_id: int) -> list[Fixture]:
        rows = await self._db.fetch(
            f"SELECT {_FIXTURE_COLUMNS} FROM night_fixtures WHERE night_id = ?"
            " ORDER BY round, slot",
            night_id,
        )
        return [_fixture(r) for r in rows]

    async def fixture_at_table(self, table_id: int) -> Fixture | None:
        row = await self._db.fetchone(
            f"SELECT {_FIXTURE_COLUMNS} FROM night_fixtures"
            " WHERE table_id = ? OR other_table_id = ? ORDER BY id DESC",
            table_id,
            table_id,
        )
        return None if row is None else _fixture(row)


def _fixture_values(f: Fixture) -> tuple[Any, ...]:
    return (
        f.night_id,
        f.round,
        f.slot,
        f.a,
        f.b,
        f.status,
        f.winner,
        int(f.walkover),
        json.dumps(f.games),
        json.dumps(f.match_ids),
        f.table_id,
        f.channel_id,
        f.due_at,
        f.other_table_id,
        json.dumps(f.swings),
        f.other_channel_id,
    )
