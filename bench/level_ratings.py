"""Rated yardsticks: every computer level rated from matches against the others (issue 35).

    python bench/level_ratings.py GAME [GAME ...] [--players P] [--rounds N] [--until HH:MM]
                                  [--levels random,beginner,club,expert] [--workers W]
                                  [--seed S] [--out players/level_ratings.json] [--dry-run]

Per game and table size, the levels meet in every combination that fills the table's sides
(the teams, or one side per seat in games without teams): a round plays each combination on
one deal seed, once per rotation of the levels over the sides (two sides: the same deals with
the seats swapped), so every level plays every deal from every side. ``random`` (uniformly
random legal moves, never offered to people) is the anchor: the shown rating puts it at 1,000.

Every match rates its sides with the leagues' own code (``storage.entrant_rating.apply_sides``:
one openskill Plackett-Luce call per match, each side one entrant, winners rank 0, a draw
ranks every side 0), in the order the matches were scheduled, so a seed gives the same
ratings however many workers played them. The ratings live in their own file
(``players/level_ratings.json``, read by ``players.level_ratings``), never in a league:
human standings never see them.

The file is rewritten after every round (a long run stopped early keeps what it played;
``--until`` starts no round after that UTC time). Printed per level: the shown rating,
mu, sigma and the matches it rests on, and per pair of levels the first's share of the
matches one of the two won (with a 95% interval). The chess-like reading of a gap holds for
one side against one; with more sides (Tonk or Telefunken at three or four seats, one winner
and the rest tied last) openskill spreads the levels less, so compare ratings within one
game and table size only.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import math
import os
import sys
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.level_match import play_timed
from bench.levels import level_player
from players.base import ComputerPlayer
from players.budget import SearchBudget
from players.level_ratings import RATINGS_FILE
from rules import registry
from storage.entrant_rating import EntrantRow, apply_sides
from storage.match_records import LeagueSettings
from storage.standings import MODEL, ordinal

LEVELS = ("random", "beginner", "club", "expert")
ANCHOR_LEVEL = "random"
ANCHOR_RATING = 1000.0
POINTS_PER_MU = 400.0 / (math.log(10.0) * math.sqrt(2.0) * MODEL.beta)
"""Shown points per unit of mu, chosen so that a gap reads as on a chess (Elo) scale: with
two sides of settled ratings openskill's Plackett-Luce model gives the higher side
1 / (1 + 10 ** (-gap / 400)) (200 points: about 76%)."""

LEAGUE = LeagueSettings(guild_id=0)
"""Only its points per result are read (``apply_sides``): the rating does not depend on it."""

Seating = tuple[str, ...]
"""The level of each side, in the order of the spec's teams (or seats)."""


def sides_of(game: str, players: int) -> list[tuple[int, ...]]:
    """The seats of each rated side: the teams, or one side per seat."""
    teams = registry.get(game).teams(players)
    return [tuple(team) for team in teams] if teams else [(seat,) for seat in range(players)]


def schedule(game: str, players: int, levels: Sequence[str]) -> list[Seating]:
    """One round: every combination of levels filling the sides, in every rotation."""
    count = len(sides_of(game, players))
    if count > len(levels):
        raise SystemExit(f"{game} at {players} players has {count} sides: more than the levels")
    return [
        combo[r:] + combo[:r]
        for combo in itertools.combinations(levels, count)
        for r in range(count)
    ]


def play(
    game: str,
    players: int,
    seating: Seating,
    seed: int,
    budget: SearchBudget,
    options: dict[str, Any] | None = None,
) -> list[bool]:
    """One match on deal ``seed``; whether each side won. Off-turn calls (claims, Caps) are
    asked once at each call point before the seat to act moves, as the table manager does."""
    spec = registry.get(game)
    teams = spec.teams(players)
    sides = sides_of(game, players)
    by_level = {level: level_player(game, level, budget) for level in set(seating)}
    seats: dict[int, ComputerPlayer] = {
        seat: by_level[level] for side, level in zip(sides, seating, strict=True) for seat in side
    }
    match = spec.new_match(players, options, seed=seed)
    play_timed(game, match, seats, teams, seed, None)
    winners = set((match.result or {}).get("winners") or ())
    return [bool(winners.intersection(side)) for side in sides]


Job = tuple[str, int, Seating, int, SearchBudget, "dict[str, Any] | None"]


def _job(job: Job) -> list[bool]:
    return play(*job)


class Ratings:
    """The levels' lines, rated match by match as a league rates its entrants."""

    def __init__(self, levels: Sequence[str]) -> None:
        self.rows = {level: EntrantRow(name=level, size=1) for level in levels}
        self.pairs: Counter[tuple[str, str, str]] = Counter()

    def record(self, seating: Seating, won: Sequence[bool]) -> None:
        apply_sides([self.rows[level] for level in seating], won, LEAGUE, at=0.0)
        for (a, wa), (b, wb) in itertools.permutations(zip(seating, won, strict=True), 2):
            self.pairs[a, b, "played"] += 1
            self.pairs[a, b, "won"] += int(wa and not wb)

    def shown(self, level: str) -> int:
        """The rating people read: random at 1,000, the level's mu on the chess-like scale."""
        anchor = self.rows.get(ANCHOR_LEVEL)
        zero = anchor.mu if anchor is not None else MODEL.mu
        return round(ANCHOR_RATING + POINTS_PER_MU * (self.rows[level].mu - zero))

    def entry(self, command: str, date: str) -> dict[str, Any]:
        return {
            "date": date,
            "command": command,
            "matches": sum(self.pairs[key] for key in self.pairs if key[2] == "played") // 2,
            "levels": {
                level: {
                    "rating": self.shown(level),
                    "mu": round(row.mu, 4),
                    "sigma": round(row.sigma, 4),
                    "ordinal": round(ordinal(row.mu, row.sigma), 4),
                    "matches": row.rated_matches,
                    "wins": row.wins,
                    "draws": row.draws,
                    "losses": row.losses,
                }
                for level, row in self.rows.items()
            },
        }


