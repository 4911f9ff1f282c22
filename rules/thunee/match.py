"""One match of South African Thunee: the hand state machine of TH-31, driven by ``apply``.

Phases of a hand (shared/rules/thunee.md TH-31): ``cut`` -> [``blind_bid``] -> first deal ->
[``trip``, six players] -> ``trump`` (trumper, or blind bidder) -> ``bidding``
[-> ``choose_bidder``] [-> ``trump`` for the winning bidder] -> [``blind_calls``] -> final
deal -> ``calls`` (W4) -> ``play`` (with ``late_thunee``/``late_choice``, ``jodi`` windows,
``trick_open`` in challenge mode; two players face up: ``layout`` after trick 1) -> scoring
-> the next hand's ``cut``, or ``match_over``.

Seats run counter-clockwise: ``s + 1`` is the right-hand neighbour (TH-3). Teams are
``s % 2`` for 4 and 6 players (TH6-1); with 2 players each side is one player (TH2-1).

Decisions beyond the rules file:
- A stacked ``Deal`` gives every card each seat receives (first batch, then the rest). The
  first stacked deal's ``dealer`` replaces the first-dealer draw; later hands follow TH-30,
  so a later deal's ``dealer`` field is not consulted. The cut is still asked (declining is
  always legal) and has no effect on a stacked deal.
- Jodi windows (W5) poll only seats with something to declare, as W4 passes ineligible
  seats automatically (TH-12.8). In challenge mode every team member is polled, since any
  Jodi may be claimed.
- Challenge mode (TH-28): while a trick is open (until the trick is collected by its
  winner, an extra ``collect`` step) the opponents of any seat that played to it may
  challenge that seat's card; until the next card after a Jodi window the declarers'
  opponents may challenge their Jodis. Challenging is optional: the challengers other than
  the seat the match waits on are ``off_turn`` (the contract's seats that may act but are
  never waited for), with the kinds ``challenge`` and ``challenge_jodi``.
- Not modelled (TH-28.2 b, c; TH-28.3, TH-28.4): out-of-turn play, table talk, forgotten
  ball records and reminders; the turn-based contract makes them impossible.
- Six players: a Trip is a contract (``kind="trip"``): no trump, the declarer's 4th card
  lies face down like a blind caller's, he wins tricks 1-3 outright and trick 4 decides.
  TH-20 does not annul a Moenie (TH6-11.4, TH-20.2 as amended): the source's partner catch
  (TH6-11.6, EX-24) needs the declarer's partners to hold every other trump, which TH-20
  would otherwise annul.
- Two players: a stacked ``Deal`` lists a seat's twelve cards in the order received (4, 2,
  then 4, 2 for two deals; the face-down row of 6, then 4, 2 face up). ``hands`` are the
  cards a seat plays from; face up, after its row is laid they are the row's face-up cards
  (public; ``view["hand"]`` is then empty and the row is in ``rows``). The layout (TH2-B.5)
  is one ``lay`` action per row position, left to right: a hand card to cover it, or
  ``lay:open`` to leave it uncovered (once); forced steps are taken automatically. A
  face-up Jodi chance belongs to the first trick its holder wins after it appeared; all
  cards of the combination, with the value fixed when it appeared, must still be in place.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from rules.cards import CARD_STRINGS, SUITS, card_strs, make_card
from rules.contract import Action, Deal, Event, IllegalAction, Match, not_now
from rules.results import reason as reason_of
from rules.shuffle import DEAL_VERSION
from rules.thunee import actions as A
from rules.thunee.cardplay import (
    LADDER,
    NORMAL_STRENGTH,
    POINTS,
    ROYALS_STRENGTH,
    beats,
    card_points,
    illegal_reason,
    jodi_cards,
    jodi_value,
    legal_cards,
    mariyal_safe,
    moenie_eligible,
    next_rung,
    redeal_eligible,
    trip_eligible,
    winning_index,
)
from rules.thunee.dealing import (
    DECK,
    FIRST_BATCH,
    HAND_SIZE,
    black_jack_draw,
    cut_pack,
    lay_out,
    lay_out_two,
    shuffle_pack,
    split_two,
    validate_deal,
)
from rules.thunee.options import ThuneeOptions
from rules.thunee.results import ThuneeHandResult, ThuneeResult, hand_core, result_core
from rules.thunee.scoring import (
    CALL_FAILURE_BALLS,
    COUNT_TARGET,
    PENALTY_BALLS,
    TWO_PLAYER_COUNT_TARGET,
    BallScore,
    CallKind,
    call_success_balls,
    khanuck_count,
    khanuck_succeeds,
    next_dealer,
    ordinary_balls,
    ordinary_count,
)
from rules.thunee.views import ThuneeView, public_view, seat_view
from rules.tricks import SUIT_OF
from rules.views import dumped

CARD_OF = A.CARD_OF
PLAY_OF = A.PLAY_OF

CONTRACTS = ("thunee", "royals", "blind_thunee", "blind_royals", "moenie", "trip")
TRIP_BALLS = 3
"""TH6-10.6: a Trip is worth 3 balls to the winner of trick 4's side."""
MOENIE_PARTNER_CATCH_BALLS = 8
"""TH6-11.5: a Moenie broken by the declarer's partner gives the opponents 8."""
KQJ: tuple[tuple[int, int, int], ...] = tuple(
    (make_card("K", x), make_card("Q", x), make_card("J", x)) for x in SUITS
)
"""TH-14.1: the K, Q and J of each suit (a Jodi is K+Q, or K+Q+J)."""
KQ: tuple[tuple[int, int], ...] = tuple((king, queen) for king, queen, _jack in KQJ)
NO_ACTIONS: list[Action] = []
"""What a seat not to act may do (shared, never mutated)."""
CUT_CHOICES: list[Action] = [A.CUT, A.NO_CUT]
NEXT_RUNG: dict[int | None, int] = {high: next_rung(high) for high in (None, *LADDER)}
BID_OR_PASS: dict[int | None, list[Action]] = {
    high: [A.BID[next_rung(high)], A.PASS] for high in (None, *LADDER[:-1])
}
PASSED: dict[tuple[int, str], Event] = {
    (s, phase): Event.make("pass", seat=s, phase=phase)
    for s in range(6)
    for phase in ("bidding", "blind_bid", "blind_calls", "calls", "late_thunee", "jodi", "trip")
}
ONLY: tuple[frozenset[int], ...] = tuple(frozenset((s,)) for s in range(6))
NO_SEATS: frozenset[int] = frozenset()
"""``ONLY[s]``: the one-seat set, built once (``to_act`` changes on every card)."""
FIRST_DEAL = {n: Event.make("first_deal", cards_each=n) for n in (3, 4)}
FINAL_DEAL = {n: Event.make("final_deal", cards_each=n) for n in (1, 2)}
SECOND_DEAL = Event.make("second_deal", cards_each=6)
ROWS_DEALT = Event.make("rows_dealt", cards_each=6)
TRUMP_CARD_LAID = tuple(Event.make("trump_card_laid", seat=s) for s in range(6))
TRUMP_CARD: tuple[dict[int, Event], ...] = tuple(
    {c: Event.make("trump_card", ONLY[s], seat=s, card=CARD_STRINGS[c]) for c in DECK}
    for s in range(6)
)
BID_MADE: dict[tuple[int, int, bool], Event] = {
    (s, v, blind): Event.make("bid", seat=s, value=v, blind=blind)
    for s in range(6)
    for v in LADDER
    for blind in (False, True)
}
CUT_EVENT: dict[tuple[int, str | None, bool], Event] = {
    (s, method, stacked): Event.make(
        "cut", seat=s, cut=method is not None, method=method, stacked=stacked
    )
    for s in range(6)
    for method in (None, "bottom", "table", "three")
    for stacked in (False, True)
}
BIDDING_OVER: dict[tuple[int | None, int | None], Event] = {
    (bid, bidder): Event.make("bidding_over", bid=bid, bidder=bidder)
    for bid in (None, *LADDER)
    for bidder in (None, *range(6))
}


def _w4_list(royals: bool, eligible: bool, moenie: bool) -> list[Action]:
    out = [A.CALL_THUNEE, A.CALL_ROYALS] if royals else [A.CALL_THUNEE]
    if not eligible:
        out = []
    if moenie:
        out.append(A.CALL_MOENIE)
    out.append(A.PASS)
    return out


W4_CHOICES: dict[tuple[bool, bool, bool], list[Action]] = {
    (royals, eligible, moenie): _w4_list(royals, eligible, moenie)
    for royals in (False, True)
    for eligible in (False, True)
    for moenie in (False, True)
}
"""TH-12.8 / TH6-11.2 by (Royals option, Thunee-eligible, Moenie held): shared, never mutated."""
CARD_PLAYED: tuple[dict[int, Event], ...] = tuple(
    {c: Event.make("card_played", seat=s, card=CARD_STRINGS[c]) for c in DECK} for s in range(6)
)
"""Events are frozen, so the one for each (seat, card) is built once."""


def _suit(suit: int | None) -> str | None:
    return None if suit is None else SUITS[suit]


JODI_ORDER: dict[int, list[list[int]]] = {
    n: [[w] + [(w + i) % n for i in range(1, n) if (w + i) % 2 == w % 2] for w in range(n)]
    for n in (2, 4, 6)
}
"""TH-14.8: the trick winner, then his teammates counter-clockwise (never mutated)."""
ROUNDS: dict[int, list[list[list[int]]]] = {
    n: [
        [[(ref + i) % n for i in range(1, n + 1) if (ref + i) % 2 == t] for t in (0, 1)]
        for ref in range(n)
    ]
    for n in (2, 4, 6)
}
"""TH-9.6: ``ROUNDS[players][ref][team]``, the seats of ``team`` counter-clockwise from
``ref``'s right (never mutated)."""
CONTRACT_ORDER: dict[int, list[list[int]]] = {
    n: [
        [tm]
        + [(tm + i) % n for i in range(1, n) if (tm + i) % 2 == tm % 2]
        + [(tm + i) % n for i in range(1, n) if (tm + i) % 2 != tm % 2]
        for tm in range(n)
    ]
    for n in (2, 4, 6)
}
"""TH-12.8: ``CONTRACT_ORDER[players][tm]``, TM, TM's teammates from TM, then the counting
team from TM's right (never mutated)."""


