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

Two rows per kind: "kept", every pass drawing the states in play order with the tiles
(``pictures.compose``) made so far, as a worker at a few hundred tables keeps them; and
"dropped", the tiles of one table only (plates, score boxes) forgotten before each
picture, as at 1,000 tables where the tile cache has let them go by that table's next
picture (the compressed bands of ``pictures.png``, ~16 KB a table, are kept: its budget
holds some 1,500 tables). A tree without tiles draws both the same way.
"""

from __future__ import annotations

import argparse
import contextlib
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
    tiles: Any = None
    bands: Any = None
    with contextlib.suppress(ImportError):  # a tree from before the tiles (issue 37)
        from pictures.compose import tiles
        from pictures.png import bands

    def drop_table_tiles() -> None:
        """Forget the tiles only one table uses (plates, score boxes), as a worker at
        1,000 tables has by the time that table's next picture comes."""
        if tiles is not None:
            with tiles._lock:
                for key in [k for k in tiles._items if k[0] in ("plate", "scores")]:
                    del tiles._items[key]

    print(
        f"{'kind':24} {'tiles':8} {'scenes':>6} {'median ms':>9} {'p99 ms':>7} {'mean ms':>7}"
        f" {'mean KB':>7}"
    )
    for kind, (draw, scenes) in kinds.items():
        for mode in ("kept", "dropped"):
            cpu: list[float] = []
            size = 0
            for _ in range(args.repeat):
                if tiles is not None:
                    tiles.clear()  # each pass draws the states in play order from scratch
                    bands.clear()
                for scene in scenes:
                    if mode == "dropped":
                        drop_table_tiles()
                    start = time.process_time()
                    data = draw(scene)
                    cpu.append((time.process_time() - start) * 1000)
                    size += len(data)
            print(
                f"{kind:24} {mode:8} {len(scenes):6} {statistics.median(cpu):9.2f} "
                f"{percentile(cpu, 0.99):7.2f} {statistics.fmean(cpu):7.2f} "
                f"{size / len(cpu) / 1000:7.1f}"
            )
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
