"""A 304 match: hands from the shuffle to the tokens, driven by ``apply`` alone.

The hand follows T3-19.1: cut, first batch, four-card auction (or the single auction of
T3V-5), indicator, second batch, eight-card round, spoilt check, open/closed, play, score.
Closed-trump play keeps face-down cards private (T3-11, T3-18): every card on the table
carries who may see it.
"""

from __future__ import annotations

import functools
import random
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from rules.cards import CARD_STRINGS, SUITS, Card, shuffled
from rules.contract import Action, ActionLog, Event, IllegalAction, Match
from rules.shuffle import DEAL_VERSION
from rules.three_o_four import actions as A
from rules.three_o_four import fairness
from rules.three_o_four.actions import (
    BID_VALUE,
    PASS,
    PLAY_CARD,
    kind_value,
    new_event,
)
from rules.three_o_four.auction import (
    FULL_COURT,
    HALF_COURT,
    PCC,
    FourCardAuction,
    OneRoundAuction,
)
from rules.three_o_four.caps import CapsJudge, PlayRecord
from rules.three_o_four.card_power import card_powers
from rules.three_o_four.dealing import apply_cut, check_deal, deal_second
from rules.three_o_four.events import (
    ASKED,
    BID_EVENTS,
    CARD_PLAYED,
    CONTRACT,
    EIGHT_BID_EVENTS,
    EIGHT_CARD_CONTRACT,
    FACE_DOWN_OWN,
    FACE_DOWN_PLAYED,
    INDICATOR_CHOSEN,
    INDICATOR_PLACED,
    MODE_EVENTS,
    NO_TRUMP_FACE_DOWN,
    SECOND_DEAL,
    SINGLE,
    TRICK_WON,
    TRUMP_REVEALED,
)
from rules.three_o_four.hand_end import cancel, end_hand
from rules.three_o_four.options import Layout, Options
from rules.three_o_four.results import (
    ThreeOFourHandResult,
    ThreeOFourResult,
)
from rules.three_o_four.table import table_plan
from rules.three_o_four.views import ThreeOFourView, card_zones, seat_view

