"""One computer level against another: win rate and move times of the first.

    python bench/strength.py [GAME ...] [--matches N] [--rollouts R] [--cap-ms MS] [--workers W]
                             [--players P] [--option KEY=VALUE ...]
                             [--level expert] [--opponent beginner] [--ladder]

``--level`` and ``--opponent`` name levels (``beginner``, ``club``, ``expert``), ``raw``
(today's search player without the levels' last-seat guard) or ``previous`` (the search
player as it was before issue 35, frozen from 56c25df in ``bench/previous_search``, at the
bot's budget of then: 240 rollouts, a 50 ms cap now counted in CPU; Thunee, Nigerian
Thunee and 304); ``--ladder`` plays each level against the next one down (club v
beginner, expert v club) and expert against ``previous`` (``raw`` where no previous player
was frozen).

Matches come in pairs on the same seed (the same deals) with the teams swapped, so the
search plays every seat and every deal from both sides. In games without teams (Tonk,
Telefunken: every seat for itself) a deal seed is played in every seating of
``seatings``: two players AB and BA; three players the six seatings ABB, BAB, BBA, AAB,
ABA, BAA (each level holds 9 of the 18 seat-matches, every seat equally); four players
ABAB and BABA. A match scores the first level's share of its winners (a win 1, a tie
between the levels 1/2), so an even pair of levels scores 50% at every table size; the
interval is the normal one on the mean score over the matches (deals repeat across one
set of seatings, so it is a little narrow). Prints the search team's win
rate (with a 95% interval) and the search's move times, wall clock and the thread's CPU
time (the machine may be shared): p50/p99/max over the decisions that had a choice (a
single legal action is played without thinking), and the opponent's CPU p50/p99 the same
way, with the share of each side's searched decisions stopped by the CPU cap. For 304 it
also prints the contracts the first level's team won in the auction and how many it made,
and the same for the opponent's team (``bench.levels.count_contract``).

``--players`` picks the table size (Thunee: 2, 4 or 6) and ``--option`` sets a game
option (``--option penalty_mode=challenge``, ``--option two_player_method=face_up``).
At each call point the match's ``off_turn`` seats (Thunee's challenge mode, 304's Caps
calls, claims and marriages) are asked once, before the seat to act moves, as the table
manager asks its computers (``ComputerPlayer.off_turn``): the first answer is applied.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.level_match import Timed, percentile, play_timed
from bench.levels import count_contract, level_player, rate
from bench.previous_search import FACTORIES
from players.base import ComputerPlayer
from players.search import SearchBudget
from rules import registry
from rules.contract import Action, Event
from rules.registry import BUILTIN

DEFAULT_GAMES = ("nigerian_thunee", "thunee", "304")
LADDER = (("club", "beginner"), ("expert", "club"), ("expert", "previous"))
PREVIOUS_GAMES = frozenset(FACTORIES)
"""Games with a frozen ``previous`` search player; the others' ladder meets ``raw``."""


def seatings(players: int) -> list[tuple[int, ...]]:
    """Games without teams: the seats of the first level in each match on one deal seed
    (the module docstring); every seat is the first level's equally often."""
    if players == 2:
        return [(0,), (1,)]
    if players == 3:
        return [(0,), (1,), (2,), (0, 1), (0, 2), (1, 2)]
    if players == 4:
        return [(0, 2), (1, 3)]
    raise ValueError(f"no seatings for {players} players without teams")


def play_match(
    game: str,
    seed: int,
    search_team: int,
    budget: SearchBudget,
    opponent: str,
    players: int = 4,
    options: dict[str, Any] | None = None,
    level: str = "expert",
) -> Played:
    """One match; the search team's score (1 won, 0 lost; without teams, its share of
    the winners), the search's thinking times (wall and CPU seconds per decision) and its
    team's 304 contracts won and made (and both sides' decisions stopped by the CPU cap,
    ``capped`` and ``their_capped``), then the opponent's thinking times. Without teams
    ``search_team`` indexes ``seatings(players)``."""
    spec = registry.get(game)
    teams = spec.teams(players)
    ours = teams[search_team] if teams is not None else seatings(players)[search_team]
    search = Timed(level_player(game, level, budget))
    other = Timed(level_player(game, opponent, budget))
    seats: dict[int, ComputerPlayer] = {s: (search if s in ours else other) for s in range(players)}
    match = spec.new_match(players, options, seed=seed)
    tally: Counter[str] = Counter()

    def applied(seat: int, action: Action, events: list[Event]) -> None:
        for event in events:
            if event.kind == "hand_scored" and teams is not None:
                count_contract(game, event.data, teams[search_team], tally)
                other_team: Counter[str] = Counter()
                count_contract(game, event.data, teams[1 - search_team], other_team)
                tally.update({f"their_{k}": v for k, v in other_team.items()})

    play_timed(game, match, seats, teams, seed, None, applied=applied)
    times = search.times
    tally["capped"] += search.capped
    tally["their_capped"] += other.capped
    result = match.result or {}
    if teams is not None:
        return float(result.get("winner_team") == search_team), times, tally, other.times
    winners = list(result.get("winners") or ())
    share = sum(1 for s in winners if s in ours) / len(winners) if winners else 0.5
    return share, times, tally, other.times