@functools.cache
def _trick_totals(cards: int) -> tuple[int, ...]:
    """Every card-point total a trick of ``cards`` cards from the pack can hold (cached:
    ``TRICK_WON`` asks once per seat and trick, and the search cost most of the import)."""
    sums = {(0, 0)}  # (cards taken, points)
    for value in sorted({POINTS[c] for c in DECK}):
        copies = sum(1 for c in DECK if POINTS[c] == value)
        sums = {(k + j, p + j * value) for k, p in sums for j in range(copies + 1)}
    return tuple(sorted(p for k, p in sums if k == cards))


TRICK_WON: dict[int, tuple[tuple[dict[int, Event], ...], ...]] = {
    n: tuple(
        tuple(
            {
                p: Event.make("trick_won", seat=s, team=s % 2, trick=t, points=p)
                for p in _trick_totals(n)
            }
            for t in range(1, (2 * HAND_SIZE[n] if n == 2 else HAND_SIZE[n]) + 1)
        )
        for s in range(n)
    )
    for n in (2, 4, 6)
}
"""``TRICK_WON[players][seat][trick - 1][points]``: every trick's event, built once."""
TRUMP_REVEALED: dict[tuple[int | None, int | None, int | None], Event] = {
    (trump, shown, by): Event.make(
        "trump_revealed",
        trump=_suit(trump),
        card=CARD_STRINGS[shown] if shown is not None else None,
        by=by,
    )
    for trump in (None, 0, 1, 2, 3)
    for shown in (None, *DECK)
    for by in (None, *range(6))
}
LAST_CARD_CHOSEN = tuple(Event.make("last_card", seat=s) for s in range(6))
TRUMP_KNOWN: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event.make("trump_known", ONLY[s], seat=s, trump=SUITS[t]) for t in range(4))
    for s in range(6)
)
JODI_DECLARED: dict[tuple[int, int, str | None], Event] = {
    (s, v, suit): Event.make("jodi", seat=s, value=v, suit=suit)
    for s in range(6)
    for v in (20, 30, 40, 50)
    for suit in (None, *SUITS)
}
JODI_PRIVATE: dict[tuple[int, int, str], Event] = {
    (s, v, suit): Event.make("jodi_private", ONLY[s], seat=s, value=v, suit=suit)
    for s in range(6)
    for v in (20, 30, 40, 50)
    for suit in SUITS
}


_new_tuple = tuple.__new__
"""``_new_tuple(Trick, (winner, seats, cards))``: a Trick without its Python ``__new__``."""


class Trick(NamedTuple):
    """A finished trick: its winner, and the seats and cards in play order."""

    winner: int
    seats: tuple[int, ...]
    cards: tuple[int, ...]

    def public(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "plays": [[s, CARD_STRINGS[c]] for s, c in zip(self.seats, self.cards, strict=True)],
            "points": card_points(self.cards),
        }


