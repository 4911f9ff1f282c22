"""A decision worker's CPU per computer move, on the requests a load run sends it (issue 35).

    python bench/worker_cost.py [--game nigerian_thunee] [--matches 120] [--moves 12]
                                [--level club] [--repeat 3] [--profile] [--no-digest]

The load benchmark (``bench/discord_load.py --tables 500 --actions 3 --think 10``) plays
the first dozen moves of each table's first hand: the deal, the auction and the first
tricks. Here seeded matches play their first ``--moves`` moves with every seat at
``--level``; each move is a ``DecisionRequest`` as the table manager sends it, pickled.
Each request is then served as ``tables.decision_worker`` serves it (unpickled, decided,
the answer pickled), and the CPU is split: the whole request, the decision alone
(``player.choose``), the rest (the worker's own overhead). ``--repeat N`` keeps each
request's least CPU of N (a loaded machine disturbs it less). The digest covers every
answer: run it on two checkouts and compare. CPU times; the load average is printed.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import os
import pickle
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players.budget import SearchBudget
from players.decision import DecisionRequest, decide
from rules.registry import BUILTIN


def requests(game: str, matches: int, moves: int, level: str) -> list[bytes]:
    """The pickled requests of ``matches`` seeded matches' first ``moves`` moves, every
    seat at ``level`` (the move each answer chose is applied)."""
    plugin = BUILTIN.plugin(game)
    budget = SearchBudget()
    found: list[bytes] = []
    for seed in range(matches):
        match = plugin.spec.new_match(4, None, seed=seed)
        dice = random.Random(seed)
        for _ in range(moves):
            if match.is_over:
                break
            seat = min(match.to_act)
            request = DecisionRequest.at(
                match, seat, level=level, budget=budget, seed=dice.getrandbits(64)
            )
            found.append(pickle.dumps(request, pickle.HIGHEST_PROTOCOL))
            action = decide(request).action
            assert action is not None
            match.apply(seat, plugin.spec.parse_action(action))
    return found


def serve_one(payload: bytes) -> tuple[bytes, float]:
    """What ``tables.decision_worker.serve`` does with one request: the answer's pickle,
    and the decision's own CPU (``DecisionResult.cpu_seconds``)."""
    result = decide(pickle.loads(payload))
    return pickle.dumps(result, pickle.HIGHEST_PROTOCOL), result.cpu_seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="nigerian_thunee")
    parser.add_argument("--matches", type=int, default=120)
    parser.add_argument("--moves", type=int, default=12)
    parser.add_argument("--level", default="club")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile the serving (CPU)")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    found = requests(args.game, args.matches, args.moves, args.level)
    digest = hashlib.sha256()
    whole: list[float] = []
    deciding: list[float] = []
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    for payload in found:
        best = (float("inf"), 0.0)
        answer = b""
        for _ in range(args.repeat):
            if profiler is not None:
                profiler.enable()
            start = time.thread_time()
            answer, decided = serve_one(payload)
            spent = time.thread_time() - start
            if profiler is not None:
                profiler.disable()
            best = min(best, (spent, decided))
        whole.append(best[0] * 1000)
        deciding.append(best[1] * 1000)
        digest.update(repr(pickle.loads(answer).action).encode())
    phases: dict[str, list[float]] = {}
    for payload, spent in zip(found, whole, strict=True):
        phases.setdefault(pickle.loads(payload).phase, []).append(spent)
    sizes = [len(p) for p in found]
    forced = sum(1 for p in found if len(pickle.loads(p).legal) == 1)
    rest = [w - d for w, d in zip(whole, deciding, strict=True)]
    print(
        f"{args.game} {args.level}: {len(found)} requests ({forced} with one legal action), "
        f"pickle p50 {statistics.median(sizes)} B; worker CPU ms per request mean "
        f"{statistics.fmean(whole):.2f} (decision {statistics.fmean(deciding):.2f}, the rest "
        f"{statistics.fmean(rest):.3f}), p50 {statistics.median(whole):.2f}, "
        f"max {max(whole):.2f}; digest {digest.hexdigest()[:16]}; "
        f"load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    print(
        "  by phase (requests, mean CPU ms, share of the CPU): "
        + "; ".join(
            f"{phase} {len(ms)}, {statistics.fmean(ms):.2f}, {sum(ms) / sum(whole):.0%}"
            for phase, ms in phases.items()
        ),
        flush=True,
    )
    if profiler is not None:
        pstats.Stats(profiler).sort_stats(os.environ.get("SORT", "tottime")).print_stats(
            int(os.environ.get("TOP", "30"))
        )


if __name__ == "__main__":
    main()
