"""Leagues: one per guild and game, in numbered seasons; standings, leaderboards, player
stats and per-guild league settings. Dialect-neutral SQL over ``storage.db``.

Standings are kept up to date as matches are recorded (``storage.matches``), so a
leaderboard page is one range of an index (``standings_by_rating`` / ``standings_by_wins``)
whatever the number of matches behind it.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from storage.db import Db, Row, Tx
from storage.match_records import (
    LeaderboardOrder,
    LeagueSettings,
    Page,
    PlayerGameStats,
    Season,
    Standing,
)
from storage.standings import StandingRow

log = logging.getLogger(__name__)

MAX_PER_PAGE = 100

_STANDING_COLUMNS = (
    "guild_id, game, season, user_id, name, matches, wins, losses, draws, streak,"
    " best_streak, points, mu, sigma, rating, last_match_id"
)
_ORDER_BY: dict[str, str] = {
    "rating": "rating DESC, user_id",
    "wins": "wins DESC, rating DESC, user_id",
}


def _standing_from_row(row: Row, rank: int = 0) -> Standing:
    return Standing(
        guild_id=int(row[0]),
        game=str(row[1]),
        season=int(row[2]),
        user_id=int(row[3]),
        name=str(row[4]),
        matches=int(row[5]),
        wins=int(row[6]),
        losses=int(row[7]),
        draws=int(row[8]),
        streak=int(row[9]),
        best_streak=int(row[10]),
        points=int(row[11]),
        mu=float(row[12]),
        sigma=float(row[13]),
        rating=float(row[14]),
        last_match_id=int(row[15]),
        rank=rank,
    )


def _season_from_row(row: Row) -> Season:
    return Season(
        guild_id=int(row[0]),
        game=str(row[1]),
        number=int(row[2]),
        name=row[3],
        started_at=float(row[4]),
        ended_at=None if row[5] is None else float(row[5]),
        ends_at=None if row[6] is None else float(row[6]),
    )


# -- used inside the recording transaction (storage.matches) -----------------------------


async def read_settings(tx: Tx | Db, guild_id: int) -> LeagueSettings:
    row = await tx.fetchone(
        "SELECT computers_count, points_win, points_draw, points_loss, provisional_matches,"
        " listed_matches, listed_days FROM league_settings WHERE guild_id = ?",
        guild_id,
    )
    if row is None:
        return LeagueSettings(guild_id)
    try:
        return LeagueSettings(guild_id, bool(row[0]), *(int(v) for v in row[1:7]))
    except (TypeError, ValueError) as exc:
        log.warning("league settings of guild %s unreadable, defaults used: %s", guild_id, exc)
        return LeagueSettings(guild_id)


async def last_season(db: Tx | Db, guild_id: int, game: str) -> int:
    """The number of the league's latest season (0 before its first: seasons count from 1)."""
    row = await db.fetchone(
        "SELECT MAX(number) FROM seasons WHERE guild_id = ? AND game = ?", guild_id, game
    )
    return int(row[0]) if row is not None and row[0] is not None else 0


async def current_season_in(tx: Tx, guild_id: int, game: str, at: float) -> int:
    """The number of the league's current season, opening season 1 on its first match; a
    season set to end (``ends_at``) by ``at`` is closed then and the next one opened."""
    row = await tx.fetchone(
        "SELECT number, ends_at FROM seasons WHERE guild_id = ? AND game = ?"
        " AND ended_at IS NULL ORDER BY number DESC LIMIT 1",
        guild_id,
        game,
    )
    if row is not None and row[0] is not None:
        if row[1] is None or float(at) < float(row[1]):
            return int(row[0])
        await tx.execute(
            "UPDATE seasons SET ended_at = ends_at WHERE guild_id = ? AND game = ? AND number = ?",
            guild_id,
            game,
            int(row[0]),
        )
    number = await last_season(tx, guild_id, game) + 1
    await tx.execute(
        "INSERT INTO seasons (guild_id, game, number, name, started_at, ended_at)"
        " VALUES (?,?,?,?,?,NULL) ON CONFLICT (guild_id, game, number) DO NOTHING",
        guild_id,
        game,
        number,
        None,
        float(at),
    )
    return number


async def standings_for_update(
    tx: Tx, guild_id: int, game: str, season: int, humans: dict[int, str]
) -> dict[int, StandingRow]:
    """The season lines of these users (user id -> display name); new lines for newcomers."""
    if not humans:
        return {}
    marks = ",".join("?" * len(humans))
    rows = await tx.fetch(
        "SELECT user_id, name, matches, wins, losses, draws, streak, best_streak, points, mu,"
        f" sigma FROM standings WHERE guild_id = ? AND game = ? AND season = ?"
        f" AND user_id IN ({marks})",
        guild_id,
        game,
        season,
        *humans,
    )
    found: dict[int, StandingRow] = {}
    for row in rows:
        try:
            found[int(row[0])] = StandingRow(
                str(row[1]),
                int(row[2]),
                int(row[3]),
                int(row[4]),
                int(row[5]),
                int(row[6]),
                int(row[7]),
                int(row[8]),
                float(row[9]),
                float(row[10]),
            )
        except (TypeError, ValueError) as exc:
            log.warning("standing of user %s unreadable, started afresh: %s", row[0], exc)
    return {user: found.get(user) or StandingRow(name) for user, name in humans.items()}


