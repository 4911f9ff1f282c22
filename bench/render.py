"""Card pictures: time per table image and per hand image, and bytes per image.

    python bench/render.py [--repeat N]

Targets (issue 12): < 15 ms per image on this machine, < 60 KB per image. A timed render
misses the scene cache (a new state) with the card sprites already drawn, which is the
steady state of a running bot. Columns: "cpu" is the median of the process's own CPU
time (a busy shared machine does not inflate it), then wall-clock best, median and p90.
"first" is the very first picture of a process (fonts, sprites and the palette are made
then); "cache hit" is an unchanged scene.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image

from pictures import render_hand, render_table
from tests.pictures.examples import (
    TELEFUNKEN_HAND,
    TELEFUNKEN_TABLE,
    THREE_O_FOUR_CLOSED,
    THUNEE_HAND,
    THUNEE_TRICK,
)
from tests.pictures.test_output import (
    biggest_hand,
    busiest_rummy_table,
    busiest_trick_table,
)

CASES: list[tuple[str, Callable[[Any], bytes], Any]] = [
    ("table: Thunee trick, 4 seats", render_table, THUNEE_TRICK),
    ("table: 304 closed trump, 4 seats", render_table, THREE_O_FOUR_CLOSED),
    ("table: 304, 8 seats, long names", render_table, busiest_trick_table()),
    ("table: Telefunken, 4 seats", render_table, TELEFUNKEN_TABLE),
    ("table: rummy, 6 seats x 4 melds", render_table, busiest_rummy_table()),
    ("hand: Thunee, 6 cards", render_hand, THUNEE_HAND),
    ("hand: Telefunken, 14 cards", render_hand, TELEFUNKEN_HAND),
    ("hand: 22 cards, two rows", render_hand, biggest_hand()),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60)
    args = parser.parse_args()

    start = time.perf_counter()
    render_table.__wrapped__(THUNEE_TRICK)  # type: ignore[attr-defined]
    first_ms = (time.perf_counter() - start) * 1000
    print(f"first picture of the process (fonts, sprites, palette): {first_ms:.1f} ms\n")

    print(f"load average before: {os.getloadavg()[0]:.2f} (the machine is shared: see 'best')")
    print(
        f"{'case':36} {'cpu ms':>7} {'best ms':>8} {'median ms':>10} {'p90 ms':>8} {'bytes':>8}"
        "  size"
    )
    worst = {"table": 0.0, "hand": 0.0}
    for label, render, scene in CASES:
        uncached = render.__wrapped__  # type: ignore[attr-defined]
        data = uncached(scene)  # sprites for this scene drawn once, as a live bot has them
        times, cpu = [], []
        for _ in range(args.repeat):
            t0, c0 = time.perf_counter(), time.process_time()
            uncached(scene)
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
        times.sort()
        median = statistics.median(times)
        cpu_median = statistics.median(cpu)
        p90 = times[int(len(times) * 0.9) - 1]
        kind = label.split(":")[0]
        worst[kind] = max(worst[kind], cpu_median)
        size = Image.open(io.BytesIO(data)).size
        print(
            f"{label:36} {cpu_median:7.2f} {times[0]:8.2f} {median:10.2f} {p90:8.2f} {len(data):8,}"
            f"  {size[0]}x{size[1]}"
        )

    render_table(THUNEE_TRICK)
    t0 = time.perf_counter()
    for _ in range(10_000):
        render_table(THUNEE_TRICK)
    hit_us = (time.perf_counter() - t0) / 10_000 * 1e6
    print(f"\ncache hit (unchanged scene): {hit_us:.2f} us")
    print(
        f"worst cpu median: table {worst['table']:.2f} ms, hand {worst['hand']:.2f} ms"
        " (target < 15)"
    )


if __name__ == "__main__":
    main()
