"""Tonk (Tunk): shared/rules/tonk.md, TK-1 .. TK-47 and the TKV variants.

One 52-card deck, 2 to 4 players seated clockwise (seat ``s+1`` is on ``s``'s left), kings
high and aces low, 2s wild, lowest count wins (the seed's facts, TK-1..TK-6). Each hand:
5 cards each, an upcard, the stock; a tonk on the deal (49 or 50) ends it at once; then
turns of drop-or-draw, spreads and hits, one discard, until a drop, an empty hand or an
empty stock. A session lasts ``hands`` hands (TK-47) and is ranked by the stakes ledger.
``hoyle=True`` plays the Hoyle knock game instead (TKV-HOYLE): 7 cards, no spreads in play,
``tunk`` at 5 or fewer unmatched points, a final round, cumulative points, out at 100.

Phases: ``"draw"`` (start of a turn: drop, draw from the stock or take the discard),
``"play"`` (after drawing: spread, hit, discard; in Hoyle: discard or tunk), and in Hoyle's
final round ``"final_draw"`` / ``"final_play"``; ``"match_over"`` at the end. After a hand
is scored the engine deals the next one itself.

Action ids
----------
- ``drop`` (TK-40), ``draw:stock`` and ``draw:discard`` (TK-17), ``discard:7C`` (TK-20),
  ``tunk:7C`` (TKV-HOYLE-4: discard the 7C and knock).
- ``spread:3S,3H,2D`` lays a book or a run (TK-30..TK-32). Books list their naturals by suit
  (S, H, D, C) then the wild 2s; runs list the cards low to high, each wild at the place it
  takes, so ``spread:5H,2C,7H`` is 5-6-7 of hearts with the 2 of clubs as the 6.
- ``hit:7C>m2`` adds the 7C to spread 2 (spreads are numbered from 1 in the order laid,
  TK-34). A wild card hitting a run names the end: ``hit:2C>m2:high``.

How melds are offered: **every distinct spread is enumerated** (not a build-up sequence).
``legal_actions`` lists each distinct spread the hand can lay: a different set of cards or a
different place for a wild is a different action. TK-32: the player states what a wild
stands for, so a wild may stand for a card the player holds (``5H,2C,7H`` while holding the
6H keeps the 6H: a spread of its own), and the four 2s are not interchangeable (a 2 is
natural in its own suit at rank 2 and in a book of 2s, so which 2 is laid as a wild changes
what the player keeps). A 2 standing for itself is natural, never a second spread. Hits go
one card at a time: several cards onto spreads are several hit actions. The worst hand, all
four 2s with 5♥ 6♥, lists 61 spreads beside its 6 discards. Spread and hit ids are
open-ended, so ``SPEC.parse_dynamic_action`` parses them (a malformed one raises
``IllegalAction``); books given in another card order are put in the canonical order, and a
run written out of order is refused with the right spelling.

Engine decisions beyond tonk.md's own (each cited where implemented):
- TK-20 with a hand that holds nothing but the card just taken from the discard pile: that
  card may be discarded (otherwise the turn could not end).
- TKV-OPT-2: the discard may be taken only if it can be spread or hit at once; until it is
  on the table the only meld actions offered use it, and no discard is allowed.
- TKV-OPT-1: a hit by another player blocks the owner's drop on their next turn only;
  with ``hit_penalty_stacks`` every such hit adds one more turn.
- TKV-OPT-3: "the lowest player", when several share the lowest count, is the first of them
  in turn order after the dropper.
- TK-44 ``reshuffle`` with nothing under the top discard falls back to the showdown.
- TK-21 after taking the discard: among cards of the highest count in one suit (K, Q, J,
  10 all count 10), the higher rank goes (TK-4), since the suit order cannot tell them
  apart; the same rule picks the discard when the card drawn from the stock is gone.
- TKV-HOYLE: in the final round players may hit the tunker's spreads; their own matched
  cards are arranged by the engine at the count (the arrangement leaving the fewest unmatched
  points), so they need not spread them. The final round goes on even if the stock is empty
  (the discard can always be taken); TKV-HOYLE-8 voids a hand only during normal play.
- TKV-OPT-7 changes the count, so it requires ``tonk_on_deal="off"`` (TK-15 would need
  re-tuned totals); TKV-HOYLE ignores the stakes options (OPT-1..6, ``stock_out``) and
  requires wild 2s (TKV-HOYLE-3 defines its matched cards with them).
"""

from __future__ import annotations

import functools
import re
from typing import Any, ClassVar, Literal

from pydantic import Field

from rules.cards import (
    CARD_STRINGS,
    CardError,
    RankOrder,
    card_strs,
    deck52,
    parse_card,
    pretty,
    shuffled,
)
from rules.contract import (
    Action,
    ActionTable,
    Deal,
    Event,
    GameOptions,
    GameSpec,
    IllegalAction,
    Match,
    action_params,
    not_game_action,
)
from rules.rummy import (
    RUN,
    Meld,
    RummyRules,
    best_partition,
    deadwood_floor,
    find_meld_cards,
    find_melds,
    hand_points,
    lay_off_options,
    meld_from_cards,
    points_table,
)
from rules.shuffle import DEAL_VERSION
from rules.tonk_outputs import TonkHandResult, TonkResult, TonkView, hand_core, tonk_score
from rules.views import dumped, legal_of

