"""A search that narrows its options as it goes (issue 35: a move within a second at 500
tables): at a few looks, an option clearly worse than the leader, world by world, is no
longer played out, and the search stops once the leader is clear of every option left.

The options share their worlds and rollout seeds (common random numbers), so each
comparison is of paired differences. A dropped option keeps its paired gap to the option
that led when it was dropped: its score at the end is that option's final score less the
gap, so it is never picked over it, and a caller weighing margins (a partner veto) still
sees how far behind it is.
"""

from __future__ import annotations

from collections.abc import Sequence

SURE_Z = 2.0
"""Standard errors of a paired difference by which an option counts as clearly behind
the leader (or the leader as clearly ahead of it, give or take the tolerance)."""
LEAST_WORLDS = 7
"""Worlds a look needs: on fewer, a standard error is itself too uncertain to drop on (at
the club's budget, looks after 3-6 worlds cost 0.012 tokens a card decision against its
full search, four times the expert's; from 7 on, 0.0003; the expert's 8-card leads look
first after 7)."""


def gap(ahead: list[float], other: list[float]) -> tuple[float, float]:
    """The mean of ``ahead`` less ``other`` world by world, and its standard error
    (``0.0`` for an option equal to the leader in every world so far: they play alike)."""
    n = len(ahead)
    gaps = [a - b for a, b in zip(ahead, other, strict=True)]
    mean = sum(gaps) / n
    if all(g == 0.0 for g in gaps):
        return mean, 0.0
    if n < 2:
        return mean, float("inf")
    return mean, (sum((g - mean) ** 2 for g in gaps) / (n - 1) / n) ** 0.5


class Narrowing:
    """The looks of one decision over ``options`` scored on up to ``rounds`` worlds: after
    the shares ``looks`` of them (``LEAST_WORLDS`` at least) an option behind the leader by
    ``SURE_Z`` standard errors is dropped (so is one equal to it in every world), and the
    search stops when every option left is at most ``tolerance`` better than the leader
    by ``SURE_Z`` errors."""

    def __init__(
        self,
        options: int,
        rounds: int,
        looks: Sequence[float],
        tolerance: float,
        *,
        at: Sequence[int] = (),
    ) -> None:
        """``at``: looks after these many worlds as well (a search whose worlds end on
        another budget than ``rounds``: the exact solver's states)."""
        shares = {int(rounds * share) for share in looks}
        self.stops = {w for w in shares | set(at) if w >= LEAST_WORLDS}
        self.tolerance = tolerance
        self.seen: list[list[float]] = [[] for _ in range(options)]
        self.dropped: list[tuple[int, int, float]] = []

    def look(self, worlds: int, alive: list[int], values: list[float]) -> list[int] | None:
        """The options to play on after ``worlds`` worlds (``values``: the last world's
        scores of ``alive``), or ``None`` once the leader is clear."""
        seen = self.seen
        for i, value in zip(alive, values, strict=True):
            seen[i].append(value)
        if worlds not in self.stops:
            return alive
        leader = max(alive, key=lambda i: (sum(seen[i]), -i))
        left = [leader]
        clear = True
        for i in alive:
            if i == leader:
                continue
            mean, error = gap(seen[leader], seen[i])
            if error == 0.0 or mean > SURE_Z * error:
                self.dropped.append((i, leader, mean))
            else:
                left.append(i)
                clear = clear and mean + self.tolerance > SURE_Z * error
        return None if clear else sorted(left)

    def means(self) -> list[float]:
        """Each option's score: its mean, or for a dropped one its leader's less the gap."""
        means = [sum(values) / len(values) for values in self.seen]
        # Latest first: an option's leader when it was dropped is either played to the end
        # or dropped later, so its own score is settled by then.
        for i, ahead, behind in reversed(self.dropped):
            means[i] = means[ahead] - behind
        return means
