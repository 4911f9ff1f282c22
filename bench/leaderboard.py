"""League queries at 100,000 matches in one guild: leaderboards, stats, histories.

    python bench/leaderboard.py [--matches N] [--players P] [--url postgresql://...]
    python bench/leaderboard.py --entrants [--matches 1000000] [--pairs 10000] [--url ...]

Fills a fresh database (a temp SQLite file unless ``--url`` names a PostgreSQL database,
whose tables must not exist yet) through the real recording code: ``record_finished`` for
the first matches (timed: recorded matches/s, one transaction each) and ``record_many`` in
batches of 1,000 per transaction for the rest, so standings and ratings are what play would
leave. Half the matches are four-player team games, half individual games of 2 to 4
players, with a computer in some seats; a second season starts at 60%. Then it times each
UI query (median of repeated runs, warm cache) and prints the leaderboard's query plan, which
must read the ``standings_by_rating`` / ``standings_by_wins`` index range without sorting.

``--entrants``: a league of fixed pairs (issue 32), 1,000,000 matches and 10,000 pairs by
default, written once in bulk (``bench/entrant_data.py``) into a cached database (a SQLite
file under ``--cache``, or the ``bench_entrants`` schema of the PostgreSQL server), then the
pair table's pages, a pair's line, a player's stats and ``/league record``'s reads, timed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import entrant_data
from storage import MatchRecord, MatchSeat, MatchStatus, Storage, open_storage

GUILD = 123_456_789_012_345_678
TEAM_GAME, SOLO_GAME = "nigerian_thunee", "tonk"
BATCH = 1_000
TIMED_RECORDS = 1_000


def a_match(rng: random.Random, players: int, at: float) -> MatchRecord:
    team_game = rng.random() < 0.5
    count = 4 if team_game else rng.choice((2, 3, 4))
    users = rng.sample(range(1, players + 1), count)
    seats = []
    for seat, user in enumerate(users):
        computer = rng.random() < 0.05
        seats.append(
            MatchSeat(
                seat=seat,
                name="Computer" if computer else f"Player {user}",
                user_id=None if computer else 10_000 + user,
                computer="heuristic" if computer else None,
                team=seat % 2 if team_game else None,
            )
        )
    if team_game:
        winners = [0, 2] if rng.random() < 0.5 else [1, 3]
        hands = [{"points": [rng.randrange(9), rng.randrange(9)]} for _ in range(8)]
    else:
        winners = [rng.randrange(count)]
        hands = [{"deadwood": [rng.randrange(30) for _ in range(count)]} for _ in range(5)]
    return MatchRecord(
        game=TEAM_GAME if team_game else SOLO_GAME,
        players=count,
        options={},
        seed=rng.getrandbits(62),
        status=MatchStatus.ABANDONED if rng.random() < 0.02 else MatchStatus.FINISHED,
        seats=seats,
        ended_at=at,
        started_at=at - 900,
        guild_id=GUILD,
        channel_id=GUILD + rng.randrange(5),
        teams=[[0, 2], [1, 3]] if team_game else None,
        winners=winners,
        scores=[rng.randrange(20) for _ in range(2 if team_game else count)],
        result={"winners": winners},
        hand_results=hands,
        actions=rng.randrange(100, 300),
    )


async def fill(store: Storage, matches: int, players: int) -> dict[str, float]:
    rng = random.Random(1)
    repo = store.matches
    at = 1_700_000_000.0
    season_two = int(matches * 0.6)
    timed = min(TIMED_RECORDS, matches)
    start = time.perf_counter()
    for _ in range(timed):
        at += 30
        await repo.record_finished(a_match(rng, players, at))
    one_by_one = timed / (time.perf_counter() - start)
    done = timed
    start = time.perf_counter()
    while done < matches:
        if done <= season_two < done + BATCH:
            for game in (TEAM_GAME, SOLO_GAME):
                await store.leagues.start_season(GUILD, game, at=at)
        records = []
        for _ in range(min(BATCH, matches - done)):
            at += 30
            records.append(a_match(rng, players, at))
        await repo.record_many(records)
        done += len(records)
        print(f"\r  filled {done:,} matches", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    batched = (matches - timed) / (time.perf_counter() - start) if matches > timed else 0.0
    return {"record_finished/s": one_by_one, "batched records/s": batched}


async def median_ms(call: Callable[[], Awaitable[Any]], runs: int = 30) -> float:
    await call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def measure(store: Storage, players: int) -> list[tuple[str, float]]:
    lg, mt = store.leagues, store.matches
    user = 10_000 + 7
    deep = (await mt.count(GUILD)) // 10 // 2
    last = await mt.history(GUILD, per_page=1)
    match_id = last.items[0].id
    queries: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        ("leaderboard by rating, page 1", lambda: lg.leaderboard(GUILD, TEAM_GAME)),
        (
            "leaderboard by rating, page 20",
            lambda: lg.leaderboard(GUILD, TEAM_GAME, page=19),
        ),
        ("leaderboard by wins, page 1", lambda: lg.leaderboard(GUILD, SOLO_GAME, by="wins")),
        (
            "leaderboard, old season, page 1",
            lambda: lg.leaderboard(GUILD, TEAM_GAME, season=1),
        ),
        ("a player's standing with rank", lambda: lg.standing(GUILD, TEAM_GAME, user)),
        ("a player's stats across games", lambda: lg.player_stats(GUILD, user)),
        ("guild history, page 1", lambda: mt.history(GUILD)),
        (f"guild history, page {deep + 1:,}", lambda: mt.history(GUILD, page=deep)),
        (
            f"guild history, page {deep + 1:,} by key",
            lambda: mt.history(GUILD, before=match_id - deep * 10),
        ),
        ("guild history of one game, page 1", lambda: mt.history(GUILD, game=SOLO_GAME)),
        ("a player's history, page 1", lambda: mt.history(GUILD, user_id=user)),
        ("a player's history, page 20", lambda: mt.history(GUILD, user_id=user, page=19)),
        ("one match record", lambda: mt.get(match_id)),
    ]
    return [(name, await median_ms(call)) for name, call in queries]


async def entrant_queries(store: Storage) -> list[tuple[str, float]]:
    guild, game = entrant_data.GUILD, entrant_data.GAME
    es = store.entrant_standings
    row = await store.db.fetchone(  # type: ignore[attr-defined]
        "SELECT MAX(ended_at) FROM match_entrants WHERE guild_id = ?", guild
    )
    now = float(row[0])
    pair, user = 4_321, entrant_data.members(4_321)[0]

    async def record() -> None:  # what /league record reads
        await es.player_stats(guild, game, user)
        for entrant in await store.entrants.of_user(guild, game, user):
            await es.standing(guild, game, entrant.id, now=now)
            await es.entrant_stats(guild, game, entrant.id)

    queries: list[tuple[str, Callable[[], Awaitable[Any]]]] = [
        ("pair table, page 1", lambda: es.table(guild, game, 2, now=now)),
        ("pair table, page 500", lambda: es.table(guild, game, 2, page=499, now=now)),
        ("a pair's line with its place", lambda: es.standing(guild, game, pair, now=now)),
        ("a player's stats", lambda: es.player_stats(guild, game, user)),
        ("a pair's stats", lambda: es.entrant_stats(guild, game, pair)),
        ("a player's /league record (all reads)", record),
        ("a pair's last 50 matches", lambda: store.entrants.matches(pair)),
    ]
    return [(name, await median_ms(call), await median_cpu_ms(call)) for name, call in queries]


async def median_cpu_ms(call: Callable[[], Awaitable[Any]], runs: int = 30) -> float:
    """CPU time of this process (the event loop and SQLite's thread; a PostgreSQL server's
    own work is not in it), which a loaded machine inflates less than the wall clock."""
    await call()
    times = []
    for _ in range(runs):
        start = time.process_time()
        await call()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


async def entrants_main(args: argparse.Namespace) -> int:
    if args.url:
        from storage.postgres import PgStorage

        store: Storage = await PgStorage.open(args.url, schema="bench_entrants")
        where = f"{args.url} schema bench_entrants"
    else:
        cache = Path(args.cache)
        cache.mkdir(parents=True, exist_ok=True)
        where = str(cache / f"entrants-{args.matches}-{args.pairs}.sqlite3")
        store = await open_storage(where)
    try:
        print(f"{type(store).__name__}: {args.matches:,} matches, {args.pairs:,} pairs ({where})")
        have = await store.db.fetchone(  # type: ignore[attr-defined]
            "SELECT COUNT(*) FROM entrants WHERE guild_id = ?", entrant_data.GUILD
        )
        if not have or not have[0]:
            cpu = time.process_time()
            seconds = await entrant_data.bulk_fill(store, args.pairs, args.matches)
            async with store.db.transaction() as tx:  # type: ignore[attr-defined]
                await tx.execute("ANALYZE")
            print(
                f"  bulk fill (once): {seconds:.0f} s, {time.process_time() - cpu:.0f} s CPU here"
            )
        else:
            print("  data from the cache")
        for name, ms, cpu in await entrant_queries(store):
            print(f"  {name:<40} {ms:>8.2f} ms wall {cpu:>8.2f} ms CPU")
        prefix = "EXPLAIN QUERY PLAN " if store.db.dialect == "sqlite" else "EXPLAIN "  # type: ignore[attr-defined]
        plan = await store.db.fetch(  # type: ignore[attr-defined]
            prefix + "SELECT entrant_id FROM entrant_standings WHERE guild_id = ? AND game = ?"
            " AND season = ? AND size = ? AND rated_matches >= ? AND last_rated_at >= ?"
            " ORDER BY rating DESC, entrant_id LIMIT ? OFFSET ?",
            entrant_data.GUILD, entrant_data.GAME, 1, 2, 3, 0.0, 11, 0,
        )  # fmt: skip
        print("  plan (pair table): " + " | ".join(str(tuple(r)[-1]) for r in plan))
    finally:
        await store.close()
    return 0


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--url", default=None, help="a fresh PostgreSQL database")
    parser.add_argument(
        "--measure-only", action="store_true", help="time the queries of a database filled before"
    )
    parser.add_argument("--entrants", action="store_true", help="the league of pairs at scale")
    parser.add_argument("--pairs", type=int, default=10_000)
    parser.add_argument("--cache", default=str(Path(tempfile.gettempdir()) / "cardtable-bench"))
    args = parser.parse_args(argv)
    if args.entrants:
        if args.matches == 100_000:
            args.matches = 1_000_000
        return await entrants_main(args)
    with tempfile.TemporaryDirectory() as tmp:
        url = args.url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        store = await open_storage(url)
        try:
            backend = type(store).__name__
            print(f"{backend}: {args.matches:,} matches, {args.players} players, one guild")
            if not args.measure_only:
                rates = await fill(store, args.matches, args.players)
                for name, value in rates.items():
                    print(f"  {name:<40} {value:>10,.0f}")
            async with store.db.transaction() as tx:  # type: ignore[attr-defined]
                await tx.execute("ANALYZE")  # as autovacuum / a maintained SQLite would have
            season = await store.leagues.current_season(GUILD, TEAM_GAME)
            for name, ms in await measure(store, args.players):
                print(f"  {name:<40} {ms:>8.2f} ms")
            for by in ("rating", "wins"):
                plan = await store.leagues.explain_leaderboard(  # type: ignore[attr-defined]
                    GUILD, TEAM_GAME, season, by
                )
                text = " | ".join(str(row[-1]) for row in plan)
                print(f"  plan ({by}): {text}")
        finally:
            await store.close()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
