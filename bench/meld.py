"""Meld validation speed (rules/rummy.py): prints microseconds per call.

Run: ``python bench/meld.py``. Figures are CPU time of this process (so other load on the
machine does not inflate them); the target is well under a millisecond for checking an
11+ card hand with wilds.
"""

from __future__ import annotations

import functools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules.cards import JOKER, deck52, deck108, parse_cards
from rules.rummy import (
    TELEFUNKEN_RULES,
    TONK_RULES,
    best_partition,
    deadwood_floor,
    find_melds,
    interpretations,
    meld_from_cards,
)
from rules.telefunken.melds import smallest_melds
from rules.telefunken.variants import Ruleset, TelefunkenOptions, ruleset


def per_call_us(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    calls = 0
    start = time.process_time()
    while True:
        fn()
        calls += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return elapsed / calls * 1e6


def hands(
    deck: list[int], size: int, wilds: int, wild_cards: list[int], seed: int
) -> list[list[int]]:
    rng = random.Random(seed)
    naturals = [c for c in deck if c not in wild_cards]
    out = []
    for _ in range(50):
        out.append(rng.sample(naturals, size - wilds) + rng.sample(wild_cards, wilds))
    return out


def cycle(items: list[list[int]], fn: Callable[[list[int]], object]) -> Callable[[], object]:
    it = iter(range(10**12))

    def call() -> object:
        return fn(items[next(it) % len(items)])

    return call


def offer(hand: list[int], rs: Ruleset) -> object:
    return smallest_melds(hand, rs)


def offer_rows() -> list[tuple[str, float]]:
    """The melds a player is offered on the click path (legal actions, issue 34): Tonk's
    spreads (any 2 as the wild, standing for any card) and Telefunken's new melds after the
    contract (``smallest_melds``: smallest size plus the unbuildable longer ones)."""
    twos = parse_cards(["2S", "2H", "2D", "2C"])
    rows: list[tuple[str, float]] = []
    tonk6 = hands(deck52(), 6, 2, twos, 1)
    rows.append(
        (
            "Tonk spreads offered, 6-card hand, 2 wild 2s",
            per_call_us(cycle(tonk6, lambda h: find_melds(h, TONK_RULES, True))),
        )
    )
    pack = deck108()
    peru_wilds = [c for c in pack if c == JOKER or c % 13 == 0]
    for variant, size in (("venezuela", 12), ("peru1", 12), ("delifante", 14)):
        rs = ruleset(TelefunkenOptions(variant=variant), 4)
        wild_cards = [JOKER] * 4 if variant == "venezuela" else peru_wilds
        offered = hands(pack, size, 2, wild_cards, 4)
        rows.append(
            (
                f"Telefunken {variant} new melds offered, {size} cards, 2 wilds",
                per_call_us(cycle(offered, functools.partial(offer, rs=rs))),
            )
        )
    return rows


def main() -> None:
    twos = parse_cards(["2S", "2H", "2D", "2C"])
    rows: list[tuple[str, float]] = []
    run11 = parse_cards(["3H", "4H", "2C", "6H", "7H", "8H", "2D", "10H", "JH", "QH", "KH"])
    rows.append(
        (
            "validate an 11-card run with 2 wilds (Tonk)",
            per_call_us(lambda: meld_from_cards(run11, TONK_RULES)),
        )
    )
    set9 = parse_cards(["9C", "9C", "9D", "9D", "9H", "9H", "9S", "9S", "*"])
    rows.append(
        (
            "validate a 9-card two-deck set with a joker",
            per_call_us(lambda: meld_from_cards(set9, TELEFUNKEN_RULES)),
        )
    )
    rows.append(
        (
            "all placements of 11 run cards, 2 wilds",
            per_call_us(lambda: interpretations(run11, TONK_RULES)),
        )
    )
    tonk11 = hands(deck52(), 11, 2, twos, 1)
    rows.append(
        (
            "find every meld in an 11-card hand, 2 wild 2s",
            per_call_us(cycle(tonk11, lambda h: find_melds(h, TONK_RULES))),
        )
    )
    tf12 = hands(deck108(), 12, 1, [JOKER] * 4, 2)
    rows.append(
        (
            "find every meld in a 12-card two-deck hand, 1 joker",
            per_call_us(cycle(tf12, lambda h: find_melds(h, TELEFUNKEN_RULES))),
        )
    )
    tonk8 = hands(deck52(), 8, 1, twos, 3)
    rows.append(
        (
            "lower bound of the unmatched count, 8 cards, 1 wild",
            per_call_us(cycle(tonk8, lambda h: deadwood_floor(h, TONK_RULES))),
        )
    )
    rows.append(
        (
            "best partition of an 8-card hand, 1 wild (Hoyle Tunk)",
            per_call_us(cycle(tonk8, lambda h: best_partition(h, TONK_RULES))),
        )
    )
    rows.append(
        (
            "best partition of an 11-card hand, 2 wilds",
            per_call_us(cycle(tonk11, lambda h: best_partition(h, TONK_RULES))),
        )
    )
    rows.append(
        (
            "best partition of a 12-card two-deck hand, 1 joker",
            per_call_us(cycle(tf12, lambda h: best_partition(h, TELEFUNKEN_RULES))),
        )
    )
    rows.extend(offer_rows())
    width = max(len(name) for name, _ in rows)
    print(f"{'meld operation':<{width}}  us/call")
    for name, us in rows:
        print(f"{name:<{width}}  {us:8.1f}")


if __name__ == "__main__":
    main()
