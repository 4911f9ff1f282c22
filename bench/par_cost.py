"""What par costs: CPU seconds per hand, per game (issue 33).

    python bench/par_cost.py [--hands N] [--replays R] [--rollouts K] [--games a,b]

For each game, ``N`` hands are played by heuristic computers from fixed seeds, and the par
of each (``players.par.run_par``: ``R`` replays of its deal, the studied seat at the
strongest level with ``K`` rollouts per decision, the others heuristic) is computed in this
process. Prints the CPU time of one par (process time: the figure does not depend on the
machine's load, only on its speed) and of one replay, and the replays' mean against the
hand as played. The bot runs par in one worker process, so its cost is taken from that
process's core, never from the event loop's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players.budget import SearchBudget
from players.par import ParRequest, play_hand, run_par
from rules.registry import BUILTIN

DEFAULT_GAMES = "thunee,304,nigerian_thunee,tonk,telefunken"


def measure(game: str, hands: int, replays: int, rollouts: int) -> str:
    plugin = BUILTIN.plugin(game)
    spec = plugin.spec
    players = spec.player_counts[0] if game in ("tonk", "telefunken") else 4
    cheap = SearchBudget(rollouts=8, time_cap_ms=0)
    cpu: list[float] = []
    replay_cpu: list[float] = []
    gaps: list[float] = []
    for n in range(hands):
        match = spec.new_match(players, seed=1000 + n)
        play_hand(match, plugin, ["heuristic"] * players, cheap, random.Random(n))
        if match.is_over and not match.hand_results:
            continue
        levels: tuple[str | None, ...] = (None,) + ("heuristic",) * (players - 1)
        request = ParRequest(
            match.snapshot(), hand=0, seat=0, levels=levels, replays=replays,
            rollouts=rollouts, time_budget_s=0, seed=n,
        )  # fmt: skip
        result = run_par(request)
        cpu.append(result.cpu_seconds)
        replay_cpu.append(result.cpu_seconds / max(len(result.replays), 1))
        if result.mean is not None:
            gaps.append(result.mean - result.made)
    if not cpu:
        return f"{game}: no hand measured"
    return (
        f"{game} ({players} players): par of one hand {statistics.median(cpu):.2f} s CPU "
        f"(median of {len(cpu)}, max {max(cpu):.2f}); "
        f"one replay {statistics.median(replay_cpu):.2f} s; "
        f"computers minus the hand as played: mean {statistics.mean(gaps):+.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3)
    parser.add_argument("--replays", type=int, default=5)
    parser.add_argument("--rollouts", type=int, default=48)
    parser.add_argument("--games", default=DEFAULT_GAMES)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}; {time.strftime('%d %b %H:%M')}")
    for game in args.games.split(","):
        print(measure(game, args.hands, args.replays, args.rollouts), flush=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
