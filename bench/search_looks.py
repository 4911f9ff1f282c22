"""304's expert with its early looks (bids: stop once the choice is clear; card play: drop
cards clearly behind, stop once the leader is clear) against the same search on all its
worlds, on seeded positions: how often the two choose the same, how many stop early, what
a different card costs on the full search's own scores, CPU of each (issue 35: a move
within a second at 500 tables).

    python bench/search_looks.py [--players 4,6,8] [--decisions 600] [--cards 300]
                                 [--checks 0.25,0.5] [--card-checks 0.25,0.5]
                                 [--tolerance T] [--rollouts N]

Positions come from seeded matches the beginner plays (``bench/decision_ipc.positions``):
every auction decision with a bid legal, and every other card-play decision with two or
more cards legal. Each is decided twice from a fresh ``Situation`` with the same seeded RNG
and no time cap: once with no look (``bid_checks = card_checks = exact_checks = ()``), once
with ``--checks`` (bids), ``--card-checks`` (card play) and the solved end's
``EXACT_CHECKS``. CPU is the deciding
thread's (``time.thread_time``).
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

from bench.decision_ipc import positions
from players.base import Situation
from players.budget import SearchBudget
from players.search.three_o_four import (
    BID_CHECKS,
    CARD_CHECKS,
    CARD_TOLERANCE,
    ThreeOFourSearch,
)
from players.tricks import TrickHeuristic
from rules.contract import Match


def bidding(situation: Situation, step: int) -> bool:
    return situation.phase in ("bidding", "second_bidding") and any(
        a.kind == "bid" for a in situation.legal
    )


def card_play(situation: Situation, step: int) -> bool:
    cards = sum(a.kind in ("play", "indicator") for a in situation.legal)
    return situation.phase == "play" and cards > 1 and step % 2 == 0


def auctions(players: int, count: int) -> list[tuple[Match[Any], int]]:
    return positions("304", count, players, keep=bidding)


def card_plays(players: int, count: int) -> list[tuple[Match[Any], int]]:
    return positions("304", count, players, keep=card_play)


class Scored(ThreeOFourSearch):
    """The search keeping its last card scores (one per legal card, in order)."""

    scores: list[float] | None = None

    def _search(self, *args: Any, **kwargs: Any) -> list[float] | None:
        self.scores = super()._search(*args, **kwargs)
        return self.scores


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="4,6,8")
    parser.add_argument("--decisions", type=int, default=600, help="auction decisions")
    parser.add_argument("--cards", type=int, default=300, help="card-play decisions")
    parser.add_argument("--checks", default=",".join(str(c) for c in BID_CHECKS), help="bids")
    parser.add_argument(
        "--card-checks", default=",".join(str(c) for c in CARD_CHECKS), help="card play"
    )
    parser.add_argument("--tolerance", type=float, default=CARD_TOLERANCE)
    parser.add_argument(
        "--rollouts", type=int, default=SearchBudget().rollouts, help="60: the club's budget"
    )
    args = parser.parse_args()
    checks = tuple(float(c) for c in args.checks.split(",") if c)
    card_checks = tuple(float(c) for c in args.card_checks.split(",") if c)
    budget = replace(SearchBudget(), rollouts=args.rollouts, time_cap_ms=0.0)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for players in (int(p) for p in args.players.split(",")):
        full = Scored(TrickHeuristic("304"), budget)
        full.bid_checks = full.card_checks = ()
        full.exact_checks = ()
        early = ThreeOFourSearch(TrickHeuristic("304"), budget)
        early.bid_checks = checks
        early.card_checks = card_checks
        early.card_tolerance = args.tolerance
        for kind, found in (
            ("bids", auctions(players, args.decisions)),
            ("cards", card_plays(players, args.cards)),
        ):
            same = stopped = 0
            cpu_full: list[float] = []
            cpu_early: list[float] = []
            costs: list[float] = []
            for n, (match, seat) in enumerate(found):
                full.scores = None
                situation = Situation.at(match, seat, random.Random(n))
                plays = [a for a in situation.legal if a.kind in ("play", "indicator")]
                start = time.thread_time()
                everything = full.choose(situation)
                cpu_full.append((time.thread_time() - start) * 1000.0)
                worlds, scores = full.last.worlds, full.scores
                start = time.thread_time()
                looked = early.choose(Situation.at(match, seat, random.Random(n)))
                cpu_early.append((time.thread_time() - start) * 1000.0)
                same += looked == everything
                stopped += early.last.worlds < worlds
                if kind == "cards":
                    cost = 0.0
                    if scores and looked != everything and looked in plays:
                        cost = scores[plays.index(everything)] - scores[plays.index(looked)]
                    costs.append(cost)
            lost = (
                f", tokens lost a decision on the full scores mean {statistics.fmean(costs):.4f} "
                f"max {max(costs):.3f}"
                if costs
                else ""
            )
            print(
                f"304 {players}p {len(found)} {kind}, looks at "
                f"{checks if kind == 'bids' else card_checks}"
                f"{f' tolerance {args.tolerance}' if kind == 'cards' else ''}: same choice "
                f"{same} ({same / len(found):.1%}), stopped early {stopped}{lost}; CPU ms all "
                f"worlds mean {statistics.fmean(cpu_full):.1f} p50 {pct(cpu_full, 0.5):.1f} "
                f"p99 {pct(cpu_full, 0.99):.1f}, with looks mean "
                f"{statistics.fmean(cpu_early):.1f} p50 {pct(cpu_early, 0.5):.1f} "
                f"p99 {pct(cpu_early, 0.99):.1f}; load {os.getloadavg()[0]:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
