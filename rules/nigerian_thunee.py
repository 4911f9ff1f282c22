"""Nigerian Thunee (shared/rules/thunee.md §15, NG-1 .. NG-14).

Four players, two teams (seat parity), 32 cards J > 9 > A > 10 > K > Q > 8 > 7, clockwise.
A hand: deal 5 each -> throw-in window -> auction of trick counts -> the high bidder names
trump -> deal 3 more each -> 8 tricks -> every team scored against its own contract.

Phases: ``"throw_in"`` (each player in turn from the dealer's left either throws in for his
team or keeps his cards), ``"bidding"``, ``"trump"``, ``"play"``, ``"match_over"``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from rules.cards import (
    NIGERIAN_ORDER,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    Card,
    card_str,
    card_strs,
    deck32,
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
)
from rules.nigerian_thunee_outputs import NigerianHandResult, NigerianResult, NigerianView
from rules.results import award, reason
from rules.tricks import SUIT_OF, trick_winner_index
from rules.views import dumped, legal_of, score, trick_cards

PLAYERS = 4
TRICKS = 8
FIRST_BATCH = 5
THROW_IN_POINTS = 3
CAPTURE_POINTS = 10
TARGET = 16
STRENGTH = NIGERIAN_ORDER.strength
DECK: tuple[Card, ...] = tuple(deck32())


class NigerianOptions(GameOptions):
    """NG rules have one engine flag (§16): the highest bid, by default the 8 tricks."""

    ng_max_bid: int = Field(default=8, ge=1, le=8, description="Highest bid (NG-7.2).")


ACTIONS = ActionTable()
PLAY: dict[Card, Action] = {c: ACTIONS.add("play", card_str(c), f"Play {pretty(c)}") for c in DECK}
BID: dict[int, Action] = {n: ACTIONS.add("bid", str(n), f"Bid {n}") for n in range(1, TRICKS + 1)}
PASS = ACTIONS.add("pass", label="Pass")
THROW_IN = ACTIONS.add("throw_in", label="Throw in")
KEEP = ACTIONS.add("keep", label="Keep cards")
TRUMP: dict[int, Action] = {
    s: ACTIONS.add("trump", SUITS[s], f"Trump {SUIT_SYMBOLS[SUITS[s]]} {SUIT_NAMES[SUITS[s]]}")
    for s in range(4)
}


def deal_one_at_a_time(pack: list[Card], dealer: int) -> list[list[Card]]:
    """NG-5, NG-9: one card at a time from the dealer's left, clockwise; the first 5 cards
    each receives are the first deal, the last 3 the second (same order)."""
    first = FIRST_BATCH * PLAYERS
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    for k in range(PLAYERS):
        hands[(dealer + 1 + k) % PLAYERS] = pack[k:first:PLAYERS] + pack[first + k :: PLAYERS]
    return hands


def team_score(
    members: tuple[int, int], contract: int, tricks: list[int], made_bid: list[bool]
) -> int:
    """NG-11.2/NG-11.3: counted tricks against the team's contract (capture handled apart)."""
    counted = sum(tricks[p] if made_bid[p] else min(tricks[p], 1) for p in members)
    if counted >= contract:
        return counted
    return sum(min(tricks[p], 1) for p in members if not made_bid[p])


def match_winner(scores: list[int]) -> int | None:
    """NG-13: a team at 16 or more wins; both there -> the higher; equal -> nobody yet."""
    a, b = scores
    if a < TARGET and b < TARGET:
        return None
    if a == b:
        return None
    return 0 if a > b else 1