class ThuneeMatch(Match[ThuneeOptions]):
    """A match of Thunee; see the module docstring for the flow."""

    # Every attribute of a match is a slot (as in ThreeOFourMatch): with this many the
    # instance dict is a plain unshared dict, so CPython 3.11 cannot specialise method calls
    # and attribute reads on the hot path; slots give it the fast specialised forms
    __slots__ = (
        "_challenge_mode",
        "_contract_orders",
        "_contract_stops",
        "_doomed_calls",
        "_events",
        "_jodi_order",
        "_jodi_seats",
        "_khanuck_needs_jodi",
        "_late_thunee",
        "_legal_cache",
        "_no_cards",
        "_plain_play",
        "_play_legal",
        "_play_seat",
        "_results",
        "_rounds",
        "_sealed_bidding",
        "_stacked",
        "_trick_won",
        "_trumper_last_card",
        "_trumper_redeal",
        "_w4",
        "_w4_lists",
        "bids",
        "blind_bid_made",
        "blind_down",
        "call",
        "call_card_index",
        "choose_from",
        "chooser",
        "collector",
        "contract",
        "count_target",
        "cut_choice",
        "cutter",
        "dealer",
        "dealt",
        "extra",
        "extra_dealt",
        "face_up",
        "first_batch",
        "first_dealer_draw",
        "first_dealer_method",
        "from_stack",
        "full",
        "half_base",
        "hand_number",
        "hand_size",
        "hands",
        "high_bid",
        "high_bidder",
        "is_over",
        "jodi_chances",
        "jodi_offer",
        "jodi_seen",
        "jodis",
        "laid",
        "last_index",
        "late_caller",
        "lay_open",
        "lay_pos",
        "leader",
        "open_jodis",
        "pack",
        "pending_failure",
        "pending_steps",
        "phase_name",
        "piles",
        "points",
        "poll",
        "poll_index",
        "score",
        "sealed",
        "strength",
        "team_tricks",
        "tm",
        "to_act",
        "trick",
        "trick_faults",
        "trick_seats",
        "tricks",
        "tricks_total",
        "trump",
        "trump_card",
        "trump_card_shown",
        "trump_choice",
        "trump_revealed",
        "trumper",
        "turn",
        "two_deals",
        "two_player",
        "uncovered",
        "w4_passed",
        "won",
    )

    def __init__(
        self,
        players: int,
        options: ThuneeOptions,
        seed: int,
        deals: Sequence[Deal] = (),
        *,
        deal_version: int = DEAL_VERSION,
    ) -> None:
        super().__init__(players, options, seed, deals, deal_version=deal_version)
        self.to_act = frozenset()
        self.is_over = False
        self.first_batch = FIRST_BATCH[players]
        self.hand_size = HAND_SIZE[players]
        self.two_player = players == 2
        method = options.two_player_method
        self.two_deals = self.two_player and method == "two_deals"
        self.face_up = self.two_player and method == "face_up"
        self.count_target = TWO_PLAYER_COUNT_TARGET if self.two_player else COUNT_TARGET
        self._jodi_order = JODI_ORDER[players]
        self._rounds = ROUNDS[players]
        self._contract_orders = CONTRACT_ORDER[players]
        self._trick_won = TRICK_WON[players]
        self._stacked = [
            validate_deal(i, d, players, len(DECK) // players) for i, d in enumerate(self._deals)
        ]
        self.score = BallScore([0, 0], options.target_balls, options.two_to_clear)
        self._results: list[dict[str, Any]] = []
        self._events: list[Event] = []
        self._legal_cache: dict[int, list[Action]] = {}
        self._play_seat = -1
        """In plain play, the one seat to act (a card, or a last-trick call), whose choices
        are ``_play_legal`` (``_legal_cache`` is then stale); -1 otherwise. Only
        ``_play_plain`` and ``_close_plain_trick`` set it; every other change of state resets
        it (and ``_legal_cache``) first."""
        self._play_legal: list[Action] = []
        self._challenge_mode = options.penalty_mode == "challenge"
        self._sealed_bidding = options.bidding_protocol == "sealed"
        self._doomed_calls = options.allow_doomed_calls
        self._late_thunee = options.thunee_timing == "window_plus_late"
        self._w4_lists = (
            W4_CHOICES[options.royals, True, False],
            W4_CHOICES[options.royals, False, False],
        )
        """TH-12.8: the W4 choices of an eligible and an ineligible seat (no Moenie)."""
        self._khanuck_needs_jodi = options.khanuck_requires_jodi
        if self.two_player:
            self._trumper_last_card = options.two_player_last_card
            self._trumper_redeal = options.two_player_redeal
        else:
            self._trumper_last_card = True
            self._trumper_redeal = players == 4 or options.six_player_redeal
        self.hand_number = 0
        self._no_cards: list[list[int]] = [[] for _ in range(players)]
        """Empty hands before a deal, shared by ``full``, ``extra`` and ``hands``: every deal
        replaces these lists, and nothing ever changes them."""
        self.first_dealer_draw: list[tuple[int, int]] = []
        if self._deals:
            self.dealer = self._deals[0].dealer
            self.first_dealer_method = "stacked"
        elif options.first_dealer_method == "random":
            self.dealer = self.rng.randrange(players)
            self.first_dealer_method = "random"
        else:
            self.first_dealer_draw = black_jack_draw(
                self.rng, options.first_dealer_start_seat, players
            )
            self.dealer = self.first_dealer_draw[-1][0]
            self.first_dealer_method = "black_jack"
        self._start_hand()

    # -- setup -------------------------------------------------------------------------

    def _start_hand(self) -> None:
        n = self.players
        d = self.dealer
        self.hand_number += 1
        self.cutter = cutter = (d - 1) % n
        self.trumper = (d + 1) % n
        stacked = self._stacked[self._deals_used] if self._deals_used < len(self._deals) else None
        self.from_stack = stacked is not None
        self.full: list[list[int]] = self._no_cards
        """Every seat's cards in the order received (replaced, never changed, when dealt)."""
        self.extra: list[list[int]] = self._no_cards
        """Two players: the second half's cards (TH2-A) or the face-down row (TH2-B)."""
        self.extra_dealt = False
        self.pack: list[int] = []
        if stacked is not None:
            self.next_stacked_deal()
            self._receive([list(h) for h in stacked])
        else:
            self.pack = shuffle_pack(self.rng)  # TH-5.1
        self.dealt = 0
        self.tricks_total = 2 * self.hand_size if self.two_player else self.hand_size
        """Tricks in this hand: twelve with two players (six in a contract hand)."""
        self.last_index = self.tricks_total - 1
        self.half_base = [0, 0]
        """Two deals: each side's tricks before the current half (TH2-A.5 counts per half)."""
        if self.face_up or self.hand_number == 1:
            # face-up state; otherwise set once and never changed (see _no_cards)
            self.piles: list[list[list[int | None]]] = [[] for _ in range(n)]
            """Face up (TH2-B): each seat's six piles as ``[face-up card, face-down card]``."""
            self.laid = [False] * n
            self.lay_pos = [0] * n
            self.lay_open = [False] * n
            self.uncovered: list[tuple[int, int]] = []
            self.jodi_chances: list[tuple[int, int, int, int]] = []
            """Face up (TH2-B.7): ``(seat, suit, value, trick)`` for each Jodi that appeared."""
            self.jodi_seen: set[tuple[int, int]] = set()
            self.jodi_offer: list[tuple[int, int]] = []
        self.hands: list[list[int]] = self._no_cards
        """Each seat's cards in hand (replaced by a new list of lists at the first deal)."""
        self.cut_choice: str | None = None
        self.trump_choice: str | None = None
        self.trump_card: int | None = None
        self.trump_card_shown: int | None = None
        """The face-down card turned over at the reveal (TH-19.3): public, back in TM's hand."""
        self.tm: int | None = None
        self.trump: int | None = None
        self.trump_revealed = False
        self.strength: tuple[int, ...] = NORMAL_STRENGTH
        self.bids: list[dict[str, Any]] = []
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.blind_bid_made = False
        self.sealed: dict[int, bool] = {}
        self.choose_from: list[int] = []
        self.chooser: int | None = None
        self.poll: list[int] = []
        self.poll_index = 0
        self.w4_passed: list[int] = []
        self.contract: dict[str, Any] | None = None
        self._contract_stops = False
        self._plain_play = not self._challenge_mode and not self.face_up
        self._jodi_seats: frozenset[int] = frozenset()
        """Seats dealt a K and Q of one suit this half: only they can ever declare a Jodi."""
        self._w4: dict[int, list[Action]] = {}
        self.blind_down: list[int] = []
        self.call: dict[str, Any] | None = None
        self.call_card_index = -1
        self.jodis: list[dict[str, Any]] = []
        self.open_jodis: list[int] = []
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.trick_faults: list[str | None] = []
        """Challenge mode: why each card of the open trick broke TH-21, if it did."""
        self.tricks: list[Trick] = []
        self.team_tricks = [0, 0]
        self.won: list[list[int]] = [[], []]
        self.points = [0, 0]
        self.turn = 0
        self.leader = 0
        self.collector: int | None = None
        self.pending_failure: dict[str, Any] | None = None
        self.late_caller: int | None = None
        self.phase_name = "cut"
        started = Event.make("hand_started")  # its data filled in place (fewer keywords)
        started.data.update(
            {
                "hand": self.hand_number,
                "dealer": d,
                "cutter": cutter,
                "trumper": self.trumper,
                "balls": list(self.score.balls),
            }
        )
        self._events.append(started)
        self.turn = cutter
        self.to_act = ONLY[cutter]

    # -- contract surface --------------------------------------------------------------

    to_act: frozenset[int]
    """Seats that may act now: a plain attribute (read on every action), set by the engine."""
    is_over: bool
    """Whether the match has been won: a plain attribute, set when the winner is known."""

    @property
    def off_turn(self) -> frozenset[int]:
        """TH-28: in challenge mode, while a trick or a Jodi may be challenged, the
        challengers other than the seat to act; a challenge is never waited for."""
        if not self._challenge_mode or self.is_over:
            return NO_SEATS
        phase = self.phase_name
        if phase == "trick_open" or (phase == "play" and (self.trick_seats or self.open_jodis)):
            return frozenset(self._challengers()) - self.to_act
        return NO_SEATS

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def result(self) -> dict[str, Any] | None:
        typed = self.typed_result()
        return None if typed is None else typed.model_dump(mode="json")

    def typed_result(self) -> ThuneeResult | None:
        winner = self.score.winner
        if winner is None:
            return None
        return result_core(
            self,
            {
                "winner_team": winner,
                "winners": [s for s in range(self.players) if s % 2 == winner],
                "balls": list(self.score.balls),
                "target": self.score.target,
                "deuce": self.score.deuce,
                "hands": len(self._results),
            },
        )

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return list(self._results)

    def deck(self) -> list[str]:
        return card_strs(DECK)

    def card_zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {}
        undealt = list(self.pack) if self.dealt == 0 and self.pack else []
        if not undealt:
            for s in range(self.players):
                undealt += self.full[s][self.dealt :]
                if not self.extra_dealt:
                    undealt += self.extra[s]
        zones["pack"] = card_strs(undealt)
        for s in range(self.players):
            held = [c for c in self.hands[s] if c != self.trump_card or s != self.tm]
            if self.laid[s]:  # TH2-B.6: the playable cards are the face-up row
                held = []
            zones[f"hand:{s}"] = card_strs(c for c in held if c not in self.blind_down)
            if self.face_up:
                zones[f"face_up:{s}"] = card_strs(p[0] for p in self.piles[s] if p[0] is not None)
                zones[f"face_down:{s}"] = card_strs(p[1] for p in self.piles[s] if p[1] is not None)
        if self.trump_card is not None and self.tm is not None:
            zones["face_down_trump"] = card_strs([self.trump_card])
        zones["blind_face_down"] = card_strs(self.blind_down)
        zones["trick"] = card_strs(self.trick)
        zones["won:0"] = card_strs(self.won[0])
        zones["won:1"] = card_strs(self.won[1])
        return zones

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        """``Match.apply`` with the checks in the order the hot path needs them: a seat to
        act, then its cached legal list by identity (actions are prebuilt); a card of plain
        play goes straight to ``_play_plain``."""
        play_seat = self._play_seat
        if play_seat >= 0:  # plain play: the seat's cards, set by _play_plain
            if seat == play_seat:
                for candidate in self._play_legal:
                    if candidate is action:
                        if candidate.kind == "play":
                            events = self._play_plain(seat, CARD_OF[candidate.value])
                            self._log.append((seat, candidate))
                            return events
                        break
            # a call before the last trick's card, or no legal action: the full checks
            if action.__class__ is str:
                action = self.spec.parse_action(action)
            return super().apply(seat, action)
        if seat in self.to_act:
            legal = self._legal_cache.get(seat)
            if legal is not None:
                for candidate in legal:
                    if candidate is action:
                        kind = candidate.kind
                        if kind == "play" and self._plain_play and (self.trick or self.tricks):
                            events = self._play_plain(seat, CARD_OF[candidate.value])
                        else:  # _apply, inline: the action is legal, so it has a handler
                            self._events = []
                            self._legal_cache = {}
                            self._play_seat = -1
                            APPLY_BY_PHASE[self.phase_name][kind](self, seat, candidate)
                            events = self._events
                        self._log.append((seat, candidate))
                        return events
        if action.__class__ is str:
            action = self.spec.parse_action(action)
        return super().apply(seat, action)

    def explain_illegal(self, seat: int, action: Action) -> IllegalAction:
        if action.kind == "play" and self.phase_name == "play" and seat == self.turn:
            card = A.PLAY_BY_ID.get(action.id)
            if card is not None and card not in self.hands[seat]:
                return IllegalAction("You don't hold that card.", code="not_holding")
            if card is not None and self.trick:
                reason = illegal_reason(
                    card, self.hands[seat], self.trick, self.trump, self.strength
                )
                led = SUITS[SUIT_OF[self.trick[0]]]
                if reason == "revoke":
                    return IllegalAction("You must follow {suit}.", code="must_follow", suit=led)
                if reason == "undercut":
                    return IllegalAction(
                        "You may not undercut the trump already played while you hold a non-trump.",
                        code="no_undercut",
                    )
        return not_now(action)

    def legal_actions(self, seat: int) -> list[Action]:
        # The cached list itself (rebuilt on every state change): callers must not mutate it.
        play_seat = self._play_seat
        if play_seat >= 0:  # plain play: only that seat acts (``_legal_cache`` is not kept)
            return self._play_legal if seat == play_seat else NO_ACTIONS
        cached = self._legal_cache.get(seat)
        if cached is None:
            handler = (
                LEGAL_BY_PHASE.get(self.phase_name)
                if seat in self.to_act or seat in self.off_turn
                else None
            )
            cached = [] if handler is None else handler(self, seat)
            self._legal_cache[seat] = cached
        return cached

    # -- turn bookkeeping ----------------------------------------------------------------

    def _emit(self, kind: str, visible_to: frozenset[int] | None = None, **data: Any) -> None:
        self._events.append(Event.make(kind, visible_to, **data))

    def _set_turn(self, seat: int) -> None:
        self.turn = seat
        self.to_act = ONLY[seat]

    def _set_play_turn(self, seat: int) -> None:
        self.turn = seat
        self.to_act = ONLY[seat]

    def _challengers(self) -> list[int]:
        teams = {s % 2 for s in self.trick_seats}
        teams.update(self.jodis[i]["team"] for i in self.open_jodis)
        return [s for s in range(self.players) if (1 - s % 2) in teams]

    # -- legal actions -------------------------------------------------------------------

    def _compute_legal(self, seat: int) -> list[Action]:
        handler = LEGAL_BY_PHASE.get(self.phase_name)
        return [] if handler is None else handler(self, seat)

    def _legal_play(self, seat: int) -> list[Action]:
        if not self._challenge_mode:
            return self._play_actions(seat)
        out: list[Action] = []
        if seat == self.turn:
            out = self._play_actions(seat)
        return out + self._challenge_actions(seat)

    def _legal_trick_open(self, seat: int) -> list[Action]:
        out = [A.COLLECT] if seat == self.collector else []
        return out + self._challenge_actions(seat)

    def _legal_cut(self, seat: int) -> list[Action]:
        return CUT_CHOICES

    def _legal_bid(self, seat: int) -> list[Action]:
        return BID_OR_PASS[self.high_bid]

    def _legal_trump(self, seat: int) -> list[Action]:
        trump_of = A.TRUMP
        hand = self.hands[seat]
        cards = [trump_of[c] for c in hand]
        if seat == self.trumper and self.high_bidder is None:
            if self._trumper_last_card:  # TH-7.2(b); TH2-3: an option with two players
                cards.append(A.LAST_CARD)
            if self._trumper_redeal and redeal_eligible(hand):  # TH-8, TH6-4
                cards.append(A.REDEAL)
        return cards

    def _legal_trip(self, seat: int) -> list[Action]:
        return [A.CALL_TRIP, A.PASS]

    def _legal_choose_bidder(self, seat: int) -> list[Action]:
        return [A.CHOOSE[s] for s in self.choose_from]

    def _legal_blind_calls(self, seat: int) -> list[Action]:
        calls = []
        if self.options.blind_thunee:
            calls.append(A.CALL_BLIND_THUNEE)
        if self.options.blind_royals:
            calls.append(A.CALL_BLIND_ROYALS)
        return [*calls, A.PASS]

    def _legal_calls(self, seat: int) -> list[Action]:
        return self._w4[seat]

    def _legal_late_thunee(self, seat: int) -> list[Action]:
        return [A.CALL_THUNEE, A.PASS]

    def _legal_late_choice(self, seat: int) -> list[Action]:
        return [A.LATE_CONTINUE, A.LATE_WITHDRAW]

    def _legal_jodi(self, seat: int) -> list[Action]:
        return [*self._jodi_actions(seat), A.PASS]

    def _play_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if self.blind_down and self.contract is not None and seat == self.contract["caller"]:
            hand = [c for c in hand if c not in self.blind_down]  # THV-11.2
        play_of = A.PLAY_OF
        trick = self.trick
        if not trick or self._challenge_mode:
            out = [play_of[c] for c in hand]
        else:
            suit_of = SUIT_OF
            led = suit_of[trick[0]]
            out = [play_of[c] for c in hand if suit_of[c] == led]  # TH-21.2
            if not out:  # void: TH-21.3 / TH-21.4
                out = [play_of[c] for c in legal_cards(hand, trick, self.trump, self.strength)]
        if len(self.tricks) == self.last_index and self.contract is None and self.call is None:
            if self._double_offered(seat):
                out.append(A.CALL_DOUBLE)
            if self._khanuck_offered(seat):
                out.append(A.CALL_KHANUCK)
        return out

    def _challenge_actions(self, seat: int) -> list[Action]:
        if not self._challenge_mode:
            return []
        team = seat % 2
        out = [A.CHALLENGE[s] for s in self.trick_seats if s % 2 != team]
        declarers = {self.jodis[i]["seat"] for i in self.open_jodis}
        return out + [A.CHALLENGE_JODI[s] for s in sorted(declarers) if s % 2 != team]

    def _double_offered(self, seat: int) -> bool:
        """TH-15.9: the team won tricks 1-5 (unless doomed calls are allowed) and is not in
        the corner (TH-17.2; challenge mode offers it anyway and penalises it, TH-17.4)."""
        team = seat % 2
        if not self._challenge_mode and self.score.corner(team):
            return False
        return self._doomed_calls or self.team_tricks[team] == len(self.tricks)

    def _khanuck_offered(self, seat: int) -> bool:
        """TH-16.9: a Jodi declared by the team (unless THV-7) and a trick won by the
        opponents (unless doomed calls are allowed)."""
        team = seat % 2
        if self._khanuck_needs_jodi:
            for j in self.jodis:
                if j["team"] == team:
                    break
            else:
                return False
        return self._doomed_calls or self.team_tricks[1 - team] >= 1

    def _jodi_options(self, seat: int) -> list[tuple[int, int]]:
        """TH-14.5: (suit, value) of each Jodi the seat may declare now."""
        if self.face_up:  # TH2-B.7: the Jodis that appeared face up, still in place
            declared = {j["suit"] for j in self.jodis}
            return [(su, v) for su, v in self.jodi_offer if su not in declared]
        if (
            self._challenge_mode
        ):  # TH-28.2(d): any Jodi may be claimed; a false one risks a challenge
            declared = {j["suit"] for j in self.jodis}
            return [
                (suit, value)
                for suit in range(4)
                if suit not in declared
                for value in ((40, 50) if suit == self.trump else (20, 30))
            ]
        cards = self.hands[seat] if self.options.jodi_hold_rule == "in_hand" else self._dealt(seat)
        out = []
        for suit, (king, queen, jack) in enumerate(KQJ):
            if king in cards and queen in cards and not any(j["suit"] == suit for j in self.jodis):
                if suit == self.trump:
                    out.append((suit, 50 if jack in cards else 40))
                else:
                    out.append((suit, 30 if jack in cards else 20))
        return out

    def _dealt(self, seat: int) -> list[int]:
        """The cards dealt to ``seat`` for the current half (TH-14.5 ``dealt``, TH2-A.5)."""
        return self.extra[seat] if self.two_deals and self.extra_dealt else self.full[seat]

    def _lay_actions(self, seat: int) -> list[Action]:
        """TH2-B.5: cover the next face-down card with a hand card, or leave it uncovered."""
        out = [A.LAY[c] for c in self.hands[seat]]
        if not self.lay_open[seat]:
            out.append(A.LAY_OPEN)
        return out

    def _jodi_actions(self, seat: int) -> list[Action]:
        out = []
        for suit, value in self._jodi_options(seat):
            out.append(A.JODI[(suit, value, False)])
            if value == 20:
                out.append(A.JODI[(suit, 20, True)])
        return out

    # -- applying ------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "play" and self._plain_play and (self.trick or self.tricks):
            return self._play_plain(seat, CARD_OF[action.value])
        self._events = []
        self._legal_cache = {}
        self._play_seat = -1
        handler = APPLY_BY_PHASE.get(self.phase_name, NO_HANDLERS).get(kind)
        if handler is None:  # pragma: no cover - legal_actions offers nothing else
            raise not_now(action)
        handler(self, seat, action)
        return self._events

    # Handlers of APPLY_BY_PHASE that only unpack the action.

    def _on_play(self, seat: int, action: Action) -> None:
        self._play(seat, CARD_OF[action.value])

    def _on_challenge(self, seat: int, action: Action) -> None:
        self._challenge(seat, int(action.value))

    def _on_challenge_jodi(self, seat: int, action: Action) -> None:
        self._challenge_jodi(seat, int(action.value))

    def _on_collect(self, seat: int, action: Action) -> None:
        self._collect()

    def _on_cut(self, seat: int, action: Action) -> None:
        self._cut(action is A.CUT)

    def _on_trump(self, seat: int, action: Action) -> None:
        self._choose_trump_card(seat, A.TRUMP_BY_VALUE[action.value])

    def _on_last_card(self, seat: int, action: Action) -> None:
        self._last_card(seat)

    def _on_redeal(self, seat: int, action: Action) -> None:
        self._redeal(seat)

    def _on_choose(self, seat: int, action: Action) -> None:
        self._choose_bidder(seat, int(action.value))

    def _on_trip(self, seat: int, action: Action) -> None:
        self._trip_call(seat, action is A.CALL_TRIP)

    def _on_late_call(self, seat: int, action: Action) -> None:
        self._late_call(seat, action is A.CALL_THUNEE)

    def _on_late_choice(self, seat: int, action: Action) -> None:
        self._late_choice(seat, action is A.LATE_CONTINUE)

    def _on_last_trick_call(self, seat: int, action: Action) -> None:
        self._last_trick_call(seat, action.value)

    # -- cut and deal (TH-5, TH-6) -------------------------------------------------------

    def _cut(self, cut: bool) -> None:
        self.cut_choice = "cut" if cut else "no_cut"
        method = self.options.cut_method
        if cut and not self.from_stack:
            self.pack = cut_pack(self.pack, method, self.rng)
        self._events.append(CUT_EVENT[self.cutter, method if cut else None, self.from_stack])
        if not self.from_stack:
            if self.two_player:
                received = lay_out_two(self.pack, self.dealer, self.options.two_player_method)
            else:
                received = lay_out(self.pack, self.dealer, self.players, self.first_batch)
            self._receive(received)
            self.pack = []
        if self.options.blind_bid:
            self.phase_name = "blind_bid"
            self._open_bid_round(blind=True)
        else:
            self._deal_first()
            self._after_first_deal()

    def _receive(self, received: list[list[int]]) -> None:
        """Every seat's cards in the order received: the playing hand, and with two players
        the extra six (second half or face-down row)."""
        if self.two_player:
            method = self.options.two_player_method
            full, extra = split_two(received[0], method)
            full1, extra1 = split_two(received[1], method)
            self.full = [full, full1]
            self.extra = [extra, extra1]
        else:
            self.full = received

    def _deal_first(self) -> None:
        if self.face_up:  # TH2-B.1: the face-down rows come first
            self.extra_dealt = True
            self.piles = [[[None, c] for c in self.extra[s]] for s in range(2)]
            self._events.append(ROWS_DEALT)
        first = self.dealt = self.first_batch
        self.hands = [cards[:first] for cards in self.full]  # each seat's cards are in its view
        self._events.append(FIRST_DEAL[first])

    def _deal_second(self) -> None:
        """TH2-A.3: the other twelve cards, six each (4 then 2); same trump, no bidding."""
        self.extra_dealt = True
        self.half_base = list(self.team_tricks)
        for s in range(2):
            self.hands[s] = list(self.extra[s])
        self._note_jodi_seats()
        self._events.append(SECOND_DEAL)

    def _after_first_deal(self) -> None:
        """TH6-10.2: with six players, the Trip window comes before the trumper's decision."""
        if self.players == 6:
            n = self.players
            ring = [(self.dealer + i) % n for i in range(1, n + 1)]
            if self._open_poll([s for s in ring if trip_eligible(self.hands[s])], "trip"):
                return
        self._start_trumper()

    def _trip_call(self, seat: int, declares: bool) -> None:
        """TH6-10.3: a Trip skips trump, bidding and every other window; the declarer's 4th
        card is dealt face down and he leads."""
        if not declares:
            self._events.append(PASSED[seat, "trip"])
            if not self._advance_poll():
                self._start_trumper()
            return
        self._set_contract(seat, "trip", late=False)
        self._deal_final()

    def _note_jodi_seats(self) -> None:
        seats = []
        dealt = self.extra if self.two_deals and self.extra_dealt else self.full  # _dealt
        for s, cards in enumerate(dealt):
            for king, queen in KQ:
                if king in cards and queen in cards:
                    seats.append(s)
                    break
        self._jodi_seats = frozenset(seats)

    def _deal_final(self) -> None:
        """TH-6.3 / TH-10.4; a blind contract caller's last cards stay face down (THV-11.2)."""
        self.dealt = self.hand_size
        first = self.first_batch
        hands = self.hands
        full = self.full
        if self.contract is None:
            self.hands = [hands[s] + full[s][first:] for s in range(self.players)]
        else:
            for s in range(self.players):
                extra = full[s][first:]
                hands[s] = hands[s] + extra
                if s == self.contract["caller"]:
                    self.blind_down = list(extra)
                    self._emit("cards_dealt_face_down", seat=s, count=len(extra))
        self._events.append(FINAL_DEAL[self.hand_size - first])
        self._note_jodi_seats()
        if self.trump_choice == "last_card" and self.tm is not None:
            self.trump = SUIT_OF[self.full[self.tm][-1]]
            self._events.append(TRUMP_KNOWN[self.tm][self.trump])
        if self.contract is not None:
            self._start_play(self.contract["caller"])
        else:
            self._open_contract_window()

    # -- trump and bidding (TH-7 to TH-10, THV-10) ----------------------------------------

    def _start_trumper(self) -> None:
        self.phase_name = "trump"
        if self.blind_bid_made and self.high_bidder is not None:
            self._set_turn(self.high_bidder)  # THV-10.3
        else:
            self._set_turn(self.trumper)

    def _choose_trump_card(self, seat: int, card: int) -> None:
        self.trump_choice = "card"
        self.trump_card = card
        self.tm = seat
        self.trump = SUIT_OF[card]
        self._events.append(TRUMP_CARD_LAID[seat])
        self._events.append(TRUMP_CARD[seat][card])
        if self.high_bidder is None and seat == self.trumper:
            self.phase_name = "bidding"
            self._open_bid_round(blind=False)
        else:
            self._after_trump_fixed()

    def _last_card(self, seat: int) -> None:
        self.trump_choice = "last_card"
        self.tm = seat
        self.trump = None
        self._events.append(LAST_CARD_CHOSEN[seat])
        self.phase_name = "bidding"
        self._open_bid_round(blind=False)

    def _redeal(self, seat: int) -> None:
        """TH-8: the trumper's bad first four; the same dealer deals again, nothing scored."""
        self._emit("redeal", seat=seat, cards=card_strs(self.hands[seat]))
        self._finish_hand(
            {
                "mode": "redeal",
                "outcome": "redeal",
                "reason": "The trumper asked for a redeal.",
                "why": reason_of("redeal", seat=seat),
            },
            balls_to=None,
            balls=0,
        )

    def _open_bid_round(self, blind: bool) -> None:
        """TH-9.6: the eligible players, counter-clockwise from the reference seat."""
        high_bidder = self.high_bidder
        if high_bidder is None:
            order = self._rounds[self.trumper][self.dealer % 2]
        else:
            order = self._rounds[high_bidder][1 - high_bidder % 2]
        self.poll = order
        self.poll_index = 0
        first = self.turn = order[0]
        if self._sealed_bidding and not blind:
            self.sealed = {}
            self.to_act = frozenset(order)
        else:
            self.to_act = ONLY[first]
            self._legal_cache = {first: BID_OR_PASS[self.high_bid]}

    def _bid(self, seat: int, action: Action) -> None:
        phase = self.phase_name
        bids = action.kind == "bid"
        if self._sealed_bidding and phase == "bidding":
            self._sealed_bid(seat, bids)
            return
        blind = phase == "blind_bid"
        if bids:
            self._raise_bid(seat, 1, blind)
            return
        self._events.append(PASSED[seat, phase])
        index = self.poll_index = self.poll_index + 1
        if index < len(self.poll):
            nxt = self.turn = self.poll[index]
            self.to_act = ONLY[nxt]
            self._legal_cache = {nxt: BID_OR_PASS[self.high_bid]}
        else:
            self._end_bidding(blind)

    def _raise_bid(self, seat: int, steps: int, blind: bool) -> None:
        value = NEXT_RUNG[self.high_bid] if steps == 1 else next_rung(self.high_bid, steps)
        self.high_bid = value
        self.high_bidder = seat
        self.bids.append({"seat": seat, "value": value, "blind": blind})
        self._events.append(BID_MADE[seat, value, blind])
        if value == 104:  # TH-9.4
            self._end_bidding(blind)
        else:
            self._open_bid_round(blind)

    def _sealed_bid(self, seat: int, bids: bool) -> None:
        """TH-9.7 (engine): secret simultaneous answers; two bids rise two rungs (THV-3: one)."""
        self.sealed[seat] = bids
        self._emit("sealed_answer", seat=seat)
        self._emit("sealed_answer_private", ONLY[seat], seat=seat, bid=bids)
        waiting = [s for s in self.poll if s not in self.sealed]
        if waiting:
            self.to_act = frozenset(waiting)
            return
        bidders = [s for s in self.poll if self.sealed[s]]
        self._emit("sealed_round", answers={str(s): self.sealed[s] for s in self.poll})
        if not bidders:
            self._end_bidding(False)
        elif len(bidders) == 1:
            self._raise_bid(bidders[0], 1, False)
        else:
            steps = 2 if self.options.simultaneous_bid_extra_step else 1
            self.pending_steps = steps
            self.choose_from = bidders
            self.chooser = self.high_bidder if self.high_bidder is not None else self.trumper
            self.phase_name = "choose_bidder"
            self._emit("simultaneous_bids", seats=bidders, chooser=self.chooser)
            self._set_turn(self.chooser)

    def _choose_bidder(self, seat: int, chosen: int) -> None:
        self._emit("bidder_chosen", seat=seat, chosen=chosen)
        self.phase_name = "bidding"
        self._raise_bid(chosen, self.pending_steps, False)

    def _end_bidding(self, blind: bool) -> None:
        """TH-10: no bid leaves the trumper's choice; a bid makes the bidder lay a card."""
        if blind:
            self.blind_bid_made = self.high_bidder is not None
            self._emit("blind_bidding_over", bid=self.high_bid, bidder=self.high_bidder)
            self._deal_first()
            self._after_first_deal()
            return
        self._events.append(BIDDING_OVER[self.high_bid, self.high_bidder])
        if self.high_bidder is None:
            self._after_trump_fixed()
            return
        if self.trump_card is not None or self.trump_choice == "last_card":
            self._emit("trump_choice_cancelled", seat=self.trumper)  # TH-10.2
        self.trump_card = None
        self.trump_choice = None
        self.trump = None
        self.tm = None
        self.phase_name = "trump"
        self._set_turn(self.high_bidder)

    def _after_trump_fixed(self) -> None:
        if self.options.blind_thunee or self.options.blind_royals:
            self.phase_name = "blind_calls"
            self._open_poll(self._contract_order(), "blind_calls")
        else:
            self._deal_final()

    # -- Thunee-type calls (TH-12, TH-13, THV-11, THV-12) ---------------------------------

    def _contract_order(self) -> list[int]:
        """TH-12.8: TM, TM's teammates from TM, then the counting team from TM's right."""
        assert self.tm is not None
        return self._contract_orders[self.tm]

    def _open_poll(self, order: list[int], phase: str) -> bool:
        self.poll = order
        self.poll_index = 0
        if not order:
            return False
        self.phase_name = phase
        self._set_turn(order[0])
        return True

    def _advance_poll(self) -> bool:
        self.poll_index += 1
        if self.poll_index < len(self.poll):
            self._set_turn(self.poll[self.poll_index])
            return True
        return False

    def _blind_call(self, seat: int, action: Action) -> None:
        if action is A.PASS:
            self._events.append(PASSED[seat, "blind_calls"])
            if not self._advance_poll():
                self._deal_final()
            return
        self._set_contract(seat, action.value, late=False)
        self._deal_final()

    def _set_contract(self, seat: int, kind: str, late: bool) -> None:
        """TH-12.5: a contract overrides bids and trump; TM's card goes back to his hand."""
        self.contract = {"kind": kind, "caller": seat, "late": late}
        self._plain_play = False
        self._contract_stops = kind != "trip"  # TH-12.11; a Trip plays all four tricks
        self.tricks_total = self.hand_size  # TH2-6: a two-player contract is six tricks
        self.last_index = self.hand_size - 1
        self.trump_card = None
        self.trump = None
        self.trump_revealed = False
        if kind in ("royals", "blind_royals"):
            self.strength = ROYALS_STRENGTH  # THV-12.4
        self._emit("contract_called", seat=seat, contract=kind, late=late)

    def _open_contract_window(self) -> None:
        """TH-12.8 (W4): ineligible players (TH-12.4) are passed automatically."""
        assert self.tm is not None
        w4: dict[int, list[Action]] = {}
        order = []
        hands = self.hands
        w4_yes, w4_no = self._w4_lists
        six = self.players == 6
        suit_of = SUIT_OF
        for s in self._contract_orders[self.tm]:  # every seat, in the window's order
            hand = hands[s]
            eligible = False  # contract_eligible(hand), inline: not all of one suit
            if hand:
                first = suit_of[hand[0]]
                for c in hand:
                    if suit_of[c] != first:
                        eligible = True
                        break
            if six and moenie_eligible(hand):
                choices = W4_CHOICES[self.options.royals, eligible, True]
            else:
                choices = w4_yes if eligible else w4_no
            w4[s] = choices
            if len(choices) > 1:
                order.append(s)
        self._w4 = w4
        self.w4_passed = []
        if self._open_poll(order, "calls"):
            self._legal_cache = {order[0]: w4[order[0]]}
        else:
            self._start_play((self.tm + 1) % self.players)

    def _contract_call(self, seat: int, action: Action) -> None:
        if action is A.PASS:
            self.w4_passed.append(seat)
            self._events.append(PASSED[seat, "calls"])
            index = self.poll_index = self.poll_index + 1
            if index < len(self.poll):
                nxt = self.turn = self.poll[index]
                self.to_act = ONLY[nxt]
                self._legal_cache = {nxt: self._w4[nxt]}
            else:
                assert self.tm is not None
                self._start_play((self.tm + 1) % self.players)
            return
        self._set_contract(seat, action.value, late=False)
        self._start_play(seat)

    def _late_call(self, seat: int, calls: bool) -> None:
        """TH-13: the Mariyal test on the led suit decides whether a late call may stand."""
        if calls:
            led = SUIT_OF[self.trick[0]]
            safe = mariyal_safe(self.hands[seat], led, NORMAL_STRENGTH)
            self._emit("late_thunee", seat=seat, mariyal_suit=SUITS[led], safe=safe)
            if safe:
                self.late_caller = seat
                self.phase_name = "late_choice"
                self._set_turn(seat)
                return
        else:
            self._events.append(PASSED[seat, "late_thunee"])
        self._late_poll_next()

    def _late_poll_next(self) -> None:
        if not self._advance_poll():
            self.phase_name = "play"
            self._set_play_turn((self.leader + 1) % self.players)

    def _late_choice(self, seat: int, go_on: bool) -> None:
        if not go_on:
            self._emit("late_thunee_withdrawn", seat=seat)
            self.late_caller = None
            self.phase_name = "late_thunee"
            self._late_poll_next()
            return
        card = self.trick[0]
        self.hands[self.leader].append(card)  # TH-13.3: the leader takes his card back
        self._emit("card_taken_back", seat=self.leader, card=CARD_STRINGS[card])
        self.trick = []
        self.trick_seats = []
        self.trick_faults = []
        self._set_contract(seat, "thunee", late=True)
        self._start_play(seat)

    # -- play (TH-19 to TH-23) -------------------------------------------------------------

    def _start_play(self, leader: int) -> None:
        self.phase_name = "play"
        self.leader = leader
        self._set_play_turn(leader)

    def _play_plain(self, seat: int, card: int) -> list[Event]:
        """A card in strict mode outside a contract, but for the hand's first card (the reveal):
        the common case, kept in one place. The next seat's choices are computed here
        (TH-21, with Double and Khanuck before the last trick's card, TH-15.9 / TH-16.9);
        a full trick is closed at once (TH-22)."""
        self.hands[seat].remove(card)
        trick = self.trick
        if not trick:
            self.open_jodis = []  # a Jodi may be challenged only until the next card
        trick.append(card)
        self.trick_seats.append(seat)
        events = [CARD_PLAYED[seat][card]]
        call = self.call
        if call is not None and call["caller"] == seat:
            self.call_card_index = len(trick) - 1
        n = self.players
        if len(trick) == n:
            self._events = events  # the trick's and the hand's events follow the card
            self._legal_cache = {}
            self._play_seat = -1
            # TH-22.1 (cardplay.winning_index, inline): a trump beats a non-trump; else rank
            trump = self.trump
            strength = self.strength
            best = trick[0]
            best_suit = SUIT_OF[best]
            index = 0
            for i in range(1, n):
                c = trick[i]
                suit = SUIT_OF[c]
                if suit == best_suit:
                    if strength[c] > strength[best]:
                        best = c
                        index = i
                elif suit == trump:
                    best = c
                    best_suit = suit
                    index = i
            self._close_plain_trick(self.trick_seats[index])
            return events
        nxt = self.turn = (seat + 1) % n
        self.to_act = ONLY[nxt]
        hand = self.hands[nxt]
        play_of = PLAY_OF
        led = SUIT_OF[trick[0]]
        legal = [play_of[c] for c in hand if SUIT_OF[c] == led]
        if not legal:  # void: TH-21.3 / TH-21.4
            if len(trick) == 1:  # nothing is trumped yet
                legal = [play_of[c] for c in hand]
            else:
                legal = [play_of[c] for c in legal_cards(hand, trick, self.trump, self.strength)]
        if len(self.tricks) == self.last_index and call is None:
            self._add_last_trick_calls(nxt, legal)
        self._play_seat = nxt
        self._play_legal = legal
        return events

    def _close_plain_trick(self, winner: int) -> None:
        """``_close_trick`` for plain play (no contract, strict mode, not face up): record the
        trick, open a Jodi window (TH-14.3 / TH2-A.5), then score the hand or let the winner
        lead (any card, TH-21.1; the leader's choices are set here)."""
        team = winner % 2
        cards = self.trick
        points = 0
        for c in cards:
            points += POINTS[c]
        tricks = self.tricks
        tricks.append(_new_tuple(Trick, (winner, tuple(self.trick_seats), tuple(cards))))
        team_tricks = self.team_tricks
        team_tricks[team] += 1
        self.won[team] += cards
        self.points[team] += points
        done = len(tricks)
        self._events.append(self._trick_won[winner][done - 1][points])
        self.trick = []
        self.trick_seats = []
        self.trick_faults = []
        jodi_seats = self._jodi_seats
        if jodi_seats and team_tricks[team] - self.half_base[team] in (1, 3):
            # only seats dealt a K and Q can declare (a hand holds only dealt cards)
            order = [
                s for s in self._jodi_order[winner] if s in jodi_seats and self._jodi_options(s)
            ]
            if self._open_poll(order, "jodi"):
                self.leader = winner
                return
        if done == self.tricks_total:
            if self.call is not None:
                self._score_call()
            else:
                self._score_ordinary()
            return
        if self.two_deals and done == self.hand_size:
            self._deal_second()  # TH2-A.3: the trick-6 winner leads trick 7
        self.phase_name = "play"
        self.leader = winner
        self.turn = winner
        self.to_act = ONLY[winner]
        play_of = PLAY_OF
        legal = [play_of[c] for c in self.hands[winner]]
        if done == self.last_index and self.call is None:
            self._add_last_trick_calls(winner, legal)
        self._play_seat = winner
        self._play_legal = legal

    def _add_last_trick_calls(self, seat: int, legal: list[Action]) -> None:
        """TH-15.9 / TH-16.9: Double and Khanuck before the seat's card to the last trick."""
        if self._double_offered(seat):
            legal.append(A.CALL_DOUBLE)
        if self._khanuck_offered(seat):
            legal.append(A.CALL_KHANUCK)

    def _play(self, seat: int, card: int) -> None:
        self.open_jodis = []  # a Jodi may be challenged only until the next card
        hand = self.hands[seat]
        trick = self.trick
        if self._challenge_mode:
            fault = illegal_reason(card, hand, trick, self.trump, self.strength) if trick else None
            self.trick_faults.append(fault)
        hand.remove(card)
        if self.laid[seat]:  # TH2-B.6: the card under it turns up when the trick ends
            for i, pile in enumerate(self.piles[seat]):
                if pile[0] == card:
                    pile[0] = None
                    if pile[1] is not None:
                        self.uncovered.append((seat, i))
                    break
        trick.append(card)
        self.trick_seats.append(seat)
        call = self.call
        if call is not None and call["caller"] == seat:
            self.call_card_index = len(trick) - 1
        self._events.append(CARD_PLAYED[seat][card])
        contract = self.contract
        if (
            not self.tricks
            and len(trick) == 1
            and (contract is None or contract["kind"] != "trip")  # not _is_trip()
        ):
            if self._reveal_trump(seat, card):
                return
            if (
                self._late_thunee
                and contract is None
                and self._open_poll([s for s in self.w4_passed if s != seat], "late_thunee")
            ):
                return
        if (
            self._contract_stops
            and contract is not None
            and len(self.trick) > 1
            and beats(card, self.trick[0], self.trump, self.strength)  # TH-12.11
        ):
            caller = contract["caller"]
            catch = seat % 2 == caller % 2
            self.pending_failure = {"seat": seat, "partner_catch": catch}
            self._emit(
                "contract_broken",
                seat=seat,
                card=CARD_STRINGS[card],
                partner_catch=catch,
            )
            if self._challenge_mode:
                self._open_trick(seat)
            else:
                self._score_contract()
            return
        if len(self.trick) == self.players:
            if self._is_trip() and len(self.tricks) < self.first_batch:
                winner = self.trick_seats[0]  # TH6-10.4: his equal card ranks above the jack
            else:
                winner = self.trick_seats[winning_index(self.trick, self.trump, self.strength)]
            if self._challenge_mode:
                self._open_trick(winner)
            else:
                self._close_trick(winner)
        else:
            nxt = (seat + 1) % self.players
            self._set_play_turn(nxt)
            if self._plain_play:  # after the reveal: the next card takes the plain path
                self._play_legal = self._play_actions(nxt)
                self._play_seat = nxt

    def _is_trip(self) -> bool:
        return self.contract is not None and self.contract["kind"] == "trip"

    def _annulment_applies(self) -> bool:
        """TH-20; TH2-11: with two players per ``two_player_annul``. Never for a Moenie
        (TH6-11.4, TH-20.2): TH6-11.6 and EX-24 play a Moenie whose declarer's partners hold
        every other trump, a hand TH-20 would otherwise annul."""
        if self.contract is not None and self.contract["kind"] == "moenie":
            return False
        if not self.two_player:
            return True
        rule = self.options.two_player_annul
        return rule == "always" or (rule == "thunee_only" and self.contract is not None)

    def _reveal_trump(self, seat: int, card: int) -> bool:
        """TH-19.3 / TH-12.9 then TH-20; returns True when the hand was annulled."""
        if self.contract is not None:
            self.trump = SUIT_OF[card]
            making_team = self.contract["caller"] % 2
        else:
            assert self.tm is not None
            if self.trump_choice == "last_card":
                self.trump = SUIT_OF[self.full[self.tm][-1]]
            making_team = self.tm % 2
        self.trump_revealed = True
        shown = self.trump_card
        self.trump_card = None
        self.trump_card_shown = shown
        self._events.append(
            TRUMP_REVEALED[self.trump, shown, self.contract["caller"] if self.contract else self.tm]
        )
        if self._annulment_applies() and not self._holds_trump(1 - making_team):
            self._finish_hand(
                {
                    "mode": "annulled",
                    "outcome": "annulled",
                    "reason": f"Team {1 - making_team} holds no trump ({SUITS[self.trump or 0]}).",
                    "why": reason_of(
                        "annulled", team=1 - making_team, trump=SUITS[self.trump or 0]
                    ),
                },
                balls_to=None,
                balls=0,
            )
            return True
        return False

    def _holds_trump(self, team: int) -> bool:
        """TH-20: whether any seat of ``team`` was dealt a card of the trump suit."""
        trump = self.trump
        full = self.full
        for s in range(team, self.players, 2):
            for c in full[s]:
                if SUIT_OF[c] == trump:
                    return True
        return False

    def _open_trick(self, collector: int) -> None:
        """Challenge mode: the trick stays open for challenges until it is collected."""
        self.phase_name = "trick_open"
        self.collector = collector
        self.to_act = ONLY[collector]

    def _collect(self) -> None:
        self.phase_name = "play"
        collector = self.collector
        self.collector = None
        assert collector is not None
        if self.pending_failure is not None:
            self._score_contract()
        else:
            self._close_trick(collector)

    def _close_trick(self, winner: int) -> None:
        team = winner % 2
        cards = self.trick
        points = 0
        for c in cards:
            points += POINTS[c]
        tricks = self.tricks
        tricks.append(_new_tuple(Trick, (winner, tuple(self.trick_seats), tuple(cards))))
        self.team_tricks[team] += 1
        self.won[team] += cards
        self.points[team] += points
        self._events.append(self._trick_won[winner][len(tricks) - 1][points])
        self.trick = []
        self.trick_seats = []
        self.trick_faults = []
        last = len(self.tricks) == self.tricks_total
        if self.contract is not None:
            if last:
                self._score_contract()
                return
            caller = self.contract["caller"]
            if self.blind_down and self.team_tricks[caller % 2] == self.first_batch:
                self._emit(
                    "blind_cards_picked_up",
                    ONLY[caller],
                    seat=caller,
                    cards=card_strs(self.blind_down),
                )
                self._emit("blind_cards_picked_up_public", seat=caller)
                self.blind_down = []
            self._start_play(winner)
            return
        if self.face_up:
            if len(self.tricks) == 1:  # TH2-B.5: the rows are laid out after trick 1
                self.leader = winner
                self._start_layout()
                return
            if self._face_up_jodi_window(winner):
                return
        elif self.team_tricks[team] - self.half_base[team] in (1, 3) and (
            self._jodi_seats or self._challenge_mode
        ):  # TH-14.3 / TH2-A.5
            # only seats dealt a K and Q can declare (hands are dealt cards), unless challenged
            seats = self._jodi_order[winner]
            if not self._challenge_mode:
                jodi_seats = self._jodi_seats
                seats = [s for s in seats if s in jodi_seats]
            order = [s for s in seats if self._jodi_options(s)]
            if self._open_poll(order, "jodi"):
                self.leader = winner
                return
        self._next_trick_or_score(winner)

    def _next_trick_or_score(self, leader: int) -> None:
        if len(self.tricks) == self.tricks_total:
            if self.call is not None:
                self._score_call()
            else:
                self._score_ordinary()
        else:
            if self.two_deals and len(self.tricks) == self.hand_size:
                self._deal_second()  # TH2-A.3: the trick-6 winner leads trick 7
            self._start_play(leader)
            if self._plain_play:  # a trick is done, so the lead takes the plain path
                self._play_legal = self._play_actions(leader)
                self._play_seat = leader

    # -- face-up rows (TH2-B) --------------------------------------------------------------

    def _start_layout(self) -> None:
        """TH2-B.5: each player covers five of his six face-down cards with his five hand
        cards, position by position, and leaves one uncovered (non-dealer first)."""
        self.phase_name = "layout"
        self.poll = [1 - self.dealer, self.dealer]
        self.poll_index = 0
        self._continue_layout()

    def _lay(self, seat: int, action: Action) -> None:
        pile = self.piles[seat][self.lay_pos[seat]]
        if action is A.LAY_OPEN:
            pile[0], pile[1] = pile[1], None
            self.lay_open[seat] = True
            self._emit(
                "row_card_turned_up",
                seat=seat,
                position=self.lay_pos[seat],
                card=CARD_STRINGS[pile[0] or 0],
            )
        else:
            card = A.LAY_BY_ID[action.id]
            self.hands[seat].remove(card)
            pile[0] = card
            self._emit("card_laid", seat=seat, position=self.lay_pos[seat], card=action.value)
        self.lay_pos[seat] += 1
        self._continue_layout()

    def _continue_layout(self) -> None:
        """Forced steps are taken at once; a finished row makes its face-up cards playable."""
        while self.poll_index < len(self.poll):
            seat = self.poll[self.poll_index]
            if self.lay_pos[seat] < len(self.piles[seat]):
                choices = self._lay_actions(seat)
                if len(choices) > 1:
                    self._set_turn(seat)
                    return
                self._lay(seat, choices[0])
                return
            self.laid[seat] = True
            self.hands[seat] = [p[0] for p in self.piles[seat] if p[0] is not None]
            self._note_jodi_chances(seat)
            self.poll_index += 1
        self._start_play(self.leader)

    def _note_jodi_chances(self, seat: int) -> None:
        """TH2-B.7: a K and Q of one suit face up together give one chance to declare; the
        value is fixed now (30/50 only if the J is face up too)."""
        visible = [p[0] for p in self.piles[seat] if p[0] is not None]
        for suit, (king, queen, _jack) in enumerate(KQJ):
            if (seat, suit) in self.jodi_seen or king not in visible or queen not in visible:
                continue
            self.jodi_seen.add((seat, suit))
            value = jodi_value(visible, suit, self.trump)
            self.jodi_chances.append((seat, suit, value, len(self.tricks)))

    def _face_up_jodi_window(self, winner: int) -> bool:
        """TH2-B.6 / TH2-B.7: covered cards turn up as the trick ends; the winner's earlier
        Jodi chances are offered now (cards still in place) and then lapse."""
        for seat, index in self.uncovered:
            pile = self.piles[seat][index]
            pile[0], pile[1] = pile[1], None
            assert pile[0] is not None
            self.hands[seat].append(pile[0])
            self._emit("row_card_turned_up", seat=seat, position=index, card=CARD_STRINGS[pile[0]])
        turned = {seat for seat, _ in self.uncovered}
        self.uncovered = []
        now = len(self.tricks)
        offer = []
        kept = []
        for chance in self.jodi_chances:
            seat, suit, value, since = chance
            if seat == winner and since < now:
                if all(c in self.hands[seat] for c in jodi_cards(suit, value)):
                    offer.append((suit, value))
            else:
                kept.append(chance)
        self.jodi_chances = kept
        for seat in sorted(turned):
            self._note_jodi_chances(seat)
        self.jodi_offer = offer
        if offer and self._open_poll([winner], "jodi"):
            self.leader = winner
            return True
        return False

    def _jodi(self, seat: int, action: Action) -> None:
        if action is A.PASS:
            self._events.append(PASSED[seat, "jodi"])
            if not self._advance_poll():
                self._next_trick_or_score(self.leader)
            return
        suit_letter, value_text, *shown = action.value.split(":")
        suit = SUITS.index(suit_letter)
        value = int(value_text)
        revealed = value in (40, 50) or bool(shown)
        held = self.hands[seat] if self.options.jodi_hold_rule == "in_hand" else self._dealt(seat)
        if self.face_up:
            held = jodi_cards(suit, value) if (suit, value) in self.jodi_offer else []
        self.open_jodis.append(len(self.jodis))
        self.jodis.append(
            {
                "seat": seat,
                "team": seat % 2,
                "suit": suit,
                "value": value,
                "shown": revealed,
                "after_trick": len(self.tricks),
                "held": jodi_value(held, suit, self.trump) == value,  # TH-14.5
            }
        )
        self._events.append(JODI_DECLARED[seat, value, SUITS[suit] if revealed else None])
        self._events.append(JODI_PRIVATE[seat, value, SUITS[suit]])
        if not self._jodi_options(seat):
            if not self._advance_poll():
                self._next_trick_or_score(self.leader)
        else:
            self._set_turn(seat)

    def _last_trick_call(self, seat: int, kind: str) -> None:
        """TH-15 / TH-16 (W6): called just before the caller's card to the last trick."""
        team = seat % 2
        made_bid = self.high_bidder is not None
        counting = self.tm is not None and team != self.tm % 2
        returned = counting and made_bid  # TH-15.4 / TH-16.6
        call_kind = ("return_" if returned else "") + kind
        self.call = {"kind": call_kind, "caller": seat}
        self._emit("call", seat=seat, call=call_kind)
        if kind == "khanuck" and self.options.khanuck_raises_target and self.score.target < 13:
            self.score.target = 13  # THV-8.1
            self._emit("target_raised", target=13)
        if kind == "double" and self.score.corner(team):  # TH-17.4
            self._penalty(team, "cornered_double", seat, None)
            return
        self._set_play_turn(seat)

    # -- challenge mode (TH-28) ------------------------------------------------------------

    def _challenge(self, seat: int, target: int) -> None:
        index = self.trick_seats.index(target)
        fault = self.trick_faults[index]
        card = CARD_STRINGS[self.trick[index]]
        if fault is not None:
            self._emit("challenge", seat=seat, target=target, card=card, upheld=True, offence=fault)
            self._penalty(target % 2, fault, target, seat)
        else:
            self._emit("challenge", seat=seat, target=target, card=card, upheld=False, offence=None)
            self._penalty(seat % 2, "wrong_challenge", seat, seat)

    def _challenge_jodi(self, seat: int, target: int) -> None:
        """TH-14.5 / TH-28.2(d): the Jodis just declared by ``target`` must be held."""
        false = [
            self.jodis[i]
            for i in self.open_jodis
            if self.jodis[i]["seat"] == target and not self.jodis[i]["held"]
        ]
        self._emit("jodi_challenge", seat=seat, target=target, upheld=bool(false))
        if false:
            self._penalty(target % 2, "false_jodi", target, seat)
        else:
            self._penalty(seat % 2, "wrong_challenge", seat, seat)

    def _penalty(self, team: int, offence: str, offender: int, challenger: int | None) -> None:
        """TH-28.1: the offending team's opponents gain 4 balls; nothing else is scored."""
        words = {
            "revoke": f"Seat {offender} did not follow suit when able.",
            "undercut": f"Seat {offender} undercut while holding a non-trump.",
            "wrong_challenge": f"Seat {offender} challenged a legal card or a true Jodi.",
            "false_jodi": f"Seat {offender} declared a Jodi he did not hold.",
            "cornered_double": f"Seat {offender} called Double while his team was in the corner.",
        }
        self._finish_hand(
            {
                "mode": "penalty",
                "outcome": "penalty",
                "offence": offence,
                "offender": offender,
                "challenger": challenger,
                "reason": words[offence],
                "why": reason_of(offence, offender=offender, challenger=challenger),
            },
            balls_to=1 - team,
            balls=PENALTY_BALLS,
        )

    # -- scoring (TH-18.4 order) -----------------------------------------------------------

    def _score_contract(self) -> None:
        assert self.contract is not None
        caller = self.contract["caller"]
        kind = self.contract["kind"]
        team = caller % 2
        blind = kind.startswith("blind")
        failure = self.pending_failure
        opts = self.options
        balls: int
        if kind == "trip":  # TH6-10.6: trick 4 decides
            last = self.tricks[-1].winner
            if last == caller:
                outcome, to, balls = "contract_success", team, TRIP_BALLS
                decider = caller
                reason = f"Seat {caller} won trick 4 of the Trip."
            elif last % 2 == team:
                outcome, to = "contract_partner_catch", 1 - team
                balls = opts.trip_partner_catch_balls
                decider = last
                reason = f"Seat {last}, the declarer's partner, won trick 4 of the Trip."
            else:
                outcome, to, balls = "contract_failure", 1 - team, TRIP_BALLS
                decider = last
                reason = f"Seat {last} won trick 4 of the Trip."
        elif failure is None:
            outcome, to, balls = "contract_success", team, (opts.blind_thunee_balls if blind else 4)
            decider = caller
            reason = f"Seat {caller} won every trick of the {kind.replace('_', ' ')}."
        elif failure["partner_catch"]:
            balls = opts.blind_partner_catch_balls if blind else opts.thunee_partner_catch_balls
            if kind == "moenie":  # TH6-11.5
                balls = MOENIE_PARTNER_CATCH_BALLS
            outcome, to = "contract_partner_catch", 1 - team
            decider = failure["seat"]
            reason = f"Seat {failure['seat']}, the caller's partner, beat the caller's card."
        else:
            outcome, to = "contract_failure", 1 - team
            balls = opts.blind_thunee_balls if blind else 4
            decider = failure["seat"]
            reason = f"Seat {failure['seat']} beat the caller's card."
        why = reason_of(outcome, contract=kind, caller=caller, seat=decider)
        self._finish_hand(
            {"mode": "contract", "outcome": outcome, "reason": reason, "why": why},
            balls_to=to,
            balls=balls,
        )

    def _card_points(self) -> list[int]:
        return list(self.points)

    def _jodi_total(self, team: int) -> int:
        if not self.jodis:
            return 0
        return sum(j["value"] for j in self.jodis if j["team"] == team)

    def _score_call(self) -> None:
        """TH-15.6 / TH-16.4: resolve the Double or Khanuck on the last trick."""
        assert self.call is not None
        caller = self.call["caller"]
        kind: CallKind = self.call["kind"]
        team = caller % 2
        last = self.tricks[-1]
        won_last = last.winner == caller
        plays = list(zip(last.seats, last.cards, strict=True))
        idx = next(i for i, p in enumerate(plays) if p[0] == caller)
        caller_card = plays[idx][1]
        beater = None
        for s, c in plays[idx + 1 :]:
            if beats(c, caller_card, self.trump, self.strength):
                beater = s
                break
        blind_team = self.blind_bid_made and self.tm is not None and team == self.tm % 2
        extra: dict[str, Any] = {}
        if kind.endswith("double"):
            success = won_last and self.team_tricks[team] == len(self.tricks)
        else:
            points = self._card_points()
            count = khanuck_count(
                self.options.khanuck_formula,
                points[1 - team],
                self._jodi_total(1 - team),
                self._jodi_total(team),
                self.high_bid or 0,
                self.tm is not None and self.tm % 2 == team and self.high_bidder is not None,
            )
            extra["khanuck_count"] = count
            success = khanuck_succeeds(self.team_tricks[1 - team], won_last, count)
        name = kind.replace("_", " ")
        if success:
            outcome, to, balls = "call_success", team, call_success_balls(kind, blind_team)
            decider = caller
            reason = f"Seat {caller}'s {name} succeeded."
        elif beater is not None and beater % 2 == team:
            outcome, to, balls = "call_partner_catch", 1 - team, CALL_FAILURE_BALLS
            decider = beater
            reason = f"Seat {beater}, the caller's partner, beat the caller's last card."
        else:
            outcome, to, balls = "call_failure", 1 - team, CALL_FAILURE_BALLS
            decider = caller
            reason = f"Seat {caller}'s {name} failed."
        why = reason_of(outcome, call=kind, caller=caller, seat=decider, **extra)
        self._finish_hand(
            {"mode": "call", "outcome": outcome, "reason": reason, "why": why, **extra},
            balls_to=to,
            balls=balls,
        )

    def _score_ordinary(self) -> None:
        """TH-24 / TH-25."""
        assert self.tm is not None
        counting = 1 - self.tm % 2
        last_team = self.tricks[-1].winner % 2
        jodis = self.jodis
        count = ordinary_count(
            self.points[counting],
            self.high_bid or 0,
            self._jodi_total(counting) if jodis else 0,
            self._jodi_total(1 - counting) if jodis else 0,
            last_team == counting,
            self.count_target,
        )
        made_bid = self.high_bidder is not None
        balls = ordinary_balls(count.counting_team_wins, made_bid, self.blind_bid_made)
        winner = counting if count.counting_team_wins else 1 - counting
        detail = {
            "card_points": count.card_points,
            "bid": count.bid_value,
            "own_jodi": count.own_jodi,
            "trump_team_jodi": count.trump_team_jodi,
            "last_trick": count.last_trick,
            "total": count.total,
            "target": self.count_target,
            "needed_card_points": count.needed_card_points,
        }
        if count.counting_team_wins:
            outcome = "counting_team_won"
            reason = f"The counting team's total {count.total} reached {self.count_target}."
        else:
            outcome = "trump_team_won"
            reason = f"The counting team's total {count.total} fell short of {self.count_target}."
        why = reason_of(
            outcome,
            total=count.total,
            target=self.count_target,
            card_points=count.card_points,
            needed_card_points=count.needed_card_points,
        )
        self._finish_hand(
            {"mode": "count", "outcome": outcome, "reason": reason, "why": why, "count": detail},
            balls_to=winner,
            balls=balls,
        )

    def _finish_hand(self, summary: dict[str, Any], balls_to: int | None, balls: int) -> None:
        """Record the hand, award balls (TH-29), rotate the deal (TH-30), deal the next."""
        tm = self.tm if self.contract is None else self.contract["caller"]
        points = list(self.points)
        last = self.tricks[-1] if len(self.tricks) == self.tricks_total else None
        trump = self.trump
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "dealer": self.dealer,
            "trumper": self.trumper,
            "trump_maker": tm,
            "trump_making_team": None if tm is None else tm % 2,
            "counting_team": None if tm is None else 1 - tm % 2,
            "trump": SUITS[trump] if self.trump_revealed and trump is not None else None,
            "trump_choice": self.trump_choice,
            "bid": None
            if self.high_bidder is None
            else {"value": self.high_bid, "seat": self.high_bidder, "blind": self.blind_bid_made},
            "bids": list(self.bids),
            "contract": dict(self.contract) if self.contract else None,
            "call": dict(self.call) if self.call else None,
            "jodis": [
                {
                    "seat": j["seat"],
                    "team": j["team"],
                    "value": j["value"],
                    "suit": SUITS[j["suit"]] if j["shown"] else None,
                    "after_trick": j["after_trick"],
                }
                for j in self.jodis
            ]
            if self.jodis
            else [],
            "tricks": [t.winner for t in self.tricks],
            "tricks_won": list(self.team_tricks),
            "card_points": points,
            "last_trick": None
            if last is None
            else {"seat": last.winner, "team": last.winner % 2, "points": 10},
            **summary,
            "balls_to": balls_to,
            "balls": balls,
        }
        score = self.score
        if balls_to is not None:
            reset = score.award(balls_to, balls)
            result["deuce_started"] = reset == "deuce"
        result["balls_after"] = list(score.balls)
        result["target_balls"] = score.target
        if score.winner is None and balls_to is not None:
            new = next_dealer(
                self.options.dealer_rotation,
                self.dealer,
                self.players,
                score.balls,
                balls_to,
            )
            self.dealer = new
        result["next_dealer"] = self.dealer if score.winner is None else None
        result = hand_core(self, result)
        self._results.append(result)
        # the same Event as Event.make("hand_scored", **result), without passing 30 keywords
        scored = Event.make("hand_scored")
        scored.data.update(result)
        self._events.append(scored)
        if score.winner is not None:
            self.is_over = True
            self.phase_name = "match_over"
            self.to_act = frozenset()
            self._emit("match_over", **(self.result or {}))
            return
        self._start_hand()

    # -- views (TH-32): rules.thunee.views ----------------------------------------------

    view_model = ThuneeView
    hand_result_model = ThuneeHandResult
    result_model = ThuneeResult

    def typed_public_view(self) -> ThuneeView:
        return ThuneeView.model_validate(public_view(self))

    def typed_view(self, seat: int) -> ThuneeView:
        return ThuneeView.model_validate(seat_view(self, seat))

    def public_view(self) -> dict[str, Any]:
        return dumped(ThuneeView, public_view(self))

    def view(self, seat: int) -> dict[str, Any]:
        return dumped(ThuneeView, seat_view(self, seat))