SUIT: Final = tuple(c // 13 for c in range(52))
REDEAL_BELOW: Final = 15
"""T3-6.13: the dealer's right may ask for a redeal with fewer than 15 points."""

PLAY_OF: Final[tuple[Action, ...]] = tuple(A.PLAY[c] for c in range(52))
"""``PLAY_OF[card]``: the prebuilt play action (a tuple index on the hot path)."""
HAND_PLAY_RECORD: Final[tuple[tuple[tuple[Any, ...], ...], ...]] = tuple(
    tuple(tuple((s, c, down, 0) for c in range(52)) for s in range(8)) for down in (False, True)
)
"""``HAND_PLAY_RECORD[face down][seat][card]``: the ``PlayRecord`` of a card played from the
hand (records are immutable, so one per play is built at import)."""
CHOOSE_OF: Final[tuple[Action, ...]] = tuple(A.CHOOSE[c] for c in range(52))
"""``CHOOSE_OF[card]``: the prebuilt action placing that card as the trump indicator."""
LOGGED_BID: Final[dict[str, int | str]] = {
    value: A.BID_TEXT.get(A.BID_VALUE[value], A.BID_VALUE[value]) for value in A.BID_VALUE
}
"""A bid action's value as the auction record shows it (numbers, or PCC / HC / FC)."""
BID_LOGGED: Final[tuple[dict[str, Any], ...]] = tuple(
    {value: (s, "bid", shown) for value, shown in LOGGED_BID.items()} for s in range(8)
)
"""``BID_LOGGED[seat][value]``: the auction record's entry for a bid (shared: immutable)."""
PASS_LOGGED: Final[tuple[Any, ...]] = tuple((s, "pass", None) for s in range(8))
HALF_COURT_CHOICES: Final = [A.PASS, A.BID[HALF_COURT]]
"""T3V-8.2: the Half Court window offers only these."""
SUIT_CARDS: Final[tuple[frozenset[Card], ...]] = tuple(
    frozenset(c for c in range(52) if c // 13 == s) for s in range(4)
)
OPEN_ONLY: Final = [A.OPEN]
PASS_ONLY: Final = [A.PASS]
OPEN_OR_CLOSED: Final = [A.OPEN, A.CLOSED]


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

    # -- setup -----------------------------------------------------------------------

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
        """Per seat: the state the offered Caps action was built for (``_caps_action``)."""

    def _riffled(self, pack: list[Card], rng: random.Random) -> list[Card]:
        """ED-4 traditional mode: Gilbert-Shannon-Reeds riffles of the rebuilt pack."""
        return fairness.riffled(pack, self.options.traditional_riffles, rng)

    # -- contract members ------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.phase_name

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
                out = self._add_optional_calls(seat, [])
                if self._marriages_on:
                    out += self._marriage_actions(seat)  # ED-V9: at any call point
                return out
            return []
        legal = _LEGAL_BY_PHASE.get(self.phase_name)
        return [] if legal is None else legal(self, seat)

    def _legal_in_play(self, seat: int) -> list[Action]:
        """The turn seat's cards, then its calls (marriages, Double, Caps, spoilt claims);
        nothing while its Caps order is played for it."""
        out = self._legal_plays(seat)
        if not out:
            return out
        if self._marriages_on:
            out += self._marriage_actions(seat)
        if self._double_on and self._double_allowed(seat):
            out.append(A.DOUBLE)
        return self._add_optional_calls(seat, out)  # ``out`` is a fresh list

    def _legal_mode(self, seat: int) -> list[Action]:
        return OPEN_ONLY if self._closed_blocked() else OPEN_OR_CLOSED

    def _add_optional_calls(self, seat: int, out: list[Action]) -> list[Action]:
        """The calls a seat may make on turn or off it (Caps, a spoilt-trumps claim),
        appended to ``out``, which is returned."""
        if self._caps_teams and self._may_call_caps(seat):  # no calling team: no call
            out.append(self._caps_action(seat))
        if self._claims_on and seat not in self.claimed:
            out.append(A.CLAIM_SPOILT)
        return out

    def _legal_bidding(self, seat: int) -> list[Action]:
        if self.called:
            return self._legal_called_auction()
        auc = self.auction4
        if auc is not None:
            # T3-6.6 / T3-6.7 (ED-9): a seat that has spoken, or whose teammate holds the
            # high bid, starts at 200 (``auc.floor``); then above the high bid. Both as
            # ladder positions: the later one is where this seat's bids start.
            high_seat = auc.high_seat
            if auc.spoken[seat] or (high_seat is not None and high_seat % 2 == seat % 2):
                start = self._start_200
            else:
                start = 0
            high = auc.high
            if high is not None:
                above = self._start_above[high]
                if above > start:
                    start = above
            may_ask = auc.answerer is None
            if (
                may_ask
                and not auc.acted
                and seat == self.first_leader  # the dealer's right opens (T3-6.13)
                and sum([self.layout.points[c] for c in self.hands[seat]]) < REDEAL_BELOW
            ):
                out = [PASS, *self._asks[seat], A.REDEAL, *self._bids[start:]]
                if self._half_court_on:
                    out.append(A.BID[HALF_COURT])
                return out
            return self._four_card_calls[seat][may_ask][start]  # prebuilt, shared
        rnd = self.round
        assert rnd is not None
        # the high bid is a ladder bid (the only bids offered here)
        start = 0 if rnd.high is None else self._start_above[rnd.high]
        return self._single_calls[rnd.index > 0][start]  # prebuilt, shared

    # -- T3V-8: the Maharashtra called partner ------------------------------------------

    def _legal_called_auction(self) -> list[Action]:
        """ED-V8: the eight-card auction with the T3-6 turns, passes and ends, but no
        under-200 restrictions, partner requests or redeals; Full Court above 300."""
        auc = self.auction4
        assert auc is not None
        start = 0 if auc.high is None else bisect_left(self.ladder, auc.high + 1)
        return [PASS, *self._bids[start:], A.BID[FULL_COURT]]

    def _apply_half_court_window(self, seat: int, action: Action) -> list[Event]:
        """T3V-8.2 / ED-V8: one round from the dealer's right; the first Half Court wins."""
        rnd = self.round
        assert rnd is not None
        if action.kind == "bid":
            self._log_bid(seat, "bid", HALF_COURT)
            self._set_contract(seat, HALF_COURT, "half_court")
            return [
                new_event("bid", {"seat": seat, "bid": "HC"}),
                new_event("contract", {"trumper": seat, "bid": HALF_COURT}),
            ]
        self._log_bid(seat, "pass")
        events = [new_event("bid", {"seat": seat, "bid": "pass", "round": "half_court"})]
        if rnd.record(None) < 0:  # nobody wants Half Court: the deal is completed (T3V-8.3)
            self.round = None
            deal_second(self)
            self.auction4 = FourCardAuction.start(self.players, self.dealer)
            self.phase_name = "bidding"
            events.append(new_event("second_deal", {}))
        return events

    def _legal_partner_cards(self, seat: int) -> list[Action]:
        """ED-V8: any card but the bid winner's own (hand and indicator)."""
        own = set(self.hands[seat])
        return [A.PARTNER[c] for c in self.layout.deck if c not in own and c != self.indicator]

    def _apply_partner(self, seat: int, card: Card) -> list[Event]:
        """T3V-8.1: the holder of the named card is the bid winner's partner; only he
        knows it until the card is played (an undealt card: no partner)."""
        self.partner_card = card
        holder = next((s for s in range(self.players) if card in self.hands[s]), -1)
        self.pair = frozenset({seat, holder} - {-1})
        events = [new_event("partner_card_named", {"seat": seat, "card": CARD_STRINGS[card]})]
        if holder >= 0:
            events.append(new_event("partner_called", {"seat": holder}, SINGLE[holder]))
        return events + self._after_trump_fixed()

    def _partner_known_to(self, seat: int | None) -> int | None:
        """ED-V8: the partnership is secret until the named card is seen: its holder knows
        at once; everyone once it lies face up; the bid winner also when he examines it
        face down (T3-11.9(b))."""
        holder = next((s for s in self.pair if s != self.trumper), None)
        if holder is None:
            return None
        if seat == holder:
            return holder
        for i, record in enumerate(self.history):
            if record[1] == self.partner_card:
                if self.public_at[i] is not None:
                    return holder
                if seat == self.trumper and self.trumper_at[i] is not None:
                    return holder
        return None

    def _legal_second(self, seat: int) -> list[Action]:
        """T3-8.3 / T3-8.5 / T3-8.11."""
        rnd = self.round
        assert rnd is not None
        high_seat = rnd.high_seat
        if high_seat is not None and high_seat % 2 == seat % 2:
            return PASS_ONLY
        high = rnd.high
        if high == PCC:
            return PASS_ONLY
        floor = self.contract + 1  # above the contract, the high call and 250
        if high is not None and high >= floor:
            floor = high + 1
        if floor < self._bid_250:
            floor = self._bid_250
        return self._eight_card_calls[bisect_left(self.ladder, floor)]  # prebuilt, shared

    def _apply_bidding(self, seat: int, action: Action) -> list[Event]:
        """A four-card auction or single-round call; while the auction goes on the turn
        passes at once, a contract or a cancelled hand settles it from the new phase."""
        kind, value = kind_value(action)
        auc = self.auction4
        if auc is not None:
            if kind == "pass":
                self.bid_log.append(PASS_LOGGED[seat])
                outcome = auc.record(None)
            elif kind == "bid":
                self.bid_log.append(BID_LOGGED[seat][value])
                outcome = auc.record(BID_VALUE[value])
            elif kind == "ask":  # T3-6.9: the asked teammate answers at once
                mate = int(value)
                auc.ask(mate)
                self.bid_log.append((seat, "ask", mate))
                self._hand_to(mate)
                return [ASKED[seat][mate]]
            else:
                self.bid_log.append((seat, "redeal", None))
                return self._settled(cancel(self, "redeal", same_dealer=True))
            events = [BID_EVENTS[seat][value]]
            if outcome is None:
                self._hand_to(auc.turn)
                return events
            if outcome == "all_pass":
                return self._settled(events + cancel(self, "all_pass", same_dealer=False))
            assert auc.high is not None and auc.high_seat is not None
            self._set_contract(auc.high_seat, auc.high, "four")
            events.append(CONTRACT[self.trumper][auc.high])
            self._hand_to(self.chooser)  # the trumper places the indicator
            return events
        rnd = self.round
        assert rnd is not None
        events = [BID_EVENTS[seat][value]]
        speaker = self._record_round_call(rnd, seat, kind == "bid", value)
        if speaker >= 0:
            self._hand_to(speaker)
            return events
        assert rnd.high is not None and rnd.high_seat is not None
        self._set_contract(rnd.high_seat, rnd.high, "single")
        events.append(CONTRACT[self.trumper][rnd.high])
        self._hand_to(self.chooser)  # the trumper places the indicator
        return events

    def _record_round_call(self, rnd: OneRoundAuction, seat: int, bid: bool, value: str) -> int:
        """A bid (its text ``value``) or a pass in a one-round auction, and in the log;
        returns the next seat to speak (-1: the round is over)."""
        if bid:
            self.bid_log.append(BID_LOGGED[seat][value])
            return rnd.record(BID_VALUE[value])
        self.bid_log.append(PASS_LOGGED[seat])
        return rnd.record(None)

    def _log_bid(self, seat: int, what: str, value: int | None = None) -> None:
        self.bid_log.append((seat, what, None if value is None else A.BID_TEXT.get(value, value)))

    def _set_contract(self, seat: int, value: int, round_name: str) -> None:
        self.trumper, self.contract, self.contract_round = seat, value, round_name
        self.auction4 = None
        self.round = None
        self.chooser = seat
        self.phase_name = "trump"
        if value == HALF_COURT:
            if not self.called:  # T3V-8.2: the Maharashtra bidder plays with his partner
                self._go_solo(seat)
            for s in range(self.players):  # T3V-4: nothing more is dealt
                self.stock += self.second[s]
                self.second[s] = []

    def _go_solo(self, seat: int) -> None:
        """T3-15.1 / T3-15.3 / ED-V7: the bidder's teammates sit out; the bidder leads."""
        self.solo = True
        self.sitting_out = self._solo_out[seat]
        self.first_leader = seat

    def _apply_second(self, seat: int, action: Action) -> list[Event]:
        """T3-8: one turn each; the turn passes at once until the round is over."""
        rnd = self.round
        assert rnd is not None
        kind, value = kind_value(action)
        events = [EIGHT_BID_EVENTS[seat][value]]
        speaker = self._record_round_call(rnd, seat, kind == "bid", value)
        if speaker >= 0:
            self._hand_to(speaker)
            return events
        if rnd.high is None:  # T3-8.6
            self.round = None
            return self._settled(events + self._after_trump_fixed())
        assert rnd.high_seat is not None
        old = self.trumper
        assert self.indicator is not None
        self.hands[old].append(self.indicator)  # T3-8.7: the old indicator goes back
        self.indicator, self.indicator_down = None, False
        self.trumper, self.contract, self.contract_round = rnd.high_seat, rnd.high, "eight"
        self.chooser = rnd.high_seat
        self.round = None
        self.phase_name = "trump"
        if rnd.high == PCC:
            self._go_solo(rnd.high_seat)
        events.append(EIGHT_CARD_CONTRACT[self.trumper][value])
        self._hand_to(self.chooser)  # the new trumper places his indicator
        return events

    # -- indicator, spoilt check, mode ---------------------------------------------------

    def _apply_indicator(self, seat: int, card: Card) -> list[Event]:
        """T3-7.1 / T3-8.7: the indicator goes face down; trump is its suit."""
        self.hands[seat].remove(card)
        self.indicator, self.indicator_down, self.trump = card, True, SUIT[card]
        events = [INDICATOR_PLACED[seat], INDICATOR_CHOSEN[seat][card]]
        if any(self.second):
            deal_second(self)
            if self.layout.two_auctions and self.contract_round == "four":
                self.round = OneRoundAuction(self.players, self._order_from[seat])
                self.phase_name = "second_bidding"
                return [*events, SECOND_DEAL]
            events.append(SECOND_DEAL)
        if self.called:
            self.phase_name = "partner"  # T3V-8.1: he also names a card
            return events
        return events + self._after_trump_fixed()

    def _opponents(self) -> list[int]:
        if self.called:
            return [s for s in range(self.players) if s not in self.pair]
        return self._team_seats[1 - self.trumper % 2]

    def _after_trump_fixed(self) -> list[Event]:
        """ED-22 / ED-23: test spoilt trumps on the opponents' full hands."""
        trumps = SUIT_CARDS[self.trump]
        hands = self.hands
        spoilt = True
        for s in self._opponents():
            if not trumps.isdisjoint(hands[s]):
                spoilt = False
                break
        self.spoilt = spoilt
        if spoilt and not self._claims_on:  # "auto" mode
            return cancel(self, "spoilt", same_dealer=True)
        self.phase_name = "mode"
        return []

    def _closed_blocked(self) -> bool:
        """ED-14: CLOSED is not offered when the trumper leads and holds only trumps."""
        if self.first_leader != self.trumper:
            return False
        return SUIT_CARDS[self.trump].issuperset(self.hands[self.trumper])

    def _apply_mode(self, action: Action) -> list[Event]:
        """T3-9: open or closed; the play begins (the turn passes to the first leader)."""
        self.mode = action.kind
        events = [MODE_EVENTS[self.mode]]
        if self.mode == "open":  # T3-9.2
            events += self._reveal()
        self.phase_name = "play"
        self.leader = self.first_leader
        self._caps_teams = self._calling_teams()
        self.start_hands = [h[:] for h in self.hands]
        self.start_indicator = self.indicator if self.indicator_down else None
        self.trick_leaders = [self.first_leader]
        if self.sitting_out:
            self._per_trick = self.players - len(self.sitting_out)
        else:
            self._per_trick = self.players
        self._next_active = self._next_active_by_out[self.sitting_out]
        # No Caps call can precede the first card (ED-25 opens them with the play), so
        # there is no order to play out: the first leader is to play.
        self._hand_to(self.first_leader)
        return events

    def _apply_trump_choice(self, seat: int, action: Action) -> list[Event]:
        """The indicator placed; the trumper speaks next: he opens the eight-card round
        (T3-8.2), names his partner's card (T3V-8.1) or chooses open or closed (T3-9.1);
        a hand cancelled for spoilt trumps settles the turn from the new phase."""
        events = self._apply_indicator(seat, PLAY_CARD[action.value])
        phase = self.phase_name
        if phase == "mode" or phase == "partner" or phase == "second_bidding":
            self._hand_to(self.trumper)
            return events
        return self._settled(events)

    def _reveal(self, by_call: bool = False) -> list[Event]:
        """The indicator is shown; if still on the table it joins the trumper's hand."""
        if self.revealed:
            return []
        self.revealed = True
        if not by_call:
            self.reveal_cp = len(self.history)
        assert self.indicator is not None
        if self.indicator_down:
            self.indicator_down = False
            self.hands[self.trumper].append(self.indicator)
        return [TRUMP_REVEALED[self.trump][self.indicator]]

    # -- play ------------------------------------------------------------------------------

    @property
    def hidden(self) -> bool:
        return self.mode == "closed" and not self.revealed

    @property
    def n_tricks(self) -> int:
        return self._tricks_half_court if self.contract == HALF_COURT else self._tricks_full

    def _legal_plays(self, seat: int) -> list[Action]:
        """T3-11.13: the legal plays of the seat to play."""
        calls = self.calls
        if calls:  # ED-28: a Caps caller's cards are played for him (one call per team)
            call = calls.get(seat % 2)
            if call is not None and call[0] == seat:
                return []
        hand = self.hands[seat]
        ind = seat == self.trumper and self.indicator_down
        if ind and not hand:
            return [A.INDICATOR]
        trick = self.trick
        if not trick:
            cards = hand
            if seat == self.trumper:
                trump = self.trump
                if self.tricks_done == 0 and self.mode == "closed" and not self.revealed:
                    cards = [c for c in hand if SUIT[c] != trump]
                if self.exhausted and not self.solo:
                    trumps = [c for c in hand if SUIT[c] == trump]
                    if trumps:
                        cards = trumps
            return [PLAY_OF[c] for c in cards]
        led = SUIT[trick[0][1]]
        follow = [PLAY_OF[c] for c in hand if SUIT[c] == led]
        if follow:
            return follow
        out = [PLAY_OF[c] for c in hand]
        if ind and led != self.trump and self.mode == "closed" and not self.revealed:
            out.append(A.INDICATOR)
        return out

    def _play(self, seat: int, card: Card, src: int) -> list[Event]:
        """A card to the trick, from the hand (``src`` 0) or the indicator (1): face down
        when a seat that cannot follow plays it while trump is closed (T3-11.4), else face
        up; the last card closes the trick."""
        trick = self.trick
        if src:
            self.indicator_down = False
            if len(self.hands[seat]) == 0:  # ED-20: face up in the last trick
                self.revealed = True
            down = self.hidden
        else:
            self.hands[seat].remove(card)
            down = False  # T3-11.4: face down only off suit while trump is closed
            if self.mode == "closed" and not self.revealed and trick:
                down = SUIT[card] != SUIT[trick[0][1]]
        # a PlayRecord, kept boxed (see HAND_PLAY_RECORD)
        record: Any = (seat, card, down, src) if src else HAND_PLAY_RECORD[down][seat][card]
        trick.append(record)
        history = self.history
        history.append(record)
        self.public_at.append(None if down else len(history))
        self.trumper_at.append(None)
        if src and not down and self.reveal_cp is None:
            self.reveal_cp = len(history)
        if self.exposed and seat in self.exposed:
            self.exposed[seat].remove(card)
        events: list[Event]
        if down:
            events = [FACE_DOWN_PLAYED[seat][src], FACE_DOWN_OWN[seat][card]]
        else:
            events = [CARD_PLAYED[seat][card]]
            if src:
                events.append(TRUMP_REVEALED[self.trump][card])
        if len(trick) == self._per_trick:
            events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        """T3-11.9: resolve face-down cards, then T3-10.5 gives the winner."""
        trick = self.trick
        events: list[Event] = []
        trump = self.trump
        vis: list[frozenset[int] | None] | None = None
        if self.mode == "closed":
            downs = [i for i, p in enumerate(trick) if p[2]]
            if downs:
                vis = [SINGLE[p[0]] if p[2] else None for p in trick]
                base = len(self.history) - len(trick)
                if any(SUIT[trick[i][1]] == trump for i in downs):
                    turned = []
                    for i in downs:
                        seat, card, _, src = trick[i]
                        if seat != self.trumper or src == 1 or SUIT[card] == trump:
                            vis[i] = None
                            self.public_at[base + i] = len(self.history)
                            turned.append(CARD_STRINGS[card])
                    events.append(new_event("face_down_turned", {"cards": turned}))
                    events += self._reveal()
                else:
                    for i in downs:
                        seat = trick[i][0]
                        vis[i] = frozenset({seat, self.trumper})
                        self.trumper_knows.add(trick[i][1])
                        self.trumper_at[base + i] = len(self.history)
                    events.append(NO_TRUMP_FACE_DOWN)
                    events.append(
                        new_event(
                            "face_down_seen",
                            {"cards": [CARD_STRINGS[trick[i][1]] for i in downs]},
                            SINGLE[self.trumper],
                        )
                    )
        cards = [p[1] for p in trick]
        best = self._trick_winner_index(cards, trump)
        winner = trick[best][0]
        team = winner % 2
        lead = trick[0]
        if (
            lead[0] == self.trumper
            and not self.solo
            and SUIT[lead[1]] == trump
            and all(SUIT[p[1]] != trump for p in trick[1:])
        ):
            self.exhausted = True  # ED-21
        points = self._card_points
        taken = 0
        for c in cards:  # not sum(): a builtin looked up and called as a Python object
            taken += points[c]
        self.points[team] += taken
        self.won[team] += cards
        self.trick_winners.append(team)
        done = self.tricks_done = self.tricks_done + 1
        self.last_trick, self.last_trick_vis = trick, vis  # views strip what a seat can't see
        self.trick = []
        self.leader = winner
        self.trick_leaders.append(winner)
        events.append(TRICK_WON[winner][done])
        if (
            done == 1
            and self.mode == "closed"
            and not self.revealed
            and self.contract >= self._bid_250
        ):
            events += self._reveal()  # T3-12.1 (PCC and Half Court rank above 250)
        if self._hand_decided(team):
            events += end_hand(self)
        return events

    def _trick_winner_index(self, cards: list[Card], trump: int | None) -> int:
        """T3-10.5, as ``rules.tricks.trick_winner_index``, read off the card powers of this
        rank order (``card_powers``: trumps above the led suit above the rest)."""
        powers = card_powers(-1 if trump is None else trump, self._strength)
        led_power = powers[SUIT[cards[0]] + 1]
        best, best_power = 0, led_power[cards[0]]
        for i in range(1, len(cards)):
            power = led_power[cards[i]]
            if power >= 100 and power > best_power:
                best, best_power = i, power
        return best

    def _hand_decided(self, team: int) -> bool:
        if self.tricks_done >= self.n_tricks:
            return True
        if not self._end_when_decided:
            return False
        if self.solo and team != self.trumper % 2:
            return True  # ED-24
        if self.called and self.contract >= HALF_COURT:  # a Court lost (ED-V8, as ED-24)
            return self.trick_leaders[-1] not in self.pair
        return (1 - team) in self.calls  # ED-31: the trick went against a calling team

    # -- caps, claims, marriages, double -------------------------------------------------------

    def _calling_teams(self) -> list[int]:
        if not self.layout.caps or self.solo:
            return []
        teams = [self.trumper % 2]
        if self._external_caps != "off":
            teams.append(1 - self.trumper % 2)
        return teams

    def _may_call_caps(self, seat: int) -> bool:
        """T3-16.2 / ED-25 / ED-30: a calling-team member, once per team; also after his
        team has lost a trick, when the call is accepted and charged Wrong Caps (T3-16.7(d))."""
        team = seat % 2
        return (
            self.phase_name == "play"
            and team in self._caps_teams
            and team not in self.calls
            and bool(self.hands[seat] or (seat == self.trumper and self.indicator_down))
        )

    def _remaining(self, seat: int) -> list[Card]:
        cards = list(self.hands[seat])
        if seat == self.trumper and self.indicator_down:
            assert self.indicator is not None
            cards.append(self.indicator)
        return cards

    def _caps_action(self, seat: int) -> Action:
        """ED-29: the Caps call offered with the judge's default order of the seat's cards.
        That order depends only on the cards and on whether the seat knows trump, so the
        action is kept per seat until it plays a card or trump is revealed (its cards
        only leave during the play; the indicator joining the hand keeps them the same):
        it was built for the same cards in hand, indicator down with them and trump
        revealed (one int: 4 * cards + 2 * indicator + revealed)."""
        if not self._caps_order_required:
            return A.CAPS_ANY_ORDER
        key = len(self.hands[seat]) * 4
        if seat == self.trumper and self.indicator_down:
            key += 2
        if self.revealed:
            key += 1
        offered = self._caps_offered[seat]
        if offered is not None and self._caps_offer_keys[seat] == key:
            return offered
        action = A.caps_action(self.judge().default_order(seat, self._remaining(seat)))
        self._caps_offered[seat] = action
        self._caps_offer_keys[seat] = key
        return action

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
            if not self._may_call_caps(seat):
                return False
            try:
                order = A.parse_order(action.value)
            except IllegalAction:
                return False
            return Counter(order) == Counter(self._remaining(seat))
        return super().is_legal(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> IllegalAction:
        if action.kind == "caps":
            if not self._may_call_caps(seat):
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

    def _apply_caps(self, seat: int, action: Action) -> list[Event]:
        """T3-16.5: the caller's cards become public and are played in the stated order."""
        order = A.parse_order(action.value) if action.value else self.judge().server_order(seat)
        cp = len(self.history)
        self.calls[seat % 2] = (seat, cp, order)
        self.exposed[seat] = list(order)
        events = [
            new_event("caps_called", {"seat": seat, "order": _cards(order), "call_point": cp})
        ]
        if self.hidden:
            events += self._reveal(by_call=True)  # ED-28
        return events

    def _auto_play(self) -> list[Event]:
        """ED-28 step 3: the server plays a Caps caller's cards from the stated order."""
        events: list[Event] = []
        if not self.calls:
            return events
        while self.phase_name == "play" and self._result is None:
            seat = self._next_player()
            call = self.calls.get(seat % 2)
            if call is None or call[0] != seat:
                break
            card, src = self._listed_play(seat, call[2])
            events += self._play(seat, card, src)
        return events

    def _listed_play(self, seat: int, order: list[Card]) -> tuple[Card, int]:
        """A Caps caller's next play, as ``_play`` takes it (card, from the indicator): the
        first card of his stated order that one of his legal plays puts on the table (one
        play per card), else his first legal play. The plays are the prebuilt actions,
        told apart by identity (a field read is a slow attribute lookup)."""
        legal = self._legal_plays_ignoring_call(seat)
        indicator = self.indicator
        for c in order:
            play = PLAY_OF[c]
            for a in legal:
                if a is play:
                    return c, 0
                if a is A.INDICATOR and c == indicator:
                    return c, 1
        first = legal[0]
        if first is A.INDICATOR:
            assert indicator is not None
            return indicator, 1
        return PLAY_CARD[first.value], 0

    def _legal_plays_ignoring_call(self, seat: int) -> list[Action]:
        saved = self.calls
        self.calls = {}
        try:
            return self._legal_plays(seat)
        finally:
            self.calls = saved

    def _apply_claim(self, seat: int) -> list[Event]:
        """ED-23 claim mode: upheld if the opponents had no trump once trump was fixed."""
        self.claimed.add(seat)
        if self.spoilt:
            claim = new_event("spoilt_claim", {"seat": seat, "upheld": True})
            return [claim, *cancel(self, "spoilt", same_dealer=True)]
        return [new_event("spoilt_claim", {"seat": seat, "upheld": False})]

    def _marriage_actions(self, seat: int) -> list[Action]:
        """ED-V9: declared at any call point (on your turn or off it) once trump is
        revealed and your team has won a trick, while you hold K and Q of the suit; each
        marriage once."""
        if not self.options.maharashtra_scoring or not self.revealed or self.solo:
            return []
        if seat % 2 not in self.trick_winners:
            return []
        out = []
        for suit in range(4):
            if suit != self.trump and not self.options.non_trump_marriages:
                continue
            if any(m[1] == suit for m in self.marriages):
                continue
            ranks = {c % 13 for c in self.hands[seat] if SUIT[c] == suit}
            if {10, 11} <= ranks:
                out.append(A.MARRIAGE[suit])
        return out

    def _double_allowed(self, seat: int) -> bool:
        """ED-V13: the winner of trick 5, at CP(20), if his team won tricks 1 to 5."""
        return (
            self.layout.double
            and self.double_team < 0
            and not self.solo
            and self.tricks_done == 5
            and not self.trick
            and seat == self.leader
            and all(t == seat % 2 for t in self.trick_winners)
        )

    # -- hand end and scoring --------------------------------------------------------------

    # -- apply ------------------------------------------------------------------------------------

    # The play and the auction, which take most actions, are called directly, before the
    # table of the other phases.
    def _apply(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase_name
        if phase == "play":
            return self._act_in_play(seat, action)
        if phase == "bidding":
            return self._apply_bidding(seat, action)
        return _APPLY_BY_PHASE[phase](self, seat, action)

    def _legal_in_phase(self, seat: int) -> list[Action]:
        """The turn seat's choices (``_LEGAL_BY_PHASE``)."""
        phase = self.phase_name
        if phase == "play":
            return self._legal_in_play(seat)
        if phase == "bidding":
            return self._legal_bidding(seat)
        return _LEGAL_BY_PHASE[phase](self, seat)

    def _settled(self, events: list[Event]) -> list[Event]:
        """The end of an action whose next turn is read from the new state; a Caps
        caller's cards are played out first (ED-28 step 3)."""
        if self.calls:
            events += self._auto_play()
        self._refresh_turn()
        return events

    def _act_in_play(self, seat: int, action: Action) -> list[Event]:
        """A card (the hot path: the next seat is known at once, the next in the trick or
        the trick's winner, and unless it is a Caps caller whose order is played for him,
        it is to act) or one of the calls of the play."""
        # a card in hand: the prebuilt action found among the seat's few cards by identity,
        # cheaper than a lookup by ``id`` (which boxes the id)
        card = -1
        for held in self.hands[seat]:
            if PLAY_OF[held] is action:
                card = held
                break
        if card >= 0:
            events = self._play(seat, card, 0)
        else:
            kind, value = kind_value(action)
            if kind == "play":
                events = self._play(seat, PLAY_CARD[value], 0)
            elif kind == "indicator":
                assert self.indicator is not None
                events = self._play(seat, self.indicator, 1)
            else:
                return self._settled(_CALLS_IN_PLAY[kind](self, seat, action))
        if self.trick:
            following = self._next_active[seat]
        elif self.phase_name == "play":  # a trick closed, the hand goes on
            following = self.leader  # T3-10.6: its winner leads
        else:  # the hand is over
            return self._settled(events)
        calls = self.calls
        if calls:  # once a team has called, its caller's turns are played for him
            call = calls.get(following % 2)
            if call is not None and call[0] == following:
                return self._settled(events)  # ED-28 step 3
        self._hand_to(following)
        return events

    def _apply_marriage(self, seat: int, action: Action) -> list[Event]:
        self.marriages.append((seat, SUITS.index(action.value)))
        return [new_event("marriage", {"seat": seat, "suit": action.value})]

    def _apply_double(self, seat: int, action: Action) -> list[Event]:
        self.double_team = seat % 2
        return [new_event("double", {"seat": seat})]

    # -- views ------------------------------------------------------------------------------------

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


_CALLS_IN_PLAY: Final[dict[str, _Handler]] = {
    "caps": ThreeOFourMatch._apply_caps,
    "claim_spoilt": lambda m, seat, action: m._apply_claim(seat),
    "marriage": ThreeOFourMatch._apply_marriage,
    "double": ThreeOFourMatch._apply_double,
}
"""The calls of the play other than a card (settled by ``_act_in_play``)."""
_APPLY_BY_PHASE: Final[dict[str, _Handler]] = {
    "cut": apply_cut,
    "bidding": ThreeOFourMatch._apply_bidding,
    "second_bidding": ThreeOFourMatch._apply_second,
    "half_court": _settling(ThreeOFourMatch._apply_half_court_window),
    "partner": _settling(lambda m, seat, action: m._apply_partner(seat, PLAY_CARD[action.value])),
    "trump": ThreeOFourMatch._apply_trump_choice,
    "mode": lambda m, seat, action: m._apply_mode(action),
    "play": ThreeOFourMatch._act_in_play,
}
"""``_APPLY_BY_PHASE[phase]``: the handler of a legal action; each one leaves the turn
current (``_hand_to`` in place, or ``_settled``)."""
_LEGAL_BY_PHASE: Final[dict[str, Callable[[ThreeOFourMatch, int], list[Action]]]] = {
    "cut": lambda m, seat: m._cut_legal,
    "bidding": ThreeOFourMatch._legal_bidding,
    "second_bidding": ThreeOFourMatch._legal_second,
    "half_court": lambda m, seat: HALF_COURT_CHOICES,
    "partner": ThreeOFourMatch._legal_partner_cards,
    "trump": lambda m, seat: [CHOOSE_OF[c] for c in m.hands[seat]],
    "mode": ThreeOFourMatch._legal_mode,
    "play": ThreeOFourMatch._legal_in_play,
}
"""``_LEGAL_BY_PHASE[phase]``: the turn seat's choices (none in ``match_over``)."""