class NigerianThunee(Match[NigerianOptions]):
    spec: ClassVar[NigerianThuneeSpec]

    # Every attribute of a match is a slot (as in ThreeOFourMatch): with this many the
    # instance dict is a plain unshared dict, so CPython 3.11 cannot specialise method calls
    # and attribute reads on the hot path; slots give it the fast specialised forms.
    # (players/search/nigerian.py clone() copies the slots and the base __dict__.)
    __slots__ = (
        "_hand_results",
        "_legal",
        "_phase",
        "_to_act",
        "bidder",
        "bids",
        "contracts",
        "dealer",
        "hand_number",
        "hands",
        "high_bid",
        "last_trick",
        "made_bid",
        "passed",
        "played",
        "polled",
        "scores",
        "trick",
        "tricks_played",
        "tricks_won",
        "trump",
        "turn",
        "undealt",
        "winner_team",
        "won_cards",
    )

    def __init__(self, players: int, options: NigerianOptions, seed: int, deals: Any = ()) -> None:
        super().__init__(players, options, seed, deals)
        self.scores = [0, 0]
        self._hand_results: list[dict[str, Any]] = []
        self.hand_number = 0
        self.winner_team: int | None = None
        self.dealer = self.rng.randrange(PLAYERS)  # NG-4.1
        self._start_hand()

    # -- dealing -----------------------------------------------------------------------

    def _start_hand(self) -> None:
        self.hand_number += 1
        stacked = self.next_stacked_deal()
        if stacked is not None:
            hands = self._validated_deal(stacked)
            self.dealer = stacked.dealer
        else:
            hands = deal_one_at_a_time(shuffled(DECK, self.rng), self.dealer)
        self.hands: list[list[Card]] = [h[:FIRST_BATCH] for h in hands]
        self.undealt: list[list[Card]] = [h[FIRST_BATCH:] for h in hands]
        self.bids: list[tuple[int, int]] = []  # (seat, bid); 0 = pass
        self.passed = [False] * PLAYERS
        self.made_bid = [False] * PLAYERS
        self.contracts = [0, 0]
        self.high_bid = 0
        self.bidder: int | None = None
        self.trump: int | None = None
        self.trick: list[tuple[int, Card]] = []
        self.tricks_won = [0] * PLAYERS
        self.won_cards: list[list[Card]] = [[] for _ in range(PLAYERS)]
        self.tricks_played = 0
        self.last_trick: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []  # this hand, in order: public (a player sees it)
        self._phase = "throw_in"
        self.turn = (self.dealer + 1) % PLAYERS
        self.polled = 0
        self._refresh()

    @staticmethod
    def _validated_deal(deal: Deal) -> list[list[Card]]:
        hands, stock, upcard = deal.card_ints()
        if not 0 <= deal.dealer < PLAYERS:
            raise IllegalAction(f"Bad deal: dealer {deal.dealer} is not a seat.")
        if len(hands) != PLAYERS or any(len(h) != TRICKS for h in hands) or stock or upcard:
            raise IllegalAction("Bad deal: Nigerian Thunee deals 8 cards to each of 4 seats.")
        if sorted(c for h in hands for c in h) != sorted(DECK):
            raise IllegalAction("Bad deal: the hands must hold the 32-card pack exactly once.")
        return hands

    # -- contract: state ---------------------------------------------------------------

    @property
    def to_act(self) -> frozenset[int]:
        return self._to_act

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self.winner_team is not None

    view_model = NigerianView
    hand_result_model = NigerianHandResult
    result_model = NigerianResult

    @property
    def result(self) -> dict[str, Any] | None:
        typed = self.typed_result()
        return None if typed is None else typed.model_dump(mode="json")

    def typed_result(self) -> NigerianResult | None:
        if self.winner_team is None:
            return None
        return NigerianResult.model_validate(
            {
                "winner_team": self.winner_team,
                "winners": [s for s in range(PLAYERS) if s % 2 == self.winner_team],
                "scores": list(self.scores),
                "score": self._score(),
                "hands": len(self._hand_results),
            }
        )

    def _score(self) -> dict[str, Any]:
        return score("points", self.scores, by_team=True, target=TARGET)

    def _record(self, result: dict[str, Any], why: dict[str, Any]) -> None:
        """Keep a hand's result with the common core (``rules.results.HandResult``)."""
        points = result["team_points"]
        result["hand_number"] = result["hand"]
        result["winners"] = [s for s in range(PLAYERS) if points[s % 2] > points[1 - s % 2]]
        result["awards"] = [award(True, t, points[t], "points") for t in (0, 1) if points[t]]
        result["why"] = why
        result["score"] = self._score()
        self._hand_results.append(dumped(NigerianHandResult, result))

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return self._hand_results

    def _refresh(self) -> None:
        """Recompute who acts and their legal actions once per state change."""
        if self.winner_team is not None:
            self._to_act: frozenset[int] = frozenset()
            self._legal: list[Action] = []
            return
        self._to_act = SEAT_SETS[self.turn]
        phase = self._phase
        if phase == "play":
            self._legal = self._playable_actions()
        elif phase == "throw_in":
            self._legal = THROW_IN_CHOICES
        elif phase == "bidding":
            self._legal = BID_CHOICES[self.options.ng_max_bid][self.high_bid]
        else:
            self._legal = TRUMP_CHOICES

    def _playable_actions(self) -> list[Action]:
        hand = self.hands[self.turn]
        if self.trick:
            led = SUIT_OF[self.trick[0][1]]
            same = [PLAY_OF[c] for c in hand if SUIT_OF[c] == led]
            return same or [PLAY_OF[c] for c in hand]  # NG-10.2
        if self.tricks_played == 0:
            # NG-10.1: no trump lead to trick 1 unless the leader holds only trumps.
            trump = self.trump
            plain = [PLAY_OF[c] for c in hand if SUIT_OF[c] != trump]
            return plain or [PLAY_OF[c] for c in hand]
        return [PLAY_OF[c] for c in hand]  # NG-10.5

    def legal_actions(self, seat: int) -> list[Action]:
        # The cached list itself (rebuilt on every state change): callers must not mutate it.
        return self._legal if seat in self._to_act else []

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        # Fast path for a prebuilt legal action (what every front end and player passes);
        # anything else takes the base class's full checks and messages.
        if seat in self._to_act:
            for candidate in self._legal:
                if candidate is action:
                    events = self._apply(seat, candidate)
                    self._log.append((seat, candidate))
                    return events
        return super().apply(seat, action)

    def is_legal(self, seat: int, action: Action) -> bool:
        for candidate in self._legal:
            if candidate is action:
                return True
        return action in self._legal

    def explain_illegal(self, seat: int, action: Action) -> str:
        if self._phase == "play" and action.kind == "play":
            card = CARD_OF[action.value]
            if card not in self.hands[seat]:
                return f"You don't hold {pretty(card)}."
            if self.trick:
                return f"You must follow {SUIT_NAMES[SUITS[SUIT_OF[self.trick[0][1]]]]}."
            return "You may not lead a trump to the first trick."
        if self._phase == "bidding" and action.kind == "bid":
            return f"Bid more than {self.high_bid}, at most {self.options.ng_max_bid}."
        return f"{action.label or action.id} is not possible now ({self._phase})."

    # -- contract: acting --------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "play":
            card = CARD_OF[action.value]
            self.hands[seat].remove(card)
            trick = self.trick
            trick.append((seat, card))
            self.played.append((seat, card))
            if len(trick) < PLAYERS:
                # The common case, kept inline: the next player follows (NG-10.2).
                nxt = self.turn = NEXT_SEAT[seat]
                self._to_act = SEAT_SETS[nxt]
                led = SUIT_OF[trick[0][1]]
                hand = self.hands[nxt]
                self._legal = [PLAY_OF[c] for c in hand if SUIT_OF[c] == led] or [
                    PLAY_OF[c] for c in hand
                ]
                return [CARD_PLAYED[seat][card]]
            events = self._trick_complete(seat, card)
            if self._phase == "play" and self.tricks_played:
                return events
        elif kind == "bid" or kind == "pass":
            events = self._bid(seat, int(action.value) if kind == "bid" else 0)
        elif kind == "trump":
            events = self._choose_trump(seat, SUITS.index(action.value))
        else:
            events = self._throw_in_window(seat, kind == "throw_in")
        self._refresh()
        return events

    def _throw_in_window(self, seat: int, throws: bool) -> list[Event]:
        """NG-6: polled in turn from the dealer's left; a throw-in gives the opponents 3."""
        if not throws:
            self.polled += 1
            if self.polled < PLAYERS:
                self.turn = (self.turn + 1) % PLAYERS
                return [KEPT[seat]]
            self._phase = "bidding"
            self.turn = (self.dealer + 1) % PLAYERS  # NG-7.1
            return [KEPT[seat], BIDDING_STARTED[self.turn]]
        opponents = 1 - seat % 2
        self.scores[opponents] += THROW_IN_POINTS
        points = [0, 0]
        points[opponents] = THROW_IN_POINTS
        events = [Event.make("thrown_in", seat=seat, team=seat % 2, points=THROW_IN_POINTS)]
        self._record(
            {
                "hand": self.hand_number,
                "dealer": self.dealer,
                "outcome": "throw_in",
                "thrown_in_by": seat,
                "team_points": points,
                "scores": list(self.scores),
            },
            reason("throw_in", seat=seat),
        )
        events.append(Event.make("hand_scored", **self._hand_results[-1]))
        # NG-4.4: the same dealer deals again, after the match-end test (NG-13).
        return events + self._after_hand()

    def _bid(self, seat: int, amount: int) -> list[Event]:
        """NG-7: raise or pass, round after round, until three players have passed."""
        self.bids.append((seat, amount))
        if amount:
            self.high_bid, self.bidder = amount, seat
            self.made_bid[seat] = True
            team = seat % 2
            self.contracts[team] = max(self.contracts[team], amount)
            events = [BID_MADE[seat][amount]]
        else:
            self.passed[seat] = True
            events = [PASSED[seat]]
        if sum(self.passed) >= PLAYERS - 1:
            if self.bidder is None:
                # NG-7.5: the first three passed; the dealer is forced to bid 1.
                self.high_bid, self.bidder = 1, self.dealer
                self.made_bid[self.dealer] = True
                self.contracts[self.dealer % 2] = 1
                self.bids.append((self.dealer, 1))
                events.append(Event.make("forced_bid", seat=self.dealer, amount=1))
            self._phase = "trump"
            self.turn = self.bidder
            events.append(AUCTION_WON[self.bidder][self.high_bid])
            return events
        nxt = (seat + 1) % PLAYERS
        while self.passed[nxt]:
            nxt = (nxt + 1) % PLAYERS
        self.turn = nxt
        return events

    def _choose_trump(self, seat: int, suit: int) -> list[Event]:
        """NG-8, NG-9: trump is public; then 3 more cards each; the bidder leads (NG-10.1)."""
        self.trump = suit
        events = [TRUMP_CHOSEN[seat][suit]]
        for s in range(PLAYERS):
            self.hands[s].extend(self.undealt[s])
            events.append(
                Event.make(
                    "dealt", visible_to=frozenset((s,)), seat=s, cards=card_strs(self.undealt[s])
                )
            )
            self.undealt[s] = []
        self._phase = "play"
        self.turn = seat
        return events

    def _trick_complete(self, seat: int, card: Card) -> list[Event]:
        events = [CARD_PLAYED[seat][card]]
        cards = [c for _, c in self.trick]
        winner = self.trick[trick_winner_index(cards, self.trump, STRENGTH)][0]  # NG-10.3
        self.tricks_won[winner] += 1
        self.won_cards[winner].extend(cards)
        self.tricks_played += 1
        self.last_trick = self.trick
        self.trick = []
        self.turn = winner  # NG-10.4
        events.append(Event.make("trick_won", seat=winner, cards=[CARD_STR[c] for c in cards]))
        if self.tricks_played == TRICKS:
            events.extend(self._score_hand())
            return events
        # The winner leads: any card from trick 2 on (NG-10.5); set here, not in _refresh.
        self._to_act = SEAT_SETS[winner]
        self._legal = [PLAY_OF[c] for c in self.hands[winner]]
        return events

    def _score_hand(self) -> list[Event]:
        """NG-11: each team against its own contract; a capture of all 8 scores 10 to 0."""
        team_tricks = [
            self.tricks_won[0] + self.tricks_won[2],
            self.tricks_won[1] + self.tricks_won[3],
        ]
        capture = next((t for t in (0, 1) if team_tricks[t] == TRICKS), None)
        if capture is not None:
            points = [0, 0]
            points[capture] = CAPTURE_POINTS  # NG-11.4
        else:
            points = [
                team_score((t, t + 2), self.contracts[t], self.tricks_won, self.made_bid)
                for t in (0, 1)
            ]
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        result: dict[str, Any] = {
            "hand": self.hand_number,
            "dealer": self.dealer,
            "outcome": "capture" if capture is not None else "played",
            "bids": [[s, b] for s, b in self.bids],
            "bidder": self.bidder,
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "contracts": list(self.contracts),
            "made_bid": list(self.made_bid),
            "tricks": list(self.tricks_won),
            "team_points": points,
            "capture_team": capture,
            "scores": list(self.scores),
        }
        if capture is not None:
            why = reason("capture", team=capture)
        else:
            why = reason(
                "played", contracts=result["contracts"], tricks=result["tricks"], team_points=points
            )
        self._record(result, why)
        events = [Event.make("hand_scored", **self._hand_results[-1])]
        self.dealer = self._next_dealer()
        return events + self._after_hand()

    def _next_dealer(self) -> int:
        """NG-4.2/NG-4.3: most tricks; between teams the higher total; then a random draw."""
        most = max(self.tricks_won)
        candidates = [s for s in range(PLAYERS) if self.tricks_won[s] == most]
        if len({s % 2 for s in candidates}) == 2 and self.scores[0] != self.scores[1]:
            leader = 0 if self.scores[0] > self.scores[1] else 1
            candidates = [s for s in candidates if s % 2 == leader]
        if len(candidates) == 1:
            return candidates[0]
        return candidates[self.rng.randrange(len(candidates))]

    def _after_hand(self) -> list[Event]:
        winner = match_winner(self.scores)  # NG-13, also after a throw-in
        if winner is not None:
            self.winner_team = winner
            self._phase = "match_over"
            return [Event.make("match_over", **(self.result or {}))]
        self._start_hand()
        return [
            Event.make("hand_started", hand=self.hand_number, dealer=self.dealer),
            *(
                Event.make(
                    "dealt", visible_to=frozenset((s,)), seat=s, cards=card_strs(self.hands[s])
                )
                for s in range(PLAYERS)
            ),
        ]

    # -- contract: views ---------------------------------------------------------------

    def public_view(self) -> dict[str, Any]:
        return dumped(NigerianView, self._view_data(None))

    def view(self, seat: int) -> dict[str, Any]:
        return dumped(NigerianView, self._view_data(seat))

    def typed_public_view(self) -> NigerianView:
        return NigerianView.model_validate(self._view_data(None))

    def typed_view(self, seat: int) -> NigerianView:
        return NigerianView.model_validate(self._view_data(seat))

    def _view_data(self, seat: int | None) -> dict[str, Any]:
        tricks = self.tricks_won
        hand = card_strs(self.hands[seat]) if seat is not None else []
        view: dict[str, Any] = {
            "game": "nigerian_thunee",
            "phase": self._phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "to_act": sorted(self._to_act),
            "bids": [[s, b] for s, b in self.bids],
            "high_bid": self.high_bid,
            "bidder": self.bidder,
            "contracts": list(self.contracts),
            "trump": SUITS[self.trump] if self.trump is not None else None,
            "trick": [[s, CARD_STR[c]] for s, c in self.trick],
            "last_trick": [[s, CARD_STR[c]] for s, c in self.last_trick],
            "played": [[s, CARD_STR[c]] for s, c in self.played],
            "tricks_won": list(self.tricks_won),
            "hand_sizes": [len(h) for h in self.hands],
            "scores": list(self.scores),
            "target": TARGET,
            "table": {
                "family": "trick",
                "game": "nigerian_thunee",
                "title": self.spec.title,
                "players": PLAYERS,
                "viewer": seat,
                "teams": [[0, 2], [1, 3]],
                "dealer": self.dealer,
                "to_act": sorted(self._to_act),
                "phase": self._phase,
                "hand_number": self.hand_number,
                "clockwise": True,  # NG-3: play goes to the left
                "score": self._score(),
                "hand_sizes": [len(h) for h in self.hands],
                "hand": hand,
                "legal": [] if seat is None else legal_of(self.legal_actions(seat)),
                "trick": trick_cards((s, CARD_STR[c]) for s, c in self.trick),
                "last_trick": trick_cards((s, CARD_STR[c]) for s, c in self.last_trick),
                "trump": {
                    "suit": SUITS[self.trump] if self.trump is not None else None,
                    "revealed": self.trump is not None,
                    "face_down_card": False,
                },
                "bids": [{"seat": s, "value": b or None} for s, b in self.bids],
                "tricks_won": [tricks[0] + tricks[2], tricks[1] + tricks[3]],
            },
        }
        if seat is not None:
            view["seat"] = seat
            view["hand"] = hand
        return view

    def deck(self) -> list[str]:
        return card_strs(DECK)

    def card_zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": card_strs(self.hands[s]) for s in range(PLAYERS)}
        zones.update({f"undealt{s}": card_strs(self.undealt[s]) for s in range(PLAYERS)})
        zones.update({f"won{s}": card_strs(self.won_cards[s]) for s in range(PLAYERS)})
        zones["trick"] = [CARD_STR[c] for _, c in self.trick]
        return zones


