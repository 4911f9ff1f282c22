"""One Telefunken match: deals, turns, the buy window, melding and scoring.

Phases: ``cut`` (the cutter), ``contract`` (Dawson's dealer choice), ``exchange``
(TF-19, every seat at once), ``draw`` and ``play`` (the seat whose turn it is), ``buy``
(the buy window, TF-30a: every eligible seat at once), ``match_over``.

Melding is a sequence of choices from short lists (see the package docstring).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rules.cards import CARD_STRINGS, RANKS, Card, card_strs, deck_of, pretty, shuffled
from rules.contract import Action, Deal, Event, IllegalAction, Match
from rules.rummy import Meld
from rules.telefunken.actions import ACTIONS, action
from rules.telefunken.buying import Buying
from rules.telefunken.dealing import actual_cut, cards_needed, cut_and_deal, cutter_of
from rules.telefunken.meld_moves import MeldMoves
from rules.telefunken.meld_offers import MeldOffers
from rules.telefunken.melds import Candidate, TableMeld
from rules.telefunken.outputs import (
    TelefunkenHandResult,
    TelefunkenResult,
    TelefunkenView,
    penalty_score,
    with_core,
)
from rules.telefunken.scoring import Scoring
from rules.telefunken.table import Op, StateCache
from rules.telefunken.variants import VARIANT_TITLES, TelefunkenOptions, ruleset
from rules.views import dumped, legal_of

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


class TelefunkenMatch(Buying, MeldOffers, MeldMoves, Scoring, Match[TelefunkenOptions]):
    """A Telefunken game of every deal of the chosen variant.

    This module holds the match's life (deals, the cut, the exchange, turns, views,
    snapshots); buying, melding and scoring come from their own modules.
    """

    # Every attribute of a match is a slot (as in ThreeOFourMatch): with this many the
    # instance dict is a plain unshared dict, so CPython 3.11 cannot specialise method calls
    # and attribute reads on the hot path; slots give it the fast specialised forms. They
    # are all listed here, the mixins (and TableState, which types them) lay out none: only
    # one base of a class may have slots of its own, and Match keeps a __dict__ anyway
    __slots__ = (
        "_cache",
        "_contract_labels",
        "_layoffs",
        "_meld_json",
        "_phase",
        "bonus_chips",
        "buys",
        "chips",
        "chips_spent",
        "contract_no",
        "contracts_left",
        "cut_info",
        "deal_no",
        "deal_wins",
        "dealer",
        "discard",
        "drawn_once",
        "exchange_rounds",
        "first_turn",
        "giving",
        "handed_in",
        "hands",
        "has_melded",
        "last_drawn",
        "last_penalty",
        "melded_turn",
        "melds",
        "money",
        "must_use",
        "next_meld_id",
        "opening",
        "pack",
        "pending",
        "rebuilds",
        "results",
        "rs",
        "scores",
        "staged",
        "stock",
        "streak",
        "transaction",
        "turn_no",
        "turn_player",
        "upcard_taken",
        "window",
    )

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
        self._cache = StateCache()
        self._layoffs: dict[tuple[Any, ...], dict[Card, list[tuple[Any, Any]]]] = {}
        self._meld_json: dict[int, tuple[Meld, tuple[int, bool, bool, bool, bool], Any]] = {}
        """``TableMeld.to_json`` by meld id, with the meld and flags it was built from."""
        self._contract_labels = [c.label() for c in self.rs.contracts]
        self._start_deal()

    # -- contract members ----------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_act(self) -> frozenset[int]:
        seats = self._cache.to_act
        if seats is None:
            seats = self._cache.to_act = self._seats_to_act()
        return seats

    def _seats_to_act(self) -> frozenset[int]:
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

    view_model = TelefunkenView
    hand_result_model = TelefunkenHandResult
    result_model = TelefunkenResult

    @property
    def result(self) -> dict[str, Any] | None:
        typed = self.typed_result()
        return None if typed is None else typed.model_dump(mode="json")

    def typed_result(self) -> TelefunkenResult | None:
        if not self.is_over:
            return None
        best = min(self.scores)
        return TelefunkenResult.model_validate(
            {
                "winners": [s for s in range(self.players) if self.scores[s] == best],
                "winner_team": None,
                "score": penalty_score(self.scores),
                "hands": len(self.results),
                "scores": list(self.scores),
                "money": list(self.money),
                "deal_wins": list(self.deal_wins),
            }
        )

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

    def public_view(self) -> dict[str, Any]:
        """Built once per state; each call gets its own top-level dict, the nested lists
        are shared between the calls of one state (views are read, never changed)."""
        public = self._cache.public
        if public is None:
            public = self._cache.public = dumped(TelefunkenView, self._public_view())
        return dict(public)

    def typed_public_view(self) -> TelefunkenView:
        return TelefunkenView.model_validate(self.public_view())

    def typed_view(self, seat: int) -> TelefunkenView:
        return TelefunkenView.model_validate(self._seat_view(seat))

    def _public_view(self) -> dict[str, Any]:
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
            "contract": self._contract_labels[self.contract_no],
            "contracts_left": [k + 1 for k in self.contracts_left],
            "dealer": self.dealer,
            "cutter": cutter_of(self.dealer, self.players),
            "turn": self.turn_player if self._phase in ("draw", "play") else None,
            "stock": len(self.stock),
            "discard_top": CARD_STRINGS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "melds": self._melds_json(),
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
            "table": {
                "family": "rummy",
                "game": "telefunken",
                "title": VARIANT_TITLES[self.rs.variant],
                "players": self.players,
                "viewer": None,
                "teams": None,
                "dealer": self.dealer,
                "to_act": sorted(self.to_act),
                "phase": self._phase,
                "hand_number": self.deal_no,
                "clockwise": self.options.direction == "clockwise",
                "score": penalty_score(self.scores),
                "hand_sizes": [len(h) for h in self.hands],
                "hand": [],
                "legal": [],
                "melds": [
                    {"number": m["id"], "owner": m["owner"], "kind": m["kind"], "cards": m["cards"]}
                    for m in self._melds_json()
                ],
                "stock_size": len(self.stock),
                "discard_size": len(self.discard),
                "discard_top": CARD_STRINGS[self.discard[-1]] if self.discard else None,
            },
        }

    def _melds_json(self) -> list[dict[str, Any]]:
        """Each table meld's JSON, rebuilt only when the meld or its flags changed (most
        states change no meld; the dicts are shared between views, which are read only)."""
        cache = self._meld_json
        out = []
        for tm in self.melds:
            flags = (tm.owner, tm.colour, tm.pure, tm.closed, tm.contract)
            hit = cache.get(tm.id)
            if hit is None or hit[0] is not tm.meld or hit[1] != flags:
                hit = cache[tm.id] = (tm.meld, flags, tm.to_json())
            out.append(hit[2])
        return out

    def view(self, seat: int) -> dict[str, Any]:
        return dumped(TelefunkenView, self._seat_view(seat))

    def _seat_view(self, seat: int) -> dict[str, Any]:
        data = self.public_view()
        data["seat"] = seat
        data["hand"] = card_strs(sorted(self.hands[seat]))
        # Cards staged or chosen for the exchange are still in the hand; they are shown
        # by label (not card id) so the view never lists one card twice.
        mine = seat == self.turn_player and self._phase == "play"
        data["staged"] = [c.label() for c in self.staged] if mine else []
        data["must_use"] = pretty(self.must_use) if mine and self.must_use is not None else None
        data["giving"] = [pretty(c) for c in self.giving[seat]]
        data["table"] = {
            **data["table"],
            "viewer": seat,
            "hand": data["hand"],
            "legal": legal_of(self.legal_actions(seat)),
        }
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
            if self.contract.must_go_out and not self.has_melded[seat]:
                return "This deal's contract must go down with the rest of your hand at once."
            return "Those cards aren't a meld you can lay now."
        if action.kind == "discard" and (self.staged or self.must_use is not None):
            return "Finish your melds, or take them back, before you discard."
        if action.kind in ("draw", "take_upcard", "take_discard") and self._phase == "play":
            return "You have already drawn this turn."
        if action.kind == "take_upcard":
            return "Only the first player of the deal may take the upcard, instead of drawing."
        if action.kind in ("takejoker", "movejoker"):
            return "You can work with jokers from the turn after your contract."
        if action.kind == "discard" and self._phase == "draw":
            return "Draw first."
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
        self._layoffs.clear()
        self._meld_json.clear()
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
        self.results = [with_core(r) for r in self.results]
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


def _dyn(action_id: str) -> Action:
    kind, value = action_id.split(":", 1)
    return action(kind, value)
