"""Hall's condition over suits for the Caps search (ED-27's implementation note): whether
the unknown cards still fit the places they may lie in, counted in lanes of one int."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from rules.cards import Card
from rules.three_o_four.caps_knowledge import ALL_SUITS

if TYPE_CHECKING:
    pass

T = TypeVar("T")


LANE: Final = 7
"""Bits per lane of the Hall check (``_hall``): a count of unknown places or cards (at most
52) and a guard bit (64)."""
_LANE_FULL: Final = (1 << LANE) - 1
_WITHOUT_SUIT_0: Final = sum(_LANE_FULL << LANE * m for m in range(8) if not m & 1)
_WITHOUT_SUIT_1: Final = sum(_LANE_FULL << LANE * m for m in range(8) if not m & 2)
_WITHOUT_SUIT_2: Final = sum(_LANE_FULL << LANE * m for m in range(8) if not m & 4)
"""The lanes of the sets of suits without suit 0, 1, 2 (``_hall``)."""
_LANE_GUARDS: Final = sum(1 << LANE - 1 << LANE * m for m in range(8))


def _hall(have_low: int, have_high: int, need_low: int, need_high: int) -> bool:
    """Hall's condition over suits, given equal totals: for every set S of suits, the
    unknown places whose allowed suits lie inside S (``need``) are at most the unknown
    cards of S (``have``). Both are counted per set of suits m (the places by their
    allowed suits, the cards by their suit), in lane m of the low word (m < 8) or lane m
    - 8 of the high word, ``LANE`` bits a lane (``_in_lane``); one subset-sum pass, a
    suit at a time, turns each lane m into the count of every set inside m (no lane
    exceeds the total, at most 52: no carry between lanes), and one subtraction per word
    compares every set at once: a lane keeps its guard bit (64) exactly when its places
    are at most its cards."""
    # each set with the suit adds the set without it
    need_low += (need_low & _WITHOUT_SUIT_0) << LANE
    need_high += (need_high & _WITHOUT_SUIT_0) << LANE
    have_low += (have_low & _WITHOUT_SUIT_0) << LANE
    have_high += (have_high & _WITHOUT_SUIT_0) << LANE
    need_low += (need_low & _WITHOUT_SUIT_1) << 2 * LANE
    need_high += (need_high & _WITHOUT_SUIT_1) << 2 * LANE
    have_low += (have_low & _WITHOUT_SUIT_1) << 2 * LANE
    have_high += (have_high & _WITHOUT_SUIT_1) << 2 * LANE
    need_low += (need_low & _WITHOUT_SUIT_2) << 4 * LANE
    need_high += (need_high & _WITHOUT_SUIT_2) << 4 * LANE
    have_low += (have_low & _WITHOUT_SUIT_2) << 4 * LANE
    have_high += (have_high & _WITHOUT_SUIT_2) << 4 * LANE
    # suit 3: the high word's sets add the low word's
    need_high += need_low
    have_high += have_low
    return (((have_low | _LANE_GUARDS) - need_low) & _LANE_GUARDS) == _LANE_GUARDS and (
        ((have_high | _LANE_GUARDS) - need_high) & _LANE_GUARDS
    ) == _LANE_GUARDS


def _in_lane(count: int, suits: int) -> tuple[int, int]:
    """``count`` in the lane of the set of suits ``suits`` (``_hall``): low and high word."""
    if suits < 8:
        return count << LANE * suits, 0
    return 0, count << LANE * (suits - 8)


class _Pool:
    """A pool of unknown cards met by a search, with what the search reads of it: its cards
    as a bit mask of card positions (``_CardBits``), their number and their suits counted
    in the lanes of ``_hall`` (``low``, ``high``), and the pools left by dealing one of
    its cards, as met (``Solver._pool_less``)."""

    def __init__(self, cards: frozenset[Card], mask: int, total: int, low: int, high: int) -> None:
        self.cards = cards
        self.mask = mask
        self.total = total
        self.low = low
        self.high = high
        self.less: list[_Pool | None] | None = None
        """Per card, the pool less that card, once asked (made at the first)."""


def _suit_lanes(counts: tuple[int, ...]) -> tuple[int, int]:
    """Cards of these counts per suit in the lanes of ``_hall`` (low and high word)."""
    return counts[0] << LANE | counts[1] << 2 * LANE | counts[2] << 4 * LANE, counts[3]


def _fits_lanes(need_low: int, need_high: int, counts: tuple[int, ...]) -> bool:
    """Hall's condition (``_hall``) for places counted in its lanes (``need_low``,
    ``need_high``) and unknown cards of these counts per suit, given equal totals (the
    judge's strong worlds and proofs count their places themselves)."""
    have_low, have_high = _suit_lanes(counts)
    return _hall(have_low, have_high, need_low, need_high)


def _counted_pool(cards: frozenset[Card], mask: int, counts: tuple[int, ...]) -> _Pool:
    """The ``_Pool`` of ``cards`` (bit mask ``mask``) with these suit counts."""
    low, high = _suit_lanes(counts)
    return _Pool(cards, mask, counts[0] + counts[1] + counts[2] + counts[3], low, high)


class _Places:
    """Unknown places (``Solver._places_but``): their number and their allowed suits, in
    the lanes of ``_hall`` (``low``, ``high``), those of one seat left out: the replies of
    that seat share the rest."""

    def __init__(self, low: int, high: int, total: int, trumps: int) -> None:
        self.low = low
        self.high = high
        self.total = total
        self.trumps = trumps
        """The trump suit as a set of suits (the allowed suits of a hidden indicator)."""

    def hold(self, total: int, low: int, high: int) -> bool:
        """These places (none left out) hold exactly ``total`` unknown cards of these suits
        (in the lanes of ``_hall``)."""
        return self.total == total and _hall(low, high, self.low, self.high)

    def fit(self, pool: _Pool, n_free: int, free_suits: int, n_must: int) -> bool:
        """The cards of ``pool`` fit these places and the left-out seat's: ``n_free``
        allowed the suits ``free_suits`` and ``n_must`` trumps (a hidden indicator).
        The sizes add up and every set S of suits holds at least as many of the cards
        as the places confined to S (Hall's condition, ``_hall``; equivalent to
        checking every set of suits against the places that allow any of them, given
        equal totals)."""
        if self.total + n_free + n_must != pool.total:
            return False
        free_low, free_high = _in_lane(n_free, free_suits)
        must_low, must_high = _in_lane(n_must, self.trumps)
        return _hall(
            pool.low, pool.high, self.low + free_low + must_low, self.high + free_high + must_high
        )


def _less_one(counts: tuple[int, ...], suit: int) -> tuple[int, ...]:
    """Suit counts with one card of ``suit`` taken out."""
    return (*counts[:suit], counts[suit] - 1, *counts[suit + 1 :])


def _place_lanes(
    active: list[int],
    free: list[int],
    must: list[int],
    voids: Sequence[int],
    trump: int,
    hidden_slots: list[tuple[int, int]],
) -> tuple[int, int, int]:
    """The unknown places counted per allowed mask in ``_fits_lanes``'s two lane words,
    as ``Solver.fits_counts`` counts them, and how many there are."""
    need_low = need_high = total = 0
    for s in active:
        count = free[s]
        if count:
            mask = ALL_SUITS & ~voids[s]
            if mask < 8:
                need_low += count << LANE * mask
            else:
                need_high += count << LANE * (mask - 8)
            total += count
        count = must[s]
        if count:
            if trump < 3:
                need_low += count << LANE * (1 << trump)
            else:
                need_high += count
            total += count
    for led, _src in hidden_slots:
        mask = ALL_SUITS & ~(1 << led) & ~(1 << trump)
        if mask < 8:
            need_low += 1 << LANE * mask
        else:
            need_high += 1 << LANE * (mask - 8)
        total += 1
    return need_low, need_high, total