async def write_standings(
    tx: Tx, guild_id: int, game: str, season: int, rows: dict[int, StandingRow]
) -> None:
    """Upsert these season lines (each carries the match that last changed it)."""
    await tx.executemany(
        f"INSERT INTO standings ({_STANDING_COLUMNS}, updated_at)"
        " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT (guild_id, game, season, user_id) DO UPDATE SET"
        " name = excluded.name, matches = excluded.matches, wins = excluded.wins,"
        " losses = excluded.losses, draws = excluded.draws, streak = excluded.streak,"
        " best_streak = excluded.best_streak, points = excluded.points, mu = excluded.mu,"
        " sigma = excluded.sigma, rating = excluded.rating,"
        " last_match_id = excluded.last_match_id, updated_at = excluded.updated_at",
        [
            (
                guild_id,
                game,
                season,
                user,
                r.name,
                r.matches,
                r.wins,
                r.losses,
                r.draws,
                r.streak,
                r.best_streak,
                r.points,
                r.mu,
                r.sigma,
                r.rating,
                r.last_match_id,
                float(r.updated_at),
            )
            for user, r in rows.items()
        ],
    )


# -- the repository ----------------------------------------------------------------------


class SqlLeagueRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    # settings

    async def settings(self, guild_id: int) -> LeagueSettings:
        return await read_settings(self._db, guild_id)

    async def save_settings(self, settings: LeagueSettings) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO league_settings (guild_id, computers_count, points_win,"
                " points_draw, points_loss, provisional_matches, listed_matches, listed_days,"
                " updated_at) VALUES (?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET"
                " computers_count = excluded.computers_count, points_win = excluded.points_win,"
                " points_draw = excluded.points_draw, points_loss = excluded.points_loss,"
                " provisional_matches = excluded.provisional_matches,"
                " listed_matches = excluded.listed_matches, listed_days = excluded.listed_days,"
                " updated_at = excluded.updated_at",
                settings.guild_id,
                int(settings.computers_count),
                settings.points_win,
                settings.points_draw,
                settings.points_loss,
                settings.provisional_matches,
                settings.listed_matches,
                settings.listed_days,
                time.time(),
            )

    # seasons

    async def seasons(self, guild_id: int, game: str) -> list[Season]:
        """Every season of the league, newest first (old seasons stay browsable)."""
        rows = await self._db.fetch(
            "SELECT guild_id, game, number, name, started_at, ended_at, ends_at FROM seasons"
            " WHERE guild_id = ? AND game = ? ORDER BY number DESC",
            guild_id,
            game,
        )
        return [_season_from_row(r) for r in rows]

    async def current_season(self, guild_id: int, game: str) -> int:
        """The current season's number (1 before the league's first match)."""
        return await last_season(self._db, guild_id, game) or 1

    async def start_season(
        self,
        guild_id: int,
        game: str,
        *,
        name: str | None = None,
        at: float | None = None,
        ends_at: float | None = None,
    ) -> Season:
        """End the current season (if any) and open the next one (admins only: the caller
        checks). Matches recorded from now on count in the new season; with ``ends_at``,
        until then (a season with a start and an end)."""
        when = float(at if at is not None else time.time())
        async with self._db.transaction() as tx:
            await tx.lock(f"league:{guild_id}:{game}")
            number = await last_season(tx, guild_id, game) + 1
            await tx.execute(
                "UPDATE seasons SET ended_at = ? WHERE guild_id = ? AND game = ?"
                " AND ended_at IS NULL",
                when,
                guild_id,
                game,
            )
            await tx.execute(
                "INSERT INTO seasons (guild_id, game, number, name, started_at, ended_at,"
                " ends_at) VALUES (?,?,?,?,?,NULL,?)",
                guild_id,
                game,
                number,
                name,
                when,
                None if ends_at is None else float(ends_at),
            )
        return Season(guild_id, game, number, when, None, name, ends_at)

    # standings

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        season: int | None = None,
        by: LeaderboardOrder = "rating",
        page: int = 0,
        per_page: int = 10,
    ) -> Page[Standing]:
        """One page of a season's standings (the current season unless named)."""
        order = _ORDER_BY.get(by)
        if order is None:
            raise ValueError(f"leaderboard order must be one of {sorted(_ORDER_BY)}")
        page = max(0, int(page))
        per_page = min(MAX_PER_PAGE, max(1, int(per_page)))
        if season is None:
            season = await self.current_season(guild_id, game)
        rows = await self._db.fetch(
            f"SELECT {_STANDING_COLUMNS} FROM standings"
            " WHERE guild_id = ? AND game = ? AND season = ?"
            f" ORDER BY {order} LIMIT ? OFFSET ?",
            guild_id,
            game,
            season,
            per_page + 1,
            page * per_page,
        )
        total_row = await self._db.fetchone(
            "SELECT COUNT(*) FROM standings WHERE guild_id = ? AND game = ? AND season = ?",
            guild_id,
            game,
            season,
        )
        items = []
        for index, row in enumerate(rows[:per_page]):
            try:
                items.append(_standing_from_row(row, page * per_page + index + 1))
            except (TypeError, ValueError) as exc:
                log.warning("standing row %r unreadable, skipped: %s", tuple(row[:4]), exc)
        total = int(total_row[0]) if total_row is not None else 0
        return Page(items, page, per_page, len(rows) > per_page, total)

    async def standing(
        self, guild_id: int, game: str, user_id: int, *, season: int | None = None
    ) -> Standing | None:
        """A player's line in a season, with their place by rating."""
        if season is None:
            season = await self.current_season(guild_id, game)
        row = await self._db.fetchone(
            f"SELECT {_STANDING_COLUMNS} FROM standings"
            " WHERE guild_id = ? AND game = ? AND season = ? AND user_id = ?",
            guild_id,
            game,
            season,
            user_id,
        )
        if row is None:
            return None
        try:
            line = _standing_from_row(row)
        except (TypeError, ValueError) as exc:
            log.warning("standing of user %s unreadable, skipped: %s", user_id, exc)
            return None
        ahead = await self._db.fetchone(
            "SELECT COUNT(*) FROM standings WHERE guild_id = ? AND game = ? AND season = ?"
            " AND (rating > ? OR (rating = ? AND user_id < ?))",
            guild_id,
            game,
            season,
            line.rating,
            line.rating,
            user_id,
        )
        rank = int(ahead[0]) + 1 if ahead is not None else 0
        return _standing_from_row(row, rank)

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]:
        """A player's record in every game of a guild: the current season's line and the
        totals over all seasons, with abandoned matches counted apart (never rated)."""
        rows = await self._db.fetch(
            f"SELECT {_STANDING_COLUMNS} FROM standings WHERE user_id = ? AND guild_id = ?",
            user_id,
            guild_id,
        )
        current = {
            str(r[0]): int(r[1])
            for r in await self._db.fetch(
                "SELECT game, MAX(number) FROM seasons WHERE guild_id = ? GROUP BY game",
                guild_id,
            )
        }
        abandoned = {
            str(r[0]): int(r[1])
            for r in await self._db.fetch(
                "SELECT m.game, COUNT(*) FROM match_players p JOIN matches m ON m.id = p.match_id"
                " WHERE p.user_id = ? AND p.guild_id = ? AND m.status = 'abandoned'"
                " GROUP BY m.game",
                user_id,
                guild_id,
            )
        }
        by_game: dict[str, list[Standing]] = {}
        for row in rows:
            try:
                line = _standing_from_row(row)
            except (TypeError, ValueError) as exc:
                log.warning("standing row %r unreadable, skipped: %s", tuple(row[:4]), exc)
                continue
            by_game.setdefault(line.game, []).append(line)
        stats = []
        for game in sorted(set(by_game) | set(abandoned)):
            lines = by_game.get(game, [])
            this_season = next((s for s in lines if s.season == current.get(game)), None)
            if this_season is not None:
                this_season = await self.standing(
                    guild_id, game, user_id, season=this_season.season
                )
            stats.append(
                PlayerGameStats(
                    game=game,
                    season=this_season,
                    matches=sum(s.matches for s in lines),
                    wins=sum(s.wins for s in lines),
                    losses=sum(s.losses for s in lines),
                    draws=sum(s.draws for s in lines),
                    points=sum(s.points for s in lines),
                    seasons=len(lines),
                    abandoned=abandoned.get(game, 0),
                )
            )
        return stats

    async def explain_leaderboard(
        self, guild_id: int, game: str, season: int, by: LeaderboardOrder = "rating"
    ) -> list[Any]:
        """The database's plan for a leaderboard page (the benchmark shows the index used)."""
        order = _ORDER_BY[by]
        sql = (
            f"SELECT {_STANDING_COLUMNS} FROM standings"
            " WHERE guild_id = ? AND game = ? AND season = ?"
            f" ORDER BY {order} LIMIT ? OFFSET ?"
        )
        prefix = "EXPLAIN QUERY PLAN " if self._db.dialect == "sqlite" else "EXPLAIN "
        rows = await self._db.fetch(prefix + sql, guild_id, game, season, 11, 0)
        return [tuple(r) for r in rows]
