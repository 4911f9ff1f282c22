# players/search/nigerian.py at 56c25df, frozen: do not edit.
# Written by bench/freeze_previous_search.py
"""Nigerian Thunee for the search: worlds from a seat's view, a cheap copy, a fast rollout.

A world is rebuilt through the engine contract: a stacked ``Deal`` with the seat's own
cards and sampled cards for everything unseen, then the hand's public actions (keeps,
bids, trump, plays) replayed with ``apply``; the engine itself checks that the sample
agrees with every card played. Only the match scores are set directly (earlier hands
are not replayed: only their scores matter).
"""

from __future__ import annotations

import random
from typing import Any

from bench.previous_search.budget import SearchBudget
from bench.previous_search.player import SearchPlayer
from bench.previous_search.sampling import Zone, deal_unseen
from bench.previous_search.tricks import TrickHeuristic
from players.base import ComputerPlayer, Situation
from rules.cards import NIGERIAN_ORDER, SUITS, Card, card_str, parse_card
from rules.contract import Action, Deal, Match
from rules.nigerian_thunee import (
    CAPTURE_POINTS,
    DECK,
    FIRST_BATCH,
    KEEP,
    PASS,
    PLAY,
    PLAYERS,
    SPEC,
    TRICKS,
    TRUMP,
    NigerianOptions,
    NigerianThunee,
    match_winner,
    team_score,
)
from rules.tricks import SUIT_OF, trick_winner_index

STRENGTH = NIGERIAN_ORDER.strength
WIN_BONUS = 12.0
"""Value of winning the match, in hand points (a hand is worth 0..10 points)."""
EPSILON = 0.08
"""Share of rollout moves played at random, so rollouts are not all the same line."""
CARD_OF_ACTION: dict[int, Card] = {id(a): c for c, a in PLAY.items()}
BID_CHOICES = 4
"""Raises searched at the auction: the lowest few legal bids."""
PRE_PLAY = ("throw_in", "bidding", "trump")
NEXT = tuple((s + 1) % PLAYERS for s in range(PLAYERS))


class NigerianModel:
    def candidates(self, situation: Situation) -> list[Action]:
        """At the auction: pass and the lowest few raises (higher jumps are never worth
        the rollouts they would take from the sensible bids)."""
        legal = situation.legal
        if situation.phase != "bidding":
            return legal
        bids = [a for a in legal if a.kind == "bid"][:BID_CHOICES]
        return bids + [a for a in legal if a.kind != "bid"]

    def worlds(self, situation: Situation) -> NigerianWorlds:
        return NigerianWorlds(situation)

    def clone(self, match: Match[Any]) -> Match[Any]:
        return clone(match)

    def rollout(
        self, match: Match[Any], origin: Match[Any], team: int, rng: random.Random
    ) -> float:
        assert isinstance(match, NigerianThunee) and isinstance(origin, NigerianThunee)
        return rollout(match, origin, team, rng)