Played = tuple[float, list[tuple[float, float]], Counter[str], list[tuple[float, float]]]
"""A match's score, the level's times, its counts and the opponent's times."""
Job = tuple[str, int, int, SearchBudget, str, int, dict[str, Any] | None, str]


def _job(args: Job) -> Played:
    return play_match(*args)


def measure(
    game: str,
    matches: int,
    budget: SearchBudget,
    opponent: str,
    workers: int,
    seed: int,
    players: int = 4,
    options: dict[str, Any] | None = None,
    level: str = "expert",
) -> dict[str, Any]:
    per_deal = 2 if registry.get(game).teams(players) is not None else len(seatings(players))
    jobs: list[Job] = [
        (game, seed + i // per_deal, i % per_deal, budget, opponent, players, options, level)
        for i in range(matches)
    ]
    start = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_job, jobs))
    else:
        results = [_job(j) for j in jobs]
    wins = sum(won for won, _, _, _ in results)
    times = [t for _, ts, _, _ in results for t, _ in ts]
    cpu = [c for _, ts, _, _ in results for _, c in ts]
    their_cpu = [c for _, _, _, ts in results for _, c in ts]
    tally: Counter[str] = sum((t for _, _, t, _ in results), Counter())
    rate = wins / matches
    half = 1.96 * math.sqrt(rate * (1 - rate) / matches)
    return {
        "game": game,
        "matches": matches,
        "wins": wins,
        "win_rate": rate,
        "ci95": half,
        "moves": len(times),
        "p50_ms": 1000 * percentile(times, 0.50),
        "p99_ms": 1000 * percentile(times, 0.99),
        "max_ms": 1000 * max(times, default=0.0),
        "cpu_p50_ms": 1000 * percentile(cpu, 0.50),
        "cpu_p99_ms": 1000 * percentile(cpu, 0.99),
        "cpu_max_ms": 1000 * max(cpu, default=0.0),
        "capped": tally["capped"],
        "their_moves": len(their_cpu),
        "their_cpu_p50_ms": 1000 * percentile(their_cpu, 0.50),
        "their_cpu_p99_ms": 1000 * percentile(their_cpu, 0.99),
        "their_cpu_max_ms": 1000 * max(their_cpu, default=0.0),
        "their_capped": tally["their_capped"],
        "wall_s": time.perf_counter() - start,
        "contracts": tally["contracts"],
        "made": tally["made"],
        "their_contracts": tally["their_contracts"],
        "their_made": tally["their_made"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=None)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--rollouts", type=int, default=SearchBudget().rollouts)
    parser.add_argument("--cap-ms", type=float, default=SearchBudget().time_cap_ms)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--opponent", default="beginner")
    parser.add_argument("--ladder", action="store_true")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args()
    options = dict(_option(text) for text in args.option) or None
    games = args.games or [g for g in DEFAULT_GAMES if g in registry.names()]
    budget = SearchBudget(rollouts=args.rollouts, time_cap_ms=args.cap_ms)
    pairs = LADDER if args.ladder else ((args.level, args.opponent),)
    print(
        f"budget {budget.rollouts} rollouts, CPU cap {budget.time_cap_ms:g} ms; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    for game in games:
        for level, opponent in pairs:
            if args.ladder and opponent == "previous" and game not in PREVIOUS_GAMES:
                opponent = "raw"  # no frozen previous player: today's search, unguarded
            if "raw" in (level, opponent) and BUILTIN.plugin(game).family != "trick":
                continue  # no search player before the levels in rummy games
            r = measure(
                game,
                args.matches,
                budget,
                opponent,
                args.workers,
                args.seed,
                args.players,
                options,
                level,
            )
            print(
                f"{r['game']:>16} ({args.players}p{' ' + str(options) if options else ''}): "
                f"{level} v {opponent} won {r['wins']:g}/{r['matches']} = "
                f"{100 * r['win_rate']:.1f}% (±{100 * r['ci95']:.1f}); "
                f"move wall p50 {r['p50_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms, "
                f"max {r['max_ms']:.1f} ms; CPU p50 {r['cpu_p50_ms']:.1f} ms, "
                f"p99 {r['cpu_p99_ms']:.1f} ms, max {r['cpu_max_ms']:.1f} ms; "
                f"over {r['moves']} moves ({r['capped']} capped); "
                f"{opponent} CPU p50 {r['their_cpu_p50_ms']:.1f} ms, "
                f"p99 {r['their_cpu_p99_ms']:.1f} ms, max {r['their_cpu_max_ms']:.1f} ms "
                f"over {r['their_moves']} moves ({r['their_capped']} capped); "
                + (
                    f"contracts made {rate(r['made'], r['contracts'])} "
                    f"(the opponent's {rate(r['their_made'], r['their_contracts'])}); "
                    if game == "304"
                    else ""
                )
                + f"{r['wall_s']:.0f} s; "
                f"load {os.getloadavg()[0]:.1f}",
                flush=True,
            )


def _option(text: str) -> tuple[str, Any]:
    key, _, value = text.partition("=")
    try:
        return key, json.loads(value)
    except json.JSONDecodeError:
        return key, value


if __name__ == "__main__":
    main()
