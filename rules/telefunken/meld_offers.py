"""What a player may lay down now (telefunken.md §9-§11): the melding part of the legal list.

Before the contract: melds that start or continue a contract the hand can complete
(TF-40, TF-58); after it: the smallest new melds, layoffs one card at a time, and the
joker moves (TF-43..TF-46, TFV-EC-7, TFV-PE1-8, TFV-PE1-WG-4).
"""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from rules.cards import CARD_STRINGS, Card
from rules.rummy import RUN, SET, swap_wild
from rules.rummy import shift_end_wild as rummy_shift
from rules.telefunken.melds import (
    Candidate,
    ContractSearch,
    ContractState,
    TableMeld,
    after,
    assign,
    layoff_results,
    may_fill,
    smallest_melds,
)
from rules.telefunken.table import Op, TableState


class MeldOffers(TableState):
    """Builds the meld, layoff and joker actions of the seat whose turn it is."""

    def _avail(self, seat: int) -> Counter[Card]:
        have = Counter(self.hands[seat])
        for cand in self.staged:
            have -= Counter(cand.cards)
        return have

    def _build_play(self, seat: int, ops: dict[str, Op]) -> None:
        rs = self.rs
        hand = self.hands[seat]
        if self.opening:  # TFV-PE1-2: the dealer opens with a discard only
            for c in sorted(set(hand)):
                ops[f"discard:{CARD_STRINGS[c]}"] = ("discard", c)
            return
        contract = self.contract
        may_meld = not (rs.wait_for_first_draws and not all(self.drawn_once))  # TFV-BO-10
        if self.must_use is not None:
            self._build_must_use(seat, ops)
            ops["cancel"] = ("cancel",)
            return
        if not self.has_melded[seat]:
            if may_meld:
                self._build_contract(seat, ops)
            if self.staged or self.transaction:
                ops["cancel"] = ("cancel",)
                return
        elif may_meld and not contract.must_go_out:
            locked = rs.contract_turn_locked and self.melded_turn[seat] == self.turn_no
            if not locked:
                self._build_after_contract(seat, ops)
        for c in sorted(set(hand)):
            ops[f"discard:{CARD_STRINGS[c]}"] = ("discard", c)

    def _search(self, seat: int) -> ContractSearch:
        contract = self.contract
        return ContractSearch(
            self.hands[seat],
            self.rs,
            contract.joker_limit,
            contract.same_rank_ok,
            contract.same_suit_ok,
            [r for reqs in contract.options for r in reqs],
        )

    def _staged_state(self, staged: list[Candidate] | None = None) -> ContractState:
        """What the staged contract melds use up (EC-4 wilds, ranks, suits)."""
        done = ContractState()
        for cand in self.staged if staged is None else staged:
            done = after(done, cand)
        return done

    def _contract_count(self) -> int:
        """How many staged melds belong to the contract (the rest are go-out extras)."""
        best = 0
        for reqs in self.contract.options:
            if assign(reqs, self.staged[: len(reqs)]) is not None:
                best = max(best, min(len(reqs), len(self.staged)))
        return best

    def _build_contract(self, seat: int, ops: dict[str, Op]) -> None:
        """TF-40 / TF-58: melds that start or continue a contract the hand can complete."""
        contract = self.contract
        if not self.staged and self.must_use is None:
            hand = self.hands[seat]
            if not any(may_fill(hand, reqs, self.rs) for reqs in contract.options):
                if self.rs.wild_take == "ec_contract" and contract.joker_limit != 0:
                    self._build_ec_swaps(seat, ops, Counter(hand))
                return
        search = self._search(seat)
        have = self._avail(seat)
        go_out = contract.must_go_out
        contract_staged = self.staged[: self._contract_count()]
        done = self._staged_state(contract_staged)
        lefts = [assign(reqs, contract_staged) for reqs in contract.options]
        complete = any(left == [] for left in lefts)
        if complete and go_out:
            # the contract is staged: extras until at most one card is left (TF-58)
            left_cards = sum(have.values())
            if left_cards <= 1:
                ops["goout"] = ("goout",)
            for cand in search.go_out_extras(have):
                ops[f"meld:{cand.id_text()}"] = ("stage", cand)
            return
        seen: set[str] = set()
        for left in lefts:
            if not left:
                continue
            for cand in search.next_melds(have, left, done, go_out, self.must_use):
                key = f"meld:{cand.id_text()}"
                if key in seen:
                    continue
                seen.add(key)
                if self._would_empty(seat, len(cand.cards), len(left) == 1 and not go_out):
                    continue
                ops[key] = ("stage", cand)
        if self.rs.wild_take == "ec_contract" and contract.joker_limit != 0:
            self._build_ec_swaps(seat, ops, have)

    def _would_empty(self, seat: int, placing: int, committing: bool) -> bool:
        """TFV-PE1-3 / TFV-FR-5: no meld may leave the hand empty (a discard goes out)."""
        if not self.rs.final_discard or not committing:
            return False
        staged = sum(len(c.cards) for c in self.staged)
        return len(self.hands[seat]) - staged - placing <= 0

    def _build_ec_swaps(self, seat: int, ops: dict[str, Op], have: Counter[Card]) -> None:
        """TFV-EC-7: take a joker from another player's contract meld into your contract."""
        done = self._staged_state()
        limit = self.contract.joker_limit
        if limit is not None and done.wilds >= limit:
            return
        for tm in self.melds:
            if tm.owner == seat or not tm.contract or tm.colour:
                continue
            for index, card in enumerate(tm.meld.cards):
                if not tm.meld.wild[index]:
                    continue
                for natural in self._naturals_for(tm, index, have):
                    swapped = swap_wild(tm.meld, index, [natural], self._rules_of(tm))
                    if swapped is None:
                        continue
                    if not self._swap_usable(seat, natural, card, contract_only=True):
                        continue
                    key = f"swap:{tm.id}:{CARD_STRINGS[natural]}:{CARD_STRINGS[card]}"
                    ops[key] = ("swap", tm.id, index, natural)

    def _naturals_for(self, tm: TableMeld, index: int, have: Counter[Card]) -> list[Card]:
        """The natural cards of the hand that a wild in this place stands for."""
        if tm.meld.kind == RUN:
            stands = tm.meld.stands_for(index)
            return [stands] if stands is not None and have[stands] else []
        rank = tm.meld.rank
        if rank < 0:
            return []
        return sorted(c for c in have if c % 13 == rank and c < 52 and have[c])

    def _rules_of(self, tm: TableMeld) -> Any:
        return self.rs.set_rules if tm.meld.kind == SET else self.rs.run_rules

    def _swap_usable(self, seat: int, natural: Card, wild: Card, contract_only: bool) -> bool:
        """Whether a wild taken by swapping ``natural`` can be used at once (EC-7, PE1-8)."""
        hand = list(self.hands[seat])
        hand.remove(natural)
        hand.append(wild)
        for cand in self.staged:
            for c in cand.cards:
                hand.remove(c)
        have = Counter(hand)
        if contract_only:
            ct = self.contract
            search = ContractSearch(
                hand,
                self.rs,
                ct.joker_limit,
                ct.same_rank_ok,
                ct.same_suit_ok,
                [r for reqs in ct.options for r in reqs],
            )
            for reqs in self.contract.options:
                left = assign(reqs, self.staged)
                if left and search.next_melds(
                    have, left, self._staged_state(), self.contract.must_go_out, wild
                ):
                    return True
            return False
        return bool(self._must_use_melds(hand, wild))

    def _must_use_melds(self, hand: list[Card], wild: Card) -> list[Candidate]:
        kinds = ("run",) if self.rs.wild_take == "swap_run" else ("set", "run")
        left = len(hand)
        out = []
        for cand in smallest_melds(hand, self.rs):
            if wild in cand.cards and cand.kind in kinds:
                if self.rs.final_discard and left - len(cand.cards) <= 0:
                    continue
                out.append(cand)
        return out

    def _build_must_use(self, seat: int, ops: dict[str, Op]) -> None:
        assert self.must_use is not None
        if not self.has_melded[seat]:
            self._build_contract(seat, ops)
            for key in [k for k in ops if k.startswith("swap:")]:
                del ops[key]
            return
        for cand in self._must_use_melds(list(self.hands[seat]), self.must_use):
            ops[f"meld:{cand.id_text()}"] = ("new", cand)

    def _build_after_contract(self, seat: int, ops: dict[str, Op]) -> None:
        rs = self.rs
        hand = self.hands[seat]
        have = Counter(hand)
        earlier = self.melded_turn[seat] < self.turn_no
        size = len(hand)
        min_out = 1 if rs.final_discard else 0
        if rs.new_melds_after_contract:
            for cand in smallest_melds(hand, rs):
                if size - cand.size >= min_out:
                    ops[f"meld:{cand.id_text()}"] = ("new", cand)
        if size - 1 >= min_out:
            cards = sorted(have)
            memo = self._layoffs
            for tm in self.melds:
                if (
                    not rs.own_contract_same_turn
                    and tm.owner == seat
                    and tm.contract
                    and tm.turn == self.turn_no
                ):
                    continue  # TF-42: your contract melds are frozen the turn you lay them
                memo_key = (tm.meld, tm.colour, tm.closed, tm.pure)
                by_card = memo.get(memo_key)
                if by_card is None:
                    by_card = memo[memo_key] = {}
                for c in cards:
                    results = by_card.get(c)
                    if results is None:
                        results = by_card[c] = layoff_results(tm, c, rs)
                    if not results:
                        continue
                    if len(results) == 1:
                        ops[f"lay:{tm.id}:{CARD_STRINGS[c]}"] = ("lay", tm.id, c, results[0][1])
                    else:
                        for end, grown in results:
                            key = f"lay:{tm.id}:{CARD_STRINGS[c]}:{end}"
                            ops[key] = ("lay", tm.id, c, grown)
        if rs.wild_take in ("two", "bolivia") and earlier:
            self._build_take_joker(seat, ops, have)
        if rs.run_joker_shift and earlier:
            self._build_move_joker(seat, ops, have)
        if rs.wild_take in ("swap_run", "swap_any"):
            self._build_swaps(seat, ops, have)

    def _build_take_joker(self, seat: int, ops: dict[str, Op], have: Counter[Card]) -> None:
        """TF-44 (two naturals) / TFV-BO-11 (one or two, never from your own melds)."""
        rs = self.rs
        need = rs.wild_take_cards
        for tm in self.melds:
            if tm.meld.kind != SET or tm.meld.rank < 0 or not tm.meld.wilds:
                continue
            if rs.wild_take == "bolivia" and tm.owner == seat:
                continue
            naturals = sorted(c for c in have.elements() if c < 52 and c % 13 == tm.meld.rank)
            if len(naturals) < need:
                continue
            index = tm.meld.wild.index(True)
            choices = sorted(set(itertools.combinations(naturals, need)))
            for combo in choices:
                swapped = swap_wild(tm.meld, index, combo, rs.set_rules)
                if swapped is None:
                    continue
                key = f"takejoker:{tm.id}:{','.join(CARD_STRINGS[c] for c in combo)}"
                ops[key] = ("takejoker", tm.id, index, combo)

    def _build_move_joker(self, seat: int, ops: dict[str, Op], have: Counter[Card]) -> None:
        """TF-45: a run's end joker gives way to its natural and moves to either end."""
        for tm in self.melds:
            m = tm.meld
            if m.kind != RUN or tm.colour or not m.wilds:
                continue
            for index in {0, len(m.cards) - 1}:
                natural = m.stands_for(index)
                if not m.wild[index] or natural is None or not have[natural]:
                    continue
                for end in ("low", "high"):
                    moved = rummy_shift(m, natural, end, self.rs.run_rules)
                    if moved is not None:
                        ops[f"movejoker:{tm.id}:{end}"] = ("movejoker", tm.id, moved, natural)

    def _build_swaps(self, seat: int, ops: dict[str, Op], have: Counter[Card]) -> None:
        """TFV-PE1-8 / TFV-PE1-WG-4: swap a natural for a table wild and use it at once."""
        for tm in self.melds:
            m = tm.meld
            if tm.colour or not m.wilds:
                continue
            if self.rs.wild_take == "swap_run" and m.kind != RUN:
                continue
            for index, card in enumerate(m.cards):
                if not m.wild[index]:
                    continue
                for natural in self._naturals_for(tm, index, have):
                    key = f"swap:{tm.id}:{CARD_STRINGS[natural]}:{CARD_STRINGS[card]}"
                    if key in ops:
                        continue
                    if swap_wild(m, index, [natural], self._rules_of(tm)) is None:
                        continue
                    if self._swap_usable(seat, natural, card, contract_only=False):
                        ops[key] = ("swap", tm.id, index, natural)