class NigerianWorlds:
    """What one seat knows, read from its view once; ``sample`` deals the rest."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        self.seat = seat = situation.seat
        assert isinstance(situation.options, NigerianOptions)
        self.options = situation.options
        self.phase: str = view["phase"]
        self.dealer: int = view["dealer"]
        self.scores: list[int] = list(view["scores"])
        self.hand_number: int = view["hand_number"]
        self.bids: list[tuple[int, int]] = [(s, b) for s, b in view["bids"]]
        self.trump: str | None = view["trump"]
        self.hand: list[Card] = [parse_card(c) for c in view["hand"]]
        self.played: list[tuple[int, Card]] = [(s, parse_card(c)) for s, c in view["played"]]
        sizes: list[int] = view["hand_sizes"]
        self.voids = voids_shown(self.played, SUITS.index(self.trump) if self.trump else None)
        seen = set(self.hand) | {c for _, c in self.played}
        self.unseen = [c for c in DECK if c not in seen]
        self.zones = [
            Zone(f"hand{s}", sizes[s], self.voids[s]) for s in range(PLAYERS) if s != seat
        ]
        if self.phase in PRE_PLAY:
            extra = len(DECK) // PLAYERS - FIRST_BATCH
            self.zones += [Zone(f"undealt{s}", extra) for s in range(PLAYERS)]

    def sample(self, rng: random.Random) -> NigerianThunee:
        dealt = deal_unseen(self.unseen, self.zones, rng)
        hands: list[list[str]] = []
        for s in range(PLAYERS):
            own = self.hand if s == self.seat else dealt[f"hand{s}"]
            earlier = [c for p, c in self.played if p == s]
            later = dealt.get(f"undealt{s}", [])
            hands.append([card_str(c) for c in earlier + own + later])
        match = SPEC.new_match(
            PLAYERS, self.options, rng.getrandbits(63), [Deal(dealer=self.dealer, hands=hands)]
        )
        assert isinstance(match, NigerianThunee)
        self._replay(match)
        match.scores = list(self.scores)
        match.hand_number = self.hand_number
        return match

    def _replay(self, match: NigerianThunee) -> None:
        # Everyone polled before this seat kept (a throw-in would have ended the hand).
        while match.phase == "throw_in" and (self.phase != "throw_in" or match.turn != self.seat):
            match.apply(match.turn, KEEP)
        for s, amount in self.bids:
            if match.phase != "bidding":
                break  # the dealer's forced bid (NG-7.5) is the engine's, not an action
            match.apply(s, PASS if amount == 0 else f"bid:{amount}")
        if match.phase == "trump" and self.trump is not None:
            match.apply(match.turn, TRUMP[SUITS.index(self.trump)])
        for s, card in self.played:
            match.apply(s, PLAY[card])


def voids_shown(played: list[tuple[int, Card]], trump: int | None) -> list[set[int]]:
    """Suits each seat cannot hold: it did not follow them (NG-10.2), or it led a trump
    to the first trick, which it may only do holding nothing but trumps (NG-10.1)."""
    voids: list[set[int]] = [set() for _ in range(PLAYERS)]
    for start in range(0, len(played), PLAYERS):
        trick = played[start : start + PLAYERS]
        led = SUIT_OF[trick[0][1]]
        if start == 0 and trump is not None and led == trump:
            voids[trick[0][0]].update(s for s in range(4) if s != trump)
        for seat, card in trick[1:]:
            if SUIT_OF[card] != led:
                voids[seat].add(led)
    return voids


def clone(match: Match[Any]) -> NigerianThunee:
    """A copy sharing nothing mutable with ``match`` (lists copied, a fresh RNG)."""
    assert isinstance(match, NigerianThunee)
    copy = object.__new__(NigerianThunee)
    state = dict(match.__dict__)  # the Match base attributes; the engine's own are slots
    for name in NigerianThunee.__slots__:
        value = getattr(match, name, _UNSET)
        if value is not _UNSET:
            state[name] = value
    state["hands"] = [list(h) for h in match.hands]
    state["undealt"] = [list(h) for h in match.undealt]
    state["won_cards"] = [list(h) for h in match.won_cards]
    for name in ("bids", "passed", "made_bid", "contracts", "trick", "tricks_won", "played"):
        state[name] = list(state[name])
    state["scores"] = list(match.scores)
    state["_hand_results"] = list(match.hand_results)
    state["_log"] = []
    state["rng"] = random.Random(match.rng.getrandbits(64))
    for name, value in state.items():
        setattr(copy, name, value)
    return copy


_UNSET = object()
"""``clone``'s mark for a slot not (yet) set on the match."""


# -- the rollout policy ---------------------------------------------------------------------


