"""CPU time of one Swiss round's pairing (``leagues.pairing.swiss_round``) by entrant count.

Random standings (0-3 points) and two earlier meetings per entrant, a fixed seed, the
median of ``--repeat`` runs. The pairing is a maximum-weight matching on the complete graph
of the entrants present, so it grows about with the cube of the count; a match night runs
it off the event loop (``tables.nights``)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from leagues.pairing import swiss_round


def one(count: int, seed: int) -> float:
    rng = random.Random(seed)
    entrants = list(range(count))
    points = {e: float(rng.choice([0, 1, 2, 3])) for e in entrants}
    played = {frozenset(rng.sample(entrants, 2)) for _ in range(2 * count)}
    start = time.process_time()
    swiss_round(entrants, points, played)
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--counts", default="8,16,32,64,128")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for count in (int(c) for c in args.counts.split(",")):
        runs = [one(count, seed) for seed in range(args.repeat)]
        print(f"{count:4d} entrants: median {statistics.median(runs) * 1000:8.1f} ms CPU")


if __name__ == "__main__":
    main()
