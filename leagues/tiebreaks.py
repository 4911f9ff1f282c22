"""Ordering a league table: points first, then head-to-head among the entrants still tied,
then Buchholz (Swiss events: the sum of the final points of every opponent met), then the
rating. Pure: entrants are ids, a meeting is what each side of one match earned.

Head-to-head counts only the meetings between entrants of the tied group itself, so two
entrants level on points are split by their own games, and a three-way tie by the mini-table
of its three members (FIDE's and the Durban leagues' order)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Meeting = Sequence[tuple[int, int]]
"""One match: (entrant id, points it earned in the match) for every side."""


@dataclass(frozen=True, slots=True)
class TableEntry:
    """One entrant's place and the figures that decided it."""

    entrant_id: int
    points: int
    head_to_head: int
    buchholz: int
    rating: float
    place: int


def meetings_from(
    sides: Iterable[tuple[int, int, str]], points: Mapping[str, int]
) -> list[list[tuple[int, int]]]:
    """Meetings from (match id, entrant id, outcome) rows in match order, each outcome
    (``win``, ``draw``, ``loss``) worth the league's points for it."""
    by_match: dict[int, list[tuple[int, int]]] = {}
    for match_id, entrant, outcome in sides:
        by_match.setdefault(match_id, []).append((entrant, points[outcome]))
    return [by_match[m] for m in sorted(by_match)]


def head_to_head(tied: Iterable[int], meetings: Iterable[Meeting]) -> dict[int, int]:
    """Points each of ``tied`` earned in the meetings where every side is one of them."""
    group = set(tied)
    earned = dict.fromkeys(group, 0)
    for meeting in meetings:
        if len(meeting) > 1 and all(e in group for e, _ in meeting):
            for entrant, pts in meeting:
                earned[entrant] += pts
    return earned


def buchholz(scores: Mapping[int, int], meetings: Iterable[Meeting]) -> dict[int, int]:
    """Each entrant's sum of its opponents' points (an opponent met twice counts twice)."""
    total: dict[int, int] = defaultdict(int)
    for meeting in meetings:
        for entrant, _ in meeting:
            total[entrant] += sum(scores.get(o, 0) for o, _ in meeting if o != entrant)
    return {e: total.get(e, 0) for e in scores}


def order_table(
    points: Mapping[int, int],
    ratings: Mapping[int, float],
    meetings: Sequence[Meeting],
    *,
    swiss: bool = False,
) -> list[TableEntry]:
    """Every entrant of ``points`` in table order. Entrants equal on every figure share a
    place (the next place skips, 1, 2, 2, 4); the list stays in a stable order (by id)."""
    by_points: dict[int, list[int]] = defaultdict(list)
    for entrant, pts in points.items():
        by_points[pts].append(entrant)
    bh = buchholz(points, meetings) if swiss else dict.fromkeys(points, 0)
    entries: list[TableEntry] = []
    for pts in sorted(by_points, reverse=True):
        group = by_points[pts]
        h2h = head_to_head(group, meetings) if len(group) > 1 else {group[0]: 0}
        group.sort(key=lambda e: (-h2h[e], -bh[e], -ratings.get(e, 0.0), e))
        for entrant in group:
            entries.append(
                TableEntry(entrant, pts, h2h[entrant], bh[entrant], ratings.get(entrant, 0.0), 0)
            )
    placed: list[TableEntry] = []
    for index, entry in enumerate(entries):
        key = (entry.points, entry.head_to_head, entry.buchholz, entry.rating)
        before = placed[-1] if placed else None
        same = before is not None and key == (
            before.points, before.head_to_head, before.buchholz, before.rating
        )  # fmt: skip
        place = before.place if same and before is not None else index + 1
        placed.append(
            TableEntry(
                entry.entrant_id,
                entry.points,
                entry.head_to_head,
                entry.buchholz,
                entry.rating,
                place,
            )
        )
    return placed
