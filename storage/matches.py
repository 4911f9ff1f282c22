"""Match records: written once, in one transaction, when a match ends or is abandoned; and
read back as histories and single records. Dialect-neutral SQL over ``storage.db``.

Recording a counted match also moves its players' league standings and ratings, in the same
transaction, so a standing never disagrees with the matches it was built from.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from storage.db import Db, Row, Tx
from storage.entrant_standings import EntrantBatch
from storage.leagues import current_season_in, read_settings, standings_for_update, write_standings
from storage.match_records import (
    LeagueSettings,
    MatchOutcome,
    MatchRecord,
    MatchSeat,
    MatchStatus,
    MatchSummary,
    Page,
    RatingChange,
)
from storage.standings import StandingRow, apply_match, rated_groups

log = logging.getLogger(__name__)

MAX_PER_PAGE = 100

_MATCH_COLUMNS = (
    "id, table_id, guild_id, channel_id, game, players, options, seed, deals, status, season,"
    " rated, computers, teams, winners, scores, result, hand_results, actions, started_at,"
    " ended_at"
)
_SUMMARY_COLUMNS = (
    "m.id, m.game, m.guild_id, m.channel_id, m.status, m.ended_at, m.duration, m.winners,"
    " m.scores, m.rated, m.season, m.computers"
)
_SEAT_COLUMNS = (
    "match_id, seat, team, user_id, name, computer, away, won, rating_before, rating_after,"
    " mu, sigma, entrant_id, substitute"
)


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def _seat_from_row(row: Row) -> MatchSeat:
    return MatchSeat(
        seat=int(row[1]),
        team=None if row[2] is None else int(row[2]),
        user_id=None if row[3] is None else int(row[3]),
        name=str(row[4]),
        computer=row[5],
        away=bool(row[6]),
        won=bool(row[7]),
        entrant_id=None if row[12] is None else int(row[12]),
        substitute=bool(row[13]),
    )


def _change_from_row(row: Row) -> RatingChange | None:
    if row[3] is None or row[8] is None:
        return None
    return RatingChange(int(row[1]), int(row[3]), row[8], row[9], row[10], row[11])


def _page_args(page: int, per_page: int) -> tuple[int, int]:
    page = max(0, int(page))
    per_page = min(MAX_PER_PAGE, max(1, int(per_page)))
    return page, per_page


class SqlMatchRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    # -- writing ---------------------------------------------------------------------

    async def record_finished(self, record: MatchRecord) -> MatchOutcome:
        """Store a finished or abandoned match, and (when it counts) its league results.

        Idempotent per table: recording a table a second time (a restart that closes a
        table again) returns the first outcome and changes nothing.
        """
        async with self._db.transaction() as tx:
            batch = RecordingBatch(tx)
            outcome = await batch.add(record)
            await batch.flush()
        return outcome

    async def record_many(self, records: Sequence[MatchRecord]) -> list[MatchOutcome]:
        """Store many matches in one transaction, in order (imports, the benchmark): the
        same results as recording them one by one, with far fewer round trips."""
        async with self._db.transaction() as tx:
            batch = RecordingBatch(tx)
            outcomes = [await batch.add(record) for record in records]
            await batch.flush()
        return outcomes

    # -- reading ---------------------------------------------------------------------

    async def get(self, match_id: int) -> MatchRecord | None:
        """One match with its seats and rating changes; None if missing or unreadable."""
        row = await self._db.fetchone(
            f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", match_id
        )
        if row is None:
            return None
        seat_rows = await self._db.fetch(
            f"SELECT {_SEAT_COLUMNS} FROM match_players WHERE match_id = ? ORDER BY seat",
            match_id,
        )
        try:
            return self._record_from_rows(row, seat_rows)
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("match %s is unreadable, skipped: %s", match_id, exc)
            return None

    async def get_by_table(self, table_id: int) -> MatchRecord | None:
        row = await self._db.fetchone("SELECT id FROM matches WHERE table_id = ?", table_id)
        return await self.get(int(row[0])) if row is not None else None

    @staticmethod
    def _record_from_rows(row: Row, seat_rows: Sequence[Row]) -> MatchRecord:
        teams = json.loads(row[13]) if row[13] is not None else None
        changes = [c for c in (_change_from_row(s) for s in seat_rows) if c is not None]
        return MatchRecord(
            id=int(row[0]),
            table_id=row[1],
            guild_id=row[2],
            channel_id=row[3],
            game=str(row[4]),
            players=int(row[5]),
            options=dict(json.loads(row[6])),
            seed=int(row[7]),
            deals=list(json.loads(row[8])),
            status=MatchStatus(row[9]),
            season=row[10],
            rated=bool(row[11]),
            teams=teams,
            winners=[int(s) for s in json.loads(row[14])],
            scores=list(json.loads(row[15])),
            result=json.loads(row[16]) if row[16] is not None else None,
            hand_results=list(json.loads(row[17])),
            actions=int(row[18]),
            started_at=float(row[19]),
            ended_at=float(row[20]),
            seats=[_seat_from_row(s) for s in seat_rows],
            rating_changes=changes,
        )

    async def history(
        self,
        guild_id: int | None,
        *,
        user_id: int | None = None,
        game: str | None = None,
        page: int = 0,
        per_page: int = 10,
        before: int | None = None,
    ) -> Page[MatchSummary]:
        """Matches newest first: a guild's (``guild_id``; None: every guild), or one
        player's in it (``user_id``), optionally one game. Unreadable rows are skipped.

        ``before`` (a match id: the last one shown) pages by key instead of by offset, as
        fast on the thousandth page as on the first; ``page`` then counts from there."""
        page, per_page = _page_args(page, per_page)
        where: list[str] = []
        params: list[Any] = []
        if user_id is not None:
            # One player's matches: their seats (match_players) carry the guild and game.
            source = "match_players p JOIN matches m ON m.id = p.match_id"
            alias, order = "p", "p.match_id"
            where.append("p.user_id = ?")
            params.append(user_id)
        else:
            source, alias, order = "matches m", "m", "m.id"
        for column, value in (("guild_id", guild_id), ("game", game)):
            if value is not None:
                where.append(f"{alias}.{column} = ?")
                params.append(value)
        if before is not None:
            where.append(f"{order} < ?")
            params.append(before)
        sql = (
            f"SELECT {_SUMMARY_COLUMNS} FROM {source}"
            + (" WHERE " + " AND ".join(where) if where else "")
            + f" ORDER BY {order} DESC LIMIT ? OFFSET ?"
        )
        rows = await self._db.fetch(sql, *params, per_page + 1, page * per_page)
        has_next = len(rows) > per_page
        rows = rows[:per_page]
        seats, changes = await self._seats_of([int(r[0]) for r in rows])
        items = []
        for row in rows:
            match_id = int(row[0])
            try:
                items.append(self._summary_from_row(row, seats[match_id], changes[match_id]))
            except (ValueError, TypeError, KeyError) as exc:
                log.warning("match %s is unreadable, left out of the history: %s", row[0], exc)
        return Page(items, page, per_page, has_next)

    async def _seats_of(
        self, match_ids: list[int]
    ) -> tuple[dict[int, list[MatchSeat]], dict[int, list[RatingChange]]]:
        seats: dict[int, list[MatchSeat]] = {m: [] for m in match_ids}
        changes: dict[int, list[RatingChange]] = {m: [] for m in match_ids}
        if not match_ids:
            return seats, changes
        marks = ",".join("?" * len(match_ids))
        rows = await self._db.fetch(
            f"SELECT {_SEAT_COLUMNS} FROM match_players WHERE match_id IN ({marks})"
            " ORDER BY match_id, seat",
            *match_ids,
        )
        for row in rows:
            try:
                seats[int(row[0])].append(_seat_from_row(row))
                change = _change_from_row(row)
            except (ValueError, TypeError) as exc:
                log.warning("seat row of match %s is unreadable, skipped: %s", row[0], exc)
                continue
            if change is not None:
                changes[int(row[0])].append(change)
        return seats, changes

    @staticmethod
    def _summary_from_row(
        row: Row, seats: list[MatchSeat], changes: list[RatingChange]
    ) -> MatchSummary:
        winners = json.loads(row[7])
        scores = json.loads(row[8])
        if not isinstance(winners, list) or not isinstance(scores, list):
            raise ValueError("winners and scores must be lists")
        return MatchSummary(
            id=int(row[0]),
            game=str(row[1]),
            guild_id=row[2],
            channel_id=row[3],
            status=MatchStatus(row[4]),
            ended_at=float(row[5]),
            duration=float(row[6]),
            winners=[int(s) for s in winners],
            scores=scores,
            rated=bool(row[9]),
            season=row[10],
            computers=bool(row[11]),
            seats=seats,
            rating_changes=changes,
        )

    async def count(self, guild_id: int | None = None) -> int:
        if guild_id is None:
            row = await self._db.fetchone("SELECT COUNT(*) FROM matches")
        else:
            row = await self._db.fetchone(
                "SELECT COUNT(*) FROM matches WHERE guild_id = ?", guild_id
            )
        return int(row[0]) if row is not None else 0


_League = tuple[int, str, int]
"""(guild id, game, season)"""


class RecordingBatch:
    """Matches recorded in one transaction. League settings, seasons and standings are read
    once per batch and kept here; the seats and the changed standings are written at
    ``flush``. A batch of one is ``record_finished``."""

    def __init__(self, tx: Tx) -> None:
        self.tx = tx
        self._settings: dict[int, LeagueSettings] = {}
        self._seasons: dict[tuple[int, str], int] = {}
        self._standings: dict[_League, dict[int, StandingRow]] = {}
        self._touched: dict[_League, set[int]] = {}
        self._seat_rows: list[tuple[Any, ...]] = []
        self._tables: set[int] = set()
        self._entrants = EntrantBatch(tx)

    async def add(self, record: MatchRecord) -> MatchOutcome:
        tx = self.tx
        if record.table_id is not None:
            if record.table_id in self._tables:
                raise ValueError(f"table {record.table_id} twice in one batch")
            await tx.lock(f"match-of-table:{record.table_id}")
            row = await tx.fetchone("SELECT id FROM matches WHERE table_id = ?", record.table_id)
            if row is not None:
                return await _outcome(tx, int(row[0]))
            self._tables.add(record.table_id)
        if record.started_at is None:
            record.started_at = await self._first_action_time(record)
        humans = {s.user_id: s.name for s in record.seats if not s.is_computer and s.user_id}
        counted = (
            record.status is MatchStatus.FINISHED and record.guild_id is not None and bool(humans)
        )
        changes: list[RatingChange] = []
        season: int | None = None
        rows: dict[int, StandingRow] = {}
        settings: LeagueSettings | None = None
        if counted:
            assert record.guild_id is not None
            settings = await self._settings_of(record.guild_id)
            counted = settings.computers_count or not record.computers
            if counted:
                season = await self._season_of(record.guild_id, record.game, record.ended_at)
                league = (record.guild_id, record.game, season)
                rows = await self._rows(league, humans)
                changes = apply_match(record.seats, record.teams, record.winners, rows, settings)
        record.season, record.rated, record.rating_changes = season, counted, changes
        sides: list[int | None] = []
        if counted:
            sides = await self._entrants.seat_entrants(record)
        record.id = await self._insert_match(record, sides)
        if counted and season is not None and settings is not None:
            await self._entrants.add(record, sides, season, settings)
            self._entrants.add_player_tallies(record)
        if counted and season is not None and record.guild_id is not None:
            league = (record.guild_id, record.game, season)
            touched = self._touched.setdefault(league, set())
            for user, line in rows.items():
                line.last_match_id, line.updated_at = record.id, record.ended_at
                touched.add(user)
        return MatchOutcome(record.id, counted, season, changes)

    async def flush(self) -> None:
        if self._seat_rows:
            await self.tx.executemany(
                "INSERT INTO match_players (match_id, seat, team, user_id, name, computer,"
                " away, won, guild_id, game, rating_before, rating_after, mu, sigma,"
                " entrant_id, substitute) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                self._seat_rows,
            )
            self._seat_rows = []
        await self._entrants.flush()
        for league, users in self._touched.items():
            lines = self._standings[league]
            await write_standings(self.tx, *league, {u: lines[u] for u in sorted(users)})
        self._touched = {}

    async def _settings_of(self, guild_id: int) -> LeagueSettings:
        settings = self._settings.get(guild_id)
        if settings is None:
            settings = self._settings[guild_id] = await read_settings(self.tx, guild_id)
        return settings

    async def _season_of(self, guild_id: int, game: str, at: float) -> int:
        key = (guild_id, game)
        season = self._seasons.get(key)
        if season is None:
            # One writer per league at a time, across processes (PostgreSQL), until commit.
            await self.tx.lock(f"league:{guild_id}:{game}")
            season = self._seasons[key] = await current_season_in(self.tx, guild_id, game, at)
        return season

    async def _rows(self, league: _League, humans: dict[int, str]) -> dict[int, StandingRow]:
        known = self._standings.setdefault(league, {})
        missing = {u: n for u, n in humans.items() if u not in known}
        if missing:
            known.update(await standings_for_update(self.tx, *league, missing))
        return {user: known[user] for user in humans}

    async def _first_action_time(self, record: MatchRecord) -> float:
        if record.table_id is not None:
            row = await self.tx.fetchone(
                "SELECT MIN(at) FROM actions WHERE table_id = ?", record.table_id
            )
            if row is not None and row[0] is not None:
                return float(row[0])
        return record.ended_at

    async def _insert_match(self, record: MatchRecord, sides: Sequence[int | None]) -> int:
        winners = set(record.winners)
        groups = rated_groups(record.seats, record.teams)
        side_of = {s: sides[i] for i, g in enumerate(groups) if i < len(sides) for s in g}
        row = await self.tx.fetchone(
            "INSERT INTO matches (table_id, guild_id, channel_id, game, players, options, seed,"
            " deals, status, season, rated, computers, teams, winners, scores, result,"
            " hand_results, hands, actions, started_at, ended_at, duration)"
            " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING id",
            record.table_id,
            record.guild_id,
            record.channel_id,
            record.game,
            record.players,
            _dumps(record.options),
            record.seed,
            _dumps(record.deals),
            record.status.value,
            record.season,
            int(record.rated),
            int(record.computers),
            _dumps(record.teams) if record.teams is not None else None,
            _dumps(sorted(winners)),
            _dumps(record.scores),
            _dumps(record.result) if record.result is not None else None,
            _dumps(record.hand_results),
            len(record.hand_results),
            record.actions,
            float(record.started_at if record.started_at is not None else record.ended_at),
            float(record.ended_at),
            float(record.duration),
        )
        assert row is not None
        match_id = int(row[0])
        by_seat = {c.seat: c for c in record.rating_changes}
        for seat in record.seats:
            change = by_seat.get(seat.seat)
            self._seat_rows.append(
                (
                    match_id,
                    seat.seat,
                    seat.team,
                    seat.user_id,
                    seat.name,
                    seat.computer,
                    int(seat.away),
                    int(seat.seat in winners),
                    record.guild_id,
                    record.game,
                    change.before if change else None,
                    change.after if change else None,
                    change.mu if change else None,
                    change.sigma if change else None,
                    seat.entrant_id if seat.entrant_id is not None else side_of.get(seat.seat),
                    int(seat.substitute),
                )
            )
        return match_id


async def _outcome(tx: Tx, match_id: int) -> MatchOutcome:
    row = await tx.fetchone("SELECT rated, season FROM matches WHERE id = ?", match_id)
    assert row is not None
    seats = await tx.fetch(
        f"SELECT {_SEAT_COLUMNS} FROM match_players WHERE match_id = ? ORDER BY seat", match_id
    )
    changes = [c for c in (_change_from_row(s) for s in seats) if c is not None]
    return MatchOutcome(match_id, bool(row[0]), row[1], changes, already_recorded=True)
