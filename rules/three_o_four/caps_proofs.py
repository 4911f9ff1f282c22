"""The Caps judge's quick proofs (T3-16.5, ED-27): orders shown to win every remaining
trick without the full search: top cards cashed with trumps drawn first
(``cashing_order``), and orders plainly sound by the places of the cards that may be
out, Hall's condition over the unknown places and a partner forced to take the last
trick (``plainly_sound``)."""

from __future__ import annotations

from collections.abc import Callable

from rules.cards import Card
from rules.three_o_four.caps_hall import (
    _fits_lanes,
    _place_lanes,
)
from rules.three_o_four.caps_knowledge import (
    SUIT,
    Knowledge,
    ProofFacts,
)
from rules.three_o_four.caps_reading import Reading
from rules.three_o_four.card_power import card_powers


class _PartnerTakesLast:
    """``Proofs._partner_takes_last`` for one knowledge, asked when a proof needs it
    and then kept (a ``functools.cache`` of a lambda cost more to build, per proof, than
    most proofs spend)."""

    def __init__(self, judge: Proofs, kn: Knowledge) -> None:
        self.judge = judge
        self.kn = kn
        self.answer: bool | None = None

    def __call__(self) -> bool:
        if self.answer is None:
            self.answer = self.judge._partner_takes_last(self.kn)
        return self.answer


