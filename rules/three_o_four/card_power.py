"""The power of each card in a trick, for the Caps searches (T3-10.5): trumps above the
led suit above the rest, then strength; and the winner of a full trick by it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Generic, TypeVar

from rules.cards import Card

T = TypeVar("T")


class RankOrderMemo(Generic[T]):
    """Values computed from a rank order (the 52-entry strength tuple) and a small int,
    found by the order's identity. A ``functools.cache`` hashes the whole tuple at every
    call, which cost more than most of the lookups it saved. Each entry keeps its order
    alive, so an id met again is the same order; an equal order that is another object
    gets an entry of its own (a layout's order is one object: ``layout_for``)."""

    def __init__(self) -> None:
        self._orders: dict[int, tuple[tuple[int, ...], dict[int, T]]] = {}

    def values(self, strength: tuple[int, ...]) -> dict[int, T]:
        """Every value kept for this order, by its int key."""
        entry = self._orders.get(id(strength))
        if entry is None:
            entry = self._orders[id(strength)] = (strength, {})
        return entry[1]

    def value(
        self, strength: tuple[int, ...], key: int, build: Callable[[tuple[int, ...], int], T]
    ) -> T:
        """The value for this order and ``key``, built by ``build(strength, key)`` the
        first time it is asked."""
        kept = self.values(strength)
        found = kept.get(key)
        if found is None:
            found = kept[key] = build(strength, key)
        return found


_POWERS: Final[RankOrderMemo[tuple[tuple[int, ...], ...]]] = RankOrderMemo()


def card_powers(trump: int, strength: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each led suit (index led + 1, led = -1 when leading) the power of every card:
    200 + strength for a trump, 100 + strength for the led suit (every suit when
    leading), strength otherwise (a pure function of the rank order, strengths < 100)."""
    return _POWERS.value(strength, trump, _build_card_powers)


def _build_card_powers(strength: tuple[int, ...], trump: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for led in range(-1, 4):
        row = []
        for c in range(53):
            suit = c // 13
            if suit == trump:
                row.append(200 + strength[c])
            elif suit == led or led < 0:
                row.append(100 + strength[c])
            else:
                row.append(strength[c])
        out.append(tuple(row))
    return tuple(out)


def trick_winner(plays: tuple[tuple[int, Card], ...], power: tuple[tuple[int, ...], ...]) -> int:
    """The seat whose card takes a full trick (``power`` as from ``card_powers``)."""
    led_power = power[plays[0][1] // 13 + 1]
    best_seat, best = plays[0][0], led_power[plays[0][1]]
    for s, c in plays:
        key = led_power[c]
        if key >= 100 and key > best:
            best_seat, best = s, key
    return best_seat
