"""Laying melds down and changing melds on the table (telefunken.md §10, §12).

Staged contract melds and swapped wilds live in a transaction that ``cancel`` undoes;
the contract goes down atomically (TF-40); an empty hand goes out (TF-55).
"""

from __future__ import annotations

from rules.cards import CARD_STRINGS, Card
from rules.contract import Event
from rules.rummy import Meld, swap_wild
from rules.telefunken.melds import Candidate, TableMeld, assign, is_pure
from rules.telefunken.table import TableState


class MeldMoves(TableState):
    """Applies the melding actions."""

    def _save(self, seat: int) -> None:
        if self.transaction is None:
            self.transaction = {
                "hand": list(self.hands[seat]),
                "melds": [m.state() for m in self.melds],
                "next_meld_id": self.next_meld_id,
            }

    def _do_cancel(self, seat: int) -> list[Event]:
        if self.transaction is not None:
            self.hands[seat] = list(self.transaction["hand"])
            self.melds = [TableMeld.from_state(m) for m in self.transaction["melds"]]
            self.next_meld_id = self.transaction["next_meld_id"]
        self.transaction, self.staged, self.must_use = None, [], None
        return [Event.make("staging_cancelled", seat=seat)]

    def _do_stage(self, seat: int, cand: Candidate) -> list[Event]:
        """TF-40: a contract meld goes into the bundle; a complete contract is laid."""
        self._save(seat)
        self.staged.append(cand)
        if self.must_use is not None and self.must_use in cand.cards:
            self.must_use = None
        if self.contract.must_go_out:
            return []
        if any(assign(reqs, self.staged) == [] for reqs in self.contract.options):
            return self._commit_contract(seat)
        return []

    def _do_goout(self, seat: int) -> list[Event]:
        """TF-58: the deal-7 bundle goes down in one go."""
        return self._commit_contract(seat)

    def _commit_contract(self, seat: int) -> list[Event]:
        count = self._contract_count()
        pure_left = sum(r.pure for r in self.contract.options[0])
        events = []
        for i, cand in enumerate(self.staged):
            pure = False
            if i < count and pure_left and is_pure(cand.meld):
                pure = True
                pure_left -= 1
            tm = self._place(seat, cand, contract=i < count, pure=pure)
            events.append(self._meld_event(tm))
        self.staged, self.transaction, self.must_use = [], None, None
        self.has_melded[seat] = True
        self.melded_turn[seat] = self.turn_no
        return events + self._maybe_out(seat)

    def _place(self, seat: int, cand: Candidate, contract: bool, pure: bool = False) -> TableMeld:
        for c in cand.cards:
            self.hands[seat].remove(c)
        tm = TableMeld(
            self.next_meld_id,
            seat,
            cand.meld,
            colour=cand.colour,
            pure=pure,
            contract=contract,
            turn=self.turn_no,
        )
        self.next_meld_id += 1
        self.melds.append(tm)
        return tm

    def _meld_event(self, tm: TableMeld) -> Event:
        return Event.make("melded", seat=tm.owner, meld=tm.to_json())

    def _do_new(self, seat: int, cand: Candidate) -> list[Event]:
        """TF-43: a new meld after the contract (or the one a swapped wild must join)."""
        tm = self._place(seat, cand, contract=False)
        self.must_use = None
        self.transaction = None
        return [self._meld_event(tm), *self._maybe_out(seat)]

    def _meld(self, meld_id: int) -> TableMeld:
        return next(m for m in self.melds if m.id == meld_id)

    def _do_lay(self, seat: int, meld_id: int, card: Card, grown: Meld) -> list[Event]:
        """TF-43 / TF-46: lay off one card on any meld."""
        tm = self._meld(meld_id)
        self.hands[seat].remove(card)
        tm.meld = grown
        if tm.pure and self.rs.pure_closes and len(grown.cards) == 4:
            tm.closed = True  # TF-34: the fourth suit completes a pure trío
        events = [Event.make("laid_off", seat=seat, card=CARD_STRINGS[card], meld=tm.to_json())]
        return events + self._maybe_out(seat)

    def _do_takejoker(
        self, seat: int, meld_id: int, index: int, naturals: tuple[Card, ...]
    ) -> list[Event]:
        """TF-44: two naturals go into the set, its joker comes into the hand."""
        tm = self._meld(meld_id)
        swapped = swap_wild(tm.meld, index, list(naturals), self.rs.set_rules)
        assert swapped is not None
        tm.meld, wild = swapped
        for c in naturals:
            self.hands[seat].remove(c)
        self.hands[seat].append(wild)
        return [Event.make("joker_taken", seat=seat, naturals=len(naturals), meld=tm.to_json())]

    def _do_movejoker(self, seat: int, meld_id: int, moved: Meld, natural: Card) -> list[Event]:
        """TF-45: the natural takes the end joker's place; the joker moves to an end."""
        tm = self._meld(meld_id)
        tm.meld = moved
        self.hands[seat].remove(natural)
        return [Event.make("joker_moved", seat=seat, meld=tm.to_json()), *self._maybe_out(seat)]

    def _do_swap(self, seat: int, meld_id: int, index: int, natural: Card) -> list[Event]:
        """TFV-EC-7 / TFV-PE1-8 / TFV-PE1-WG-4: a natural replaces a table wild, which
        must go straight into a new meld of the player's own."""
        self._save(seat)
        tm = self._meld(meld_id)
        swapped = swap_wild(tm.meld, index, [natural], self._rules_of(tm))
        assert swapped is not None
        tm.meld, wild = swapped
        self.hands[seat].remove(natural)
        self.hands[seat].append(wild)
        self.must_use = wild
        return [Event.make("wild_swapped", seat=seat, meld=tm.to_json())]

    def _maybe_out(self, seat: int) -> list[Event]:
        if self.hands[seat]:
            return []
        return self._end_deal(seat)  # TF-55: an empty hand goes out at once