def rollout(match: NigerianThunee, origin: NigerianThunee, team: int, rng: random.Random) -> float:
    """Play ``match`` to the end of the hand ``origin`` is in (the state before the action
    tried); the team's points since ``origin`` minus the other's (+ a match bonus).

    The auction runs through the engine; the card play, most of a rollout, runs in
    ``play_out`` on bare card ints, scored by the engine's own scoring functions.
    """
    hand = origin.hand_number
    before = origin.scores
    while match.winner_team is None and match.hand_number == hand and match.phase != "play":
        seat = match.turn
        legal = match.legal_actions(seat)
        match._apply(seat, legal[0] if len(legal) == 1 else policy(match, seat, legal))
    if match.winner_team is None and match.hand_number == hand:
        scores = hand_points(match, play_out(match, rng))
        after = [before[0] + scores[0], before[1] + scores[1]]
        winner = match_winner(after)
    else:
        after = match.scores
        winner = match.winner_team
    value = float(after[team] - before[team] - (after[1 - team] - before[1 - team]))
    if winner is not None:
        value += WIN_BONUS if winner == team else -WIN_BONUS
    return value


def hand_points(match: NigerianThunee, tricks: list[int]) -> list[int]:
    """NG-11 as the engine scores it (``team_score``; a capture scores 10 to 0)."""
    for t in (0, 1):
        if tricks[t] + tricks[t + 2] == TRICKS:
            return [CAPTURE_POINTS, 0] if t == 0 else [0, CAPTURE_POINTS]
    return [team_score((t, t + 2), match.contracts[t], tricks, match.made_bid) for t in (0, 1)]


def play_out(match: NigerianThunee, rng: random.Random) -> list[int]:
    """The rest of the card play with the rollout policy; the tricks each seat won."""
    trump = match.trump
    hands = [list(h) for h in match.hands]
    by_suit, owner = suit_lists(hands)
    trick = list(match.trick)
    tricks = list(match.tricks_won)
    played = match.tricks_played
    seat = match.turn
    random_ = rng.random
    while played < TRICKS:
        hand = hands[seat]
        if trick:
            led = SUIT_OF[trick[0][1]]
            legal = [c for c in hand if SUIT_OF[c] == led] or hand
        elif played == 0:
            legal = [c for c in hand if SUIT_OF[c] != trump] or hand
        else:
            legal = hand
        if len(legal) == 1:
            card = legal[0]
        elif random_() < EPSILON:
            card = legal[int(random_() * len(legal))]
        else:
            card = choose_card(by_suit, owner, seat, trick, trump, legal)
        hand.remove(card)
        by_suit[SUIT_OF[card]].remove(card)
        trick.append((seat, card))
        if len(trick) == PLAYERS:
            seat = trick[trick_winner_index([c for _, c in trick], trump, STRENGTH)][0]
            tricks[seat] += 1
            played += 1
            trick = []
        else:
            seat = NEXT[seat]
    return tricks


