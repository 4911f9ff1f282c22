"""A 304 match: hands from the shuffle to the tokens, driven by ``apply`` alone.

The hand follows T3-19.1: cut, first batch, four-card auction (or the single auction of
T3V-5), indicator, second batch, eight-card round, spoilt check, open/closed, play, score.
Closed-trump play keeps face-down cards private (T3-11, T3-18): every card on the table
carries who may see it.

``ThreeOFourMatch`` holds the match's state, whose turn it is and what each seat may do
(cached per state), and the contract's members. Each step of the hand is a module of
functions taking the match: ``dealing`` (T3-5), ``bidding`` (T3-6, T3-8, T3V-5),
``trump`` (the indicator, spoilt trumps, open or closed), ``cardplay`` (the play and its
tricks), ``caps_calls`` (T3-16 calls), ``declarations`` (marriages, the Double),
``called_partner`` (T3V-8), ``hand_end`` (scoring, cancelled hands, the match over) and
``views`` (what a seat sees); ``_APPLY_BY_PHASE`` and ``_LEGAL_BY_PHASE`` below name,
per phase, the function that takes a seat's action and the one that lists its choices.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from rules.cards import CARD_STRINGS, Card, shuffled
from rules.contract import Action, ActionLog, Event, IllegalAction, Match
from rules.shuffle import DEAL_VERSION
from rules.three_o_four import actions as A
from rules.three_o_four import fairness
from rules.three_o_four.actions import (
    PASS,
    PLAY_CARD,
)
from rules.three_o_four.auction import (
    HALF_COURT,
    FourCardAuction,
    OneRoundAuction,
)
from rules.three_o_four.bidding import apply_bidding, apply_second, legal_bidding, legal_second
from rules.three_o_four.called_partner import (
    HALF_COURT_CHOICES,
    apply_half_court_window,
    apply_partner,
    legal_partner_cards,
)
from rules.three_o_four.caps import CapsJudge, PlayRecord
from rules.three_o_four.caps_calls import add_optional_calls, may_call_caps
from rules.three_o_four.cardplay import act_in_play, auto_play, begin_play, legal_in_play
from rules.three_o_four.dealing import apply_cut, check_deal
from rules.three_o_four.declarations import marriage_actions
from rules.three_o_four.options import Layout, Options
from rules.three_o_four.prebuilt import (
    CHOOSE_OF,
    SINGLE,
    SUIT,
)
from rules.three_o_four.results import (
    ThreeOFourHandResult,
    ThreeOFourResult,
)
from rules.three_o_four.table import table_plan
from rules.three_o_four.trump import apply_trump_choice, legal_mode
from rules.three_o_four.views import ThreeOFourView, card_zones, seat_view


def _cards(cards: list[Card]) -> list[str]:
    return [CARD_STRINGS[c] for c in cards]


class _Derived:
    """What is cached for the current state besides the turn seat's legal list: the seats
    that may call off turn, their legal lists, the views. Every state change drops it as
    a whole (one store on the hot path)."""

    __slots__ = ("off_legal", "off_turn", "views")

    def __init__(self) -> None:
        self.off_turn: frozenset[int] | None = None
        self.off_legal: dict[int, list[Action]] = {}
        self.views: dict[int | None, dict[str, Any]] = {}


class ThreeOFourMatch(Match[Options]):
    """One 304 match (T3-1.3): hands until a team holds every token (or the bank empties)."""

    # Every attribute of a match is a slot: attribute reads and method calls on the hot
    # path are then specialised by the interpreter (a plain instance dict with this many
    # keys is not: each method call looked the name up in the class and the dict)

    # The contract base's attributes that the hot path reads, declared here too (and in
    # ``__slots__``): a slot instead of the base's instance dict.
    players: int
    options: Options
    _log: ActionLog

    to_act: frozenset[int]
    """Only the seat whose turn it is: the table waits for nobody else (Caps calls and
    spoilt claims are ``off_turn``). Kept current by every state change (``_hand_to``)."""
    is_over: bool

    def __init__(
        self,
        players: int,
        options: Options,
        seed: int,
        deals: Any = (),
        *,
        deal_version: int = DEAL_VERSION,
    ) -> None:
        super().__init__(players, options, seed, deals, deal_version=deal_version)
        self.is_over = False
        plan = table_plan(players, options)
        self.layout: Layout = plan.layout
        self.ladder = plan.ladder
        self._bids = plan.bids
        self._deck_counter = plan.deck_counter
        for deal in self._deals:
            check_deal(self, deal)
        self.called = options.maharashtra_partner
        """T3V-8: the Maharashtra called-partner game (tokens per player)."""
        self.tokens = [options.starting_tokens] * (players if self.called else 2)
        self._hand_results: list[dict[str, Any]] = []
        self._result: dict[str, Any] | None = None
        self.hand_no = 0
        self.redeals = 0
        first = options.first_dealer
        if first is not None and first >= players:
            raise IllegalAction(
                "There is no seat {seat} to deal first.", code="no_first_dealer_seat", seat=first
            )
        self.dealer = first if first is not None else self.rng.randrange(players)
        self._previous_pack: list[Card] | None = None
        self._snap_ids: list[list[Any]] = []
        self._seed_commitment = options.seed_commitment
        self._traditional = options.shuffle_mode == "traditional"
        self._cut_legal = plan.cut_legal
        self._asks = plan.asks
        self._four_card_calls = plan.four_card_calls
        self._single_calls = plan.single_calls
        self._eight_card_calls = plan.eight_card_calls
        self._marriages_on = options.maharashtra_scoring
        self._claims_on = options.spoilt_trumps_mode == "claim"
        self._double_on = self.layout.double
        self._half_court_on = options.half_court
        self._half_court_band = (options.half_court_win, options.half_court_lose)
        """T3V-4: the Half Court tokens (won if made, paid if failed)."""
        self._external_caps = options.external_caps
        self._caps_order_required = options.caps_order_required
        self._token_mode = options.token_mode
        self._bid_200 = self.layout.bid_200
        self._bid_250 = self.layout.bid_250
        self._dealt = players * self.layout.hand_size
        """Cards dealt to the seats; the rest of the pack is the stock."""
        self._strength = self.layout.strength
        self.judge_deck: frozenset[Card] | None = None
        """The deck as a set, which every hand's Caps judge reads (``CapsJudge``)."""
        self._card_points = self.layout.points
        self._end_when_decided = options.end_hand_when_decided
        self._start_200 = plan.start_200
        self._start_above = plan.start_above
        self.shown_after_hand: dict[str, list[str]] = {}
        """T3-15.1 / T3-18.2: the sitting-out hands shown once a hand is over (until the
        next deal)."""
        self._tricks_full = self.layout.tricks
        self._tricks_half_court = self.layout.first_batch
        self._solo_out = plan.solo_out
        self._next_active_by_out = plan.next_active
        self._next_active = plan.next_seat
        """The next seat to play (T3-1.2), skipping any seat sitting out this hand."""
        self._team_seats = plan.team_seats
        self._order_from = plan.order_from
        self._deal_plans = plan.deal_plans
        self._per_trick = players
        """Cards in a trick this hand (fewer when seats sit out, T3-15.1)."""
        self._turn = -1
        """The seat whose turn it is (-1 once the match is over)."""
        self._legal: list[Action] | None = None
        """The turn seat's legal actions, computed on first demand (None: not yet)."""
        self._derived: _Derived | None = None
        """The rest of what is cached for the current state (None: nothing yet)."""
        self._start_hand()
        self._hand_to(self._turn_seat())

    # -- a fresh hand ----------------------------------------------------------------------

    def _start_hand(self) -> None:
        """T3-5: a fresh hand (shuffle, then the cut prompt)."""
        n = self.players
        self.phase_name = "cut"
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.second: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = []
        self.stacked = self.next_stacked_deal()
        self.hand_seed: str | None = None
        self.seed_commitment: str | None = None
        self.riffled_from: list[Card] | None = None
        rng = self.rng
        if self.stacked is None and self._seed_commitment:  # ED-6
            self.hand_seed = fairness.hand_seed(self.seed, self.hand_no, self.redeals)
            self.seed_commitment = fairness.commitment(self.hand_seed)
            rng = fairness.seed_rng(self.hand_seed, self.deal_version)
        if self.stacked is not None:
            self.dealer = self.stacked.dealer
            self.pack: list[Card] = []
        elif (
            self._traditional
            and self._previous_pack is not None
            and len(self._previous_pack) == len(self.layout.deck)
        ):
            if self.hand_seed is not None:
                self.riffled_from = list(self._previous_pack)
            self.pack = self._riffled(self._previous_pack, rng)
        else:
            self.pack = shuffled(self.layout.deck, rng)
        self.cutter = (self.dealer - 1) % n
        self.auction4: FourCardAuction | None = None
        self.round: OneRoundAuction | None = None
        self.bid_log: list[tuple[int, str, int | str | None]] = []
        """(seat, what, value shown) per call; the views spell each out as a dict."""
        self.contract = 0
        self.contract_round = ""
        self.trumper = -1
        self.chooser = -1
        self.indicator: Card | None = None
        self.indicator_down = False
        self.trump = -1
        self.mode = ""
        self.revealed = False
        self.sitting_out: frozenset[int] = frozenset()
        self.solo = False
        self.partner_card = -1
        self.pair: frozenset[int] = frozenset()
        """T3V-8.1: the bid winner and the holder of the card he named (secret until the
        card is played)."""
        self.first_leader = (self.dealer + 1) % n
        self.trick: list[PlayRecord] = []
        self.leader = -1
        self.tricks_done = 0
        self.trick_winners: list[int] = []
        self.points = [0, 0]
        self.won: list[list[Card]] = [[], []]
        self.last_trick: list[PlayRecord] | None = None
        self.last_trick_vis: list[frozenset[int] | None] | None = None
        """Who saw each card of the last trick (None: every card face up)."""
        self.history: list[PlayRecord] = []
        self.exhausted = False
        self.spoilt = False
        self.claimed: set[int] = set()
        self.calls: dict[int, tuple[int, int, list[Card]]] = {}
        self.exposed: dict[int, list[Card]] = {}
        self.marriages: list[tuple[int, int]] = []
        self.double_team = -1
        self.trumper_knows: set[Card] = set()
        self.start_hands: list[list[Card]] = []
        """Every seat's cards when the play began (set then: only the play reads them)."""
        self.start_indicator: Card | None = None
        self.public_at: list[int | None] = []
        self.trumper_at: list[int | None] = []
        self.reveal_cp: int | None = None
        self.trick_leaders: list[int] = []
        self._caps_teams: list[int] = []
        self._judge: CapsJudge | None = None
        self._caps_offered: list[Action | None] = [None] * n
        """Per seat: the Caps action offered (None: none yet this hand)."""
        self._caps_offer_keys = [0] * n
        """Per seat: the state the offered Caps action was built for (``caps_action``)."""

    def _riffled(self, pack: list[Card], rng: random.Random) -> list[Card]:
        """ED-4 traditional mode: Gilbert-Shannon-Reeds riffles of the rebuilt pack."""
        return fairness.riffled(pack, self.options.traditional_riffles, rng)

    # -- the turn (whose it is, what they may do, an action applied) -----------------------

    def _hand_to(self, seat: int) -> None:
        """The turn passes to ``seat``: every answer cached for the old state is dropped."""
        self._turn = seat
        self.to_act = SINGLE[seat]
        self._legal = None
        self._derived = None

    def _refresh_turn(self) -> None:
        """After any state change: whose turn it is now (nobody's once the match is over)."""
        if self._result is None:
            self._hand_to(self._turn_seat())
            return
        self._turn = -1
        self.to_act = frozenset()
        self._legal = []
        self._derived = None

    def _turn_seat(self) -> int:
        ph = self.phase_name
        if ph == "play":  # the most frequent
            return self._next_player()
        if ph == "bidding":
            if self.auction4 is not None:
                return self.auction4.speaker
            assert self.round is not None
            return self.round.speaker
        if ph == "cut":
            return self.cutter
        if ph == "second_bidding" or ph == "half_court":
            assert self.round is not None
            return self.round.speaker
        if ph == "trump":
            return self.chooser
        if ph == "mode" or ph == "partner":
            return self.trumper
        return self._next_player()

    def _next_player(self) -> int:
        """The seat to play: the leader, or the next active seat after the last card (a
        trick only holds cards of this hand's play, whose seating ``_next_active`` is)."""
        trick = self.trick
        if not trick:
            return self.leader
        return self._next_active[trick[-1][0]]

    @property
    def off_turn(self) -> frozenset[int]:
        """ED-25 / ED-23: during play, a seat whose turn it is not may still call Caps or
        claim spoilt trumps (the table does not wait for it)."""
        derived = self._cached()
        found = derived.off_turn
        if found is None:
            found = derived.off_turn = self._compute_off_turn(derived.off_legal)
        return found

    def _cached(self) -> _Derived:
        derived = self._derived
        if derived is None:
            derived = self._derived = _Derived()
        return derived

    def _compute_off_turn(self, cache: dict[int, list[Action]]) -> frozenset[int]:
        """The seats other than the turn seat with a call to make, their lists in ``cache``."""
        if self.phase_name != "play" or self._result is not None:
            return frozenset()
        turn = self._turn
        seats = []
        for seat in range(self.players):
            if seat != turn:
                found = cache[seat] = self._compute_legal(seat)
                if found:
                    seats.append(seat)
        return frozenset(seats)

    def legal_actions(self, seat: int) -> list[Action]:
        """Cached per state (callers must not mutate the list): the turn seat's list is
        computed on first demand; the other seats' lists come with ``off_turn``."""
        if seat == self._turn:
            found = self._legal
            if found is None:
                found = self._legal = self._legal_in_phase(seat)
            return found
        if seat not in self.off_turn:
            return []
        return self._cached().off_legal[seat]

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """``Match.apply`` fused for the hot path: the seat on turn handing in one of its
        cached prebuilt legal actions goes straight to ``_apply``; anything else (strings,
        off-turn calls, rebuilt or illegal actions) takes the base class's full checks."""
        if seat == self._turn:
            legal = self._legal
            if legal is None:
                legal = self._legal = self._legal_in_phase(seat)
            for candidate in legal:
                if candidate is action:
                    events = self._apply(seat, candidate)
                    self._log.append((seat, candidate))
                    return events
        return super().apply(seat, action)

    def _compute_legal(self, seat: int) -> list[Action]:
        """The seat's choices now: the turn seat's by phase; another seat only has the
        off-turn calls of the play (ED-25, ED-23, and ED-V9's marriages)."""
        if seat != self._turn:
            if self.phase_name == "play" and seat not in self.sitting_out:
                out = add_optional_calls(self, seat, [])
                if self._marriages_on:
                    out += marriage_actions(self, seat)  # ED-V9: at any call point
                return out
            return []
        legal = _LEGAL_BY_PHASE.get(self.phase_name)
        return [] if legal is None else legal(self, seat)

    def _legal_in_phase(self, seat: int) -> list[Action]:
        """The turn seat's choices (``_LEGAL_BY_PHASE``)."""
        phase = self.phase_name
        if phase == "play":
            return legal_in_play(self, seat)
        if phase == "bidding":
            return legal_bidding(self, seat)
        return _LEGAL_BY_PHASE[phase](self, seat)

    # The play and the auction, which take most actions, are called directly, before the
    # table of the other phases.
    def _apply(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase_name
        if phase == "play":
            return act_in_play(self, seat, action)
        if phase == "bidding":
            return apply_bidding(self, seat, action)
        return _APPLY_BY_PHASE[phase](self, seat, action)

    def _settled(self, events: list[Event]) -> list[Event]:
        """The end of an action whose next turn is read from the new state; a Caps
        caller's cards are played out first (ED-28 step 3)."""
        if self.calls:
            events += auto_play(self)
        self._refresh_turn()
        return events

    # -- the hand as the concept modules read it -------------------------------------------

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def hidden(self) -> bool:
        return self.mode == "closed" and not self.revealed

    @property
    def n_tricks(self) -> int:
        return self._tricks_half_court if self.contract == HALF_COURT else self._tricks_full

    def _remaining(self, seat: int) -> list[Card]:
        cards = list(self.hands[seat])
        if seat == self.trumper and self.indicator_down:
            assert self.indicator is not None
            cards.append(self.indicator)
        return cards

    # -- the Caps judge --------------------------------------------------------------------

    def judge(self) -> CapsJudge:
        """The Caps judge of this hand (its caches live as long as the hand)."""
        if self._judge is None:
            self._judge = CapsJudge(self)
        return self._judge

    def prepare(self, seat: int, action: Action) -> Callable[[], object] | None:
        """The hand's last card: the Caps rulings its end asks for (T3-16.9), which may
        take a while, worked out first (``CapsJudge.prepare_hand_end``)."""
        if (
            self._caps_teams
            and self.phase_name == "play"
            and action.kind in ("play", "indicator")
            and len(self.history) + 1 == self._per_trick * self.n_tricks
        ):
            return functools.partial(self.judge().prepare_hand_end, list(self._caps_teams))
        return None

    # -- contract members ------------------------------------------------------------------

    def timeout_action(self, seat: int) -> Action | None:
        """ED-39: what the bot plays for a seat that did not act in time (``None``: the
        seat only had Caps or spoilt claims to make, which are never made for it)."""
        legal = [a for a in self.legal_actions(seat) if a.kind not in ("caps", "claim_spoilt")]
        if not legal:
            return None
        kinds = {a.kind for a in legal}
        if "pass" in kinds:
            return PASS
        if "no_cut" in kinds:
            return A.NO_CUT
        if "bid" in kinds:  # a compulsory opening bid (T3V-5.3): the lowest
            return next(a for a in legal if a.kind == "bid")
        if "closed" in kinds:
            return A.CLOSED
        if "open" in kinds:
            return A.OPEN
        lay = self.layout
        if "trump" in kinds:
            hand = self.hands[seat]
            by_suit = {su: sum(lay.points[c] for c in hand if SUIT[c] == su) for su in range(4)}
            order = (0, 3, 2, 1)  # S, C, D, H
            best = max(order, key=lambda su: (by_suit[su], -order.index(su)))
            low = min((c for c in hand if SUIT[c] == best), key=lambda c: lay.strength[c])
            return A.CHOOSE[low]
        plays = [a for a in legal if a.kind == "play"]
        if not plays:
            return legal[0]
        suit_rank = {0: 0, 3: 1, 2: 2, 1: 3}

        def key(a: Action) -> tuple[int, int, int]:
            c = PLAY_CARD[a.value]
            return (lay.points[c], lay.strength[c], suit_rank[SUIT[c]])

        return min(plays, key=key)

    def snapshot(self) -> dict[str, Any]:
        """The base snapshot, with the action-id log kept incrementally (fingerprinting a
        long match every step would otherwise rebuild it each time)."""
        done = self._snap_ids
        for seat, action in self._log[len(done) :]:
            done.append([seat, action.id])
        return {
            "game": self.spec.name,
            "players": self.players,
            "options": self.options.model_dump(mode="json"),
            "seed": self.seed,
            "deal_version": self.deal_version,
            "deals": [d.model_dump(mode="json") for d in self._deals],
            "actions": list(done),  # the pairs are shared: callers must not mutate them
        }

    def is_legal(self, seat: int, action: Action) -> bool:
        """A Caps call may state any order of the caller's cards (T3-16.5), not only the
        listed one."""
        if action.kind == "caps" and action.value:
            if not may_call_caps(self, seat):
                return False
            try:
                order = A.parse_order(action.value)
            except IllegalAction:
                return False
            return Counter(order) == Counter(self._remaining(seat))
        return super().is_legal(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> IllegalAction:
        if action.kind == "caps":
            if not may_call_caps(self, seat):
                return IllegalAction("You can't call Caps now.", code="caps_not_now")
            return IllegalAction(
                "A Caps call must list every card you hold, in the order you will play them.",
                code="caps_order_incomplete",
            )
        if self.phase_name == "play" and action.kind == "play":
            card = PLAY_CARD[action.value]
            if card not in self.hands[seat]:
                return IllegalAction("You don't hold that card.", code="not_holding")
            if self.trick:
                return IllegalAction("You must follow the suit led.", code="must_follow_led")
            return IllegalAction(
                "You may not lead that card now (closed trump or exhausted trumps).",
                code="lead_not_allowed",
            )
        if action.kind == "bid":
            return IllegalAction("That bid is not allowed now.", code="bid_not_allowed")
        return super().explain_illegal(seat, action)

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return self._hand_results

    @property
    def result(self) -> dict[str, Any] | None:
        return self._result

    def deck(self) -> list[str]:
        return _cards(list(self.layout.deck))

    def card_zones(self) -> dict[str, list[str]]:
        return card_zones(self)

    # -- views -----------------------------------------------------------------------------

    __slots__ = (
        "_asks",
        "_bid_200",
        "_bid_250",
        "_bids",
        "_caps_offer_keys",
        "_caps_offered",
        "_caps_order_required",
        "_caps_teams",
        "_card_points",
        "_claims_on",
        "_cut_legal",
        "_deal_plans",
        "_dealt",
        "_deck_counter",
        "_derived",
        "_double_on",
        "_eight_card_calls",
        "_end_when_decided",
        "_external_caps",
        "_four_card_calls",
        "_half_court_band",
        "_half_court_on",
        "_hand_results",
        "_judge",
        "_legal",
        "_log",
        "_marriages_on",
        "_next_active",
        "_next_active_by_out",
        "_order_from",
        "_per_trick",
        "_previous_pack",
        "_result",
        "_seed_commitment",
        "_single_calls",
        "_snap_ids",
        "_solo_out",
        "_start_200",
        "_start_above",
        "_strength",
        "_team_seats",
        "_token_mode",
        "_traditional",
        "_tricks_full",
        "_tricks_half_court",
        "_turn",
        "auction4",
        "bid_log",
        "called",
        "calls",
        "chooser",
        "claimed",
        "contract",
        "contract_round",
        "cutter",
        "dealer",
        "double_team",
        "exhausted",
        "exposed",
        "first_leader",
        "hand_no",
        "hand_seed",
        "hands",
        "history",
        "indicator",
        "indicator_down",
        "is_over",
        "judge_deck",
        "ladder",
        "last_trick",
        "last_trick_vis",
        "layout",
        "leader",
        "marriages",
        "mode",
        "options",
        "pack",
        "pair",
        "partner_card",
        "phase_name",
        "players",
        "points",
        "public_at",
        "redeals",
        "reveal_cp",
        "revealed",
        "riffled_from",
        "round",
        "second",
        "seed_commitment",
        "shown_after_hand",
        "sitting_out",
        "solo",
        "spoilt",
        "stacked",
        "start_hands",
        "start_indicator",
        "stock",
        "to_act",
        "tokens",
        "trick",
        "trick_leaders",
        "trick_winners",
        "tricks_done",
        "trump",
        "trumper",
        "trumper_at",
        "trumper_knows",
        "won",
    )
    view_model = ThreeOFourView
    hand_result_model = ThreeOFourHandResult
    result_model = ThreeOFourResult

    def public_view(self) -> dict[str, Any]:
        return self.view(None)

    def typed_public_view(self) -> ThreeOFourView:
        return ThreeOFourView.model_validate(self.view(None))

    def typed_view(self, seat: int | None) -> ThreeOFourView:
        return ThreeOFourView.model_validate(self.view(seat))

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator); built once per state, and a
        fresh top-level dict each call."""
        cache = self._cached().views
        found = cache.get(seat)
        if found is None:
            found = cache[seat] = seat_view(self, seat)
        return dict(found)


_Handler = Callable[[ThreeOFourMatch, int, Action], list[Event]]


def _settling(apply: _Handler) -> _Handler:
    """``apply``, then the turn read from the new phase (for the actions of a phase that
    ends with them: the cut, the trump choice, the mode, the Half Court window)."""

    def complete(m: ThreeOFourMatch, seat: int, action: Action) -> list[Event]:
        return m._settled(apply(m, seat, action))

    return complete


_APPLY_BY_PHASE: Final[dict[str, _Handler]] = {
    "cut": apply_cut,
    "bidding": apply_bidding,
    "second_bidding": apply_second,
    "half_court": _settling(apply_half_court_window),
    "partner": _settling(lambda m, seat, action: apply_partner(m, seat, PLAY_CARD[action.value])),
    "trump": apply_trump_choice,
    "mode": lambda m, seat, action: begin_play(m, action),
    "play": act_in_play,
}
"""``_APPLY_BY_PHASE[phase]``: the handler of a legal action; each one leaves the turn
current (``_hand_to`` in place, or ``_settled``)."""
_LEGAL_BY_PHASE: Final[dict[str, Callable[[ThreeOFourMatch, int], list[Action]]]] = {
    "cut": lambda m, seat: m._cut_legal,
    "bidding": legal_bidding,
    "second_bidding": legal_second,
    "half_court": lambda m, seat: HALF_COURT_CHOICES,
    "partner": legal_partner_cards,
    "trump": lambda m, seat: [CHOOSE_OF[c] for c in m.hands[seat]],
    "mode": legal_mode,
    "play": legal_in_play,
}
"""``_LEGAL_BY_PHASE[phase]``: the turn seat's choices (none in ``match_over``)."""
