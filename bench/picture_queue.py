"""The picture queue past saturation: how long answers wait for their pictures.

    python bench/picture_queue.py [--rate 150] [--draw-ms 8] [--seconds 10] [--mode thread]

Answers ask the bot's ``PictureDrawer`` for a picture not drawn yet (``wait`` =
``ANSWER_WAIT``, as a click's answer does) at ``--rate`` per second, while the worker
needs ``--draw-ms`` per picture (a sleep, so the figures hardly depend on the machine's
load): past 1000 / draw-ms per second the drawing falls behind. Prints the answers' waits
(p50/p99) and how many got their picture. This is the queue behind bench/discord_load.py's
cliff between 100 and 500 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cogs.table_pictures import ANSWER_WAIT, PictureDrawer
from pictures import HandScene
from pictures.render import SceneCache

DRAW_SECONDS = 0.008


def slow_draw(scene: HandScene) -> bytes:
    time.sleep(DRAW_SECONDS)
    return b"\x89PNG " + scene.caption.encode()


async def run(rate: float, seconds: float, mode: str) -> tuple[list[float], int]:
    drawer = PictureDrawer(mode)
    drawer.start()
    cache: SceneCache[HandScene] = SceneCache(slow_draw)
    waits: list[float] = []
    drawn = 0

    async def answer(n: int) -> None:
        nonlocal drawn
        started = time.perf_counter()
        picture = await drawer.draw(cache, HandScene(cards=("2C",), caption=str(n)), ANSWER_WAIT)
        waits.append(time.perf_counter() - started)
        drawn += picture is not None

    tasks = []
    start = time.perf_counter()
    n = 0
    while time.perf_counter() - start < seconds:
        tasks.append(asyncio.ensure_future(answer(n)))
        n += 1
        await asyncio.sleep(max(0.0, start + n / rate - time.perf_counter()))
    await asyncio.gather(*tasks)
    await drawer.aclose()
    return sorted(waits), drawn


def main() -> None:
    global DRAW_SECONDS
    parser = argparse.ArgumentParser()
    parser.add_argument("--rate", type=float, default=150.0, help="answers per second")
    parser.add_argument("--draw-ms", type=float, default=8.0)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--mode", default="thread", choices=("thread",))
    args = parser.parse_args()
    DRAW_SECONDS = args.draw_ms / 1000
    waits, drawn = asyncio.run(run(args.rate, args.seconds, args.mode))
    print(
        f"{len(waits)} answers at {args.rate:.0f}/s, {args.draw_ms:.0f} ms per picture"
        f" (capacity {1000 / args.draw_ms:.0f}/s), load average {os.getloadavg()[0]:.1f}:"
        f" wait p50 {statistics.median(waits) * 1000:.0f} ms,"
        f" p99 {waits[int(len(waits) * 0.99)] * 1000:.0f} ms;"
        f" {100 * drawn / len(waits):.0f}% answered with their picture"
    )


if __name__ == "__main__":
    main()
