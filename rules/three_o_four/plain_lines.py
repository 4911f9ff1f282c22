"""The Caps judge's quickest refutation (ED-27): two plain adversaries in the real deal.

Certainty asks for one order sigma of p's cards that wins every remaining trick in every
consistent world against every line of play. The real deal is one of those worlds, and the
lines of two plain adversaries are lines there. The adversaries:

- *strong*: p's partners play their weakest card; opponents their strongest;
- *thrifty*: partners the same; opponents the weakest card that takes the trick so far,
  else their weakest.

If every order of p's cards loses a trick to one of them, no order is certain: a
refutation. The others' plays are fixed by the adversary, so only p's choices branch.

Card sets are bit masks over card ints (suit * 13 + rank): the others' picks are table
lookups per suit instead of sorts, and positions hash as small tuples of ints.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rules.cards import Card
from rules.three_o_four.card_power import card_powers, trick_winner

SUIT_BITS = 13
SUIT_MASK = tuple(((1 << SUIT_BITS) - 1) << (SUIT_BITS * s) for s in range(4))
Line = tuple[tuple[tuple[int, Card], ...], int, tuple[int, ...], int]
"""(the trick in progress, the seat to play, each seat's cards as a mask, tricks left)."""


@functools.cache
def _rank_tables(
    strength: tuple[int, ...],
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """For every 13-bit pattern of ranks held in one suit: its strongest rank and its
    weakest rank (-1 for none); the game's ranks in ascending strength; and for two ranks
    (index ``13 * higher + lower``) the pattern of the ranks strictly between them. A
    card's strength depends on its rank alone, so one table serves every suit."""
    ascending = tuple(
        sorted((r for r in range(SUIT_BITS) if strength[r] > 0), key=strength.__getitem__)
    )
    top = [-1] * (1 << SUIT_BITS)
    bottom = [-1] * (1 << SUIT_BITS)
    for pattern in range(1, 1 << SUIT_BITS):
        for r in ascending:
            if pattern >> r & 1:
                if bottom[pattern] < 0:
                    bottom[pattern] = r
                top[pattern] = r
    between = [0] * (SUIT_BITS * SUIT_BITS)
    for i, low in enumerate(ascending):
        for j in range(i + 1, len(ascending)):
            between[SUIT_BITS * ascending[j] + low] = sum(1 << r for r in ascending[i + 1 : j])
    return tuple(top), tuple(bottom), ascending, tuple(between)


class PlainLines:
    """The side-by-side search for one real deal (one trump and rank order)."""

    def __init__(
        self,
        p: int,
        active: Sequence[int],
        trump: int,
        strength: tuple[int, ...],
    ) -> None:
        self.p = p
        self.team = p % 2
        self.per = len(active)
        self.after = {s: active[(i + 1) % self.per] for i, s in enumerate(active)}
        self.trump = trump
        self.strength = strength
        self.power = card_powers(trump, strength)
        top, bottom, ascending, between = _rank_tables(strength)
        self.top = top
        self.bottom = bottom
        self.ascending = ascending
        self.between = between
        self.memo: dict[Line, bool] = {}

    # -- the others' picks -----------------------------------------------------------------

    def _top(self, mask: int, suit: int) -> Card:
        return suit * SUIT_BITS + self.top[mask >> (SUIT_BITS * suit) & 0x1FFF]

    def _bottom(self, mask: int, suit: int) -> Card:
        return suit * SUIT_BITS + self.bottom[mask >> (SUIT_BITS * suit) & 0x1FFF]

    def _strongest(self, legal: int, led: int) -> Card:
        """The highest power (trumps over the led suit over the rest, then strength)."""
        trump = self.trump
        if legal & SUIT_MASK[trump]:
            return self._top(legal, trump)
        if led >= 0 and legal & SUIT_MASK[led]:
            return self._top(legal, led)
        strength = self.strength
        best, best_card = -1, -1
        for suit in range(4):
            if legal & SUIT_MASK[suit]:
                c = self._top(legal, suit)
                if strength[c] > best:
                    best, best_card = strength[c], c
        return best_card

    def _weakest(self, legal: int, led: int) -> Card:
        """The lowest power: a plain discard, else the led suit, else a trump."""
        trump = self.trump
        strength = self.strength
        best, best_card = 1 << 30, -1
        for suit in range(4):
            if suit != trump and suit != led and legal & SUIT_MASK[suit]:
                c = self._bottom(legal, suit)
                if strength[c] < best:
                    best, best_card = strength[c], c
        if best_card >= 0:
            return best_card
        if led >= 0 and legal & SUIT_MASK[led]:
            return self._bottom(legal, led)
        return self._bottom(legal, trump)

    def _cheapest_taker(self, legal: int, led: int, plays: tuple[tuple[int, Card], ...]) -> Card:
        """The weakest card that takes the trick so far, else the weakest."""
        pw = self.power[led + 1]
        top = max(pw[c] for _, c in plays)
        trump = self.trump
        for suit in (led, trump) if top < 200 else (trump,):
            if suit < 0:
                continue
            held = legal >> (SUIT_BITS * suit) & 0x1FFF
            if held:
                for r in self.ascending:
                    if held >> r & 1 and pw[suit * SUIT_BITS + r] > top:
                        return suit * SUIT_BITS + r
        return self._weakest(legal, led)

    # -- lines ---------------------------------------------------------------------------

    def _until_p(self, line: Line, thrifty: bool) -> Line | bool:
        """Play the others' cards (and settle tricks) up to p's next choice: the line at
        p's turn, ``True`` if p's team loses a trick first, ``False`` if the hand ends
        with every trick won (or a seat has nothing to play)."""
        plays, seat, held, left = line
        per, team, p = self.per, self.team, self.p
        power = self.power
        while True:
            if len(plays) == per:
                best_seat = trick_winner(plays, power)
                if best_seat % 2 != team:
                    return True
                if left == 1:
                    return False
                plays, seat, left = (), best_seat, left - 1
                continue
            if seat == p:
                return (plays, seat, held, left)
            led = plays[0][1] // SUIT_BITS if plays else -1
            mask = held[seat]
            legal = mask & SUIT_MASK[led] if led >= 0 else 0
            legal = legal or mask
            if not legal:
                return False
            if seat % 2 == team:
                pick = self._weakest(legal, led)
            elif thrifty and plays:
                pick = self._cheapest_taker(legal, led, plays)
            else:
                pick = self._strongest(legal, led)
            plays = (*plays, (seat, pick))
            held = (*held[:seat], mask & ~(1 << pick), *held[seat + 1 :])
            seat = self.after[seat]

    def refutes(
        self,
        plays: tuple[tuple[int, Card], ...],
        to_play: int,
        held: tuple[int, ...],
        left: int,
        thrifty: bool,
    ) -> bool:
        """Every order of p's cards loses a trick to this adversary."""
        line = self._until_p((plays, to_play, held, left), thrifty)
        if line is True or line is False:
            return line
        self.memo.clear()
        return self._refuted(line, thrifty)

    def _refuted(self, line: Line, thrifty: bool) -> bool:
        """At p's turn: every card he may play there leads to a lost trick."""
        memo = self.memo
        found = memo.get(line)
        if found is not None:
            return found
        plays, seat, held, left = line
        hand = held[seat]
        if plays:
            led = plays[0][1] // SUIT_BITS
            legal = hand & SUIT_MASK[led] or hand
            pw = self.power[led + 1]
        else:
            legal = hand
            pw = self.power[0]
        cards = []
        while legal:
            low = legal & -legal
            cards.append(low.bit_length() - 1)
            legal ^= low
        if not cards:
            return False  # a seat with nothing to play ends the line (no trick lost)
        # strongest first: an order that survives is usually found at once
        cards.sort(key=pw.__getitem__, reverse=True)
        # Two of p's cards of one suit with no other live card between them (in another
        # seat's hand or on the table) lead to the same lines, one with the other card
        # left: only the higher is tried.
        others = 0
        for s, mask in enumerate(held):
            if s != seat:
                others |= mask
        for _, c in plays:
            others |= 1 << c
        between = self.between
        kept = [-1, -1, -1, -1]
        after = self.after[seat]
        answer = True
        for card in cards:
            suit, rank = divmod(card, SUIT_BITS)
            higher = kept[suit]
            if higher >= 0 and not (
                others >> (SUIT_BITS * suit) & between[SUIT_BITS * (higher % SUIT_BITS) + rank]
            ):
                continue
            kept[suit] = card
            nxt = self._until_p(
                (
                    (*plays, (seat, card)),
                    after,
                    (*held[:seat], hand & ~(1 << card), *held[seat + 1 :]),
                    left,
                ),
                thrifty,
            )
            if nxt is True:
                continue
            if nxt is False or not self._refuted(nxt, thrifty):
                answer = False
                break
        memo[line] = answer
        return answer
