"""Where one action's time goes in the bot, part by part, without Discord.

    python bench/action_cost.py [GAME] [--players N] [--deals D]

Plays D deals with heuristic computers in every seat and, before each action, does what
the bot does for the seat to act: its legal actions and view, the public view, the hand
view (text and layout, then its discord.ui view), the table message text, both picture
scenes and both pictures (drawn uncached), a computer's choice, then applies the action.
Prints CPU ms (this thread's) per part: mean, p50, p99, max, most costly first.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.hand_view import render_hand
from cogs.table_pictures import hand_scene_of, table_scene_of
from cogs.table_view import render_table
from pictures.render import render_hand as hand_picture
from pictures.render import render_table as table_picture
from players import default_registry
from players.base import Situation
from rules import registry
from storage import TableStatus
from tables.table import SeatState, SeatView, TableState

T = TypeVar("T")


def english(text: str) -> str:
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="telefunken")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    spec = registry.get(args.game)
    n = args.players
    match = spec.new_match(n, spec.parse_options({}), seed=args.seed)
    computer = default_registry().get("heuristic", args.game)
    rng = random.Random(args.seed)
    costs: dict[str, list[float]] = defaultdict(list)

    def timed(part: str, work: Callable[..., T], *a: Any) -> T:
        start = time.thread_time()
        result = work(*a)
        costs[part].append((time.thread_time() - start) * 1000)
        return result

    seats = tuple(
        SeatState(i, f"P{i}", 100 + i if i == 0 else None, None if i == 0 else "heuristic", False)
        for i in range(n)
    )
    names = [f"P{i}" for i in range(n)]
    steps = 0
    while not match.is_over and len(match.hand_results) < args.deals and steps < 20_000:
        seat = min(match.to_act)
        legal = timed("legal actions", match.legal_actions, seat)
        view = timed("view(seat)", match.view, seat)
        public = timed("public view", match.public_view)
        state = TableState(
            id=1, game=args.game, title=spec.title, status=TableStatus.RUNNING, channel_id=1,
            guild_id=1, host_id=100, players=n, options={}, slow=False, seats=seats,
            teams=spec.teams(n), seq=steps, phase=match.phase, to_act=match.to_act,
            deadline=None, public=public, result=None,
        )  # fmt: skip
        seat_view = SeatView(1, seat, steps, match.phase, view, legal, None, False)
        hand = timed("hand view: text and layout", render_hand, seat_view, state, english)
        timed("hand view: discord.ui view", hand.view, english)
        timed("table message text", render_table, state, english)
        table_scene = timed("table scene", table_scene_of, state, names, english)
        hand_scene = timed("hand scene", hand_scene_of, seat_view)
        if table_scene is not None:
            timed("table picture (new scene)", table_picture.__wrapped__, table_scene)
        if hand_scene is not None:
            timed("hand picture (new scene)", hand_picture.__wrapped__, hand_scene)
        situation = Situation(
            spec=spec, players=n, seat=seat, options=match.options, teams=spec.teams(n),
            phase=match.phase, view=view, legal=legal, rng=rng,
        )  # fmt: skip
        action = timed("computer's choice", computer.choose, situation)
        timed("apply", match.apply, seat, action)
        steps += 1
    print(f"{args.game}, {n} seats, {steps} actions, {len(match.hand_results)} deals; CPU ms")
    for part, values in sorted(costs.items(), key=lambda kv: -sum(kv[1])):
        ordered = sorted(values)
        print(
            f"{part:28s} mean {statistics.mean(values):7.3f}  p50 {ordered[len(ordered) // 2]:7.3f}"
            f"  p99 {ordered[int(len(ordered) * 0.99)]:7.3f}  max {ordered[-1]:8.3f}"
        )


if __name__ == "__main__":
    main()
