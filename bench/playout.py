"""Random legal playouts through the engine contract, for any registered game.

    python bench/playout.py [GAME ...] [--players N] [--seconds S] [--option NAME=VALUE ...]

Prints matches/s, hands/s and actions/s per game, the bare follow-suit loop's cards/s
measured in the same run, and the engine's actions/s as a percentage of it.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.follow_suit_loop import cards_per_second
from rules import registry
from rules.random_play import choose


def playouts(
    name: str, players: int, seconds: float, seed: int = 1, options: dict[str, Any] | None = None
) -> dict[str, float]:
    spec = registry.get(name)
    rng = random.Random(seed)
    actions = hands = matches = 0
    start = time.process_time()
    deadline = start + seconds
    match_seed = seed
    while time.process_time() < deadline:
        match = spec.new_match(players, options, seed=match_seed)
        match_seed += 1
        while not match.is_over:
            to_act = match.to_act
            seat = next(iter(to_act)) if len(to_act) == 1 else rng.choice(sorted(to_act))
            match.apply(seat, choose(spec, match.legal_actions(seat), rng))
            actions += 1
        hands += len(match.hand_results)
        matches += 1
    elapsed = time.process_time() - start
    return {
        "matches_per_s": matches / elapsed,
        "hands_per_s": hands / elapsed,
        "actions_per_s": actions / elapsed,
    }


def compare(
    name: str,
    players: int,
    seconds: float,
    rounds: int = 6,
    options: dict[str, Any] | None = None,
) -> tuple[dict[str, float], float]:
    """Engine figures and the bare loop's cards/s, measured in alternating slices so that
    load from other processes falls on both alike."""
    totals = {"matches_per_s": 0.0, "hands_per_s": 0.0, "actions_per_s": 0.0}
    loop = 0.0
    for i in range(rounds):
        loop += cards_per_second(seconds / rounds, seed=i)
        slice_figures = playouts(name, players, seconds / rounds, 1000 * i, options)
        for key, value in slice_figures.items():
            totals[key] += value
    return {k: v / rounds for k, v in totals.items()}, loop / rounds


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=registry.names())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE (JSON value)")
    args = parser.parse_args(argv)
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    for name in args.games:
        spec = registry.get(name)
        counts = [args.players] if args.players else list(spec.player_counts)
        for players in counts:
            r, loop = compare(name, players, args.seconds, options=options)
            print(
                f"{name} ({players}p): {r['matches_per_s']:,.1f} matches/s, "
                f"{r['hands_per_s']:,.0f} hands/s, {r['actions_per_s']:,.0f} actions/s; "
                f"bare follow-suit loop {loop:,.0f} cards/s; "
                f"{100 * r['actions_per_s'] / loop:.0f}% of the bare loop"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
