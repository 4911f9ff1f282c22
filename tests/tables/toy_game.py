"""A tiny trick game used only by the table-manager tests, so they need no real engine.

Phases: ``bidding`` (one round, each seat bids higher or passes; all pass -> redeal),
``trump`` (the bidder names a suit), ``calls`` (a window where every seat may double or
pass at once), ``play`` (six tricks, follow suit, ace high), then the hand is scored and
the next is dealt until a team reaches ``target``. Seats 0/2 and 1/3 are partners.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules.cards import ACE_HIGH_ORDER, SUITS, card_str, card_strs, deck_of, shuffled
from rules.contract import (
    Action,
    ActionTable,
    Event,
    GameOptions,
    GameSpec,
    Match,
    json_roundtrip,
)
from rules.plugin import GamePlugin
from rules.registry import BUILTIN
from rules.results import award, reason
from rules.tricks import SUIT_OF, follow_suit_options, trick_winner_index
from rules.views import legal_of, score, trick_cards

HAND_SIZE = 6
DECK = deck_of(("9", "10", "J", "Q", "K", "A"))

ACTIONS = ActionTable()
PASS = ACTIONS.add("pass", label="Pass")
DOUBLE = ACTIONS.add("call", "double", "Double")
BIDS = {n: ACTIONS.add("bid", str(n), f"Bid {n}") for n in (1, 2, 3)}
TRUMPS = {i: ACTIONS.add("trump", s, f"Trump {s}") for i, s in enumerate(SUITS)}
PLAYS = {c: ACTIONS.add("play", card_str(c), f"Play {card_str(c)}") for c in DECK}


class ToyOptions(GameOptions):
    target: int = 3
    doubles: bool = True


class ToyMatch(Match[ToyOptions]):
    def __init__(self, players: int, options: ToyOptions, seed: int, deals: Any = ()) -> None:
        super().__init__(players, options, seed, deals)
        self.scores = [0, 0]
        self.results: list[dict[str, Any]] = []
        self.dealer = players - 1
        self._deal()

    def _deal(self) -> None:
        self.dealer = (self.dealer + 1) % self.players
        stacked = self.next_stacked_deal()
        if stacked is not None:
            hands, _, _ = stacked.card_ints()
        else:
            deck = shuffled(DECK, self.rng)
            hands = [deck[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(self.players)]
        self.hands = [sorted(h) for h in hands]
        self.stock = [c for c in DECK if all(c not in h for h in self.hands)]
        self._phase = "bidding"
        self.turn = (self.dealer + 1) % self.players
        self.bids_made = 0
        self.bid = 0
        self.bidder = -1
        self.trump: int | None = None
        self.doubled = False
        self.pending_calls: set[int] = set()
        self.trick: list[tuple[int, int]] = []
        self.tricks = [0, 0]
        self.won: list[int] = []

    @property
    def to_act(self) -> frozenset[int]:
        if self._phase == "match_over":
            return frozenset()
        if self._phase == "calls":
            return frozenset(self.pending_calls)
        return frozenset((self.turn,))

    @property
    def phase(self) -> str:
        return self._phase

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self._phase == "bidding":
            return [PASS] + [BIDS[n] for n in BIDS if n > self.bid]
        if self._phase == "trump":
            return list(TRUMPS.values())
        if self._phase == "calls":
            return [PASS, DOUBLE]
        led = SUIT_OF[self.trick[0][1]] if self.trick else None
        return [PLAYS[c] for c in follow_suit_options(self.hands[seat], led)]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        events = [Event.make("acted", seat=seat, action=action.id)]
        if self._phase == "bidding":
            if action.kind == "bid":
                self.bid, self.bidder = int(action.value), seat
            self.bids_made += 1
            self.turn = (self.turn + 1) % self.players
            if self.bids_made == self.players:
                if self.bidder < 0:
                    self.dealer = (self.dealer - 1) % self.players  # same dealer redeals
                    self._deal()
                    events.append(Event.make("redeal"))
                else:
                    self._phase, self.turn = "trump", self.bidder
        elif self._phase == "trump":
            self.trump = SUITS.index(action.value)
            secret = frozenset({seat})
            events.append(Event.make("trump_chosen", visible_to=secret, suit=action.value))
            if self.options.doubles:
                self._phase, self.pending_calls = "calls", set(range(self.players))
            else:
                self._phase, self.turn = "play", (self.dealer + 1) % self.players
        elif self._phase == "calls":
            self.pending_calls.discard(seat)
            self.doubled = self.doubled or action.kind == "call"
            if not self.pending_calls:
                self._phase, self.turn = "play", (self.dealer + 1) % self.players
        else:
            card = int(PLAYS_BY_ID[action.id])
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            events.append(Event.make("card_played", seat=seat, card=card_str(card)))
            if len(self.trick) < self.players:
                self.turn = (seat + 1) % self.players
            else:
                index = trick_winner_index(
                    [c for _, c in self.trick], self.trump, ACE_HIGH_ORDER.strength
                )
                winner = self.trick[index][0]
                self.tricks[winner % 2] += 1
                self.won.extend(c for _, c in self.trick)
                self.trick = []
                self.turn = winner
                events.append(Event.make("trick_won", seat=winner))
                if not self.hands[winner]:
                    events.extend(self._score())
        return events

    def _score(self) -> list[Event]:
        team = self.bidder % 2
        value = self.bid * (2 if self.doubled else 1)
        made = self.tricks[team] >= self.bid + 2
        self.scores[team if made else 1 - team] += value
        winning = team if made else 1 - team
        self.results.append(
            {
                "hand_number": len(self.results) + 1,
                "dealer": self.dealer,
                "winners": [s for s in range(self.players) if s % 2 == winning],
                "awards": [award(True, winning, value, "points")],
                "why": reason("made" if made else "set", bid=self.bid, tricks=self.tricks[team]),
                "score": self._score_core(),
                "bid": self.bid,
                "made": made,
                "tricks": list(self.tricks),
            }
        )
        if max(self.scores) >= self.options.target:
            self._phase = "match_over"
            return [Event.make("match_over", scores=list(self.scores))]
        self._deal()
        return [Event.make("hand_scored", scores=list(self.scores))]

    def view(self, seat: int) -> dict[str, Any]:
        data = self.public_view()
        data["seat"] = seat
        data["hand"] = card_strs(self.hands[seat])
        if seat == self.bidder and self.trump is not None:
            data["trump"] = SUITS[self.trump]
        data["table"] = {
            **data["table"],
            "viewer": seat,
            "hand": data["hand"],
            "legal": legal_of(self.legal_actions(seat)),
            "trump": {**data["table"]["trump"], "suit": data["trump"]},
        }
        return data

    def _score_core(self) -> dict[str, Any]:
        return score("points", self.scores, by_team=True, target=self.options.target)

    def public_view(self) -> dict[str, Any]:
        played = self._phase in ("play", "match_over")
        return {
            "phase": self._phase,
            "dealer": self.dealer,
            "bid": self.bid,
            "bidder": self.bidder,
            "trump": SUITS[self.trump] if self.trump is not None and played else None,
            "trick": [{"seat": s, "card": card_str(c)} for s, c in self.trick],
            "tricks": list(self.tricks),
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "game": "toy",
            "table": {  # the common core (rules.views.TrickTable) every front end reads
                "family": "trick",
                "game": "toy",
                "title": "Toy",
                "players": self.players,
                "viewer": None,
                "teams": [[s for s in range(self.players) if s % 2 == t] for t in (0, 1)],
                "dealer": self.dealer,
                "to_act": sorted(self.to_act),
                "phase": self._phase,
                "hand_number": len(self.results) + 1,
                "clockwise": False,
                "score": self._score_core(),
                "hand_sizes": [len(h) for h in self.hands],
                "hand": [],
                "legal": [],
                "trick": trick_cards((s, card_str(c)) for s, c in self.trick),
                "last_trick": [],
                "trump": {
                    "suit": SUITS[self.trump] if self.trump is not None and played else None,
                    "revealed": self.trump is not None and played,
                    "face_down_card": self.trump is not None and not played,
                },
                "bids": [],
                "tricks_won": list(self.tricks),
            },
        }

    @property
    def hand_results(self) -> list[dict[str, Any]]:
        return list(self.results)

    @property
    def is_over(self) -> bool:
        return self._phase == "match_over"

    @property
    def result(self) -> dict[str, Any] | None:
        if not self.is_over:
            return None
        team = 0 if self.scores[0] > self.scores[1] else 1
        winners = [s for s in range(self.players) if s % 2 == team]
        return {
            "winner_team": team,
            "winners": winners,
            "score": self._score_core(),
            "hands": len(self.results),
            "scores": self.scores,
        }

    def deck(self) -> list[str]:
        return card_strs(DECK)

    def card_zones(self) -> dict[str, list[str]]:
        zones = {f"hand{s}": card_strs(h) for s, h in enumerate(self.hands)}
        zones["trick"] = card_strs(c for _, c in self.trick)
        zones["won"] = card_strs(self.won)
        zones["stock"] = card_strs(self.stock)
        return zones

    STATE_FIELDS = (
        "scores",
        "results",
        "dealer",
        "hands",
        "stock",
        "_phase",
        "turn",
        "bids_made",
        "bid",
        "bidder",
        "trump",
        "doubled",
        "trick",
        "tricks",
        "won",
        "_deals_used",
    )

    def snapshot(self) -> dict[str, Any]:
        """A state snapshot (not the replay log), so the manager's snapshot-plus-tail
        recovery is exercised by the toy game too."""
        data = super().snapshot()
        data["actions"] = []
        data["state"] = {name: getattr(self, name) for name in self.STATE_FIELDS}
        data["state"]["pending_calls"] = sorted(self.pending_calls)
        version, internal, gauss = self.rng.getstate()
        data["state"]["rng"] = [version, list(internal), gauss]
        return json_roundtrip(data)  # type: ignore[no-any-return]


PLAYS_BY_ID = {a.id: c for c, a in PLAYS.items()}


class ToySpec(GameSpec[ToyOptions]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy Tricks"
    player_counts: ClassVar[tuple[int, ...]] = (2, 4)
    Options = ToyOptions
    match_class = ToyMatch
    actions = ACTIONS

    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3)) if players == 4 else None

    def restore(self, snapshot: Mapping[str, Any]) -> Match[ToyOptions]:
        state = snapshot.get("state")
        if state is None:
            return super().restore(snapshot)
        match = self.new_match(snapshot["players"], snapshot["options"], snapshot["seed"])
        assert isinstance(match, ToyMatch)
        for name in ToyMatch.STATE_FIELDS:
            value = state[name]
            setattr(
                match,
                name,
                [list(v) if isinstance(v, list) else v for v in value]
                if isinstance(value, list)
                else value,
            )
        match.trick = [(s, c) for s, c in state["trick"]]
        match.pending_calls = set(state["pending_calls"])
        version, internal, gauss = state["rng"]
        match.rng.setstate((version, tuple(internal), gauss))
        return match


ToyMatch.spec = SPEC = ToySpec()


PLUGIN = GamePlugin(
    name=SPEC.name,
    title=SPEC.title,
    family="trick",
    load=lambda: SPEC,
    summary="A tiny trick game for the tests: bid, name trump, double, six tricks.",
    players={"heuristic": "players.heuristic:trick_heuristic"},
    labels={"call:double": "Double"},
    terms=(),
)
"""The toy game as one plugin: registering it is all a front end needs to host it."""

GAMES = BUILTIN.with_plugin(PLUGIN)
"""The built-in games and the toy: what the tests give the manager, console and bot."""
