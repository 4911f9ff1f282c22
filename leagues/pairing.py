"""Fixtures for a match night: Swiss pairings by score and round-robin rounds.

Entrants are plain ids (a pair, a trio or a player: whoever ``leagues`` enters); nothing
here knows a game, a table or a database. Pairings are colour-free: an entrant has no
side to alternate (seats are dealt by the table), so a pairing is an unordered pair,
written (higher ranked, lower ranked).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Round:
    pairs: tuple[Pair, ...]
    bye: int | None = None
    """The entrant who sits this round out (an odd number present), or None."""


def ranked(entrants: Sequence[int], points: Mapping[int, float]) -> list[int]:
    """Entrants by points, best first; equal points keep ``entrants``' order (the seeding,
    e.g. by rating), so the order never depends on how a dict happened to be filled."""
    seed = {e: i for i, e in enumerate(entrants)}
    return sorted(entrants, key=lambda e: (-points.get(e, 0.0), seed[e]))


def swiss_round(
    entrants: Sequence[int],
    points: Mapping[int, float],
    played: Collection[frozenset[int]] = (),
    byes: Collection[int] = (),
) -> Round:
    """The next Swiss round for the entrants present (``entrants`` in seeding order).

    In order of priority:
    1. the bye (odd count) goes to the lowest-ranked entrant who has not had one yet (to
       the lowest-ranked of all when everyone has);
    2. no rematch (a pair in ``played``) while a pairing without one exists;
    3. opponents as close in points as possible (the least sum of squared differences),
       ties broken by rank, so the result is the same for the same standings.

    The pairing is a maximum-weight perfect matching (networkx's blossom algorithm): the
    weights make one avoided rematch worth more than any gain in closeness, so 2 holds
    exactly, not by a greedy search that could paint itself into a corner.
    """
    order = ranked(list(dict.fromkeys(entrants)), points)
    bye: int | None = None
    if len(order) % 2:
        fresh = [e for e in order if e not in byes]
        bye = (fresh or order)[-1]
        order.remove(bye)
    if not order:
        return Round((), bye)
    rank = {e: i for i, e in enumerate(order)}
    seen = {frozenset(p) for p in played}
    score = {e: Fraction(points.get(e, 0.0)) for e in order}
    spread = (max(score.values()) - min(score.values())) ** 2
    n = len(order)
    # Closeness term per edge in [1, 2*closest]; the rank term only splits exact ties
    # (it is smaller than any change in points), so it never outweighs closeness.
    unit = (spread + 1) * n * n
    weights: dict[Pair, Fraction] = {}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            closeness = unit * (spread + 1 - (score[a] - score[b]) ** 2)
            weights[(a, b)] = closeness - (rank[b] - rank[a])
    rematch_worth = (max(weights.values()) + 1) * (n // 2 + 1)
    totals = {
        pair: weight + (0 if frozenset(pair) in seen else rematch_worth)
        for pair, weight in weights.items()
    }
    # Integral weights keep the blossom algorithm exact (no float comparisons).
    scale = math.lcm(*(t.denominator for t in totals.values()))
    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(order)
    for (a, b), total in totals.items():
        graph.add_edge(a, b, weight=int(total * scale))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted(
        (tuple(sorted(p, key=rank.__getitem__)) for p in matching), key=lambda p: rank[p[0]]
    )
    return Round(tuple((int(a), int(b)) for a, b in pairs), bye)


def round_robin(entrants: Sequence[int]) -> list[Round]:
    """Every entrant meets every other once (the circle method); with an odd count each
    sits out one round."""
    slots: list[int | None] = list(dict.fromkeys(entrants))
    if len(slots) % 2:
        slots.append(None)
    rounds = []
    for _ in range(len(slots) - 1):
        half = len(slots) // 2
        pairs: list[Pair] = []
        bye: int | None = None
        for a, b in zip(slots[:half], reversed(slots[half:]), strict=True):
            if a is None or b is None:
                bye = b if a is None else a
            else:
                pairs.append((a, b))
        rounds.append(Round(tuple(pairs), bye))
        slots = [slots[0], slots[-1], *slots[1:-1]]
    return rounds