_Handler = Callable[[ThuneeMatch, int, Action], None]
NO_HANDLERS: dict[str, _Handler] = {}
_M = ThuneeMatch
_CHALLENGES: dict[str, _Handler] = {
    "challenge": _M._on_challenge,
    "challenge_jodi": _M._on_challenge_jodi,
}
APPLY_BY_PHASE: dict[str, dict[str, _Handler]] = {
    "cut": {"cut": _M._on_cut, "no_cut": _M._on_cut},
    "bidding": {"bid": _M._bid, "pass": _M._bid},
    "blind_bid": {"bid": _M._bid, "pass": _M._bid},
    "trump": {"trump": _M._on_trump, "last_card": _M._on_last_card, "redeal": _M._on_redeal},
    "choose_bidder": {"choose": _M._on_choose},
    "blind_calls": {"call": _M._blind_call, "pass": _M._blind_call},
    "trip": {"call": _M._on_trip, "pass": _M._on_trip},
    "layout": {"lay": _M._lay},
    "calls": {"call": _M._contract_call, "pass": _M._contract_call},
    "late_thunee": {"call": _M._on_late_call, "pass": _M._on_late_call},
    "late_choice": {"late": _M._on_late_choice},
    "jodi": {"jodi": _M._jodi, "pass": _M._jodi},
    "play": {"play": _M._on_play, "call": _M._on_last_trick_call, **_CHALLENGES},
    "trick_open": {"collect": _M._on_collect, **_CHALLENGES},
}
"""``APPLY_BY_PHASE[phase][kind]``: the handler of a legal action (TH-31's phases)."""
LEGAL_BY_PHASE: dict[str, Callable[[ThuneeMatch, int], list[Action]]] = {
    "play": _M._legal_play,
    "trick_open": _M._legal_trick_open,
    "cut": _M._legal_cut,
    "bidding": _M._legal_bid,
    "blind_bid": _M._legal_bid,
    "trump": _M._legal_trump,
    "trip": _M._legal_trip,
    "layout": _M._lay_actions,
    "choose_bidder": _M._legal_choose_bidder,
    "blind_calls": _M._legal_blind_calls,
    "calls": _M._legal_calls,
    "late_thunee": _M._legal_late_thunee,
    "late_choice": _M._legal_late_choice,
    "jodi": _M._legal_jodi,
}
"""``LEGAL_BY_PHASE[phase]``: a seat's choices in that phase (none in ``match_over``)."""
