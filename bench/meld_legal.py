"""The meld search on the click path (issue 37): CPU per legal-actions computation at the
largest hands, and a digest of which actions are offered.

Positions come from seeded random play: Tonk dealt 10 cards with wild 2s, at a turn where
the player holds 11 cards (after the draw) and at least one 2; Telefunken's seventh deal
(the longest contract, the most cards), at every play turn. Each position is computed once
per pass, in order, the process's meld memos carried from one position to the next as in
a running bot ("warm"), and once more with every memo cleared before each call ("cold").

The digest hashes every position's offered action ids in order: a change to the search
must leave it as it was (``--check DIGEST`` fails otherwise).

Each figure is the fastest of ``--passes`` passes (the machine's other jobs only add time).

Run: ``python bench/meld_legal.py [--positions N] [--passes P] [--check TONK,TELEFUNKEN]``
(the digests as printed).
"""

from __future__ import annotations

import argparse
import copy
import functools
import gc
import hashlib
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import registry, rummy
from rules.contract import Action, Match
from rules.random_play import random_step

Compute = Callable[[Any], list[Action]]


def position(match: Any) -> Any:
    """A copy of ``match`` that shares its rules objects: the meld memos are kept per rules
    object, and a copied one would start every position with empty memos."""
    shared = [getattr(match, name, None) for name in ("rules", "rs")]
    return copy.deepcopy(match, {id(v): v for v in shared if v is not None})


def tonk_positions(count: int, seed: int) -> Iterator[Any]:
    spec = registry.get("tonk")
    rng = random.Random(seed)
    found = 0
    while True:
        match: Any = spec.new_match(4, {"hand_size": 10, "hands": 50}, seed=rng.randrange(2**31))
        while not match.is_over:
            seat = match.turn
            hand = match.hands[seat]
            wild = any(c % 13 == 0 for c in hand)  # a 2 (rank index 0)
            if match._phase == "play" and len(hand) == 11 and wild:
                yield position(match)
                found += 1
                if found >= count:
                    return
            match.apply(*random_step(match, rng))


def telefunken_positions(count: int, seed: int) -> Iterator[Any]:
    spec = registry.get("telefunken")
    rng = random.Random(seed)
    found = 0
    while True:
        match: Any = spec.new_match(4, {}, seed=rng.randrange(2**31))
        while not match.is_over and match.deal_no <= 7:
            seat = match.turn_player
            if match.deal_no == 7 and match._phase == "play" and seat in match.to_act:
                yield position(match)
                found += 1
                if found >= count:
                    return
            match.apply(*random_step(match, rng))


def tonk_compute(match: Any) -> list[Action]:
    """What a click costs: the state's legal actions worked out again (``_refresh`` runs
    once per change of state) and asked for."""
    match._refresh()
    legal: list[Action] = match.legal_actions(match.turn)
    return legal


def telefunken_compute(match: Any) -> list[Action]:
    match._cache.clear()
    legal: list[Action] = match.legal_actions(match.turn_player)
    return legal


def clear_memos() -> None:
    """Every meld memo of the process (rules objects' answers and the lru caches)."""
    rummy._MEMO.clear()
    for module in list(sys.modules.values()):
        name = getattr(module, "__name__", "")
        if not name.startswith("rules."):
            continue
        for value in vars(module).values():
            if isinstance(value, functools._lru_cache_wrapper):
                value.cache_clear()


def measure(positions: list[Match[Any]], compute: Compute, cold: bool) -> tuple[list[float], str]:
    """CPU seconds per call, and the digest of what was offered."""
    digest = hashlib.sha256()
    times = []
    clear_memos()
    gc.disable()
    try:
        for match in positions:
            if cold:
                clear_memos()
            start = time.process_time()
            legal = compute(match)
            times.append(time.process_time() - start)
            digest.update(("\n".join(a.id for a in legal) + "\n\n").encode())
    finally:
        gc.enable()
    return times, digest.hexdigest()[:16]


def row(name: str, times: list[float]) -> str:
    us = sorted(t * 1e6 for t in times)
    p95 = us[min(len(us) - 1, int(len(us) * 0.95))]
    return (
        f"{name:<34} mean {statistics.fmean(us):7.1f} µs  median {statistics.median(us):7.1f}"
        f"  p95 {p95:7.1f}  max {us[-1]:7.1f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--passes", type=int, default=3, help="passes; the fastest is shown")
    parser.add_argument("--check", default="", help="expected digests, tonk,telefunken")
    args = parser.parse_args()
    print(f"load {Path('/proc/loadavg').read_text().split()[0]}")
    games: list[tuple[str, list[Any], Compute]] = [
        ("Tonk, 11 cards with wild 2s", list(tonk_positions(args.positions, 1)), tonk_compute),
        (
            "Telefunken, seventh deal",
            list(telefunken_positions(args.positions, 2)),
            telefunken_compute,
        ),
    ]
    digests = []
    for name, positions, compute in games:
        # the pass with the lowest mean of several: other jobs on the machine only add time
        warm, digest = min(
            (measure(positions, compute, cold=False) for _ in range(args.passes)),
            key=lambda run: statistics.fmean(run[0]),
        )
        cold, cold_digest = min(
            (measure(positions, compute, cold=True) for _ in range(args.passes)),
            key=lambda run: statistics.fmean(run[0]),
        )
        assert digest == cold_digest, "a memo changed what is offered"
        sizes = [len(compute(p)) for p in positions]
        print(f"{name}: {len(positions)} positions, {statistics.fmean(sizes):.0f} actions each")
        print("  " + row("warm (memos carried)", warm))
        print("  " + row("cold (memos cleared each call)", cold))
        print(f"  digest {digest}")
        digests.append(digest)
    if args.check and args.check.split(",") != digests:
        print(f"digests differ: expected {args.check}, got {','.join(digests)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
