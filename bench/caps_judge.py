"""The end-of-hand Caps judge (T3-16.9): its CPU per hand end, and the event-loop stall
another table sees while it runs off the loop (``Match.prepare`` in a worker thread, as
``TableManager._prepare`` runs it).

    python bench/caps_judge.py [--hands 150] [--caps-rate 0.05] [--players 4,6,8] [--inline]

Hands are played by random legal play, except that a Caps call offered is made only with
probability ``--caps-rate`` per offer (random play would call at half its offers, far
more often than people do). At each hand's last card the judge's work runs in a thread
(its CPU measured with ``time.thread_time``) while the loop runs a 1 ms ticker, standing
for another table's clicks: a tick's lateness is the stall that table sees. Prints the
judge's median, p99 and max CPU per hand end, and the ticks' p99 and max lateness.
``--inline`` runs the judge on the loop instead, as before ``Match.prepare``;
``--process`` in a worker process (the match pickled to it, the rulings sent back), to
compare with the thread the tables use.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.random_play import choose

TICK = 0.001


def cpu_of(work: Callable[[], object]) -> float:
    """The CPU seconds ``work`` takes in this thread."""
    start = time.thread_time()
    work()
    return time.thread_time() - start


def judged_elsewhere(match: Any, teams: list[int]) -> tuple[float, dict[Any, Any]]:
    """The hand-end rulings worked out in a worker process from a copy of the match: the
    CPU they took there and the rulings, to be installed in the match's own judge."""
    start = time.process_time()
    judge = match.judge()
    judge.prepare_hand_end(teams)
    return time.process_time() - start, judge._rulings


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


async def hand_ends(
    players: int,
    hands: int,
    caps_rate: float,
    seed: int,
    inline: bool = False,
    pool: concurrent.futures.ProcessPoolExecutor | None = None,
) -> tuple[list[float], list[float], list[float]]:
    """The judge's CPU per hand end, every tick's lateness, and the lateness of the ticks
    that overlapped a judge's run (the stall the judge itself causes; the others measure
    the machine's load too)."""
    spec = registry.get("304")
    rng = random.Random(seed)
    judged: list[float] = []
    late: list[float] = []
    during: list[float] = []
    judging: list[float] = [0.0, -1.0]  # (start, end) of the judge's last run
    running = True

    async def ticker() -> None:
        while running:
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            end = time.perf_counter()
            late.append(end - start - TICK)
            # a judge running during the tick, or ended after it began
            if (judging[1] < 0 or judging[1] > start) and 0 < judging[0] < end:
                during.append(end - start - TICK)

    ticks = asyncio.create_task(ticker())
    done = 0
    match_seed = seed
    while done < hands:
        match = spec.new_match(players, None, seed=match_seed)
        match_seed += 1
        while not match.is_over and done < hands:
            seat = next(iter(match.to_act))
            legal = match.legal_actions(seat)
            if rng.random() >= caps_rate:
                legal = [a for a in legal if a.kind != "caps"] or legal
            action = choose(spec, legal, rng)
            work = match.prepare(seat, action)
            if work is not None:
                judging[:] = [time.perf_counter(), -1.0]
                if pool is not None:
                    m: Any = match  # (304's match: its judge and Caps teams)
                    spent, rulings = await asyncio.get_running_loop().run_in_executor(
                        pool, judged_elsewhere, m, list(m._caps_teams)
                    )
                    m.judge()._rulings.update(rulings)
                    judged.append(spent)
                elif inline:
                    judged.append(cpu_of(work))
                else:
                    judged.append(await asyncio.to_thread(cpu_of, work))
                judging[1] = time.perf_counter()
                done += 1
            match.apply(seat, action)
            await asyncio.sleep(0)  # the loop's other work between actions
    running = False
    await ticks
    return judged, late, during


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--caps-rate", type=float, default=0.05)
    parser.add_argument("--players", default="4,6,8")
    parser.add_argument("--inline", action="store_true", help="the judge on the loop (before)")
    parser.add_argument("--process", action="store_true", help="the judge in a worker process")
    args = parser.parse_args(argv)
    pool = None
    if args.process:
        context = multiprocessing.get_context("forkserver")
        pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=context)
        pool.submit(int).result()  # started before the clock runs
    for players in (int(p) for p in args.players.split(",")):
        run = hand_ends(players, args.hands, args.caps_rate, players, args.inline, pool)
        judged, late, during = asyncio.run(run)
        ms = [1000 * t for t in judged]
        stall = [1000 * t for t in late]
        own = [1000 * t for t in during] or [0.0]
        print(
            f"304 {players}p, {len(ms)} hand ends (caps rate {args.caps_rate}"
            f"{', on the loop' if args.inline else ''}{', in a process' if pool else ''}): "
            "judge CPU "
            f"median {statistics.median(ms):.2f} ms, p99 {quantile(ms, 0.99):.1f} ms, "
            f"max {max(ms):.1f} ms; another table's stall over {len(stall)} ticks: "
            f"p99 {quantile(stall, 0.99):.1f} ms, max {max(stall):.1f} ms; the {len(during)} "
            f"ticks while a judge ran: p99 {quantile(own, 0.99):.1f} ms, max {max(own):.1f} ms; "
            f"load {' '.join(Path('/proc/loadavg').read_text().split()[:3])}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