Card = int
DECK: tuple[Card, ...] = tuple(deck52())
TWO = 0
TONK_ORDER = RankOrder(("K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "A"))
"""TK-4: K > Q > J > 10 > ... > 2 > A (the cut for dealer, TK-10)."""

CaughtPayment = Literal["each_equal_or_lower", "lowest_only", "all_stakes_to_lowest"]


class TonkOptions(GameOptions):
    """Every TK config and TKV variant; the defaults are tonk.md's main rules."""

    twos_wild: bool = Field(True, description="TK-5/TK-32; false is TKV-NOWILD.")
    wild_two_hand_value: int = Field(2, ge=0, le=50, description="TK-33: a 2 left in hand.")
    stake: int = Field(1, ge=1, le=1_000_000, description="TK-8: the basic stake S.")
    hands: int = Field(10, ge=1, le=10_000, description="TK-47: hands in a session.")
    hand_size: int = Field(5, ge=3, le=12, description="TK-13: cards dealt to each player.")
    tonk_on_deal: Literal["49_or_50", "50_only", "off"] = Field(
        "49_or_50", description="TK-15; 50_only is TKV-OPT-4."
    )
    stock_out: Literal["showdown", "reshuffle", "void"] = Field(
        "showdown", description="TK-44: what an empty stock at the end of a turn does."
    )
    hit_penalty: bool = Field(False, description="TKV-OPT-1: hit and hold.")
    hit_penalty_stacks: bool = Field(
        False, description="TKV-OPT-1: each hit adds one more turn without a drop."
    )
    discard_must_be_used: bool = Field(False, description="TKV-OPT-2.")
    caught_payment: CaughtPayment = Field(
        "each_equal_or_lower", description="TK-40; the others are TKV-OPT-3 (a) and (b)."
    )
    winner_deals: bool = Field(False, description="TKV-OPT-5.")
    one_hit_per_turn: bool = Field(False, description="TKV-OPT-6.")
    high_court_values: bool = Field(False, description="TKV-OPT-7: J 11, Q 12, K 13.")
    deal_size_by_table: bool = Field(False, description="TKV-OPT-8: 7 cards with 2 players.")
    hoyle: bool = Field(False, description="TKV-HOYLE: the knock game scored in points.")
    hoyle_target: int = Field(100, ge=1, le=100_000, description="TKV-HOYLE-7: out at this.")
    hoyle_knock_limit: int = Field(5, ge=0, le=100, description="TKV-HOYLE-4: tunk at most.")


# -- pure rules ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def meld_rules(options: TonkOptions) -> RummyRules:
    """TK-30..TK-33 (and TKV-HOYLE-3, the same melds) under the chosen options.

    One rules object per set of options (options are frozen): the meld memos of
    ``rules.rummy`` are kept per rules object, so every table with the same options shares
    them, and a bot with more tables than ``rummy._MEMO_RULES`` does not clear them all."""
    court = (11, 12, 13) if options.high_court_values else (10, 10, 10)
    return RummyRules(
        jokers_wild=False,
        twos_wild=options.twos_wild,
        max_set=4,
        ace_low=True,
        ace_high=False,
        min_naturals_set=2,
        min_naturals_run=2,
        points=points_table(
            ace=1,
            jack=court[0],
            queen=court[1],
            king=court[2],
            two=options.wild_two_hand_value if options.twos_wild else 2,
        ),
    )


def dealt_hand_size(options: TonkOptions, players: int) -> int:
    """TK-13, TKV-OPT-8, TKV-HOYLE-1."""
    if options.hoyle:
        return 7
    if options.deal_size_by_table:
        return 7 if players == 2 else 5
    return options.hand_size


def tonk_on_deal_totals(options: TonkOptions, hand_size: int) -> frozenset[int]:
    """TK-15 / TKV-OPT-4: the totals that win on the deal; none unless 5-card hands."""
    if options.hoyle or hand_size != 5 or options.tonk_on_deal == "off":
        return frozenset()
    return frozenset({50}) if options.tonk_on_deal == "50_only" else frozenset({49, 50})


def cut_for_deal(rng_cards: list[list[Card]]) -> int | None:
    """TK-10: the seat holding the highest card of the last draw round; ``None`` on a tie.

    ``rng_cards[s]`` lists the cards seat ``s`` drew (each round one card per seat still in).
    """
    last = [(TONK_ORDER.strength[cards[-1]], seat) for seat, cards in enumerate(rng_cards) if cards]
    best = max(strength for strength, _ in last)
    top = [seat for strength, seat in last if strength == best]
    return top[0] if len(top) == 1 else None


def drop_payments(
    counts: list[int],
    dropper: int,
    stake: int,
    rule: CaughtPayment = "each_equal_or_lower",
) -> list[int]:
    """TK-40 / TKV-OPT-3: each seat's gain from a drop (zero-sum)."""
    n = len(counts)
    pay = [0] * n
    mine = counts[dropper]
    others = [s for s in range(n) if s != dropper]
    if all(counts[s] > mine for s in others):
        for s in others:
            pay[s] -= stake
            pay[dropper] += stake
        return pay
    if rule == "each_equal_or_lower":
        for s in others:
            if counts[s] <= mine:
                pay[s] += 2 * stake
                pay[dropper] -= 2 * stake
        return pay
    order = [(dropper + k) % n for k in range(1, n)]
    lowest = min(counts[s] for s in others)
    receiver = next(s for s in order if counts[s] == lowest)
    amount = 2 * stake if rule == "lowest_only" else stake * (n - 1)
    pay[receiver] += amount
    pay[dropper] -= amount
    return pay


def showdown_payments(counts: list[int], stake: int) -> list[int]:
    """TK-44 showdown: the unique lowest count receives S from each other; a tie pays none."""
    n = len(counts)
    lowest = min(counts)
    winners = [s for s in range(n) if counts[s] == lowest]
    pay = [0] * n
    if len(winners) == 1:
        for s in range(n):
            if s != winners[0]:
                pay[s] -= stake
                pay[winners[0]] += stake
    return pay


def everyone_pays(winner: int, players: int, amount: int) -> list[int]:
    """TK-15, TK-42, TK-43: every other player pays ``amount`` to ``winner``."""
    pay = [-amount] * players
    pay[winner] = amount * (players - 1)
    return pay


def hoyle_points(counts: list[int | None], tunker: int) -> tuple[list[int | None], bool]:
    """TKV-HOYLE-6: each count is scored; the tunker's doubles if another is strictly lower."""
    mine = counts[tunker]
    assert mine is not None
    doubled = any(c is not None and c < mine for s, c in enumerate(counts) if s != tunker)
    points = list(counts)
    if doubled:
        points[tunker] = 2 * mine
    return points, doubled


# -- actions ------------------------------------------------------------------------------

ACTIONS = ActionTable()
DROP = ACTIONS.add("drop", label="Drop")
DRAW_STOCK = ACTIONS.add("draw", "stock", "Draw from the stock")
DRAW_DISCARD = ACTIONS.add("draw", "discard", "Take the discard")
DISCARD: tuple[Action, ...] = tuple(
    ACTIONS.add("discard", CARD_STRINGS[c], f"Discard {pretty(c)}") for c in DECK
)
TUNK: tuple[Action, ...] = tuple(
    ACTIONS.add("tunk", CARD_STRINGS[c], f"Tunk, discarding {pretty(c)}") for c in DECK
)
DISCARD_CARD: dict[Action, Card] = {a: c for c, a in enumerate(DISCARD)}
TUNK_CARD: dict[Action, Card] = {a: c for c, a in enumerate(TUNK)}

_HIT = re.compile(r"^([0-9JQKA]{1,2}[SHDC])>m([1-9][0-9]{0,2})(?::(low|high))?$")


def spread_action(cards: list[Card]) -> Action:
    return _spread_of(tuple(cards))


@functools.lru_cache(maxsize=65536)
def _spread_of(cards: tuple[Card, ...]) -> Action:
    """Built once per spread (an Action is frozen): the click path offers ~15 spreads a
    turn, and building each new one's id, label and model was a large part of its time."""
    value = ",".join(map(CARD_STRINGS.__getitem__, cards))
    return Action.make("spread", value, "Spread " + " ".join(map(_PRETTY.__getitem__, cards)))


_PRETTY: tuple[str, ...] = tuple(pretty(c) for c in range(52))
"""Each card's label text (``pretty``), looked up for the spreads offered on every turn."""


@functools.lru_cache(maxsize=4096)
def hit_action(card: Card, spread_number: int, end: str | None) -> Action:
    """Built once per card, spread and end (as ``_spread_of``)."""
    value = f"{CARD_STRINGS[card]}>m{spread_number}" + (f":{end}" if end else "")
    label = f"Hit {pretty(card)} on spread {spread_number}" + (f" ({end} end)" if end else "")
    return Action.make("hit", value, label)


def canonical_spread_cards(cards: list[Card]) -> list[Card]:
    """A book in its canonical order (naturals by suit, then 2s); a run as written.

    Cards are taken for a book when they are all 2s or hold two or more cards of one other
    rank and no other rank (no run can hold two cards of one rank).
    """
    others = [c % 13 for c in cards if c % 13 != TWO]
    if not others or (len(others) >= 2 and len(set(others)) == 1):
        return sorted(cards, key=lambda c: (c % 13 == TWO and bool(others), c // 13))
    return list(cards)


def parse_spread_value(value: str) -> list[Card]:
    texts = value.split(",")
    try:
        cards = [parse_card(t) for t in texts]
    except CardError as exc:
        bad = next(t for t in texts if t not in CARD_STRINGS)
        raise IllegalAction(
            "Bad spread {text}: {bad} is not a card (write cards like 10H or JS).",
            code="bad_spread_card",
            text=repr(value),
            bad=repr(bad),
        ) from exc
    if any(c >= 52 for c in cards):
        raise IllegalAction("Tonk has no jokers.", code="no_jokers")
    if not 3 <= len(cards) <= 13:
        raise IllegalAction("A spread has 3 to 13 cards, like spread:3S,3H,2D.", code="spread_size")
    if len(set(cards)) != len(cards):
        raise IllegalAction("A spread can't name the same card twice.", code="spread_repeats")
    return cards


def may_hold_spread(hand: list[Card], twos_wild: bool) -> bool:
    """A quick necessary test for TK-30..TK-32 spreads in ``hand`` (False: surely none).

    Needs two naturals that could share a spread (a pair of one rank, or two of one suit
    close enough for the wild 2s to close the gap) plus a third card; bit masks keep it
    several times cheaper than listing the spreads, and most hands have none.
    """
    wilds = sum(map(hand.count, _TWOS)) if twos_wild else 0
    seen = 0  # bit r: a card of rank r, ``pairs`` two of them
    pairs = 0
    masks = [0, 0, 0, 0]
    for c in hand:
        rank = c % 13
        bit = 1 << rank
        if seen & bit:
            if wilds or pairs & bit:
                return True  # three of a rank, or two and a wild
            pairs |= bit
        seen |= bit
        masks[c // 13] |= _RUN_BIT[rank]
    for m in masks:
        if m & (m >> 1) & (m >> 2):
            return True
        if wilds and any(m & (m >> d) for d in range(1, wilds + 2)):
            return True
    return False


_TWOS = (0, 13, 26, 39)
_RUN_BIT = tuple(1 << (1 if rank == 12 else rank + 2) for rank in range(13))
"""A rank's run position as a bit (TK-31: the ace low only)."""


class LegalActions(list[Action]):
    """A list of legal actions whose ``in`` looks the id up instead of comparing models.

    ``Match.apply`` checks ``action in legal_actions(seat)``; pydantic equality against
    every earlier entry made that the costliest step of a random playout.
    """

    __slots__ = ("_by_id",)

    def __init__(self, actions: list[Action], by_id: dict[str, Action]) -> None:
        super().__init__(actions)
        self._by_id = by_id

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Action):
            return False
        found = self._by_id.get(item.id)
        return found is not None and (found is item or found == item)


# -- the match ----------------------------------------------------------------------------


class Tonk(Match[TonkOptions]):
    spec: ClassVar[TonkSpec]

    # Every attribute of a match is a slot (as in ThreeOFourMatch): with this many the
    # instance dict is a plain unshared dict, so CPython 3.11 cannot specialise method calls
    # and attribute reads on the hot path; slots give it the fast specialised forms.
    __slots__ = (
        "_hand_results",
        "_legal",
        "_legal_ids",
        "_phase",
        "_public",
        "_spread_views",
        "_to_act",
        "cut",
        "deal_totals",
        "dealer",
        "discard",
        "drawn",
        "drawn_card",
        "eliminated",
        "final_queue",
        "hand_number",
        "hand_size",
        "hands",
        "hit_blocked",
        "hit_target",
        "last_winner",
        "ledger",
        "points",
        "rules",
        "scores",
        "spread_owner",
        "spreads",
        "stock",
        "taken_discard",
        "taken_used",
        "tunker",
        "tunker_unmatched",
        "turn",
        "winners",
    )

    def __init__(
        self,
        players: int,
        options: TonkOptions,
        seed: int,
        deals: Any = (),
        *,
        deal_version: int = DEAL_VERSION,
    ) -> None:
        super().__init__(players, options, seed, deals, deal_version=deal_version)
        self.rules = meld_rules(options)
        self.points = self.rules.points
        self.hand_size = dealt_hand_size(options, players)
        self.deal_totals = tonk_on_deal_totals(options, self.hand_size)
        self.ledger = [0] * players
        self.scores = [0] * players  # TKV-HOYLE cumulative points
        self.eliminated = [False] * players
        self.winners: list[int] | None = None
        self._hand_results: list[dict[str, Any]] = []
        self.hand_number = 0
        self.cut: list[list[str]] | None = None
        self.dealer = -1
        self.last_winner: int | None = None
        self._phase = "draw"
        self._public: dict[str, Any] | None = None
        self._next_hand()

    # -- dealing ----------------------------------------------------------------------

    def _first_dealer(self) -> int:
        """TK-10: everyone draws a card, highest deals (K high, A low); ties draw again."""
        pack = shuffled(DECK, self.rng)
        drawn: list[list[Card]] = [[] for _ in range(self.players)]
        contenders = list(range(self.players))
        while True:
            for seat in contenders:
                drawn[seat].append(pack.pop())
            round_cards = [drawn[s] if s in contenders else [] for s in range(self.players)]
            dealer = cut_for_deal(round_cards)
            if dealer is not None:
                self.cut = [card_strs(cards) for cards in drawn]
                return dealer
            best = max(TONK_ORDER.strength[drawn[s][-1]] for s in contenders)
            contenders = [s for s in contenders if TONK_ORDER.strength[drawn[s][-1]] == best]

    def _active(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def _next_seat(self, seat: int) -> int:
        """TK-9: the player on the left (skipping players out of a Hoyle game)."""
        for k in range(1, self.players + 1):
            s = (seat + k) % self.players
            if not self.eliminated[s]:
                return s
        return seat

    def _next_hand(self) -> list[Event]:
        """Deal hands until one needs play (TK-15 can end a hand at once) or the match ends."""
        events: list[Event] = []
        while True:
            if self._session_over():
                self._finish_match(events)
                return events
            events.extend(self._deal())
            if not self._tonk_on_deal(events):
                break
        self._refresh()
        return events

    def _session_over(self) -> bool:
        if self.options.hoyle:
            return self.winners is not None
        return self.hand_number >= self.options.hands

    def _deal(self) -> list[Event]:
        self.hand_number += 1
        n = self.players
        stacked = self.next_stacked_deal()
        if stacked is not None:
            self.dealer = stacked.dealer
            hands, stock, upcard = self._validated_deal(stacked)
        else:
            if self.dealer < 0:
                self.dealer = self._first_dealer()
            elif (
                self.options.winner_deals
                and self.last_winner is not None
                and not self.eliminated[self.last_winner]
            ):
                self.dealer = self.last_winner  # TKV-OPT-5
            else:
                self.dealer = self._next_seat(self.dealer)  # TK-11
            pack = shuffled(DECK, self.rng)
            hands = [[] for _ in range(n)]
            order = self._seats_from(self._next_seat(self.dealer))
            for _ in range(self.hand_size):  # TK-13: one at a time from the dealer's left
                for seat in order:
                    hands[seat].append(pack.pop())
            upcard = pack.pop()  # TK-14
            stock = pack  # top is the end of the list
        self.hands: list[list[Card]] = hands
        self.stock: list[Card] = stock
        self.discard: list[Card] = [upcard]
        self.spreads: list[Meld] = []
        self.spread_owner: list[int] = []
        self._spread_views: list[dict[str, Any]] = []
        self.hit_blocked = [0] * n  # TKV-OPT-1: turns left without a drop
        self.turn = self._next_seat(self.dealer)  # TK-12
        self.final_queue: list[int] = []
        self.tunker: int | None = None
        self.tunker_unmatched: list[Card] = []
        self._new_turn()
        self._phase = "draw"
        events = [
            Event.make(
                "hand_started",
                hand=self.hand_number,
                dealer=self.dealer,
                upcard=CARD_STRINGS[upcard],
                stock=len(self.stock),
            )
        ]
        for seat in self._active():
            events.append(
                Event.make(
                    "dealt", visible_to=frozenset((seat,)), seat=seat, cards=card_strs(hands[seat])
                )
            )
        return events

    def _seats_from(self, first: int) -> list[int]:
        seats = [first]
        while len(seats) < len(self._active()):
            seats.append(self._next_seat(seats[-1]))
        return seats

    def _validated_deal(self, deal: Deal) -> tuple[list[list[Card]], list[Card], Card]:
        hands, stock, upcard = deal.card_ints()
        n = self.players
        if not 0 <= deal.dealer < n or self.eliminated[deal.dealer]:
            raise IllegalAction(
                "Bad deal: there is no seat {seat} to deal.",
                code="bad_deal_dealer",
                seat=deal.dealer,
            )
        if len(hands) != n:
            raise IllegalAction(
                "Bad deal: give {players} hands (empty for players who are out).",
                code="bad_deal_hands_with_out",
                players=n,
            )
        for seat, hand in enumerate(hands):
            want = 0 if self.eliminated[seat] else self.hand_size
            if len(hand) != want:
                raise IllegalAction(
                    "Bad deal: seat {seat} must get {size} cards.",
                    code="bad_deal_seat_cards",
                    seat=seat,
                    size=want,
                )
        if upcard is None:
            if not stock:
                raise IllegalAction("Bad deal: no upcard and no stock.", code="bad_deal_no_stock")
            upcard, stock = stock[0], stock[1:]
        every = [c for h in hands for c in h] + stock + [upcard]
        if sorted(every) != sorted(DECK):
            raise IllegalAction(
                "Bad deal: the hands must hold the {size}-card pack exactly once.",
                code="bad_deal_pack",
                size=len(DECK),
            )
        return [list(h) for h in hands], list(reversed(stock)), upcard

    def _tonk_on_deal(self, events: list[Event]) -> bool:
        """TK-15: checked once, before anyone acts; True if the hand ended on the deal."""
        if not self.deal_totals:
            return False
        counts = [hand_points(h, self.rules) for h in self.hands]
        tonks = [s for s in range(self.players) if counts[s] in self.deal_totals]
        if not tonks:
            return False
        revealed = {s: self.hands[s] for s in tonks}
        if len(tonks) == 1:
            pay = everyone_pays(tonks[0], self.players, 2 * self.options.stake)
            self._record(events, "tonk_on_deal", tonks[0], pay, counts, revealed)
        else:
            self._record(events, "void_deal", None, [0] * self.players, counts, revealed)
        return True

    # -- turn state ---------------------------------------------------------------------

    def _new_turn(self) -> None:
        self.drawn = False
        self.drawn_card: Card | None = None
        self.taken_discard: Card | None = None
        self.taken_used = True
        self.hit_target: int | None = None

    @property
    def to_act(self) -> frozenset[int]:
        return self._to_act

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase == "match_over"

    view_model = TonkView
    hand_result_model = TonkHandResult
    result_model = TonkResult

    @property
    def result(self) -> dict[str, Any] | None:
        typed = self.typed_result()
        return None if typed is None else typed.model_dump(mode="json")

    def typed_result(self) -> TonkResult | None:
        if self._phase != "match_over" or self.winners is None:
            return None
        common = {
            "winners": list(self.winners),
            "winner_team": None,
            "score": self._score(),
            "hands": len(self._hand_results),
        }
        if self.options.hoyle:
            return TonkResult.model_validate(
                {
                    **common,
                    "scores": list(self.scores),
                    "eliminated": [s for s in range(self.players) if self.eliminated[s]],
                }
            )
        return TonkResult.model_validate({**common, "scores": list(self.ledger)})

    def _score(self) -> dict[str, Any]:
        hoyle = self.options.hoyle
        values = self.scores if hoyle else self.ledger
        return tonk_score(hoyle, values, self.options.hoyle_target)

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return self._hand_results

    def _refresh(self) -> None:
        """Who acts and their legal actions, computed once per state change."""
        self._public = None
        if self._phase == "match_over":
            self._to_act: frozenset[int] = frozenset()
            self._legal: list[Action] = []
            self._legal_ids: dict[str, Action] | None = None
            return
        self._to_act = frozenset((self.turn,))
        self._legal_ids = None
        seat = self.turn
        if self._phase in ("draw", "final_draw"):
            legal = []
            if self._may_drop(seat):
                legal.append(DROP)
            if self.stock:
                legal.append(DRAW_STOCK)
            if self.discard and self._may_take_discard(seat):
                legal.append(DRAW_DISCARD)
            self._legal = legal
            return
        legal = []
        hoyle = self.options.hoyle
        if not hoyle:
            legal.extend(self._spread_actions(seat))
        if not hoyle or self._phase == "final_play":
            legal.extend(self._hit_actions(seat))
        if self.taken_used:
            legal.extend(DISCARD[c] for c in self._discardable(seat))
            if hoyle and self._phase == "play":
                legal.extend(self._tunk_actions(seat))
        self._legal = legal

    def _may_drop(self, seat: int) -> bool:
        """TK-16/TK-40: only at the start of one's turn; TKV-OPT-1 blocks it after a hit."""
        if self.options.hoyle or self._phase != "draw":
            return False
        return not (self.options.hit_penalty and self.hit_blocked[seat] > 0)

    def _may_take_discard(self, seat: int) -> bool:
        """TK-17 (free), or TKV-OPT-2: only a card that can be spread or hit at once."""
        if not self.options.discard_must_be_used or self.options.hoyle:
            return True
        top = self.discard[-1]
        hand = [*self.hands[seat], top]
        if any(top in cards for cards in find_meld_cards(hand, self.rules, True)):
            return True
        return any(lay_off_options(m, top, self.rules) for m in self.spreads)

    def _discardable(self, seat: int) -> list[Card]:
        """TK-20: any card but the one just taken from the discard pile (unless it is all)."""
        hand = self.hands[seat]
        cards = sorted(set(hand), key=lambda c: (c % 13, c // 13))
        if self.taken_discard is not None and len(hand) > 1:
            cards = [c for c in cards if c != self.taken_discard]
        return cards

    def _spread_actions(self, seat: int) -> list[Action]:
        """Every distinct spread (TK-32: any 2 as the wild, standing for any card)."""
        hand = self.hands[seat]
        if not self.taken_used:
            # TKV-OPT-2: the taken card must go down.
            spreads = [
                cards
                for cards in find_meld_cards(hand, self.rules, wild_for_held_natural=True)
                if self.taken_discard in cards
            ]
        elif may_hold_spread(hand, self.options.twos_wild):
            spreads = find_meld_cards(hand, self.rules, wild_for_held_natural=True)
        else:
            spreads = []
        return [_spread_of(cards) for cards in spreads]

    def _hit_allowed_on(self, index: int) -> bool:
        if self.options.hoyle:
            # TKV-HOYLE-5: only the tunker's melds, and only if the tunker had deadwood.
            return self.spread_owner[index] == self.tunker and bool(self.tunker_unmatched)
        if self.options.one_hit_per_turn and self.hit_target is not None:
            return index == self.hit_target  # TKV-OPT-6: more cards on the same spread
        return True

    def _hit_actions(self, seat: int) -> list[Action]:
        """TK-34: every card of the hand onto every spread it fits, one card per action
        (TK-32: each 2 is a hit of its own, since the player keeps a different 2)."""
        out: list[Action] = []
        rules = self.rules
        capable = rules.wild_capable
        hand = sorted(set(self.hands[seat]), key=lambda c: (c % 13, c // 13))
        if not self.taken_used and self.taken_discard is not None:
            hand = [self.taken_discard]
        for index, meld in enumerate(self.spreads):
            if not self._hit_allowed_on(index):
                continue
            for card in hand:
                wild = capable[card]
                if not wild:
                    if meld.kind == RUN and card // 13 != meld.suit:
                        continue
                    if meld.kind != RUN and card % 13 != meld.rank:
                        continue
                for end, _grown in lay_off_options(meld, card, rules):
                    named = end if wild and meld.kind == RUN else None
                    out.append(hit_action(card, index + 1, named))
        return out

    def _tunk_actions(self, seat: int) -> list[Action]:
        """TKV-HOYLE-4: discard X and knock if the rest leaves at most 5 unmatched points."""
        hand = self.hands[seat]
        limit = self.options.hoyle_knock_limit
        # Removing a card lowers the best count by at most its own points.
        most = max(self.points[c] for c in hand)
        if deadwood_floor(hand, self.rules) - most > limit:
            return []
        whole = best_partition(hand, self.rules).deadwood
        out = []
        for card in self._discardable(seat):
            if whole - self.points[card] > limit:
                continue
            rest = list(hand)
            rest.remove(card)
            if best_partition(rest, self.rules).deadwood <= limit:
                out.append(TUNK[card])
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self._to_act:
            return []
        if self._legal_ids is None:
            self._legal_ids = {a.id: a for a in self._legal}
        return LegalActions(self._legal, self._legal_ids)

    def explain_illegal(self, seat: int, action: Action) -> IllegalAction:
        phase = self._phase
        kind = action.kind
        if kind == "drop":
            if phase != "draw":
                return IllegalAction(
                    "You may drop only at the start of your turn, before drawing.",
                    code="drop_at_turn_start",
                )
            if self.options.hoyle:
                return IllegalAction(
                    "Hoyle Tunk has no drop: tunk after drawing instead.", code="hoyle_no_drop"
                )
            return IllegalAction(
                "Your spread was hit: you can't drop until your next turn.",
                code="drop_after_hit",
            )
        if kind == "draw":
            if phase not in ("draw", "final_draw"):
                return IllegalAction("You have already drawn this turn.", code="already_drawn")
            if action.value == "stock":
                return IllegalAction("The stock is empty.", code="stock_empty")
            return IllegalAction(
                "You may take the discard only if you can spread or hit it at once.",
                code="discard_must_be_used",
            )
        if phase in ("draw", "final_draw") and kind in ("discard", "spread", "hit", "tunk"):
            return IllegalAction(
                "Draw first: from the stock or the discard pile.", code="draw_first_from_piles"
            )
        if kind == "discard" and action in DISCARD_CARD:
            card = DISCARD_CARD[action]
            if card not in self.hands[seat]:
                return IllegalAction(
                    "You don't hold {card}.", code="not_holding_card", card=CARD_STRINGS[card]
                )
            if card == self.taken_discard:
                return IllegalAction(
                    "You can't discard {card}: you just took it from the discard pile.",
                    code="discard_taken_card",
                    card=CARD_STRINGS[card],
                )
            return IllegalAction(
                "First spread or hit the card you took from the discard pile.",
                code="use_taken_card_first",
            )
        if kind == "spread" and phase in ("play", "final_play"):
            return self._explain_spread(seat, action)
        if kind == "hit" and _HIT.match(action.value):
            return self._explain_hit(seat, action)
        if kind == "tunk":
            if not self.options.hoyle:
                return IllegalAction(
                    "Tunk belongs to the Hoyle game; drop at the start of your turn instead.",
                    code="tunk_only_hoyle",
                )
            return IllegalAction(
                "You may tunk only with {limit} or fewer unmatched points left.",
                code="tunk_limit",
                limit=self.options.hoyle_knock_limit,
            )
        return IllegalAction(
            "{action} is not possible now.", code="not_possible", **action_params(action)
        )

    def _explain_spread(self, seat: int, action: Action) -> IllegalAction:
        if self.options.hoyle:
            return IllegalAction(
                "In Hoyle Tunk nobody spreads during play.", code="hoyle_no_spreads"
            )
        cards = parse_spread_value(action.value)
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            return IllegalAction(
                "You don't hold {cards}.", code="not_holding_cards", cards=card_strs(missing)
            )
        if not self.taken_used:
            return IllegalAction(
                "Your first spread or hit must use the card you took from the discard pile.",
                code="first_use_taken_card",
            )
        if meld_from_cards(cards, self.rules) is None:
            valid = [m for m in find_melds(cards, self.rules) if len(m.cards) == len(cards)]
            if valid:
                return IllegalAction(
                    "Write that spread as {forms} (runs low to high, wilds in place).",
                    code="spread_order",
                    forms=" or ".join("spread:" + m.id_text() for m in valid),
                )
            return IllegalAction(
                "That is not a spread: 3-4 of a rank or 3+ in sequence of one suit, "
                "ace low, with at least two natural cards.",
                code="not_a_spread",
            )
        return IllegalAction(
            "{action} is not possible now.", code="not_possible", **action_params(action)
        )

    def _explain_hit(self, seat: int, action: Action) -> IllegalAction:
        match = _HIT.match(action.value)
        assert match is not None
        card = parse_card(match.group(1))
        number = int(match.group(2))
        if card not in self.hands[seat]:
            return IllegalAction(
                "You don't hold {card}.", code="not_holding_card", card=CARD_STRINGS[card]
            )
        if number > len(self.spreads):
            return IllegalAction(
                "There is no spread {number}.", code="no_such_spread", number=number
            )
        if self.options.hoyle:
            return IllegalAction(
                "In the final round you may hit only the tunker's spreads, if they had deadwood.",
                code="hoyle_final_hits",
            )
        if self.options.one_hit_per_turn and self.hit_target is not None:
            return IllegalAction(
                "Only one hit a turn: you may add more cards only to the same spread.",
                code="one_hit_per_turn",
            )
        wild_on_run = self.rules.wild_capable[card] and self.spreads[number - 1].kind == RUN
        if wild_on_run and match.group(3) is None:
            return IllegalAction(
                "Say which end: hit:{text}>m{number}:low or :high.",
                code="hit_name_end",
                text=CARD_STRINGS[card],
                number=number,
            )
        return IllegalAction(
            "{card} does not fit spread {number}.",
            code="hit_misfit",
            card=CARD_STRINGS[card],
            number=number,
        )

    # -- acting ---------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "draw":
            events = self._draw(seat, action is DRAW_STOCK or action.value == "stock")
        elif kind == "discard":
            events = self._discard(seat, DISCARD_CARD[action])
        elif kind == "spread":
            events = self._spread(seat, parse_spread_value(action.value))
        elif kind == "hit":
            events = self._hit(seat, action.value)
        elif kind == "drop":
            events = self._drop(seat)
        else:
            events = self._tunk(seat, TUNK_CARD[action])
        if self._phase != "match_over":
            self._refresh()
        return events

    def _draw(self, seat: int, from_stock: bool) -> list[Event]:
        """TK-17: the top of the stock (private) or the top discard (public)."""
        self.drawn = True
        if from_stock:
            card = self.stock.pop()
            self.hands[seat].append(card)
            self.drawn_card = card
            events = [
                Event.make("drew", seat=seat, source="stock", stock=len(self.stock)),
                Event.make(
                    "drew_card", visible_to=frozenset((seat,)), seat=seat, card=CARD_STRINGS[card]
                ),
            ]
        else:
            card = self.discard.pop()
            self.hands[seat].append(card)
            self.drawn_card = card
            self.taken_discard = card
            self.taken_used = not (self.options.discard_must_be_used and not self.options.hoyle)
            events = [Event.make("drew", seat=seat, source="discard", card=CARD_STRINGS[card])]
        self._phase = "final_play" if self._phase == "final_draw" else "play"
        return events

    def _spread(self, seat: int, cards: list[Card]) -> list[Event]:
        """TK-18/TK-30..TK-32: lay a book or run; TK-19 ends the hand on an empty hand."""
        meld = meld_from_cards(cards, self.rules)
        assert meld is not None
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self._set_spread(len(self.spreads), meld, seat)
        if self.taken_discard in cards:
            self.taken_used = True
        events = [
            Event.make(
                "spread",
                seat=seat,
                number=len(self.spreads),
                meld=meld.to_json(),
                label=meld.label(),
            )
        ]
        if not hand:
            events.extend(self._tonk_out(seat))
        return events

    def _hit(self, seat: int, value: str) -> list[Event]:
        """TK-34: one card onto any spread; TKV-OPT-1 marks the owner; TK-19 on empty hand."""
        match = _HIT.match(value)
        assert match is not None
        card = parse_card(match.group(1))
        index = int(match.group(2)) - 1
        end = match.group(3)
        meld = self.spreads[index]
        grown = next(
            g for where, g in lay_off_options(meld, card, self.rules) if end is None or where == end
        )
        self._set_spread(index, grown, self.spread_owner[index])
        self.hands[seat].remove(card)
        self.hit_target = index
        if card == self.taken_discard:
            self.taken_used = True
        owner = self.spread_owner[index]
        if self.options.hit_penalty and owner != seat:
            stack = self.options.hit_penalty_stacks
            self.hit_blocked[owner] = self.hit_blocked[owner] + 1 if stack else 1
        events = [
            Event.make(
                "hit",
                seat=seat,
                card=CARD_STRINGS[card],
                number=index + 1,
                meld=grown.to_json(),
                label=grown.label(),
            )
        ]
        if not self.hands[seat]:
            if self.options.hoyle:
                events.extend(self._end_turn(seat))
            else:
                events.extend(self._tonk_out(seat))
        return events

    def _discard(self, seat: int, card: Card) -> list[Event]:
        """TK-20: one card face up ends the turn; TK-43 if it empties the hand."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        events = [Event.make("discarded", seat=seat, card=CARD_STRINGS[card])]
        if not self.options.hoyle and not self.hands[seat]:
            pay = everyone_pays(seat, self.players, self.options.stake)
            self._record(events, "out_on_discard", seat, pay, None, {})
            events.extend(self._next_hand())
            return events
        events.extend(self._end_turn(seat))
        return events

    def _end_turn(self, seat: int) -> list[Event]:
        if self.options.hit_penalty and self.hit_blocked[seat] and self._phase == "play":
            self.hit_blocked[seat] -= 1  # TKV-OPT-1: one turn of the penalty served
        events: list[Event] = []
        if self._phase == "final_play":
            if self.final_queue:
                self.turn = self.final_queue.pop(0)
                self._new_turn()
                self._phase = "final_draw"
                return events
            return self._score_hoyle(events)
        if not self.stock:
            if self.options.hoyle:
                self._record(events, "stock_void", None, [0] * self.players, None, {})
                events.extend(self._next_hand())
                return events
            if self.options.stock_out == "reshuffle" and len(self.discard) > 1:
                # TK-44 reshuffle: all but the top discard become the new stock.
                top = self.discard.pop()
                self.stock = shuffled(self.discard, self.rng)
                self.discard = [top]
                events.append(Event.make("reshuffled", stock=len(self.stock)))
            elif self.options.stock_out == "void":
                self._record(events, "stock_void", None, [0] * self.players, None, {})
                events.extend(self._next_hand())
                return events
            else:
                counts = [hand_points(h, self.rules) for h in self.hands]
                pay = showdown_payments(counts, self.options.stake)
                winner = pay.index(max(pay)) if max(pay) > 0 else None
                revealed = {s: self.hands[s] for s in range(self.players)}
                self._record(events, "showdown", winner, pay, counts, revealed)
                events.extend(self._next_hand())
                return events
        self.turn = self._next_seat(seat)  # TK-9
        self._new_turn()
        self._phase = "draw"
        return events

    def _tonk_out(self, seat: int) -> list[Event]:
        """TK-42: an empty hand by spreading or hitting: every other player pays 2S."""
        events: list[Event] = []
        pay = everyone_pays(seat, self.players, 2 * self.options.stake)
        self._record(events, "tonk_out", seat, pay, None, {})
        events.extend(self._next_hand())
        return events

    def _drop(self, seat: int) -> list[Event]:
        """TK-40/TK-41: play stops, every hand is shown and counted."""
        counts = [hand_points(h, self.rules) for h in self.hands]
        pay = drop_payments(counts, seat, self.options.stake, self.options.caught_payment)
        caught = pay[seat] < 0
        if caught:
            winner = min(
                (s for s in range(self.players) if s != seat and pay[s] > 0),
                key=lambda s: (counts[s], (s - seat) % self.players),
            )
        else:
            winner = seat
        revealed = {s: self.hands[s] for s in range(self.players)}
        events = [Event.make("dropped", seat=seat)]
        self._record(events, "caught" if caught else "drop", winner, pay, counts, revealed, seat)
        events.extend(self._next_hand())
        return events

    def _tunk(self, seat: int, card: Card) -> list[Event]:
        """TKV-HOYLE-4/5: discard, lay the matched cards, then everyone else has a last turn."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        partition = best_partition(self.hands[seat], self.rules)
        for meld in partition.melds:
            self._set_spread(len(self.spreads), meld, seat)
            for c in meld.cards:
                self.hands[seat].remove(c)
        self.tunker = seat
        self.tunker_unmatched = list(self.hands[seat])
        order = []
        s = self._next_seat(seat)
        while s != seat:
            order.append(s)
            s = self._next_seat(s)
        self.turn = order[0]
        self.final_queue = order[1:]
        self._new_turn()
        self._phase = "final_draw"
        return [
            Event.make(
                "tunk",
                seat=seat,
                card=CARD_STRINGS[card],
                melds=[m.to_json() for m in partition.melds],
                unmatched=card_strs(self.tunker_unmatched),
                count=partition.deadwood,
            )
        ]

    def _score_hoyle(self, events: list[Event]) -> list[Event]:
        """TKV-HOYLE-6/7: add the counts (tunker doubled if beaten), eliminate at 100."""
        tunker = self.tunker
        assert tunker is not None
        counts: list[int | None] = [None] * self.players
        revealed: dict[int, list[Card]] = {}
        arrangement: dict[str, Any] = {}
        for s in self._active():
            part = best_partition(self.hands[s], self.rules)
            counts[s] = part.deadwood
            revealed[s] = list(self.hands[s])
            arrangement[str(s)] = {
                "melds": [m.card_strs() for m in part.melds],
                "unmatched": card_strs(part.unmatched),
            }
        # The hand's winner among those who played it, before anyone is eliminated (once
        # seats drop out, the turn order no longer reaches them).
        low = min(c for c in counts if c is not None)
        winner = next(s for s in self._seats_from(tunker) if counts[s] == low)
        points, doubled = hoyle_points(counts, tunker)
        for s in self._active():
            self.scores[s] += points[s] or 0
        newly_out = [s for s in self._active() if self.scores[s] >= self.options.hoyle_target]
        for s in newly_out:
            self.eliminated[s] = True
        still_in = self._active()
        if len(still_in) == 1:
            self.winners = still_in
        elif not still_in:
            lowest = min(self.scores[s] for s in newly_out)  # TKV-HOYLE-7 engine decision
            self.winners = [s for s in newly_out if self.scores[s] == lowest]
            for s in self.winners:
                self.eliminated[s] = False
        self._record(
            events,
            "tunk",
            winner,
            [p or 0 for p in points],
            [c if c is not None else 0 for c in counts],
            revealed,
            tunker,
            extra={
                "doubled": doubled,
                "scores": list(self.scores),
                "eliminated": newly_out,
                "arrangement": arrangement,
            },
        )
        events.extend(self._next_hand())
        return events

    def _record(
        self,
        events: list[Event],
        outcome: str,
        winner: int | None,
        payments: list[int],
        counts: list[int] | None,
        revealed: dict[int, list[Card]],
        actor: int | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """Close the hand: TK-45 outcome, TK-46 payments into the ledger, the hand result."""
        if not self.options.hoyle:
            for s in range(self.players):
                self.ledger[s] += payments[s]
        self.last_winner = winner
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "dealer": self.dealer,
            "outcome": outcome,
            "winner": winner,
            "counts": counts,
            "revealed": {str(s): card_strs(cards) for s, cards in revealed.items()},
        }
        if actor is not None:
            result["tunker" if self.options.hoyle else "dropper"] = actor
        if self.options.hoyle:
            result["points"] = payments
        else:
            result["payments"] = payments
            result["ledger"] = list(self.ledger)
        if extra:
            result.update(extra)
        hand_core(result, self.options.hoyle, self._score())
        result = dumped(TonkHandResult, result)
        self._hand_results.append(result)
        events.append(Event.make("hand_scored", **result))

    def _finish_match(self, events: list[Event]) -> None:
        if not self.options.hoyle:
            best = max(self.ledger)
            self.winners = [s for s in range(self.players) if self.ledger[s] == best]
        self._phase = "match_over"
        self._to_act = frozenset()
        self._legal = []
        self._legal_ids = None
        self._public = None
        events.append(Event.make("match_over", **(self.result or {})))

    def timeout_action(self, seat: int | None = None) -> Action | None:
        """TK-21: what the engine does for a player who does not act in time (``seat``
        defaults to the player to act; another seat has nothing to do).

        Draw from the stock (the discard if the stock is empty), make no spreads, discard
        the card just drawn from the stock; after taking the discard (which may not go
        back, TK-20) the highest-count card of the rest, the suit order S, H, D, C breaking
        ties (then the higher rank, TK-4). It never drops or tunks for the player.
        """
        if self._phase == "match_over" or (seat is not None and seat not in self._to_act):
            return None
        if self._phase in ("draw", "final_draw"):
            return DRAW_STOCK if DRAW_STOCK in self._legal else DRAW_DISCARD
        discards = [a for a in self._legal if a.kind == "discard"]
        drawn = self.drawn_card
        if drawn is not None and drawn != self.taken_discard and DISCARD[drawn] in discards:
            return DISCARD[drawn]
        if discards:
            points = self.points
            strength = TONK_ORDER.strength

            def cost(action: Action) -> tuple[int, int, int]:
                card = DISCARD_CARD[action]
                return (-points[card], card // 13, -strength[card])

            return min(discards, key=cost)
        return self._legal[0] if self._legal else None

    # -- views ----------------------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        """What everyone may know (built once per state: treat the nested lists as read-only)."""
        if self._public is None:
            self._public = dumped(TonkView, self._build_public_view())
        return dict(self._public)

    def typed_public_view(self) -> TonkView:
        return TonkView.model_validate(self.public_view())

    def typed_view(self, seat: int) -> TonkView:
        return TonkView.model_validate(self._seat_view(seat))

    def _table(self) -> dict[str, Any]:
        """The common core (``rules.views.RummyTable``) of what everyone may know."""
        return {
            "family": "rummy",
            "game": "tonk",
            "title": self.spec.title,
            "players": self.players,
            "viewer": None,
            "teams": None,
            "dealer": self.dealer,
            "to_act": sorted(self._to_act),
            "phase": self._phase,
            "hand_number": self.hand_number,
            "clockwise": True,  # TK-9
            "score": self._score(),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": [],
            "legal": [],
            "melds": [
                {"number": d["number"], "owner": d["owner"], "kind": d["kind"], "cards": d["cards"]}
                for d in self._spread_views
            ],
            "stock_size": len(self.stock),
            "discard_size": len(self.discard),
            "discard_top": CARD_STRINGS[self.discard[-1]] if self.discard else None,
        }

    def _build_public_view(self) -> dict[str, Any]:
        view: dict[str, Any] = {
            "game": "tonk",
            "variant": "hoyle" if self.options.hoyle else "standard",
            "phase": self._phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "turn": self.turn if self._phase != "match_over" else None,
            "to_act": sorted(self._to_act),
            "spreads": [
                {**d, "cards": list(d["cards"]), "wild": list(d["wild"])}
                for d in self._spread_views
            ],
            "discard_top": CARD_STRINGS[self.discard[-1]] if self.discard else None,
            "discard_size": len(self.discard),
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
            "taken_discard": (
                CARD_STRINGS[self.taken_discard] if self.taken_discard is not None else None
            ),
            "last_hand": self._last_hand_summary(),
            "table": self._table(),
        }
        if self.cut is not None:
            view["cut_for_deal"] = self.cut
        if self.options.hoyle:
            view["scores"] = list(self.scores)
            view["eliminated"] = [s for s in range(self.players) if self.eliminated[s]]
            view["target"] = self.options.hoyle_target
            view["tunker"] = self.tunker
            view["tunker_unmatched"] = card_strs(self.tunker_unmatched)
        else:
            view["ledger"] = list(self.ledger)
            view["stake"] = self.options.stake
            view["hands_in_session"] = self.options.hands
            view["drop_blocked"] = [
                s
                for s in range(self.players)
                if self.options.hit_penalty and self.hit_blocked[s] > 0
            ]
        return view

    def _last_hand_summary(self) -> dict[str, Any] | None:
        """The last hand's outcome in short; the full breakdown is ``hand_results``."""
        if not self._hand_results:
            return None
        last = self._hand_results[-1]
        key = "points" if self.options.hoyle else "payments"
        return {
            "hand": last["hand"],
            "outcome": last["outcome"],
            "winner": last["winner"],
            key: list(last[key]),
        }

    def _set_spread(self, index: int, meld: Meld, owner: int) -> None:
        """Store a spread (new when ``index`` is the count) and its view, built once."""
        data = {
            "number": index + 1,
            "owner": owner,
            "kind": meld.kind,
            "cards": meld.card_strs(),
            "wild": list(meld.wild),
            "label": meld.label(),
        }
        if index == len(self.spreads):
            self.spreads.append(meld)
            self.spread_owner.append(owner)
            self._spread_views.append(data)
        else:
            self.spreads[index] = meld
            self._spread_views[index] = data

    def view(self, seat: int) -> dict[str, Any]:
        return dumped(TonkView, self._seat_view(seat))

    def _seat_view(self, seat: int) -> dict[str, Any]:
        view = self.public_view()
        view["seat"] = seat
        view["hand"] = card_strs(self.hands[seat])
        view["count"] = hand_points(self.hands[seat], self.rules)
        view["table"] = {
            **view["table"],
            "viewer": seat,
            "hand": view["hand"],
            "legal": legal_of(self.legal_actions(seat)),
        }
        return view

    def deck(self) -> list[str]:
        return card_strs(DECK)

    def card_zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": card_strs(self.hands[s]) for s in range(self.players)}
        zones["stock"] = card_strs(self.stock)
        zones["discard"] = card_strs(self.discard)
        zones.update({f"spread{i + 1}": m.card_strs() for i, m in enumerate(self.spreads)})
        return zones


class TonkSpec(GameSpec[TonkOptions]):
    name = "tonk"
    title = "Tonk"
    player_counts = (2, 3, 4)  # TK-2: 2 to 4 players
    Options = TonkOptions
    match_class = Tonk
    actions = ACTIONS
    random_play_weights: ClassVar[dict[str, float]] = {
        "drop": 0.2,
        "spread": 6.0,
        "hit": 6.0,
        "tunk": 60.0,
    }

    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return None

    def check_options(self, players: int, options: TonkOptions) -> None:
        if options.high_court_values and options.tonk_on_deal != "off" and not options.hoyle:
            raise IllegalAction(
                "With court cards worth 11, 12 and 13 (TKV-OPT-7) the 49/50 tonk on the deal "
                "no longer fits: set tonk_on_deal to 'off'.",
                code="high_courts_no_tonk_on_deal",
            )
        if options.hoyle and not options.twos_wild:
            raise IllegalAction(
                "Hoyle Tunk matches cards with wild 2s (TKV-HOYLE-3): keep twos_wild on.",
                code="hoyle_needs_wild_twos",
            )
        if dealt_hand_size(options, players) * players + 2 > len(DECK):
            raise IllegalAction(
                "That deal leaves no stock: deal fewer cards.", code="no_stock_left"
            )

    def parse_dynamic_action(self, action_id: str) -> Action:
        if not isinstance(action_id, str):
            raise not_game_action(action_id, self.title)
        kind, _, value = action_id.partition(":")
        if kind == "spread" and value:
            cards = canonical_spread_cards(parse_spread_value(value))
            return spread_action(cards)
        if kind == "hit" and value:
            match = _HIT.match(value)
            if match is None:
                raise IllegalAction(
                    "{text} is not a hit: write hit:CARD>mN, like hit:7C>m2 "
                    "(a wild on a run names the end: hit:2C>m2:high).",
                    code="hit_syntax",
                    text=repr(action_id),
                )
            try:
                card = parse_card(match.group(1))
            except CardError as exc:
                raise IllegalAction(
                    "Bad hit {text}: {bad} is not a card (write cards like 10H or JS).",
                    code="bad_hit_card",
                    text=repr(action_id),
                    bad=repr(match.group(1)),
                ) from exc
            return hit_action(card, int(match.group(2)), match.group(3))
        raise IllegalAction(
            "{text} is not a Tonk action (drop, draw:stock, draw:discard, "
            "spread:..., hit:..., discard:CARD, tunk:CARD).",
            code="not_a_tonk_action",
            text=repr(action_id),
        )


SPEC = TonkSpec()
Tonk.spec = SPEC
