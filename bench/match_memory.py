"""Memory one match holds, per engine: after 3 actions, after 200 and finished.

    python bench/match_memory.py [--seed 2]

Plays one random match per game (its largest player count) under ``tracemalloc``, after a
first match that fills the engines' shared memos, and prints what the new match keeps
(the shared, bounded memos it adds to are counted too: an upper bound).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry
from rules.random_play import random_step


def play(game: str, seed: int, marks: tuple[int, ...] = ()) -> dict[int | str, int]:
    spec = registry.get(game)
    start = tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0
    match = spec.new_match(spec.player_counts[-1], seed=seed)
    rng = random.Random(seed)
    kept: dict[int | str, int] = {}
    applied = 0
    while not match.is_over:
        match.apply(*random_step(match, rng))
        applied += 1
        if applied in marks:
            gc.collect()
            kept[applied] = tracemalloc.get_traced_memory()[0] - start
    gc.collect()
    kept["end"] = tracemalloc.get_traced_memory()[0] - start
    kept["actions"] = applied
    del match
    return kept


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=2)
    args = parser.parse_args()
    for game in registry.names():
        play(game, args.seed - 1)  # the shared memos, warmed
        tracemalloc.start()
        kept = play(game, args.seed, marks=(3, 200))
        tracemalloc.stop()
        marks = ", ".join(f"{kept[m] / 1024:.0f} KB after {m}" for m in (3, 200) if m in kept)
        print(f"{game}: {kept['actions']} actions; {marks}; finished {kept['end'] / 1024:.0f} KB")


if __name__ == "__main__":
    main()
