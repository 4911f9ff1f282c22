"""The match's random draws, written so that a seed deals the same cards on every Python.

CPython promises a stable sequence only for ``Random.random()`` (and seeding); ``shuffle``,
``randrange``, ``randint``, ``choice`` and ``sample`` are built on private helpers that a
future version may change. ``DealRandom`` keeps the ``random.Random`` interface the
engines call but draws every choice from ``random()`` alone: ``below(n)`` is
``int(random() * n)``, the shuffle is Fisher-Yates from the last card down. Its figures
are pinned by test vectors (tests/rules/test_shuffle.py).

Matches stored before this module existed were dealt by CPython's own methods; they
replay with ``LEGACY_DEAL_VERSION`` (a plain ``random.Random``), which the snapshot and
the table record name (``deal_version``), so old histories restore as they were played.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from _typeshed import SupportsLenAndGetItem

T = TypeVar("T")

LEGACY_DEAL_VERSION = 1
"""CPython 3.11-3.13's ``random.shuffle``/``randrange`` (matches stored before issue 27)."""
DEAL_VERSION = 2
"""The project's draws over ``Random.random()`` (``DealRandom``): every new match."""
DEAL_VERSIONS = (LEGACY_DEAL_VERSION, DEAL_VERSION)


def below(random_: Any, n: int) -> int:
    """A uniform int in ``[0, n)`` from one ``random()`` draw; for the sizes a card game
    draws from (``n`` far below 2**40) the bias of the float grid is below 1e-3 of
    a percent and ``random() * n`` stays under ``n``."""
    return int(random_() * n)


class DealRandom(random.Random):
    """``random.Random`` whose choices come from ``random()`` only (stable across Pythons)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        draw = self.random
        for i in range(len(x) - 1, 0, -1):
            j = int(draw() * (i + 1))
            x[i], x[j] = x[j], x[i]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step == 0:
            raise ValueError("randrange() step must not be zero")
        count = (stop - start + step - (1 if step > 0 else -1)) // step
        if count <= 0:
            raise ValueError(f"empty range in randrange({start}, {stop}, {step})")
        return start + step * below(self.random, count)

    def randint(self, a: int, b: int) -> int:
        return self.randrange(a, b + 1)

    def choice(self, seq: SupportsLenAndGetItem[T]) -> T:
        if not seq:
            raise IndexError("cannot choose from an empty sequence")
        return seq[below(self.random, len(seq))]

    def sample(  # type: ignore[override]
        self, population: Sequence[T], k: int, *, counts: None = None
    ) -> list[T]:
        """``k`` distinct positions of ``population`` in random order (a partial
        Fisher-Yates from the front)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError("sample larger than population or is negative")
        for i in range(k):
            j = i + below(self.random, n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


def deal_rng(seed: int | str, version: int = DEAL_VERSION) -> random.Random:
    """The generator a match (or a 304 hand seed, ED-6) deals from, by deal version."""
    if version == DEAL_VERSION:
        return DealRandom(seed)
    if version == LEGACY_DEAL_VERSION:
        return random.Random(seed)
    raise ValueError(f"unknown deal version {version!r} (known: {DEAL_VERSIONS})")


def shuffled(cards: Sequence[T], rng: random.Random) -> list[T]:
    """A uniformly shuffled copy; ``rng`` is the match's own generator, never the global one."""
    out = list(cards)
    rng.shuffle(out)
    return out
