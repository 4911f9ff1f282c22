"""Entrants' season tables, kept up to date as matches are recorded, and their stats.

``EntrantBatch`` runs inside the recording transaction (``storage.matches``): it finds
each side's entrant, rates every side in one openskill call (``storage.entrant_rating``),
and writes the sides, the changed lines and the stat sums at ``flush``. The repository reads
a page of a table as one range of ``entrant_standings_by_rating``, whatever the number of
matches behind it. Dialect-neutral SQL over ``storage.db``.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from storage.db import Db, Row, Tx
from storage.entrant_rating import EntrantRow, apply_sides, listed, provisional
from storage.entrant_records import EntrantMatch, EntrantStanding, StatLine
from storage.entrants import entrants_for_groups
from storage.leagues import current_season_in, last_season, read_settings
from storage.match_records import LeagueSettings, MatchRecord, Page
from storage.standings import count_result, rated_groups

log = logging.getLogger(__name__)

MAX_PER_PAGE = 100
_LINE_COLUMNS = (
    "guild_id, game, season, entrant_id, size, name, matches, rated_matches, wins, losses,"
    " draws, streak, best_streak, points, series_won, mu, sigma, rating, last_match_id,"
    " last_rated_at"
)
_League = tuple[int, str, int]
"""(guild id, game, season)"""


def _line_from_row(row: Row, settings: LeagueSettings, rank: int = 0) -> EntrantStanding:
    rated = int(row[7])
    return EntrantStanding(
        guild_id=int(row[0]),
        game=str(row[1]),
        season=int(row[2]),
        entrant_id=int(row[3]),
        size=int(row[4]),
        name=str(row[5]),
        matches=int(row[6]),
        rated_matches=rated,
        wins=int(row[8]),
        losses=int(row[9]),
        draws=int(row[10]),
        streak=int(row[11]),
        best_streak=int(row[12]),
        points=int(row[13]),
        series_won=int(row[14]),
        mu=float(row[15]),
        sigma=float(row[16]),
        rating=float(row[17]),
        last_match_id=int(row[18]),
        last_rated_at=None if row[19] is None else float(row[19]),
        provisional=provisional(rated, settings),
        rank=rank,
    )


async def _rows_for_update(
    tx: Tx, league: _League, entrants: dict[int, tuple[str, int]]
) -> dict[int, EntrantRow]:
    """The season lines of these entrants (id -> (name, size)); new lines for newcomers."""
    if not entrants:
        return {}
    marks = ",".join("?" * len(entrants))
    found: dict[int, EntrantRow] = {}
    for r in await tx.fetch(
        "SELECT entrant_id, name, size, matches, rated_matches, wins, losses, draws, streak,"
        " best_streak, points, series_won, mu, sigma, last_match_id, last_rated_at"
        " FROM entrant_standings WHERE guild_id = ? AND game = ? AND season = ?"
        f" AND entrant_id IN ({marks})",
        *league,
        *entrants,
    ):
        try:
            counts = [int(v) for v in r[3:12]]
            found[int(r[0])] = EntrantRow(
                name=str(r[1]),
                size=int(r[2]),
                matches=counts[0],
                rated_matches=counts[1],
                wins=counts[2],
                losses=counts[3],
                draws=counts[4],
                streak=counts[5],
                best_streak=counts[6],
                points=counts[7],
                series_won=counts[8],
                mu=float(r[12]),
                sigma=float(r[13]),
                last_match_id=int(r[14]),
                last_rated_at=None if r[15] is None else float(r[15]),
            )
        except (TypeError, ValueError) as exc:
            log.warning("standing of entrant %s unreadable, started afresh: %s", r[0], exc)
    return {e: found.get(e) or EntrantRow(name, size=size) for e, (name, size) in entrants.items()}


async def _write_rows(tx: Tx, league: _League, rows: dict[int, EntrantRow]) -> None:
    await tx.executemany(
        f"INSERT INTO entrant_standings ({_LINE_COLUMNS}, updated_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT (guild_id, game, season, entrant_id) DO UPDATE SET"
        " name = excluded.name, matches = excluded.matches,"
        " rated_matches = excluded.rated_matches, wins = excluded.wins,"
        " losses = excluded.losses, draws = excluded.draws, streak = excluded.streak,"
        " best_streak = excluded.best_streak, points = excluded.points,"
        " series_won = excluded.series_won, mu = excluded.mu, sigma = excluded.sigma,"
        " rating = excluded.rating, last_match_id = excluded.last_match_id,"
        " last_rated_at = excluded.last_rated_at, updated_at = excluded.updated_at",
        [
            (
                *league,
                e,
                r.size,
                r.name,
                r.matches,
                r.rated_matches,
                r.wins,
                r.losses,
                r.draws,
                r.streak,
                r.best_streak,
                r.points,
                r.series_won,
                r.mu,
                r.sigma,
                r.rating,
                r.last_match_id,
                r.last_rated_at,
                float(r.updated_at),
            )
            for e, r in sorted(rows.items())
        ],
    )


async def _entrant_names(tx: Tx, ids: Sequence[int]) -> dict[int, tuple[str, int]]:
    marks = ",".join("?" * len(ids))
    rows = await tx.fetch(f"SELECT id, name, size FROM entrants WHERE id IN ({marks})", *ids)
    return {int(r[0]): (str(r[1]), int(r[2])) for r in rows}


class EntrantBatch:
    """The entrant side of a ``RecordingBatch``: lines and settings read once per batch."""

    def __init__(self, tx: Tx) -> None:
        self.tx = tx
        self._lines: dict[_League, dict[int, EntrantRow]] = {}
        self._touched: dict[_League, set[int]] = {}
        self._sides: list[tuple[Any, ...]] = []
        self._entrant_stats: dict[tuple[int, str, int, int, str], list[int]] = {}
        self._player_stats: dict[tuple[int, str, int, str], list[int]] = {}
        self._members: dict[tuple[int, str], dict[int, list[tuple[int, int]]]] = {}

    async def seat_entrants(self, record: MatchRecord) -> list[int | None]:
        """Each side's (``rated_groups``) entrant: the one its seats name (a match night),
        else the entrant made of exactly its players; None for computers or strangers."""
        assert record.guild_id is not None
        by_seat = {s.seat: s for s in record.seats}
        groups = rated_groups(record.seats, record.teams)
        found: list[int | None] = [None] * len(groups)
        lookups: list[tuple[int, list[tuple[int, str]]]] = []
        for index, group in enumerate(groups):
            seats = [by_seat[s] for s in group if s in by_seat]
            named = {s.entrant_id for s in seats if s.entrant_id is not None}
            if named:
                found[index] = named.pop() if len(named) == 1 else None
            elif seats and not any(s.is_computer for s in seats):
                lookups.append((index, [(int(s.user_id or 0), s.name) for s in seats]))
        if lookups:
            known = self._members.setdefault((record.guild_id, record.game), {})
            ids = await entrants_for_groups(
                self.tx, record.guild_id, record.game, [g for _, g in lookups], known
            )
            for (index, _), entrant in zip(lookups, ids, strict=True):
                found[index] = entrant
        return found

    async def add(
        self,
        record: MatchRecord,
        sides: Sequence[int | None],
        season: int,
        settings: LeagueSettings,
    ) -> None:
        """Rate and count a counted match for its entrants, when every side is an entrant
        or a side of computers (a match between members); otherwise it stays the players'."""
        assert record.guild_id is not None
        by_seat = {s.seat: s for s in record.seats}
        groups = rated_groups(record.seats, record.teams)
        computers = [all(by_seat[s].is_computer for s in g if s in by_seat) for g in groups]
        if len(groups) < 2 or not any(e is not None for e in sides):
            return
        if any(e is None and not c for e, c in zip(sides, computers, strict=True)):
            return
        ids = sorted({e for e in sides if e is not None})
        if len(ids) != sum(e is not None for e in sides):
            return  # one entrant on two sides: nothing to rate
        league = (record.guild_id, record.game, season)
        lines = await self._rows(league, ids)
        winners = set(record.winners)
        won = [bool(winners.intersection(g)) for g in groups]
        rows = [None if e is None else lines[e] for e in sides]
        changes = apply_sides(rows, won, settings, record.ended_at)
        draw = not any(won) or all(won)
        touched = self._touched.setdefault(league, set())
        for team, (entrant, group, w, change) in enumerate(
            zip(sides, groups, won, changes, strict=True)
        ):
            if entrant is None:
                continue
            line = lines[entrant]
            line.last_match_id, line.updated_at = record.id, record.ended_at
            touched.add(entrant)
            subs = sum(1 for s in group if s in by_seat and by_seat[s].substitute)
            outcome = "draw" if draw else "win" if w else "loss"
            self._sides.append(
                (
                    record.id,
                    entrant,
                    record.guild_id,
                    record.game,
                    season,
                    team,
                    outcome,
                    1,
                    change[0] if change else None,
                    change[1] if change else None,
                    subs,
                    record.ended_at,
                )
            )
        self._add_tallies(record, league, sides)

    def add_player_tallies(self, record: MatchRecord) -> None:
        """A counted match's calls and contracts to each human's own stats."""
        if record.guild_id is None:
            return
        by_seat = {s.seat: s for s in record.seats}
        for seat, stat, attempted, made in record.tallies:
            player = by_seat.get(seat)
            if player is None or player.is_computer or player.user_id is None:
                continue
            key = (record.guild_id, record.game, player.user_id, stat)
            sums = self._player_stats.setdefault(key, [0, 0])
            sums[0] += attempted
            sums[1] += made

    def _add_tallies(
        self, record: MatchRecord, league: _League, sides: Sequence[int | None]
    ) -> None:
        for side, stat, attempted, made in record.side_tallies:
            entrant = sides[side] if 0 <= side < len(sides) else None
            if entrant is None:
                continue
            sums = self._entrant_stats.setdefault((*league, entrant, stat), [0, 0])
            sums[0] += attempted
            sums[1] += made

    async def _rows(self, league: _League, ids: Sequence[int]) -> dict[int, EntrantRow]:
        known = self._lines.setdefault(league, {})
        missing = [e for e in ids if e not in known]
        if missing:
            names = await _entrant_names(self.tx, missing)
            known.update(await _rows_for_update(self.tx, league, names))
        return {e: known[e] for e in ids if e in known}

    async def flush(self) -> None:
        if self._sides:
            await self.tx.executemany(
                "INSERT INTO match_entrants (match_id, entrant_id, guild_id, game, season, team,"
                " outcome, rated, rating_before, rating_after, substitutes, ended_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                self._sides,
            )
            self._sides = []
        for league, ids in self._touched.items():
            lines = self._lines[league]
            await _write_rows(self.tx, league, {e: lines[e] for e in ids})
        self._touched = {}
        if self._entrant_stats:
            await self.tx.executemany(
                "INSERT INTO entrant_stats (guild_id, game, season, entrant_id, stat, attempted,"
                " made) VALUES (?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, season, entrant_id,"
                " stat) DO UPDATE SET attempted = entrant_stats.attempted + excluded.attempted,"
                " made = entrant_stats.made + excluded.made",
                [(*k, a, m) for k, (a, m) in sorted(self._entrant_stats.items())],
            )
            self._entrant_stats = {}
        if self._player_stats:
            await self.tx.executemany(
                "INSERT INTO player_stats (guild_id, game, user_id, stat, attempted, made)"
                " VALUES (?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id, stat) DO UPDATE"
                " SET attempted = player_stats.attempted + excluded.attempted,"
                " made = player_stats.made + excluded.made",
                [(*k, a, m) for k, (a, m) in sorted(self._player_stats.items())],
            )
            self._player_stats = {}


