"""304's simulated bid with its early looks against the same bid on all its worlds, on
seeded auctions: how often the two choose the same, how many stop early, CPU of each
(issue 35: the auction's moves are what 500 tables of experts wait on first).

    python bench/bid_checks.py [--players 4,6,8] [--decisions 600] [--checks 0.25,0.5]

Auction decisions come from seeded matches the beginner bids (every decision with a bid
legal, until the hand's play starts). Each is decided twice from a fresh ``Situation`` with
the same seeded RNG and no time cap: once with no early look (``bid_checks = ()``), once
with ``--checks``. CPU is the deciding thread's (``time.thread_time``).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from players.base import Situation
from players.budget import SearchBudget
from players.levels import player_of
from players.search.three_o_four import BID_CHECKS, ThreeOFourSearch
from players.tricks import TrickHeuristic
from rules.contract import Match
from rules.registry import BUILTIN


def auctions(players: int, count: int) -> list[tuple[Match[Any], int]]:
    plugin = BUILTIN.plugin("304")
    beginner = player_of(plugin, "beginner", SearchBudget())
    found: list[tuple[Match[Any], int]] = []
    seed = 0
    while len(found) < count:
        match = plugin.spec.new_match(players, None, seed=seed)
        rng = random.Random(seed)
        seed += 1
        while not match.is_over and len(found) < count and match.phase != "play":
            seat = min(match.to_act)
            situation = Situation.at(match, seat, rng)
            if situation.phase in ("bidding", "second_bidding") and any(
                a.kind == "bid" for a in situation.legal
            ):
                found.append((plugin.spec.restore(match.snapshot()), seat))
            match.apply(seat, beginner.choose(situation))
    return found


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="4,6,8")
    parser.add_argument("--decisions", type=int, default=600)
    parser.add_argument("--checks", default=",".join(str(c) for c in BID_CHECKS))
    args = parser.parse_args()
    checks = tuple(float(c) for c in args.checks.split(",") if c)
    budget = replace(SearchBudget(), time_cap_ms=0.0)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for players in (int(p) for p in args.players.split(",")):
        full = ThreeOFourSearch(TrickHeuristic("304"), budget)
        full.bid_checks = ()
        early = ThreeOFourSearch(TrickHeuristic("304"), budget)
        early.bid_checks = checks
        same = stopped = 0
        cpu_full: list[float] = []
        cpu_early: list[float] = []
        found = auctions(players, args.decisions)
        for n, (match, seat) in enumerate(found):
            start = time.thread_time()
            everything = full.choose(Situation.at(match, seat, random.Random(n)))
            cpu_full.append((time.thread_time() - start) * 1000.0)
            start = time.thread_time()
            looked = early.choose(Situation.at(match, seat, random.Random(n)))
            cpu_early.append((time.thread_time() - start) * 1000.0)
            same += looked == everything
            stopped += early.last.worlds < full.last.worlds
        print(
            f"304 {players}p {len(found)} bids, looks at {checks}: same choice {same} "
            f"({same / len(found):.1%}), stopped early {stopped}; CPU ms per bid all worlds "
            f"mean {statistics.fmean(cpu_full):.1f} p50 {pct(cpu_full, 0.5):.1f} "
            f"p99 {pct(cpu_full, 0.99):.1f}, with looks mean {statistics.fmean(cpu_early):.1f} "
            f"p50 {pct(cpu_early, 0.5):.1f} p99 {pct(cpu_early, 0.99):.1f}; "
            f"load {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