def policy(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    """The fast heuristic of the rollouts (the heuristic level's rules, on card ints)."""
    phase = match.phase
    if phase == "play":
        return play_card(match, seat, legal)
    if phase == "throw_in":
        return KEEP
    if phase == "bidding":
        return bid(match, seat, legal)
    return TRUMP[best_trump(match.hands[seat])]


def hand_tricks(hand: list[Card]) -> float:
    """Tricks a 5-card hand may take with its longest suit as trump."""
    trump = best_trump(hand)
    est = 0.0
    for card in hand:
        rank = STRENGTH[card]
        if SUIT_OF[card] == trump:
            est += 1.0 if rank >= 6 else 0.7
        elif rank == 7:
            est += 0.9
        elif rank == 6:
            est += 0.4
    return est * 8 / 5


def bid(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    est = hand_tricks(match.hands[seat])
    lowest = legal[0]
    if lowest.kind == "bid" and int(lowest.value) <= est - 0.5:
        return lowest
    return PASS if PASS in legal else lowest


def best_trump(hand: list[Card]) -> int:
    def weight(suit: int) -> tuple[int, int]:
        cards = [c for c in hand if SUIT_OF[c] == suit]
        return len(cards), sum(STRENGTH[c] for c in cards)

    return max(range(4), key=weight)


def play_card(match: NigerianThunee, seat: int, legal: list[Action]) -> Action:
    cards = [CARD_OF_ACTION[id(a)] for a in legal]
    by_suit, owner = suit_lists(match.hands)
    return PLAY[choose_card(by_suit, owner, seat, match.trick, match.trump, cards)]


def suit_lists(hands: list[list[Card]]) -> tuple[list[list[Card]], list[int]]:
    """The cards still held, by suit, strongest first; and who holds each card."""
    owner = [-1] * 53
    held: list[Card] = []
    for seat, hand in enumerate(hands):
        for c in hand:
            owner[c] = seat
        held.extend(hand)
    held.sort(key=STRENGTH.__getitem__, reverse=True)
    by_suit: list[list[Card]] = [[], [], [], []]
    for c in held:
        by_suit[SUIT_OF[c]].append(c)
    return by_suit, owner


def choose_card(
    by_suit: list[list[Card]],
    owner: list[int],
    seat: int,
    trick: list[tuple[int, Card]],
    trump: int | None,
    cards: list[Card],
) -> Card:
    """Lead a card no one can beat, else low from the longest side suit; follow: let a
    partner's sure trick pass cheaply, else win as cheaply as is sure, else play low."""
    # The best card of each suit still held by the other three (the rollout sees all).
    top = [-1, -1, -1, -1]
    for s in range(4):
        for c in by_suit[s]:
            if owner[c] != seat:
                top[s] = STRENGTH[c]
                break
    if not trick:
        bosses = [c for c in cards if STRENGTH[c] > top[SUIT_OF[c]]]
        if trump is not None and top[trump] >= 0:
            for c in bosses:
                if SUIT_OF[c] == trump:
                    return c
        plain = [c for c in bosses if SUIT_OF[c] != trump]
        if plain:
            return max(plain, key=STRENGTH.__getitem__)
        return lowest(cards, trump)
    lead = trick[0][1]
    led = SUIT_OF[lead]
    win_seat, win_card = trick[0]
    for s, c in trick[1:]:
        if beats(c, win_card, led, trump):
            win_seat, win_card = s, c
    last = len(trick) == PLAYERS - 1
    if win_seat % 2 == seat % 2 and (last or beats_all(win_card, top, trump, lead)):
        return lowest(cards, trump)
    winning = [c for c in cards if beats(c, win_card, led, trump)]
    if winning:
        if not last:
            sure = [c for c in winning if beats_all(c, top, trump, lead)]
            if sure:
                return lowest(sure, trump)
        return lowest(winning, trump)
    return lowest(cards, trump)


def beats(card: Card, best: Card, led: int, trump: int | None) -> bool:
    """``card`` takes the trick from ``best`` (the card winning it so far)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return SUIT_OF[best] != trump or STRENGTH[card] > STRENGTH[best]
    return suit == led and SUIT_OF[best] != trump and STRENGTH[card] > STRENGTH[best]


def beats_all(card: Card, top: list[int], trump: int | None, lead: Card) -> bool:
    """No other hand holds a card that could beat ``card`` in this trick (ignoring who
    still has to play: a cheap, optimistic test)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return STRENGTH[card] > top[suit]
    if trump is not None and top[trump] >= 0:
        return False
    return suit == SUIT_OF[lead] and STRENGTH[card] > top[suit]


def lowest(cards: list[Card], trump: int | None) -> Card:
    """The cheapest card: the weakest side card, else the weakest trump."""
    best = cards[0]
    best_key = STRENGTH[best] + (100 if SUIT_OF[best] == trump else 0)
    for c in cards[1:]:
        key = STRENGTH[c] + (100 if SUIT_OF[c] == trump else 0)
        if key < best_key:
            best, best_key = c, key
    return best


def nigerian_search(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The plugin factory of Nigerian Thunee's ``search`` level (the heuristic as fallback)."""
    return SearchPlayer(NigerianModel(), TrickHeuristic(game), budget)
