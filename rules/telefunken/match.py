"""One Telefunken match: deals, turns, the buy window, melding and scoring.

Phases: ``cut`` (the cutter), ``contract`` (Dawson's dealer choice), ``exchange``
(TF-19, every seat at once), ``draw`` and ``play`` (the seat whose turn it is), ``buy``
(the buy window, TF-30a: every eligible seat at once), ``match_over``.

Melding is a sequence of choices from short lists (see the package docstring).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.cards import CARD_STRINGS, RANKS, Card, card_strs, deck_of, pretty, shuffled
from rules.contract import Action, Deal, Event, IllegalAction, Match
from rules.rummy import RUN, SET, Meld, swap_wild
from rules.rummy import shift_end_wild as rummy_shift
from rules.telefunken.actions import ACTIONS, action
from rules.telefunken.dealing import actual_cut, cards_needed, cut_and_deal, cutter_of
from rules.telefunken.melds import (
    Candidate,
    ContractSearch,
    ContractState,
    TableMeld,
    assign,
    is_pure,
    layoff_results,
    may_fill,
    smallest_melds,
)
from rules.telefunken.variants import VARIANT_TITLES, Contract, TelefunkenOptions, ruleset

Op = tuple[Any, ...]

# The attributes that make up a match's state (snapshot/restore copies exactly these).
STATE_FIELDS = (
    "deal_no",
    "contract_no",
    "contracts_left",
    "dealer",
    "_phase",
    "hands",
    "stock",
    "discard",
    "next_meld_id",
    "chips",
    "chips_spent",
    "bonus_chips",
    "buys",
    "has_melded",
    "melded_turn",
    "scores",
    "money",
    "deal_wins",
    "turn_player",
    "turn_no",
    "last_drawn",
    "first_turn",
    "opening",
    "window",
    "must_use",
    "exchange_rounds",
    "giving",
    "handed_in",
    "rebuilds",
    "drawn_once",
    "streak",
    "results",
    "last_penalty",
    "pending",
    "cut_info",
    "upcard_taken",
    "_deals_used",
)


class TelefunkenMatch(Match[TelefunkenOptions]):
    """A Telefunken game of every deal of the chosen variant."""

    def __init__(
        self, players: int, options: TelefunkenOptions, seed: int, deals: Sequence[Deal] = ()
    ) -> None:
        super().__init__(players, options, seed, deals)
        self.rs = ruleset(options, players)
        self.pack: list[Card] = deck_of(RANKS, copies=self.rs.decks, jokers=self.rs.joker_count())
        n = players
        self.deal_no = 0
        self.contract_no = 0
        self.contracts_left: list[int] = list(range(len(self.rs.contracts)))
        self.dealer = self.rng.randrange(n)  # TF-10: the first dealer is random
        self._phase = "cut"
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []  # top = last
        self.discard: list[Card] = []  # top = last
        self.melds: list[TableMeld] = []
        self.next_meld_id = 1
        self.chips = [self.rs.chips] * n  # TF-7
        self.chips_spent = [0] * n
        self.bonus_chips = [0] * n
        self.buys = 0
        self.has_melded = [False] * n
        self.melded_turn = [-1] * n
        self.scores = [0] * n
        self.money = [0] * n
        self.deal_wins = [0] * n
        self.turn_player = 0
        self.turn_no = 0
        self.last_drawn: Card | None = None
        self.first_turn = False
        self.opening = False
        self.window: dict[str, Any] | None = None
        self.staged: list[Candidate] = []
        self.transaction: dict[str, Any] | None = None
        self.must_use: Card | None = None
        self.exchange_rounds = 0
        self.giving: list[list[Card]] = [[] for _ in range(n)]
        self.handed_in = [False] * n
        self.rebuilds = 0
        self.drawn_once = [False] * n
        self.streak: list[int] = [-1, 0]
        self.results: list[dict[str, Any]] = []
        self.last_penalty = [0] * n
        self.pending: list[Card] = []  # the shuffled pack waiting for the cut
        self.cut_info: dict[str, Any] = {}
        self.upcard_taken = 0
        self._cache: dict[int, tuple[list[Action], dict[str, Op]]] = {}
        self._start_deal()

    # -- contract members ----------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        p = self._phase
        if p == "cut":
            return frozenset((cutter_of(self.dealer, self.players),))
        if p == "contract":
            return frozenset((self.dealer,))
        if p == "exchange":
            return frozenset(s for s in range(self.players) if not self.handed_in[s])
        if p in ("draw", "play"):
            return frozenset((self.turn_player,))
        if p == "buy":
            assert self.window is not None
            answers = self.window["answers"]
            return frozenset(s for s in self.window["order"] if str(s) not in answers)
        return frozenset()

    @property
    def is_over(self) -> bool:
        return self._phase == "match_over"

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return self.results

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        best = min(self.scores)
        return {
            "winners": [s for s in range(self.players) if self.scores[s] == best],
            "scores": list(self.scores),
            "money": list(self.money),
            "deal_wins": list(self.deal_wins),
        }

    def deck(self) -> list[str]:
        return card_strs(self.pack)

    def card_zones(self) -> dict[str, list[str]]:
        zones = {
            "stock": card_strs(self.stock),
            "discard": card_strs(self.discard),
            "pending": card_strs(self.pending),
            "melds": [CARD_STRINGS[c] for m in self.melds for c in m.meld.cards],
        }
        for s in range(self.players):
            zones[f"hand{s}"] = card_strs(self.hands[s])
        return zones

    @property
    def contract(self) -> Contract:
        return self.rs.contracts[self.contract_no]

    def public_view(self) -> dict[str, Any]:
        window = None
        if self.window is not None:
            window = {
                "card": CARD_STRINGS[self.window["card"]],
                "discarder": self.window["discarder"],
                "order": list(self.window["order"]),
                "answers": dict(self.window["answers"]),
            }
        return {
            "game": "telefunken",
            "title": VARIANT_TITLES[self.rs.variant],
            "variant": self.rs.variant,
            "direction": self.options.direction,
            "phase": self._phase,
            "deal": self.deal_no,
            "deals": len(self.rs.contracts),
            "contract_number": self.contract_no + 1,
            "contract": _contract_label(self.contract),
            "contracts_left": [k + 1 for k in self.contracts_left],
            "dealer": self.dealer,
            "cutter": cutter_of(self.dealer, self.players),
            "turn": self.turn_player if self._phase in ("draw", "play") else None,
            "stock": len(self.stock),
            "discard_top": CARD_STRINGS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "melds": [m.to_json() for m in self.melds],
            "chips": list(self.chips),
            "hand_sizes": [len(h) for h in self.hands],
            "has_melded": list(self.has_melded),
            "scores": list(self.scores),
            "money": list(self.money),
            "buy_window": window,
            "exchange": (
                {"handed_in": list(self.handed_in), "rounds_left": self.exchange_rounds}
                if self._phase == "exchange"
                else None
            ),
            "cut": dict(self.cut_info),
            "staging": bool(self.staged or self.transaction),
        }

    def view(self, seat: int) -> dict[str, Any]:
        data = self.public_view()
        data["seat"] = seat
        data["hand"] = card_strs(sorted(self.hands[seat]))
        # Cards staged or chosen for the exchange are still in the hand; they are shown
        # by label (not card id) so the view never lists one card twice.
        mine = seat == self.turn_player and self._phase == "play"
        data["staged"] = [c.label() for c in self.staged] if mine else []
        data["must_use"] = pretty(self.must_use) if mine and self.must_use is not None else None
        data["giving"] = [pretty(c) for c in self.giving[seat]]
        return data

    # -- legal actions ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        return list(self._options(seat)[0])

    def _options(self, seat: int) -> tuple[list[Action], dict[str, Op]]:
        hit = self._cache.get(seat)
        if hit is None:
            ops: dict[str, Op] = {}
            self._build(seat, ops)
            hit = ([ACTIONS.get(i) or _dyn(i) for i in ops], ops)
            self._cache[seat] = hit
        return hit

    def _build(self, seat: int, ops: dict[str, Op]) -> None:
        p = self._phase
        if p == "cut":
            ops["cut"] = ("cut", None)
            base = cards_needed(self.players, self.rs.hand_size)
            for target in range(max(1, base - 5), min(len(self.pack) - 3, base + 5) + 1):
                if target != base:
                    ops[f"cut:{target}"] = ("cut", target)
        elif p == "contract":
            for k in self.contracts_left:
                ops[f"contract:{k + 1}"] = ("contract", k)
        elif p == "exchange":
            avail = Counter(self.hands[seat]) - Counter(self.giving[seat])
            for c in sorted(avail):
                ops[f"give:{CARD_STRINGS[c]}"] = ("give", c)
            for c in sorted(set(self.giving[seat])):
                ops[f"ungive:{CARD_STRINGS[c]}"] = ("ungive", c)
            ops["handin"] = ("handin",)
            if self.giving[seat]:
                ops["keepall"] = ("keepall",)
        elif p == "buy":
            assert self.window is not None
            ops["buy"] = ("buy",)
            if seat == self.window["next"]:
                ops["draw"] = ("pass",)
            else:
                ops["pass"] = ("pass",)
        elif p == "draw":
            ops["draw"] = ("draw",)
            if self.discard and (
                (self.first_turn and self.rs.upcard == "first_free")
                or self.rs.upcard == "take_discard"
            ):
                kind = "take_upcard" if self.rs.upcard == "first_free" else "take_discard"
                ops[kind] = ("take", kind)
        elif p == "play":
            self._build_play(seat, ops)

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

    def _remaining_reqs(self) -> list[list[Any]]:
        out = []
        for reqs in self.contract.options:
            left = assign(reqs, self.staged)
            if left is not None:
                out.append(left)
        return out

    def _staged_state(self) -> ContractState:
        done = ContractState()
        for cand in self.staged:
            m = cand.meld
            done = ContractState(
                done.wilds + m.wilds,
                (*done.ranks, m.rank) if m.kind == SET else done.ranks,
                (*done.suits, m.suit) if cand.kind == "run" else done.suits,
            )
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
        done = ContractState()
        for cand in contract_staged:
            done = ContractState(
                done.wilds + cand.meld.wilds,
                (*done.ranks, cand.meld.rank) if cand.meld.kind == SET else done.ranks,
                (*done.suits, cand.meld.suit) if cand.kind == "run" else done.suits,
            )
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
            for tm in self.melds:
                if (
                    not rs.own_contract_same_turn
                    and tm.owner == seat
                    and tm.contract
                    and tm.turn == self.turn_no
                ):
                    continue  # TF-42: your contract melds are frozen the turn you lay them
                for c in sorted(have):
                    results = layoff_results(tm, c, rs)
                    if len(results) == 1:
                        ops[f"lay:{tm.id}:{CARD_STRINGS[c]}"] = ("lay", tm.id, c, results[0][1])
                    elif len(results) > 1:
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
            choices = sorted(set(_combos(naturals, need)))
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

    # -- applying --------------------------------------------------------------------------

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """The base checks, with a reason when a seat outside the buy window tries to buy."""
        if isinstance(action, str):
            action = self.spec.parse_action(action)
        if (
            action.kind == "buy"
            and self._phase == "buy"
            and seat in range(self.players)
            and seat not in self.to_act
        ):
            raise IllegalAction(self.explain_illegal(seat, action))
        return super().apply(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> str:
        if action.kind == "buy":
            if self.has_melded[seat] and not self.rs.buy_after_meld:
                return "You have melded: you can't buy again this deal."
            if self.chips[seat] < 1:
                return "You have no chips left to buy with."
            if self.contract.no_buying or not self.rs.buying:
                return "There is no buying in this deal."
            if self.window is not None and str(seat) in self.window["answers"]:
                return "You have already answered this discard."
        if action.kind == "lay" and not self.has_melded[seat]:
            return "Lay your contract before laying off."
        if action.kind == "lay":
            return "That card can't go on that meld now."
        if action.kind == "meld":
            return "Those cards aren't a meld you can lay now."
        return super().explain_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        op = self._options(seat)[1][action.id]
        self._cache.clear()
        handler = getattr(self, "_do_" + op[0])
        events: list[Event] = handler(seat, *op[1:])
        self._cache.clear()
        return events

    # deal start ------------------------------------------------------------------------------

    def _start_deal(self) -> None:
        n = self.players
        self.deal_no += 1
        if not self.rs.dealer_choice:
            self.contract_no = self.contracts_left[0]
        self.hands = [[] for _ in range(n)]
        self.stock, self.discard, self.melds = [], [], []
        self.has_melded = [False] * n
        self.melded_turn = [-1] * n
        self.drawn_once = [False] * n
        self.rebuilds = 0
        self.window = None
        self.staged, self.transaction, self.must_use = [], None, None
        self.upcard_taken = 0
        self.cut_info = {}
        if self._deals_used < len(self._deals):  # a stacked deal names its dealer
            self.dealer = self._deals[self._deals_used].dealer % n
        self.pending = shuffled(self.pack, self.rng)  # TF-12
        self._phase = "cut"

    def _do_cut(self, seat: int, target: int | None) -> list[Event]:
        """TF-13..TF-18: cut, the cutter's jokers, the deal, the upcard, the exact cut."""
        rs, n = self.rs, self.players
        needed = cards_needed(n, rs.hand_size)
        stacked = self.next_stacked_deal()
        cutter = cutter_of(self.dealer, n)
        events: list[Event] = []
        if stacked is not None:
            hands, stock, upcard = self._check_deal(stacked)
            self.pending = []
            self.hands = hands
            self.stock = list(reversed(stock))
            self.discard = [upcard] if upcard is not None else []
            self.cut_info = {"stacked": True}
        else:
            size = actual_cut(
                needed if target is None else target,
                len(self.pending),
                self.options.cut_noise,
                self.rng,
            )
            dealt = cut_and_deal(
                self.pending,
                n,
                self.dealer,
                size,
                rs.hand_size,
                dealer_extra_card=rs.dealer_extra_card,
                cutter_takes_jokers=rs.cutter_takes_jokers,
                exact_sizes=(0, 1) if rs.exact_cut == "bolivia" else (0,),
            )
            self.pending = []
            self.hands = dealt.hands
            self.stock = list(reversed(dealt.stock))
            self.discard = [dealt.upcard] if dealt.upcard is not None else []
            self.cut_info = {
                "bottom": dealt.bottom_size,
                "cutter_jokers": dealt.cutter_jokers,
                "exact": dealt.exact_cut,
            }
            if dealt.cutter_jokers:
                events.append(Event.make("cutter_jokers", seat=cutter, count=dealt.cutter_jokers))
            if dealt.exact_cut:
                events += self._exact_cut_bonus(cutter)
        events.append(Event.make("dealt", dealer=self.dealer, deal=self.deal_no))
        if rs.dealer_choice:
            self._phase = "contract"
            return events
        return events + self._after_contract_known()

    def _check_deal(self, deal: Deal) -> tuple[list[list[Card]], list[Card], Card | None]:
        hands, stock, upcard = deal.card_ints()
        n, rs = self.players, self.rs
        if len(hands) != n or deal.dealer not in range(n):
            raise IllegalAction(f"Bad deal: it needs {n} hands.")
        self.dealer = deal.dealer
        for s, hand in enumerate(hands):
            want = rs.hand_size + (1 if rs.dealer_extra_card and s == self.dealer else 0)
            if len(hand) != want:
                raise IllegalAction(f"Bad deal: seat {s} needs {want} cards, not {len(hand)}.")
        if (upcard is None) != rs.dealer_extra_card:
            raise IllegalAction("Bad deal: the upcard is wrong for this variant.")
        everything = Counter(c for h in hands for c in h) + Counter(stock)
        if upcard is not None:
            everything[upcard] += 1
        if everything != Counter(self.pack):
            raise IllegalAction("Bad deal: the cards are not exactly this game's pack.")
        return hands, stock, upcard

    def _exact_cut_bonus(self, cutter: int) -> list[Event]:
        """TF-18, TFV-LOC-2, TFV-BO-4, TFV-PE2-6."""
        kind = self.rs.exact_cut
        if kind in ("chip", "bolivia"):
            self.chips[cutter] += 1
            self.bonus_chips[cutter] += 1
        elif kind in ("minus25", "minus50"):
            self.scores[cutter] -= 25 if kind == "minus25" else 50
        elif kind == "wipe" and self.deal_no > 1 and self.last_penalty[cutter] > 0:
            self.scores[cutter] -= self.last_penalty[cutter]
        return [Event.make("exact_cut", seat=cutter, reward=kind)]

    def _do_contract(self, seat: int, k: int) -> list[Event]:
        """TFV-EC-DD: the dealer names one of the contracts not yet played."""
        self.contract_no = k
        ev = Event.make("contract_chosen", number=k + 1, contract=self.contract.label())
        return [ev, *self._after_contract_known()]

    def _after_contract_known(self) -> list[Event]:
        self.contracts_left.remove(self.contract_no)
        self.exchange_rounds = self.contract.exchanges
        if self.exchange_rounds:
            self._open_exchange()
            return []
        return self._first_turn()

    # the exchange (TF-19) ------------------------------------------------------------------------

    def _open_exchange(self) -> None:
        self._phase = "exchange"
        self.giving = [[] for _ in range(self.players)]
        self.handed_in = [False] * self.players

    def _do_give(self, seat: int, card: Card) -> list[Event]:
        self.giving[seat].append(card)
        return []

    def _do_ungive(self, seat: int, card: Card) -> list[Event]:
        self.giving[seat].remove(card)
        return []

    def _do_keepall(self, seat: int) -> list[Event]:
        self.giving[seat] = []
        return self._do_handin(seat)

    def _do_handin(self, seat: int) -> list[Event]:
        self.handed_in[seat] = True
        events = [Event.make("handed_in", seat=seat, count=len(self.giving[seat]))]
        if not all(self.handed_in):
            return events
        pool: list[Card] = []
        for s in range(self.players):
            for c in self.giving[s]:
                self.hands[s].remove(c)
                pool.append(c)
        pool = shuffled(pool, self.rng)
        want = [len(g) for g in self.giving]
        seat_ = (self.dealer + 1) % self.players
        got: list[list[Card]] = [[] for _ in range(self.players)]
        while pool:
            if len(got[seat_]) < want[seat_]:
                got[seat_].append(pool.pop())
            seat_ = (seat_ + 1) % self.players
        for s in range(self.players):
            self.hands[s] += got[s]
            if got[s]:
                events.append(
                    Event.make("exchange_back", frozenset((s,)), seat=s, cards=card_strs(got[s]))
                )
        self.exchange_rounds -= 1
        if self.exchange_rounds:
            self._open_exchange()
            return events
        self.giving = [[] for _ in range(self.players)]
        return events + self._first_turn()

    # turns ---------------------------------------------------------------------------------------

    def _first_turn(self) -> list[Event]:
        rs = self.rs
        first = (self.dealer + 1) % self.players
        if rs.dealer_extra_card:  # TFV-PE1-2: the dealer opens with a discard
            self._begin_turn(self.dealer)
            self.opening = True
            self._phase = "play"
            return []
        if rs.upcard == "buy":  # TFV-BO-5: the upcard is bought like the dealer's discard
            self._begin_turn(self.dealer)
            return self._open_window(self.dealer, self.discard[-1])
        self.first_turn = True
        return self._start_turn(first)

    def _begin_turn(self, seat: int) -> None:
        self.turn_player = seat
        self.turn_no += 1
        self.last_drawn = None
        self.window = None

    def _start_turn(self, seat: int) -> list[Event]:
        """TF-20: the turn passes to ``seat``; an empty stock is rebuilt first (TF-57)."""
        self._begin_turn(seat)
        if not self.stock and not self._rebuild():
            return self._end_deal(None)
        self._phase = "draw"
        return []

    def _rebuild(self) -> bool:
        """TF-57 / TFV-PE2-9: the discard pile becomes the stock; TFV-PE1-9: never."""
        rs = self.rs
        limit = self.options.max_stock_rebuilds
        if rs.reshuffle == "none" or (limit is not None and self.rebuilds >= limit):
            return False
        keep = self.discard[-1:] if rs.reshuffle == "keep_top" else []
        pool = self.discard[:-1] if keep else self.discard
        if not pool:
            return False
        self.stock = shuffled(pool, self.rng)
        self.discard = keep
        self.rebuilds += 1
        return True

    def _rebuildable(self, without_top: bool) -> int:
        rs = self.rs
        limit = self.options.max_stock_rebuilds
        if rs.reshuffle == "none" or (limit is not None and self.rebuilds >= limit):
            return 0
        size = len(self.discard) - (1 if without_top else 0)
        if rs.reshuffle == "keep_top":
            size -= 1
        return max(0, size)

    def _draw_card(self, seat: int) -> Card:
        if not self.stock and not self._rebuild():
            raise AssertionError("a draw was allowed with no card to draw")
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.last_drawn = card
        return card

    def _drew_events(self, seat: int, cards: list[Card], why: str) -> list[Event]:
        return [
            Event.make("drew", frozenset((seat,)), seat=seat, cards=card_strs(cards), why=why),
            Event.make("drew_count", seat=seat, count=len(cards), why=why),
        ]

    def _do_draw(self, seat: int) -> list[Event]:
        """TF-23: the turn's draw from the stock."""
        card = self._draw_card(seat)
        self._acquired(seat)
        return self._drew_events(seat, [card], "draw")

    def _do_take(self, seat: int, kind: str) -> list[Event]:
        """TF-22 (the first player's free upcard) / TFV-PE2-2 (take the discard)."""
        card = self.discard.pop()
        self.hands[seat].append(card)
        self.last_drawn = card
        if kind == "take_upcard":
            self.upcard_taken += 1
        self._acquired(seat)
        return [Event.make("took_discard", seat=seat, card=CARD_STRINGS[card])]

    def _acquired(self, seat: int) -> None:
        self.first_turn = False
        self.drawn_once[seat] = True
        self._phase = "play"

    # the buy window (TF-24..TF-30a) ---------------------------------------------------------------

    def _eligible(self, seat: int, discarder: int) -> bool:
        """TF-24, TF-28, TF-29, TFV-EC-2, TFV-BO-2: may ``seat`` buy this discard?"""
        rs = self.rs
        if not rs.buying or self.contract.no_buying or seat == discarder:
            return False
        if self.has_melded[seat] and not rs.buy_after_meld:
            return False
        if self.chips[seat] < 1:
            return False
        in_turn = seat == (discarder + 1) % self.players
        need = rs.buy_extra + (1 if in_turn else 0)
        return len(self.stock) + self._rebuildable(without_top=True) >= need

    def _open_window(self, discarder: int, card: Card) -> list[Event]:
        n = self.players
        nxt = (discarder + 1) % n
        order = [
            (discarder + k) % n
            for k in range(1, n)
            if self._eligible((discarder + k) % n, discarder)
        ]
        if not order:
            return self._start_turn(nxt)
        self.window = {
            "discarder": discarder,
            "card": card,
            "order": order,
            "next": nxt,
            "answers": {},
        }
        self._phase = "buy"
        return [Event.make("buy_window", card=CARD_STRINGS[card], eligible=order)]

    def _do_buy(self, seat: int) -> list[Event]:
        assert self.window is not None
        self.window["answers"][str(seat)] = "buy"
        return self._resolve_window()

    def _do_pass(self, seat: int) -> list[Event]:
        assert self.window is not None
        self.window["answers"][str(seat)] = "pass"
        return self._resolve_window()

    def _resolve_window(self) -> list[Event]:
        """TF-25 / TF-30a: the first claimant with every seat ahead passed wins."""
        assert self.window is not None
        w = self.window
        answers = w["answers"]
        winner: int | None = None
        if self.rs.race_mode:
            # TFV-BO-12: the first claim wins, and once the next player draws it is too late
            claims = [s for s in w["order"] if answers.get(str(s)) == "buy"]
            if claims:
                winner = claims[0]
            elif len(answers) < len(w["order"]) and str(w["next"]) not in answers:
                return []
        else:
            for s in w["order"]:
                answer = answers.get(str(s))
                if answer is None:
                    return []
                if answer == "buy":
                    winner = s
                    break
        nxt = w["next"]
        next_drew = answers.get(str(nxt)) == "pass"
        events: list[Event] = []
        if winner is not None:
            events += self._complete_buy(winner, nxt)
            if winner == nxt:
                self.window = None
                return events
        self.window = None
        events += self._start_turn(nxt)
        if next_drew and self._phase == "draw":
            events += self._do_draw(nxt)
        return events

    def _complete_buy(self, buyer: int, nxt: int) -> list[Event]:
        """TF-26 (out of turn: discard + 1 stock card) / TF-27 (in turn: and the draw)."""
        card = self.discard.pop()
        self.chips[buyer] -= 1
        self.chips_spent[buyer] += 1
        self.buys += 1
        self.hands[buyer].append(card)
        events = [Event.make("bought", seat=buyer, card=CARD_STRINGS[card], in_turn=buyer == nxt)]
        extra = [self._draw_card(buyer) for _ in range(self.rs.buy_extra)]
        events += self._drew_events(buyer, extra, "buy")
        if buyer == nxt:
            self._begin_turn(buyer)
            draw = self._draw_card(buyer)
            events += self._drew_events(buyer, [draw], "draw")
            self._acquired(buyer)
        return events

    # melding -------------------------------------------------------------------------------------

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

    def _do_discard(self, seat: int, card: Card) -> list[Event]:
        """TF-47 / TF-55: discard ends the turn; the last card goes out (no buy window)."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        was_opening = self.opening
        self.opening = False
        events = [Event.make("discarded", seat=seat, card=CARD_STRINGS[card])]
        if not self.hands[seat]:
            return events + self._end_deal(seat)
        if was_opening:
            self.drawn_once[seat] = True
        return events + self._open_window(seat, card)

    # scoring -----------------------------------------------------------------------------------

    def _end_deal(self, winner: int | None) -> list[Event]:
        """TF-61..TF-63: penalties for the cards in hand; the stakes; the next deal."""
        n, rs = self.players, self.rs
        points = rs.points
        penalties = [0 if s == winner else sum(points[c] for c in self.hands[s]) for s in range(n)]
        multiplier = 1
        if winner is not None:
            self.deal_wins[winner] += 1
            if self.streak[0] == winner:
                self.streak[1] += 1
            else:
                self.streak = [winner, 1]
            if rs.winning_streak and self.streak[1] >= 2:  # TFV-BO-13
                multiplier = self.streak[1]
                penalties = [p * multiplier for p in penalties]
            stake = self.options.deal_stake
            for s in range(n):
                if s != winner:
                    self.money[s] -= stake
                    self.money[winner] += stake
        else:
            self.streak = [-1, 0]
        for s in range(n):
            self.scores[s] += penalties[s]
        self.last_penalty = penalties
        self.results.append(
            {
                "deal": self.deal_no,
                "contract": self.contract_no + 1,
                "dealer": self.dealer,
                "went_out": winner,
                "penalties": penalties,
                "multiplier": multiplier,
                "scores": list(self.scores),
                "hands": [card_strs(sorted(h)) for h in self.hands],
                "cut": dict(self.cut_info),
            }
        )
        events = [
            Event.make("hand_scored", went_out=winner, penalties=penalties, scores=self.scores[:])
        ]
        self.window, self.staged, self.transaction, self.must_use = None, [], None, None
        self.opening = False
        if not self.contracts_left:
            return events + self._end_match()
        self.dealer = (self.dealer + 1) % n  # TF-10: the deal passes to the right
        self._start_deal()
        return events

    def _end_match(self) -> list[Event]:
        n = self.players
        if self.rs.chip_bonus:  # TFV-PE1-4: unused chips are worth 10 points each
            for s in range(n):
                self.scores[s] -= self.rs.chip_bonus * self.chips[s]
        best = min(self.scores)
        winners = [s for s in range(n) if self.scores[s] == best]
        pot = self.options.game_stake * (n - len(winners))
        for s in range(n):
            if s not in winners:
                self.money[s] -= self.options.game_stake
        for i, s in enumerate(winners):  # TF-62: co-winners share the game stake
            share = pot // len(winners) + (1 if i < pot % len(winners) else 0)
            self.money[s] += share
        self._phase = "match_over"
        return [Event.make("match_over", winners=winners, scores=list(self.scores))]

    # timeouts (TF-23a) ---------------------------------------------------------------------------

    def timeout_action(self, seat: int) -> Action | None:
        """What the table does for a seat that lets its timer run out (TF-13, TF-19,
        TF-23a, TF-30a, TFV-EC-DD): default cut, hand in nothing, pass, draw, then discard
        the card just drawn; the lowest contract left."""
        legal = {a.id: a for a in self.legal_actions(seat)}
        if not legal:
            return None
        for key in ("cut", "keepall", "handin", "pass", "draw", "cancel"):
            if key in legal:
                return legal[key]
        if self._phase == "contract":
            return legal[f"contract:{min(self.contracts_left) + 1}"]
        if self.last_drawn is not None and self.last_drawn in self.hands[seat]:
            return legal[f"discard:{CARD_STRINGS[self.last_drawn]}"]
        discards = [a for a in legal.values() if a.kind == "discard"]
        return discards[0] if discards else next(iter(legal.values()))

    # snapshot ------------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """Identity plus the whole state (not the action log, so it stays small)."""
        data: dict[str, Any] = {
            "game": self.spec.name,
            "players": self.players,
            "options": self.options.model_dump(mode="json"),
            "seed": self.seed,
            "deals": [d.model_dump(mode="json") for d in self._deals],
        }
        state: dict[str, Any] = {}
        for name in STATE_FIELDS:
            value = getattr(self, name)
            if isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, dict):
                value = _jsonable(value)
            state[name] = value
        state["melds"] = [m.state() for m in self.melds]
        state["staged"] = [_cand_state(c) for c in self.staged]
        state["transaction"] = _jsonable(self.transaction)
        version, internal, gauss = self.rng.getstate()
        state["rng"] = [version, list(internal), gauss]
        data["state"] = state
        return data

    def load_state(self, state: dict[str, Any]) -> None:
        state = _jsonable(state)
        for name in STATE_FIELDS:
            setattr(self, name, state[name])
        self.melds = [TableMeld.from_state(m) for m in state["melds"]]
        self.staged = [_cand_from_state(c) for c in state["staged"]]
        self.transaction = state["transaction"]
        version, internal, gauss = state["rng"]
        self.rng.setstate((version, tuple(internal), gauss))
        self._cache.clear()


def _cand_state(cand: Candidate) -> list[Any]:
    m = cand.meld
    return [m.kind, list(m.cards), list(m.wild), m.rank, m.suit, m.low, cand.colour]


def _cand_from_state(data: Sequence[Any]) -> Candidate:
    meld = Meld(data[0], tuple(data[1]), tuple(data[2]), data[3], data[4], data[5])
    return Candidate(meld, data[6])


def _jsonable(value: Any) -> Any:
    """A deep copy made of lists and dicts (tuples become lists), as JSON would give."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _combos(cards: list[Card], k: int) -> list[tuple[Card, ...]]:
    return list(itertools.combinations(cards, k))


@functools.lru_cache(maxsize=256)
def _contract_label(contract: Contract) -> str:
    return contract.label()


def _dyn(action_id: str) -> Action:
    kind, value = action_id.split(":", 1)
    return action(kind, value)
