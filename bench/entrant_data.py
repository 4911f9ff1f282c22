"""A league of fixed pairs at scale for ``bench/leaderboard.py --entrants``: N pairs, M
recorded matches, written with bulk inserts (``executemany`` on SQLite, ``COPY`` on
PostgreSQL) straight into the tables the recording code fills: matches, their seats, their
entrant sides, the entrants' season lines and the call stats.

The lines are counted from the generated results (matches, wins, points, streaks), so
the table holds what that history would; ratings follow a cheap stand-in for openskill
(recording 1,000,000 matches one openskill call at a time would cost most of an hour), with
the same spread of mu and sigma. The figures this serves are the read paths.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

GUILD = 987_654_321_000_000_001
GAME = "thunee"
USER_BASE = 50_000_000
T0 = 1_700_000_000.0
STATS = ("thunee", "double", "khanuck", "jodi", "trump", "royals", "won:balls")
CHUNK = 50_000

MATCH_COLUMNS = (
    "id", "table_id", "guild_id", "channel_id", "game", "players", "options", "seed", "deals",
    "status", "season", "rated", "computers", "teams", "winners", "scores", "result",
    "hand_results", "hands", "actions", "started_at", "ended_at", "duration",
)  # fmt: skip
SEAT_COLUMNS = (
    "match_id", "seat", "team", "user_id", "name", "computer", "away", "won", "guild_id",
    "game", "rating_before", "rating_after", "mu", "sigma", "entrant_id", "substitute",
)  # fmt: skip
SIDE_COLUMNS = (
    "match_id", "entrant_id", "guild_id", "game", "season", "team", "outcome", "rated",
    "rating_before", "rating_after", "substitutes", "ended_at",
)  # fmt: skip
LINE_COLUMNS = (
    "guild_id", "game", "season", "entrant_id", "size", "name", "matches", "rated_matches",
    "wins", "losses", "draws", "streak", "best_streak", "points", "series_won", "mu", "sigma",
    "rating", "last_match_id", "last_rated_at", "updated_at",
)  # fmt: skip


def members(entrant: int) -> tuple[int, int]:
    return USER_BASE + 2 * entrant, USER_BASE + 2 * entrant + 1


class League:
    """The counters of every pair while the matches are generated."""

    def __init__(self, entrants: int) -> None:
        self.n = entrants
        self.matches = [0] * (entrants + 1)
        self.wins = [0] * (entrants + 1)
        self.streak = [0] * (entrants + 1)
        self.best = [0] * (entrants + 1)
        self.mu = [25.0] * (entrants + 1)
        self.last = [0] * (entrants + 1)
        self.last_at = [0.0] * (entrants + 1)
        self.skill = [0.0] + [random.Random(e).gauss(0, 1) for e in range(1, entrants + 1)]

    def sigma(self, e: int) -> float:
        return max(0.9, 25 / 3 / math.sqrt(1 + self.matches[e] / 8))

    def rating(self, e: int) -> float:
        return self.mu[e] - 3 * self.sigma(e)

    def play(self, a: int, b: int, a_won: bool, match_id: int, at: float) -> tuple[float, ...]:
        before = (self.rating(a), self.rating(b))
        for e, won in ((a, a_won), (b, not a_won)):
            self.matches[e] += 1
            self.wins[e] += won
            self.streak[e] = (max(self.streak[e], 0) + 1) if won else (min(self.streak[e], 0) - 1)
            self.best[e] = max(self.best[e], self.streak[e])
            self.mu[e] += (1.0 if won else -1.0) * self.sigma(e) ** 2 / 60
            self.last[e], self.last_at[e] = match_id, at
        return (*before, self.rating(a), self.rating(b))


def generate(
    entrants: int, matches: int, first_id: int
) -> Iterator[tuple[str, Sequence[str], list[tuple[Any, ...]]]]:
    """(table, columns, rows) chunks, in an order the foreign keys accept."""
    rng = random.Random(32)
    league = League(entrants)
    yield (
        "entrants",
        ("id", "guild_id", "game", "size", "name", "name_key", "captain_id", "created_at",
         "retired_at"),
        [(e, GUILD, GAME, 2, f"Pair {e}", f"pair {e}", members(e)[0], T0, None)
         for e in range(1, entrants + 1)],
    )  # fmt: skip
    yield (
        "entrant_members",
        ("entrant_id", "user_id", "guild_id", "game", "size", "active", "joined_at"),
        [(e, u, GUILD, GAME, 2, 1, T0 + i) for e in range(1, entrants + 1)
         for i, u in enumerate(members(e))],
    )  # fmt: skip
    yield (
        "seasons",
        ("guild_id", "game", "number", "name", "started_at", "ended_at"),
        [(GUILD, GAME, 1, None, T0, None)],
    )
    teams = json.dumps([[0, 2], [1, 3]])
    win = (json.dumps([0, 2]), json.dumps([1, 3]))
    rows_m: list[tuple[Any, ...]] = []
    rows_s: list[tuple[Any, ...]] = []
    rows_e: list[tuple[Any, ...]] = []
    at = T0
    for k in range(matches):
        match_id = first_id + k
        at += 2.0
        a = rng.randrange(1, entrants + 1)
        b = rng.randrange(1, entrants)
        b += b >= a
        a_won = rng.random() < 1 / (1 + math.exp(league.skill[b] - league.skill[a]))
        rb_a, rb_b, ra_a, ra_b = league.play(a, b, a_won, match_id, at)
        rows_m.append(
            (match_id, None, GUILD, GUILD + 1, GAME, 4, "{}", k, "[]", "finished", 1, 1, 0,
             teams, win[0 if a_won else 1], "[13, 7]" if a_won else "[7, 13]", None, "[]", 9,
             180, at - 900.0, at, 900.0)
        )  # fmt: skip
        (a0, a1), (b0, b1) = members(a), members(b)
        for seat, user, team, entrant in (
            (0, a0, 0, a),
            (1, b0, 1, b),
            (2, a1, 0, a),
            (3, b1, 1, b),
        ):
            won = int(a_won == (team == 0))
            rows_s.append(
                (match_id, seat, team, user, f"p{user}", None, 0, won, GUILD, GAME, None, None,
                 None, None, entrant, 0)
            )  # fmt: skip
        outcome = ("win", "loss") if a_won else ("loss", "win")
        rows_e.append((match_id, a, GUILD, GAME, 1, 0, outcome[0], 1, rb_a, ra_a, 0, at))
        rows_e.append((match_id, b, GUILD, GAME, 1, 1, outcome[1], 1, rb_b, ra_b, 0, at))
        if len(rows_m) >= CHUNK:
            yield "matches", MATCH_COLUMNS, rows_m
            yield "match_players", SEAT_COLUMNS, rows_s
            yield "match_entrants", SIDE_COLUMNS, rows_e
            rows_m, rows_s, rows_e = [], [], []
            print(f"\r  generated {k + 1:,} matches", end="", file=sys.stderr, flush=True)
    if rows_m:
        yield "matches", MATCH_COLUMNS, rows_m
        yield "match_players", SEAT_COLUMNS, rows_s
        yield "match_entrants", SIDE_COLUMNS, rows_e
    print(file=sys.stderr)
    lines = []
    for e in range(1, entrants + 1):
        n, w = league.matches[e], league.wins[e]
        lines.append(
            (GUILD, GAME, 1, e, 2, f"Pair {e}", n, n, w, n - w, 0, league.streak[e],
             league.best[e], 3 * w, 0, league.mu[e], league.sigma(e), league.rating(e),
             league.last[e], league.last_at[e] or None, league.last_at[e])
        )  # fmt: skip
    yield "entrant_standings", LINE_COLUMNS, lines
    stat_rows = []
    player_rows = []
    for e in range(1, entrants + 1):
        n = league.matches[e]
        for stat in STATS:
            tried = 0 if stat.startswith("won:") else rng.randrange(n // 4 + 1)
            made = rng.randrange(2 * n + 1) if stat.startswith("won:") else rng.randrange(tried + 1)
            stat_rows.append((GUILD, GAME, 1, e, stat, tried, made))
            for user in members(e):
                player_rows.append((GUILD, GAME, user, stat, tried // 2, made // 2))
    yield (
        "entrant_stats",
        ("guild_id", "game", "season", "entrant_id", "stat", "attempted", "made"),
        stat_rows,
    )
    yield (
        "player_stats",
        ("guild_id", "game", "user_id", "stat", "attempted", "made"),
        player_rows,
    )


async def bulk_fill(store: Any, entrants: int, matches: int) -> float:
    """Write the league in bulk; returns the seconds it took."""
    start = time.perf_counter()
    row = await store.db.fetchone("SELECT COALESCE(MAX(id), 0) FROM matches")
    first_id = int(row[0]) + 1
    if store.db.dialect == "postgresql":
        async with store.db._pool.acquire() as conn, conn.transaction():
            for table, columns, rows in generate(entrants, matches, first_id):
                await conn.copy_records_to_table(table, records=rows, columns=list(columns))
            await conn.execute(
                "SELECT setval(pg_get_serial_sequence('matches', 'id'), (SELECT MAX(id) FROM"
                " matches)); SELECT setval(pg_get_serial_sequence('entrants', 'id'),"
                " (SELECT MAX(id) FROM entrants))"
            )
    else:
        async with store.db.transaction() as tx:
            for table, columns, rows in generate(entrants, matches, first_id):
                marks = ",".join("?" * len(columns))
                await tx.executemany(
                    f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows
                )
    return time.perf_counter() - start