# -- the repository ----------------------------------------------------------------------


class SqlEntrantStandingRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def _season(self, guild_id: int, game: str, season: int | None) -> int:
        if season is not None:
            return season
        return await last_season(self._db, guild_id, game) or 1

    async def table(
        self,
        guild_id: int,
        game: str,
        size: int,
        *,
        season: int | None = None,
        page: int = 0,
        per_page: int = 10,
        now: float | None = None,
        everyone: bool = False,
    ) -> Page[EntrantStanding]:
        """One page of a season's table by rating: the listed entrants (enough recent
        rated matches, ``LeagueSettings``), or with ``everyone`` all of them."""
        settings = await read_settings(self._db, guild_id)
        number = await self._season(guild_id, game, season)
        page = max(0, int(page))
        per_page = min(MAX_PER_PAGE, max(1, int(per_page)))
        where = "guild_id = ? AND game = ? AND season = ? AND size = ?"
        params: list[Any] = [guild_id, game, number, size]
        if not everyone:
            since = float(now if now is not None else time.time()) - settings.listed_days * 86_400.0
            where += " AND rated_matches >= ? AND last_rated_at >= ?"
            params += [settings.listed_matches, since]
        rows = await self._db.fetch(
            f"SELECT {_LINE_COLUMNS} FROM entrant_standings WHERE {where}"
            " ORDER BY rating DESC, entrant_id LIMIT ? OFFSET ?",
            *params,
            per_page + 1,
            page * per_page,
        )
        total = await self._db.fetchone(
            f"SELECT COUNT(*) FROM entrant_standings WHERE {where}", *params
        )
        items = []
        for i, r in enumerate(rows[:per_page]):
            try:
                items.append(_line_from_row(r, settings, page * per_page + i + 1))
            except (TypeError, ValueError) as exc:
                log.warning("entrant line %r unreadable, skipped: %s", tuple(r[:4]), exc)
        count = int(total[0]) if total is not None else 0
        return Page(items, page, per_page, len(rows) > per_page, count)

    async def standing(
        self, guild_id: int, game: str, entrant_id: int, *, season: int | None = None,
        now: float | None = None,
    ) -> EntrantStanding | None:  # fmt: skip
        """An entrant's line, with its place in the listed table (0: not listed)."""
        settings = await read_settings(self._db, guild_id)
        number = await self._season(guild_id, game, season)
        row = await self._db.fetchone(
            f"SELECT {_LINE_COLUMNS} FROM entrant_standings WHERE guild_id = ? AND game = ?"
            " AND season = ? AND entrant_id = ?",
            guild_id,
            game,
            number,
            entrant_id,
        )
        if row is None:
            return None
        line = _line_from_row(row, settings)
        when = float(now if now is not None else time.time())
        if not listed(line.rated_matches, line.last_rated_at, when, settings):
            return line
        # One range of the index (ratings from this one up), the tie on rating settled
        # inside it: an OR of two ranges is read by SQLite as two scans merged.
        row_ahead = await self._db.fetchone(
            "SELECT COUNT(*) FROM entrant_standings WHERE guild_id = ? AND game = ?"
            " AND season = ? AND size = ? AND rating >= ? AND (rating > ? OR entrant_id < ?)"
            " AND rated_matches >= ? AND last_rated_at >= ?",
            guild_id,
            game,
            number,
            line.size,
            line.rating,
            line.rating,
            entrant_id,
            settings.listed_matches,
            when - settings.listed_days * 86_400.0,
        )
        ahead = int(row_ahead[0]) if row_ahead is not None else 0
        return _line_from_row(row, settings, ahead + 1)

    async def entrant_stats(
        self, guild_id: int, game: str, entrant_id: int, *, season: int | None = None
    ) -> list[StatLine]:
        """An entrant's calls, contracts and units won in a season, by stat name."""
        number = await self._season(guild_id, game, season)
        rows = await self._db.fetch(
            "SELECT stat, attempted, made FROM entrant_stats WHERE guild_id = ? AND game = ?"
            " AND season = ? AND entrant_id = ? ORDER BY stat",
            guild_id,
            game,
            number,
            entrant_id,
        )
        return [StatLine(str(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def player_stats(self, guild_id: int, game: str, user_id: int) -> list[StatLine]:
        """A player's calls, contracts and units won in a game, over every season."""
        rows = await self._db.fetch(
            "SELECT stat, attempted, made FROM player_stats WHERE guild_id = ? AND game = ?"
            " AND user_id = ? ORDER BY stat",
            guild_id,
            game,
            user_id,
        )
        return [StatLine(str(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def season_results(
        self, guild_id: int, game: str, *, season: int | None = None, limit: int | None = None
    ) -> list[EntrantMatch]:
        """Every entrant side of a season's matches, in match order (tie-breaks, exports);
        at most ``limit`` sides when given."""
        number = await self._season(guild_id, game, season)
        rows = await self._db.fetch(
            "SELECT match_id, entrant_id, team, outcome, rated, rating_before, rating_after,"
            " substitutes, ended_at, season FROM match_entrants WHERE guild_id = ? AND game = ?"
            " AND season = ? ORDER BY match_id, team LIMIT ?",
            guild_id,
            game,
            number,
            -1 if limit is None and self._db.dialect == "sqlite" else limit,
        )
        return [
            EntrantMatch(
                int(r[0]),
                int(r[1]),
                int(r[2]),
                str(r[3]),
                bool(r[4]),
                None if r[5] is None else float(r[5]),
                None if r[6] is None else float(r[6]),
                int(r[7]),
                float(r[8]),
                None if r[9] is None else int(r[9]),
            )
            for r in rows
        ]

    async def record_walkover(
        self, guild_id: int, game: str, winner_id: int, loser_id: int, *, at: float
    ) -> None:
        """A walkover (the other entrant absent): a win and its points for one, a loss for
        the other, never rated (no game was played). For match nights."""
        await self._count(guild_id, game, {winner_id: "win", loser_id: "loss"}, at)

    async def add_series_won(
        self, guild_id: int, game: str, entrant_id: int, *, at: float, n: int = 1
    ) -> None:
        """A best-of-N series won (each game of it is recorded as a match). For nights."""
        await self._count(guild_id, game, {entrant_id: "series"}, at, n)

    async def _count(
        self, guild_id: int, game: str, results: dict[int, str], at: float, n: int = 1
    ) -> None:
        async with self._db.transaction() as tx:
            await tx.lock(f"league:{guild_id}:{game}")
            settings = await read_settings(tx, guild_id)
            season = await current_season_in(tx, guild_id, game, at)
            league = (guild_id, game, season)
            names = await _entrant_names(tx, sorted(results))
            if len(names) != len(results):
                raise ValueError("no such entrant")
            rows = await _rows_for_update(tx, league, names)
            for entrant, what in results.items():
                row = rows[entrant]
                if what == "series":
                    row.series_won += n
                else:
                    count_result(row, what, settings)
                row.updated_at = at
            await _write_rows(tx, league, rows)