CARD_STR = tuple(card_str(c) for c in range(53))
PLAY_OF: tuple[Action, ...] = tuple(PLAY.get(c, PASS) for c in range(53))
SEAT_SETS = tuple(frozenset((s,)) for s in range(PLAYERS))
CARD_PLAYED: tuple[dict[Card, Event], ...] = tuple(
    {c: Event.make("card_played", seat=s, card=CARD_STR[c]) for c in DECK} for s in range(PLAYERS)
)
# Shared, never mutated: legal_actions hands out these lists as they are.
THROW_IN_CHOICES: list[Action] = [THROW_IN, KEEP]
TRUMP_CHOICES: list[Action] = [TRUMP[s] for s in range(4)]
BID_CHOICES: dict[int, list[list[Action]]] = {
    top: [[*(BID[n] for n in range(high + 1, top + 1)), PASS] for high in range(TRICKS + 1)]
    for top in range(1, TRICKS + 1)
}
KEPT = tuple(Event.make("kept", seat=s) for s in range(PLAYERS))
BIDDING_STARTED = tuple(Event.make("bidding_started", first=s) for s in range(PLAYERS))
AUCTION_WON = tuple(
    {n: Event.make("auction_won", seat=s, amount=n) for n in range(1, TRICKS + 1)}
    for s in range(PLAYERS)
)
TRUMP_CHOSEN = tuple(
    tuple(Event.make("trump_chosen", seat=s, suit=SUITS[t]) for t in range(4))
    for s in range(PLAYERS)
)
PASSED = tuple(Event.make("passed", seat=s) for s in range(PLAYERS))
BID_MADE = tuple(
    {n: Event.make("bid", seat=s, amount=n) for n in range(1, TRICKS + 1)} for s in range(PLAYERS)
)
"""Events are immutable, so the frequent ones are built once."""
CARD_OF: dict[str, Card] = {card_str(c): c for c in DECK}
NEXT_SEAT = tuple((s + 1) % PLAYERS for s in range(PLAYERS))


class NigerianThuneeSpec(GameSpec[NigerianOptions]):
    name = "nigerian_thunee"
    title = "Nigerian Thunee"
    player_counts = (4,)
    Options = NigerianOptions
    match_class = NigerianThunee
    actions = ACTIONS
    random_play_weights: ClassVar[dict[str, float]] = {"throw_in": 0.05}

    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3))


SPEC = NigerianThuneeSpec()
NigerianThunee.spec = SPEC
