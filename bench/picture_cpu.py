"""The picture worker's CPU per picture (issue 37): what ``pictures.worker`` spends on
each scene the bot sends it, table and hand pictures apart.

    python bench/picture_cpu.py [--root TREE] [--repeat N]

The scenes are those of the load benchmark (``bench/discord_load.py``: Nigerian Thunee,
one person and three computers): the table and the person's hand at every state of
random playouts, plus the example scenes of ``bench/render.py`` (every game family, the
busiest layouts). Each is drawn as the worker draws it (``render.__wrapped__``: the bot's
scene cache has missed), after a warm-up like the worker's, and timed with
``time.process_time`` (the process's own CPU: a busy shared machine does not inflate it
much; report ``uptime`` beside the figures). ``--root`` draws with another tree's
``pictures`` (``--root /work/main`` for the figures before a change), in the same run
conditions.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def playout_scenes(games: int) -> tuple[list[Any], list[Any]]:
    from pictures.from_views import hand_scene, table_scene
    from rules import registry
    from rules.random_play import random_step

    tables: list[Any] = []
    hands: list[Any] = []
    spec = registry.get("nigerian_thunee")
    for seed in range(games):
        match = spec.new_match(4, seed=seed)
        rng = random.Random(seed)
        names = (f"player{seed}", "Computer 2", "Computer 3", "Computer 4")
        for _ in range(400):
            if match.is_over:
                break
            tables.append(table_scene(match.public_view(), names))
            hands.append(hand_scene(match.view(0)))
            match.apply(*random_step(match, rng))
    # One picture per distinct scene, as the bot's cache sends them.
    return list(dict.fromkeys(tables)), list(dict.fromkeys(hands))


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
    parser.add_argument("--repeat", type=int, default=3, help="passes over the scenes")
    parser.add_argument("--games", type=int, default=3, help="playouts for the scene mix")
    args = parser.parse_args()
    sys.path.insert(0, str(Path(args.root).resolve()))

    import pictures
    from pictures.render import render_hand, render_table
    from pictures.worker import warm_up

    print(f"pictures from {Path(pictures.__file__).parent}")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    warm_up()
    tables, hands = playout_scenes(args.games)
    sys.path.insert(1, str(Path(__file__).resolve().parent.parent))
    from bench.render import CASES

    examples = [(label, scene) for label, _, scene in CASES]
    kinds: dict[str, tuple[Callable[[Any], bytes], list[Any]]] = {
        "table (load-bench mix)": (render_table.__wrapped__, tables),
        "hand (load-bench mix)": (render_hand.__wrapped__, hands),
        "table (examples)": (
            render_table.__wrapped__,
            [s for label, s in examples if label.startswith("table")],
        ),
        "hand (examples)": (
            render_hand.__wrapped__,
            [s for label, s in examples if label.startswith("hand")],
        ),
    }
    for draw, scenes in kinds.values():
        for scene in scenes:
            draw(scene)  # the sprites of every card once, as a running worker has them
    print(f"{'kind':24} {'scenes':>6} {'median ms':>9} {'p99 ms':>7} {'mean ms':>7} {'mean KB':>7}")
    for kind, (draw, scenes) in kinds.items():
        cpu: list[float] = []
        size = 0
        for _ in range(args.repeat):
            for scene in scenes:
                start = time.process_time()
                data = draw(scene)
                cpu.append((time.process_time() - start) * 1000)
                size += len(data)
        print(
            f"{kind:24} {len(scenes):6} {statistics.median(cpu):9.2f} "
            f"{percentile(cpu, 0.99):7.2f} {statistics.fmean(cpu):7.2f} "
            f"{size / len(cpu) / 1000:7.1f}"
        )
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