def rate(
    game: str,
    players: int,
    rounds: int,
    *,
    levels: Sequence[str] = LEVELS,
    budget: SearchBudget | None = None,
    seed: int = 1,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    until: datetime.datetime | None = None,
    after_round: Any = None,
) -> Ratings:
    """Play ``rounds`` rounds (fewer if ``until`` passes first) and rate them in order."""
    budget = budget or SearchBudget()
    seatings = schedule(game, players, levels)
    combos = len(seatings) // len(sides_of(game, players))
    ratings = Ratings(levels)
    pool = ProcessPoolExecutor(workers) if workers > 1 else None
    try:
        for r in range(rounds):
            if until is not None and datetime.datetime.now(datetime.UTC) >= until:
                break
            count = len(sides_of(game, players))
            jobs: list[Job] = [
                (game, players, seating, seed + r * combos + i // count, budget, options)
                for i, seating in enumerate(seatings)
            ]
            results = list(pool.map(_job, jobs)) if pool else [_job(job) for job in jobs]
            for job, won in zip(jobs, results, strict=True):
                ratings.record(job[2], won)
            if after_round is not None:
                after_round(ratings, r + 1)
    finally:
        if pool is not None:
            pool.shutdown()
    return ratings


def write(path: Path, game: str, players: int, entry: dict[str, Any]) -> None:
    """Put ``entry`` in the file under game and table size, keeping every other entry."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
            raise ValueError
    except (OSError, ValueError):
        data = {"games": {}}
    data["about"] = (
        "Computer levels rated against each other by bench/level_ratings.py (openskill, as"
        " leagues rate entrants; random anchored at 1000). Not a league: human standings"
        " never read it."
    )
    data["games"].setdefault(game, {})[str(players)] = entry
    text = json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def report(game: str, players: int, ratings: Ratings, rounds: int) -> None:
    print(f"{game} ({players}p), {rounds} rounds; load {os.getloadavg()[0]:.1f}", flush=True)
    for level, row in sorted(ratings.rows.items(), key=lambda item: -item[1].mu):
        print(
            f"  {level:>8}: rating {ratings.shown(level):>5} (mu {row.mu:.2f}, sigma"
            f" {row.sigma:.2f}) from {row.rated_matches} matches, {row.wins} won,"
            f" {row.draws} drawn",
            flush=True,
        )
    for a, b in itertools.combinations(sorted(ratings.rows, key=LEVELS.index), 2):
        played = ratings.pairs[b, a, "played"]
        won, lost = ratings.pairs[b, a, "won"], ratings.pairs[a, b, "won"]
        if not won + lost:
            continue
        # Of the matches one of the two won and the other did not (with more sides than
        # two, both often lose to a third).
        share = won / (won + lost)
        half = 1.96 * math.sqrt(share * (1 - share) / (won + lost))
        print(
            f"  {b} v {a}: {100 * share:.1f}% (±{100 * half:.1f}) of the {won + lost} of"
            f" {played} matches one of them won",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="+")
    parser.add_argument("--players", type=int, default=None, help="default: the smallest")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--until", default=None, metavar="HH:MM", help="UTC, today")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rollouts", type=int, default=SearchBudget().rollouts)
    parser.add_argument("--cap-ms", type=float, default=SearchBudget().time_cap_ms)
    parser.add_argument("--out", type=Path, default=RATINGS_FILE)
    parser.add_argument("--dry-run", action="store_true", help="print, write no file")
    args = parser.parse_args()
    levels = tuple(args.levels.split(","))
    budget = SearchBudget(rollouts=args.rollouts, time_cap_ms=args.cap_ms)
    until = None
    if args.until:
        hour, minute = (int(x) for x in args.until.split(":"))
        until = datetime.datetime.now(datetime.UTC).replace(
            hour=hour, minute=minute, second=0, microsecond=0
        )
    for game in args.games:
        players = args.players or registry.get(game).player_counts[0]
        command = (
            f"python bench/level_ratings.py {game} --players {players} --seed {args.seed}"
            f" --levels {','.join(levels)}"
            + (f" --rollouts {args.rollouts}" if args.rollouts != SearchBudget().rollouts else "")
        )

        def checkpoint(
            ratings: Ratings,
            done: int,
            game: str = game,
            players: int = players,
            command: str = command,
        ) -> None:
            date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
            entry = ratings.entry(f"{command} --rounds {done}", date)
            entry["rounds"] = done
            entry["load"] = round(os.getloadavg()[0], 1)
            if not args.dry_run:
                write(args.out, game, players, entry)
            report(game, players, ratings, done)

        rate(
            game,
            players,
            args.rounds,
            levels=levels,
            budget=budget,
            seed=args.seed,
            workers=args.workers,
            until=until,
            after_round=checkpoint,
        )


if __name__ == "__main__":
    main()
