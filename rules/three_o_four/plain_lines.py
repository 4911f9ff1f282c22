"""The Caps judge's quickest refutation (ED-27): two plain adversaries in the real deal.

Certainty asks for one order sigma of p's cards that wins every remaining trick in every
consistent world against every line of play. The real deal is one of those worlds, and the
lines of two plain adversaries are lines there. The adversaries:

- *strong*: p's partners play their weakest card; opponents their strongest;
- *thrifty*: partners the same; opponents the weakest card that takes the trick so far,
  else their weakest.

If every order of p's cards loses a trick to one of them, no order is certain: a
refutation. The others' plays are fixed by the adversary, so only p's choices branch.

Card sets are bit masks. Inside the search a card is ``suit * 13 + place``, its place being
its rank's position in the game's order (0 the weakest), so that within a suit a higher bit
is a stronger card: the others' picks are a lowest or highest set bit, not a lookup.

A position is two masks: the cards still in hands (``live``) and the cards on the table.
Each seat's hand is its starting mask ``& live``: the hands are disjoint, so a card that
leaves ``live`` was played by the one seat that held it. The rest of a position follows
from the two masks when p is to play (the search's memo key, see ``_lost``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from rules.cards import Card
from rules.three_o_four.card_power import RankOrderMemo

SUIT_BITS: Final = 13
RANKS_OF_SUIT: Final = (1 << SUIT_BITS) - 1
SUIT_MASK: Final = tuple(RANKS_OF_SUIT << (SUIT_BITS * s) for s in range(4))
PLACE_ZERO: Final = sum(1 << (SUIT_BITS * s) for s in range(4))
"""Place 0 of every suit: ``cards >> place & PLACE_ZERO`` marks the suits holding ``place``."""
KEY_SHIFT: Final = 4 * SUIT_BITS
"""The table's place in a memo key (``live | table << KEY_SHIFT``)."""
TRUMP_POWER: Final = 200
LED_POWER: Final = 100
"""A card's power in a trick (as ``card_powers``, with places for strengths): a trump
200 + place, the led suit 100 + place (every suit when leading), the rest its place."""

Start = tuple[list[int], int, int, int, int, int, int]
"""A search's start, from ``PlainLines._start``."""


_PLACES: Final[RankOrderMemo[tuple[tuple[int, ...], tuple[int, ...]]]] = RankOrderMemo()


