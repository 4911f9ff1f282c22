"""League queries at 100,000 matches in one guild: leaderboards, stats, histories.

    python bench/leaderboard.py [--matches N] [--players P] [--url postgresql://...]

Fills a fresh database (a temp SQLite file unless ``--url`` names a PostgreSQL database,
whose tables must not exist yet) through the real recording code: ``record_finished`` for
the first matches (timed: recorded matches/s, one transaction each) and ``record_many`` in
batches of 1,000 per transaction for the rest, so standings and ratings are what play would
leave. Half the matches are four-player team games, half individual games of 2 to 4
players, with a computer in some seats; a second season starts at 60%. Then it times each
UI query (median of repeated runs, warm cache) and prints the leaderboard's query plan, which
must read the ``standings_by_rating`` / ``standings_by_wins`` index range without sorting.
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


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--url", default=None, help="a fresh PostgreSQL database")
    parser.add_argument(
        "--measure-only", action="store_true", help="time the queries of a database filled before"
    )
    args = parser.parse_args(argv)
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
