"""CPU per decision of the searching levels, by game and level, on fixed positions; and a
digest of the decisions, to show that a speed-up changed none (issue 35).

    python bench/decision_cost.py [--games nigerian_thunee,thunee,304] [--positions 150]
                                  [--levels club,expert] [--players 4] [--no-digest]
                                  [--repeat N] [--profile GAME:LEVEL]

Positions come from seeded matches the beginner plays (every third decision with more
than one legal action, so a rerun and another checkout see the same ones). Each position
is decided by each level from a fresh ``Situation`` with a seeded RNG and no time cap
(``time_cap_ms=0``: a cap would make the decision depend on the machine's speed); the
digest covers the action chosen and the search's figures (worlds, rollouts, exact solves,
nodes). CPU is the deciding thread's (``time.thread_time``); the load average is printed
beside it; ``--repeat N`` keeps each position's least CPU of N decisions (the same one each
time), which a busy machine disturbs less. Run it on two checkouts and compare the digest
lines.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pstats
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.decision_ipc import positions
from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from rules.contract import Match
from rules.registry import BUILTIN


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def measure(
    game: str, players: int, found: list[tuple[Match[Any], int]], level: str, repeat: int = 1
) -> tuple[list[float], str]:
    budget = replace(SearchBudget(), time_cap_ms=0.0)
    player = player_of(BUILTIN.plugin(game), level, budget)
    digest = hashlib.sha256()
    cpu: list[float] = []
    for n, (match, seat) in enumerate(found):
        times = []
        for _ in range(repeat):
            situation = Situation.at(match, seat, random.Random(n))
            start = time.thread_time()
            action = player.choose(situation)
            times.append(time.thread_time() - start)
        cpu.append(min(times))
        last = getattr(player, "last", None)
        figures = (last.worlds, last.rollouts, last.exact, last.nodes) if last is not None else None
        digest.update(repr((n, action.kind, action.value, figures)).encode())
    return cpu, digest.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="nigerian_thunee,thunee,304")
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--levels", default="club,expert")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--repeat", type=int, default=1, help="decide each position N times, keep the least CPU"
    )
    parser.add_argument("--profile", default="", help="GAME:LEVEL to profile (cProfile)")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for game in args.games.split(","):
        found = positions(game, args.positions, args.players)
        for level in args.levels.split(","):
            profiler = cProfile.Profile() if args.profile == f"{game}:{level}" else None
            if profiler is not None:
                profiler.enable()
            cpu, digest = measure(game, args.players, found, level, args.repeat)
            if profiler is not None:
                profiler.disable()
                pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "tottime")).print_stats(
                    int(os.environ.get("TOP", "25"))
                )
            ms = [c * 1000.0 for c in cpu]
            print(
                f"{game:16} {args.players}p {level:7} {len(ms)} positions  CPU ms per decision "
                f"p50 {pct(ms, 0.5):6.2f}  p99 {pct(ms, 0.99):6.2f}  "
                f"mean {statistics.fmean(ms):6.2f}  total {sum(ms) / 1000:6.2f} s  "
                f"digest {digest}  load {os.getloadavg()[0]:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