def _places(strength: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``_build_places``, kept per rank order."""
    return _PLACES.value(strength, 0, _build_places)


def _build_places(
    strength: tuple[int, ...], _key: int = 0
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For every card int, the card as ``suit * 13 + place`` (-1 for a card not in the
    game), the place being its rank's position in the game's order, weakest first; and
    its bit in a mask of those (0 for a card not in the game). A card's strength depends
    on its rank alone (the game's ranks have distinct strengths), so one order serves
    every suit and places compare across suits as strengths do."""
    ascending = sorted((r for r in range(SUIT_BITS) if strength[r] > 0), key=strength.__getitem__)
    place = {r: i for i, r in enumerate(ascending)}
    places = tuple(
        (c // SUIT_BITS) * SUIT_BITS + place[c % SUIT_BITS] if c % SUIT_BITS in place else -1
        for c in range(4 * SUIT_BITS)
    )
    return places, tuple(1 << c if c >= 0 else 0 for c in places)


def _powers(trump: int) -> tuple[tuple[int, ...], ...]:
    """For each led suit (index led + 1, led = -1 when leading) the power of every card
    (as a place card int)."""
    rows = []
    for led in range(-1, 4):
        row = []
        for c in range(4 * SUIT_BITS):
            suit, place = divmod(c, SUIT_BITS)
            if suit == trump:
                row.append(TRUMP_POWER + place)
            elif suit == led or led < 0:
                row.append(LED_POWER + place)
            else:
                row.append(place)
        rows.append(tuple(row))
    return tuple(rows)


POWERS: Final = tuple(_powers(trump) for trump in range(4))
"""``_powers`` per trump, made once (a cached function is a Python call)."""


def place_bits(strength: tuple[int, ...]) -> tuple[int, ...]:
    """Each card's place bit (see the module's docstring), 0 for a card not in the game:
    a set of cards is the sum of its cards' bits."""
    return _places(strength)[1]


class PlainLines:
    """The side-by-side search for one real deal (one trump and rank order).

    ``one_card_per_run=False`` tries every card of p's where the search would try one card
    of a run (for the test that this changes no answer)."""

    p: int
    team: int
    partner: list[bool]
    """Per seat, whether it is of p's team (``turn_to``)."""

    def __init__(
        self,
        p: int,
        active: list[int],
        trump: int,
        strength: tuple[int, ...],
        *,
        one_card_per_run: bool = True,
    ) -> None:
        self.per = len(active)
        seats = 0  # (a loop, not max(): a builtin is a Python call)
        for s in active:
            if s >= seats:
                seats = s + 1
        self.after = [-1] * seats
        for i, s in enumerate(active):
            self.after[s] = active[(i + 1) % self.per]
        self.partners = ([s % 2 == 0 for s in range(seats)], [s % 2 == 1 for s in range(seats)])
        """Per team, whether each seat is of it."""
        self.turn_to(p)
        self.trump = trump
        self.trump_mask = SUIT_MASK[trump]
        self.plain_mask = ~SUIT_MASK[trump] & ((1 << 4 * SUIT_BITS) - 1)
        self.places, self.bits = _places(strength)
        self.power = POWERS[trump]
        self.one_card_per_run = one_card_per_run
        self.thrifty = False
        self.hands: list[int] = []
        self.memo: dict[int, bool] = {}

    def turn_to(self, p: int) -> None:
        """The same search for another player of the deal (the judge keeps one per trump)."""
        self.p = p
        self.team = p % 2
        self.partner = self.partners[self.team]

    def refuted(
        self,
        plays: tuple[tuple[int, Card], ...],
        to_play: int,
        held: Sequence[Collection[Card]],
        left: int,
    ) -> bool:
        """Every order of p's cards loses a trick to the strong adversary or to the
        thrifty one (``held``: each seat's cards, none twice and none on the table)."""
        return self._refuted_from(self._start(plays, held), to_play, left)

    def refuted_masks(
        self,
        plays: Sequence[tuple[int, Card]],
        to_play: int,
        hands: list[int],
        live: int,
        left: int,
    ) -> bool:
        """``refuted`` with the cards as place masks (``place_bits``), unchecked: each
        seat holds ``hands[seat] & live`` (a starting hand, the cards in hands ``live``).
        The judge reads them from the real deal, where no card is held twice; ``hands``
        is only read."""
        return self._refuted_from(self._with_table(hands, live, plays), to_play, left)

    def _refuted_from(self, start: Start, to_play: int, left: int) -> bool:
        # the thrifty one first: in random play it refutes nearly every position the
        # strong one refutes (all of them at 4 players), so the second search runs less
        return self._search(start, to_play, left, True) or self._search(start, to_play, left, False)

    def refutes(
        self,
        plays: tuple[tuple[int, Card], ...],
        to_play: int,
        held: Sequence[Collection[Card]],
        left: int,
        thrifty: bool,
    ) -> bool:
        """Every order of p's cards loses a trick to this adversary."""
        return self._search(self._start(plays, held), to_play, left, thrifty)

    def _start(
        self, plays: tuple[tuple[int, Card], ...], held: Sequence[Collection[Card]]
    ) -> Start:
        """The hands as place masks, and the trick so far: (hands, live, table, led suit,
        best power, its seat, cards on the table)."""
        bits, places = self.bits, self.places
        hands = []
        live = 0
        for cards in held:
            hand = 0
            for c in cards:
                bit = bits[c]
                if not bit or (hand | live) & bit:
                    raise ValueError("a card is held twice, or is not in the game")
                hand |= bit
            hands.append(hand)
            live |= hand
        for _seat, card in plays:
            if (live >> places[card]) & 1:
                raise ValueError("a card on the table is also held")
        if len({card for _, card in plays}) != len(plays):
            raise ValueError("a card is on the table twice")
        return self._with_table(hands, live, plays)

    def _with_table(self, hands: list[int], live: int, plays: Sequence[tuple[int, Card]]) -> Start:
        """The start from the hands' masks and the trick so far."""
        places, power = self.places, self.power
        table, led, best, best_seat = 0, -1, -1, -1
        for seat, card in plays:
            c = places[card]
            table |= 1 << c
            if led < 0:
                led = c // SUIT_BITS
                best, best_seat = power[led + 1][c], seat
            elif power[led + 1][c] > best:
                best, best_seat = power[led + 1][c], seat
        return hands, live, table, led, best, best_seat, len(plays)

    def _search(self, start: Start, to_play: int, left: int, thrifty: bool) -> bool:
        hands, live, table, led, best, best_seat, n = start
        self.hands = hands
        self.thrifty = thrifty
        self.memo = {}
        return self._lost(live, table, led, best, best_seat, n, to_play, left)

    # -- the others' picks when any card is legal (leading, or void in the led suit) ------

    def _weakest(self, hand: int) -> int:
        """The lowest power: a plain card (the led suit is not in ``hand``) of the lowest
        place, the first suit on a tie; else the lowest trump."""
        plain = hand & self.plain_mask
        if not plain:
            return (hand & -hand).bit_length() - 1
        places = (
            plain | plain >> SUIT_BITS | plain >> 2 * SUIT_BITS | plain >> 3 * SUIT_BITS
        ) & RANKS_OF_SUIT
        place = (places & -places).bit_length() - 1
        suits = plain >> place & PLACE_ZERO
        return (suits & -suits).bit_length() - 1 + place

    def _strongest(self, hand: int) -> int:
        """The highest power: the top trump; else a plain card of the highest place, the
        first suit on a tie."""
        trumps = hand & self.trump_mask
        if trumps:
            return trumps.bit_length() - 1
        places = (
            hand | hand >> SUIT_BITS | hand >> 2 * SUIT_BITS | hand >> 3 * SUIT_BITS
        ) & RANKS_OF_SUIT
        place = places.bit_length() - 1
        suits = hand >> place & PLACE_ZERO
        return (suits & -suits).bit_length() - 1 + place

    # -- the search ----------------------------------------------------------------------

    def _lost(
        self,
        live: int,
        table: int,
        led: int,
        best: int,
        best_seat: int,
        n: int,
        seat: int,
        left: int,
    ) -> bool:
        """From this position (``n`` cards on the table, led suit ``led``, the best power
        ``best`` played by ``best_seat``, ``seat`` to play, ``left`` tricks including this
        one) every order of p's cards loses a trick. The others play as the adversary
        says up to p's turn; a seat with nothing to play ends the line, no trick lost.

        At p's turn the memo key is ``live`` and ``table`` in one int: within one search
        they fix the rest. The starting hands are disjoint, so who played each table card
        is known (its holder, or the seat given for a card on the table at the start); the
        leader is the seat ``n`` (the table's size) places before p; ``led``, ``best`` and
        ``best_seat`` follow from those; every hand is its start ``& live``; and ``left``
        follows from how many cards have left the hands."""
        p, team, per, after = self.p, self.team, self.per, self.after
        hands, partner, power = self.hands, self.partner, self.power
        thrifty, trump = self.thrifty, self.trump
        row = power[led + 1]
        while True:
            if n == per:
                if best_seat % 2 != team:
                    return True
                if left == 1:
                    return False
                table, led, n, seat, left = 0, -1, 0, best_seat, left - 1
                continue
            if seat == p:
                break
            hand = hands[seat] & live
            # (a shift, not SUIT_MASK[led]: a mask read from a tuple is a boxed int)
            following = hand & RANKS_OF_SUIT << SUIT_BITS * led if led >= 0 else 0
            if following:
                # one suit: the lowest card is the weakest, the highest the strongest
                if partner[seat]:
                    pick = (following & -following).bit_length() - 1
                elif thrifty:
                    # the cheapest card of the led suit above the best power so far
                    # (none when the led suit is plain and a trump is best)
                    above = best - (TRUMP_POWER if led == trump else LED_POWER)
                    if above < SUIT_BITS:
                        shift = led * SUIT_BITS + above + 1
                        beaters = following >> shift << shift
                        if beaters:
                            following = beaters
                    pick = (following & -following).bit_length() - 1
                else:
                    pick = following.bit_length() - 1
            elif not hand:
                return False
            elif partner[seat]:
                pick = self._weakest(hand)
            elif thrifty and n:
                # void in the led suit: the cheapest trump above the best power so far
                trumps = hand & self.trump_mask
                if trumps and best >= TRUMP_POWER:
                    shift = trump * SUIT_BITS + best - TRUMP_POWER + 1
                    trumps = trumps >> shift << shift
                pick = (trumps & -trumps).bit_length() - 1 if trumps else self._weakest(hand)
            else:
                pick = self._strongest(hand)
            bit = 1 << pick
            live ^= bit
            table |= bit
            if n:
                if row[pick] > best:
                    best, best_seat = row[pick], seat
            else:
                led = pick // SUIT_BITS
                row = power[led + 1]
                best, best_seat = row[pick], seat
            n += 1
            seat = after[seat]

        key = live | table << KEY_SHIFT
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        hand = hands[p] & live
        if not hand:
            return False  # a seat with nothing to play ends the line (no trick lost)
        nxt = after[p]
        answer = True
        for card in self._tries(hand, live | table, led if n else -1):
            bit = 1 << card
            if not n:
                suit = card // SUIT_BITS
                lost = self._lost(live ^ bit, bit, suit, power[suit + 1][card], p, 1, nxt, left)
            elif row[card] > best:
                lost = self._lost(live ^ bit, table | bit, led, row[card], p, n + 1, nxt, left)
            else:
                lost = self._lost(live ^ bit, table | bit, led, best, best_seat, n + 1, nxt, left)
            if not lost:
                answer = False
                break
        memo[key] = answer
        return answer

    def _tries(self, hand: int, occupied: int, led: int) -> list[int]:
        """The cards of p's ``hand`` to try (the led suit's when he holds it, else all),
        strongest first: an order that survives is usually found at once.

        Two of p's cards of one suit with no other card of ``occupied`` (the cards in
        hands and on the table) between them lead to the same lines, one with the other
        card left: only the higher of such a run is tried (a card whose next occupied
        card above it, in its suit, is p's own is left out)."""
        following = hand & RANKS_OF_SUIT << SUIT_BITS * led if led >= 0 else 0
        if following:
            hand = following
        tries = hand
        if self.one_card_per_run:
            rest = hand
            while rest:
                low = rest & -rest
                rest ^= low
                suit = (low.bit_length() - 1) // SUIT_BITS
                above = occupied & RANKS_OF_SUIT << SUIT_BITS * suit & ~((low << 1) - 1)
                if above & -above & hand:
                    tries ^= low
        cards: list[int] = []
        # in power order: trumps (or the one suit followed) highest first, then the
        # plain cards by place, highest first, the lower suit first on a tie
        top = tries if following else tries & self.trump_mask
        plain = tries ^ top
        while top:
            card = top.bit_length() - 1
            cards.append(card)
            top ^= 1 << card
        while plain:
            places = (
                plain | plain >> SUIT_BITS | plain >> 2 * SUIT_BITS | plain >> 3 * SUIT_BITS
            ) & RANKS_OF_SUIT
            place = places.bit_length() - 1
            suits = plain >> place & PLACE_ZERO
            plain ^= suits << place
            while suits:
                low = suits & -suits
                suits ^= low
                cards.append(low.bit_length() - 1 + place)
        return cards
