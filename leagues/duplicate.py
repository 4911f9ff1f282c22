"""Duplicate scoring, pure: the seed commitment and matchpoints.

An event's deals come from seeds drawn when it opens. Their ``commitment`` (sha256 of a
random salt and the seeds) is published at once and the seeds themselves only when the
event closes, so anyone can check afterwards that the deals were fixed in advance
(``verify``) while nobody could look at them before playing.

Every entrant's result on a deal is compared with everyone else's on the same deal:
``matchpoints`` gives 2 for each result beaten and 1 for each tie (the bridge count, kept
in whole numbers), and an entrant's event score is the sum over the deals, also shown as
a percentage of the most that was possible. The raw results (the game's own unit: card
points, tricks, or what the hand awarded) are kept beside them.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass


def commitment(seeds: Sequence[int], salt: str) -> str:
    """The published hash of an event's seeds: sha256 of ``salt:seed,seed,...``."""
    text = f"{salt}:" + ",".join(str(int(s)) for s in seeds)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def verify(published: str, seeds: Sequence[int], salt: str) -> bool:
    """Whether revealed ``seeds`` and ``salt`` are the ones ``published`` committed to."""
    return hmac.compare_digest(published, commitment(seeds, salt))


def matchpoints(scores: Mapping[int, int]) -> dict[int, int]:
    """Each entrant's matchpoints on one deal: 2 per other entrant whose score is lower,
    1 per other entrant with the same score (``scores``: entrant -> result)."""
    out: dict[int, int] = {}
    for entrant, score in scores.items():
        points = 0
        for other, theirs in scores.items():
            if other != entrant:
                points += 2 if score > theirs else 1 if score == theirs else 0
        out[entrant] = points
    return out


@dataclass(frozen=True, slots=True)
class EventLine:
    """One entrant's line of the event table."""

    user_id: int
    name: str
    deals: int
    """Deals played (only finished ones count)."""
    matchpoints: int
    possible: int
    """The most matchpoints those deals could have given (2 per other entrant on each)."""
    total: int
    """The sum of the entrant's raw results, in the game's unit."""

    @property
    def percent(self) -> float:
        return 100.0 * self.matchpoints / self.possible if self.possible else 50.0


def event_table(
    results: Sequence[tuple[int, str, Hashable, int]],
) -> list[EventLine]:
    """The event table from ``(user_id, name, deal, score)`` of every finished try, best
    first (by percentage, then matchpoints, then total, then name for a stable order).
    ``deal`` is what groups the results compared with each other: the deal and the cards
    it dealt, so only those who held the same cards are compared."""
    by_deal: dict[Hashable, dict[int, int]] = {}
    names: dict[int, str] = {}
    for user_id, name, deal, score in results:
        by_deal.setdefault(deal, {})[user_id] = score
        names[user_id] = name
    points = dict.fromkeys(names, 0)
    possible = dict.fromkeys(names, 0)
    totals = dict.fromkeys(names, 0)
    played = dict.fromkeys(names, 0)
    for scores in by_deal.values():
        for user_id, mp in matchpoints(scores).items():
            points[user_id] += mp
            possible[user_id] += 2 * (len(scores) - 1)
            totals[user_id] += scores[user_id]
            played[user_id] += 1
    lines = [EventLine(u, names[u], played[u], points[u], possible[u], totals[u]) for u in names]
    lines.sort(key=lambda line: (-line.percent, -line.matchpoints, -line.total, line.name))
    return lines