class Proofs(Reading):
    """The proofs of ``CapsJudge``: each answers "certain" (or "this order wins") only
    where the exact search would, and says nothing otherwise."""

    def cashing_order(self, kn: Knowledge) -> list[Card] | None:
        """An order of p's cards that ``plainly_sound`` proves (else ``None``): his trumps
        high to low, then the rest high to low; when he is to follow in the trick in
        progress, each card he may play there is tried first in turn, the rest after it in
        that order."""
        played_here = any(seat == kn.seat for seat, _, _ in kn.trick)
        if (
            len(kn.trumps) != 1
            or len(kn.hand) != kn.tricks_left - played_here
            or kn.tricks_left <= 0
        ):
            return None
        trump = kn.trumps[0]
        strength = self.strength
        facts = self.proof_facts(kn)
        # by (not a trump, -strength, card) packed in one int (strengths < 100, cards < 64)
        keys = [((SUIT[c] != trump) * 128 + 127 - strength[c]) * 64 + c for c in kn.hand]
        keys.sort()
        hand = [key & 63 for key in keys]
        if played_here or not kn.trick or kn.trick[0][1] is None:
            return hand if self.plainly_sound(kn, hand, facts) else None
        led = SUIT[kn.trick[0][1]]
        follows = any(SUIT[c] == led for c in hand)
        for c in hand:
            if follows and SUIT[c] != led:
                continue
            order = [c, *(x for x in hand if x != c)]
            if self.plainly_sound(kn, order, facts):
                return order
        return None

    def _cashes(
        self,
        order: list[Card],
        best: list[int],
        outside: list[int],
        trump: int,
        last_rescued: Callable[[], bool] | None = None,
    ) -> bool:
        """p on lead wins a trick with each card of ``order`` in turn. A lead of a suit
        makes every seat holding that suit play one of it (follow suit), so after as many
        leads of a suit as there are outside cards of it, none is left outside. A card
        wins when it is above every outside card of its suit or none can be left; a plain
        card only once no outside trump can be left."""
        strength = self.strength
        leads = [0, 0, 0, 0]
        for i, c in enumerate(order):
            suit = SUIT[c]
            if (suit != trump and leads[trump] < outside[trump]) or (
                strength[c] <= best[suit] and leads[suit] < outside[suit]
            ):
                # a seat may still hold a trump, or a higher card of the suit: only the
                # last trick may still be the team's (``last_rescued``)
                return last_rescued is not None and i == len(order) - 1 and last_rescued()
            leads[suit] += 1
        return True

    def proof_facts(self, kn: Knowledge) -> ProofFacts:
        """What ``plainly_sound`` reads of K(p, k) whatever the order (``cashing_order``
        tries several): ``_outside`` for every other seat and for the seats yet to play to
        the trick in progress, and ``_partner_takes_last``."""
        best, outside = self._outside(kn)
        played = {seat for seat, _, _ in kn.trick}
        here_best, here_count = self._outside(kn, [s for s in self.active if s not in played])
        return best, outside, here_best, here_count, _PartnerTakesLast(self, kn)

    def plainly_sound(
        self,
        kn: Knowledge,
        order: list[Card],
        facts: ProofFacts | None = None,
    ) -> bool:
        """A quick proof of Sound for a stated order, when p knows trump. Outside cards are
        those that may lie in another seat: any card p has not seen (a face-down card on
        the table among them) and any card known to be in another seat.

        - p on lead: the order cashes (``_cashes``): each card is above every outside card
          of its suit or comes after as many leads of its suit as there are outside cards
          of it (each lead makes every seat holding the suit play one), and no plain card
          comes before as many trump leads as there are outside trumps. So each card wins
          its trick, p keeps the lead, and every card of the order is legal.
        - The trick in progress has a lead: the first card is his to play there (of the led
          suit, or he has none) and surely wins it (a trump above every outside trump and
          every trump on the table; or a card of the led suit above every outside card of
          that suit and every card on the table, with no trump outside or on the table);
          then, on lead, the rest cashes as above, counting the outside cards as they are
          now (they only become fewer).
        - Someone else is to lead the next trick: every card of the order is a trump above
          every outside trump, so whatever is led each is legal and wins its trick.

        Two refinements. In the trick in progress only cards that may still be played to it
        can beat his first card: the unknown ones and those known to be in a seat yet to
        play there (not a seat that has played to it already). And his last card, led to
        the last trick, need not win it when a partner surely does (``_partner_takes_last``).

        The trick in progress need not be his to win: a partner's card on the table may
        hold it (``_holds_trick``), and then the rest must be trumps above every outside
        trump. When he has played to it already, the order is for the tricks after it:
        his card there holding it against every seat yet to play keeps him on lead (the
        rest cashes); a team card holding it against the opponents needs the rest to be
        such trumps.

        The full search gives the same answer when it does not run out of nodes."""
        played_here = any(seat == kn.seat for seat, _, _ in kn.trick)
        if (
            len(kn.trumps) != 1
            or len(order) != kn.tricks_left - played_here
            or kn.tricks_left <= 0
            or sorted(order) != sorted(kn.hand)
        ):
            return False
        trump = kn.trumps[0]
        strength = self.strength
        if facts is None:
            facts = self.proof_facts(kn)
        best, outside, here_best, here_count, rescued = facts
        top_trumps = self._top_trumps_win(order, best[trump], trump, rescued)
        if played_here:
            lead = kn.trick[0][1]
            if lead is None:
                return False
            if self._holds_trick(kn, SUIT[lead], trump, keeps_lead=True):
                return self._cashes(order, best, outside, trump, rescued)
            return top_trumps and self._holds_trick(kn, SUIT[lead], trump, keeps_lead=False)
        if not kn.trick:
            if kn.to_play == kn.seat:
                return self._cashes(order, best, outside, trump, rescued)
            return top_trumps
        lead = kn.trick[0][1]
        if lead is None:
            return False
        led = SUIT[lead]
        first = order[0]
        if SUIT[first] != led and any(SUIT[c] == led for c in order):
            return False  # he must follow suit
        table = [card for _, card, _ in kn.trick if card is not None]
        table_trump = max((strength[c] for c in table if SUIT[c] == trump), default=-1)
        if SUIT[first] == trump:
            wins = strength[first] > here_best[trump] and strength[first] > table_trump
        else:
            wins = (
                SUIT[first] == led
                and strength[first] > here_best[led]
                and all(strength[first] > strength[c] for c in table if SUIT[c] == led)
                and here_count[trump] == 0
                and table_trump < 0
            )
        if wins:
            return self._cashes(order[1:], best, outside, trump, rescued)
        # his card need not win: a partner's card on the table may hold the trick, and
        # then whoever of the team leads, trumps above every outside trump win the rest
        return self._holds_trick(kn, led, trump, keeps_lead=False) and self._top_trumps_win(
            order[1:], best[trump], trump, rescued
        )

    def _top_trumps_win(
        self, order: list[Card], best_trump: int, trump: int, rescued: Callable[[], bool]
    ) -> bool:
        """Whoever leads each trick, every card of ``order`` is legal and wins it: each is a
        trump above every outside trump, except that the last may be any card when a
        partner surely takes the last trick (``rescued``)."""
        strength = self.strength
        for i, c in enumerate(order):
            if SUIT[c] != trump or strength[c] <= best_trump:
                return i == len(order) - 1 and rescued()
        return True

    def _holds_trick(self, kn: Knowledge, led: int, trump: int, keeps_lead: bool) -> bool:
        """The best card on the table in the trick in progress is the team's and no seat
        yet to play to it may hold a card above it (any unknown card of a suit he has not
        shown void in, a trump for a hidden indicator, his known cards; as if he need not
        follow suit). ``keeps_lead``: the card is p's own and every seat counts (a
        partner's overtaking would take the lead from him); else only the opponents do.
        Every card of the trick must be known to p."""
        power = card_powers(trump, self.strength)[led + 1]
        seat, top = -1, -1  # the first best card's seat and power (a loop, not max with a key)
        for s, c, _ in kn.trick:
            if c is None:
                return False
            if seat < 0 or power[c] > top:
                seat, top = s, power[c]
        team = kn.seat % 2
        if seat != kn.seat if keeps_lead else seat % 2 != team:
            return False
        played = {s for s, _, _ in kn.trick}
        for s in self.active:
            if s == kn.seat or s in played or (s % 2 == team and not keeps_lead):
                continue
            if any(power[c] > top for c in kn.known[s]):
                return False
            for c in kn.unknown:
                if power[c] > top and (
                    (kn.free[s] and not kn.voids[s] >> SUIT[c] & 1)
                    or (kn.must_trump[s] and SUIT[c] == trump)
                ):
                    return False
        return True

    def _partner_takes_last(self, kn: Knowledge) -> bool:
        """A partner of p surely wins the last trick: p knows his every card (no unknown
        place in his holding) and each is a trump above every trump an opponent may hold
        (any unknown one, any known in an opponent's seat). Whichever he keeps for the
        last trick he must play there, and it beats everything else played to it."""
        trump = kn.trumps[0]
        strength = self.strength
        team = kn.seat % 2
        threat = max(
            (
                strength[c]
                for c in kn.unknown.union(*(kn.known[s] for s in self.active if s % 2 != team))
                if SUIT[c] == trump
            ),
            default=-1,
        )
        if any(
            s % 2 == team
            and s != kn.seat
            and not kn.free[s]
            and not kn.must_trump[s]
            and kn.known[s]
            and all(SUIT[c] == trump and strength[c] > threat for c in kn.known[s])
            for s in self.active
        ):
            return True
        return self._partner_forced_to_take_last(kn)

    def _partner_forced_to_take_last(self, kn: Knowledge) -> bool:
        """As ``_partner_takes_last``, with the partner's unknown places too: in every
        world consistent with K(p, k) (Hall's condition, as the search asks it) every card
        he may hold is a trump above every trump an opponent may hold there - for
        instance the one live trump, when every other seat has shown void in trumps.
        Every card of the trick in progress must be known to p."""
        if any(card is None for _, card, _ in kn.trick):
            return False
        trump = kn.trumps[0]
        strength = self.strength
        team = kn.seat % 2
        partners = [s for s in self.active if s % 2 == team and s != kn.seat]
        if not any(kn.free[s] or kn.must_trump[s] for s in partners):
            return False
        counts = [0, 0, 0, 0]
        for c in kn.unknown:
            counts[SUIT[c]] = counts[SUIT[c]] + 1
        if not self._places_fit(kn, counts, kn.free, kn.must_trump):
            return False
        opponents = [s for s in self.active if s % 2 != team]
        threat = max(
            (strength[c] for s in opponents for c in kn.known[s] if SUIT[c] == trump), default=-1
        )
        # Whether a consistent world puts a card in a seat depends on the card's suit alone
        # (feasibility reads the unknown cards' suit counts): the top unknown trump above
        # the threat is one an opponent may hold exactly when any trump above it is.
        top = -1
        for c in kn.unknown:
            if SUIT[c] == trump and strength[c] > max(threat, top):
                top = strength[c]
        if top >= 0 and any(self._suit_fits(kn, counts, trump, s) for s in opponents):
            threat = top
        for s in partners:
            if not (kn.free[s] or kn.must_trump[s]):
                continue  # (wholly known: asked above)
            if not all(SUIT[c] == trump and strength[c] > threat for c in kn.known[s]):
                continue
            low_suits = 0  # the suits of the unknown cards that would not take the trick
            for c in kn.unknown:
                if SUIT[c] != trump or strength[c] <= threat:
                    low_suits |= 1 << SUIT[c]
            if not any(
                low_suits >> suit & 1 and self._suit_fits(kn, counts, suit, s) for suit in range(4)
            ):
                return True
        return False

    def _suit_fits(self, kn: Knowledge, counts: list[int], suit: int, seat: int) -> bool:
        """Some world consistent with ``kn`` puts an unknown card of ``suit`` (there is one;
        ``counts``: the unknown cards per suit) in one of ``seat``'s unknown places."""
        rest = list(counts)
        rest[suit] -= 1
        trump = kn.trumps[0]
        if kn.must_trump[seat] and suit == trump:
            must = list(kn.must_trump)
            must[seat] -= 1
            if self._places_fit(kn, rest, kn.free, must):
                return True
        if kn.free[seat] and not kn.voids[seat] >> suit & 1:
            free = list(kn.free)
            free[seat] -= 1
            return self._places_fit(kn, rest, free, kn.must_trump)
        return False

    def _places_fit(
        self, kn: Knowledge, counts: list[int], free: list[int], must: list[int]
    ) -> bool:
        """``Solver.feasible`` for ``kn`` with these unknown cards per suit and unknown
        places per seat (``kn``'s voids and past face-down slots)."""
        if not kn.unknown and not kn.hidden_slots and not any(kn.must_trump):
            return True  # (``Solver.trivial``)
        need_low, need_high, total = _place_lanes(
            self.active, free, must, kn.voids, kn.trumps[0], kn.hidden_slots
        )
        if total != counts[0] + counts[1] + counts[2] + counts[3]:
            return False
        return _fits_lanes(need_low, need_high, (counts[0], counts[1], counts[2], counts[3]))

    def _outside(
        self, kn: Knowledge, seats: list[int] | None = None
    ) -> tuple[list[int], list[int]]:
        """For the cards that may lie outside p's hand (every card he has not seen, every
        card known to be in another seat, or only in ``seats``): per suit, the strength
        of the best (-1 for none) and how many there are."""
        strength = self.strength
        best = [-1, -1, -1, -1]
        counts = [0, 0, 0, 0]
        outside = 0  # the cards as bits (a card both unknown and known counts once)
        for c in kn.unknown:
            outside |= 1 << c
        for cards in kn.known if seats is None else [kn.known[s] for s in seats]:
            for c in cards:
                outside |= 1 << c
        while outside:
            low = outside & -outside
            outside ^= low
            c = low.bit_length() - 1
            suit = SUIT[c]
            if strength[c] > best[suit]:
                best[suit] = strength[c]
            counts[suit] += 1
        return best, counts
