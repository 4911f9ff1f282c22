"""What a computer decision costs the bot's event loop: on the loop, or sent to a worker.

    python bench/decision_ipc.py [--games 304,thunee] [--positions 200] [--level club]

Positions come from engine-dealt matches the beginner plays on (seeded, so a rerun sees
the same ones). For each: the beginner's decision on the loop (CPU of this thread), and the
round trip of a ``DecisionRequest`` to a worker of ``tables.deciders`` (one process, asked
one position at a time): the request's pickle size, this thread's CPU per round trip (the
request built from the match, pickled and written, the answer read and parsed) and this
process's CPU (the same, unless helper threads do part of it, as a ``ProcessPoolExecutor``'s
did).
CPU times, so the load matters little; the load is printed anyway.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pickle
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players import default_registry
from players.base import Situation
from players.budget import SearchBudget
from players.decision import DecisionRequest
from players.levels import player_of
from rules.contract import Match
from rules.registry import BUILTIN
from tables.deciders import ComputerDecisions


def every_third(situation: Situation, step: int) -> bool:
    """The decisions ``positions`` keeps by default: every third with more than one choice."""
    return step % 3 == 0 and len(situation.legal) > 1


def positions(
    game: str,
    count: int,
    players: int | None = None,
    keep: Callable[[Situation, int], bool] = every_third,
) -> list[tuple[Match[Any], int]]:
    """``count`` decision points (a snapshot of the match each) that ``keep`` picks (given
    the situation and the match's step) at ``players`` seats (default: 4 where the game
    has them, else 2), from seeded matches the beginner plays."""
    plugin = BUILTIN.plugin(game)
    if players is None:
        players = 4 if 4 in plugin.spec.player_counts else 2
    beginner = player_of(plugin, "beginner", SearchBudget())
    found: list[tuple[Match[Any], int]] = []
    seed = 0
    while len(found) < count:
        match = plugin.spec.new_match(players, None, seed=seed)
        rng = random.Random(seed)
        seed += 1
        for step in range(2000):
            if match.is_over or len(found) >= count:
                break
            seat = min(match.to_act)
            situation = Situation.at(match, seat, rng)
            if keep(situation, step):
                found.append((plugin.spec.restore(match.snapshot()), seat))
            match.apply(seat, beginner.choose(situation))
    return found


def pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


async def measure(game: str, count: int, level: str) -> str:
    found = positions(game, count)
    plugin = BUILTIN.plugin(game)
    budget = SearchBudget()
    beginner = player_of(plugin, "beginner", budget)
    on_loop: list[float] = []
    for match, seat in found:
        start = time.thread_time()
        beginner.choose(Situation.at(match, seat, random.Random(1)))
        on_loop.append(time.thread_time() - start)
    decisions = ComputerDecisions(default_registry(BUILTIN, budget), BUILTIN, budget, workers=1)
    await asyncio.gather(*decisions.start())
    sizes: list[int] = []
    thread_cpu: list[float] = []
    process_cpu: list[float] = []
    worker_cpu: list[float] = []
    for levels in ("beginner", level):
        for match, seat in found:
            legal = match.legal_actions(seat)
            t0, p0 = time.thread_time(), time.process_time()
            request = DecisionRequest.at(
                match, seat, level=levels, budget=budget, seed=1, legal=legal
            )
            result = await decisions._ask(request)
            assert result is not None and result.action is not None
            match.spec.parse_action(result.action)
            thread_cpu.append(time.thread_time() - t0)
            process_cpu.append(time.process_time() - p0)
            worker_cpu.append(result.cpu_seconds)
            sizes.append(len(pickle.dumps(request, protocol=pickle.HIGHEST_PROTOCOL)))
    await decisions.close()
    n = len(found)
    ms = 1000.0
    return (
        f"{game}: {n} positions; beginner on the loop CPU p50 {pct(on_loop, 0.5) * ms:.3f} ms, "
        f"p99 {pct(on_loop, 0.99) * ms:.3f} ms, mean {statistics.fmean(on_loop) * ms:.3f} ms\n"
        f"  round trip to a worker: request pickle p50 {pct(sizes, 0.5):.0f} B, "
        f"max {max(sizes)} B; loop thread CPU p50 {pct(thread_cpu, 0.5) * ms:.3f} ms, "
        f"p99 {pct(thread_cpu, 0.99) * ms:.3f} ms, mean "
        f"{statistics.fmean(thread_cpu) * ms:.3f} ms; the bot process's CPU (helper threads "
        f"too) p50 {pct(process_cpu, 0.5) * ms:.3f} ms, mean "
        f"{statistics.fmean(process_cpu) * ms:.3f} ms\n"
        f"  in the worker: beginner CPU p50 {pct(worker_cpu[:n], 0.5) * ms:.3f} ms; "
        f"{level} CPU p50 {pct(worker_cpu[n:], 0.5) * ms:.1f} ms, "
        f"p99 {pct(worker_cpu[n:], 0.99) * ms:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(BUILTIN.names()))
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--level", default="club", help="the searching level also sent")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    for game in args.games.split(","):
        print(asyncio.run(measure(game, args.positions, args.level)))
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
