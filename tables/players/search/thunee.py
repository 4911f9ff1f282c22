"""South African Thunee (4 players) for the search: card play by determinized search.

Only the card play is searched; the cut, bids, trump choice, calls (Thunee, Jodi, Double,
Khanuck) and challenge mode stay with the heuristic (``fallback``). Worlds are rebuilt
from the seat's view alone: the finished tricks (``tricks``) and the open ``trick`` are
the public history, so each world is the seat's own hand plus the unseen cards dealt to
the other three hands (sizes from ``cards_held``, voids shown by failures to follow and by
undercuts; the trump card turned over at the reveal stays in the trump maker's hand
until played). While the trump is face down and the seat is not the trump maker, each world
takes the trump maker's longest sampled suit as trump (the face-down card is his).

A world is played out on bare card ints with the engine's own card rules
(``legal_cards``, ``winning_index``) and scored as the hand is scored: the ordinary count
(TH-24: card points, bid, Jodis, last trick, 105 to win; TH-25 balls) or, under a
Thunee-type contract, whether the caller wins every trick.
"""

from __future__ import annotations

import logging
import random
import time

from rules.cards import SUITS, Card, parse_card
from rules.contract import Action
from rules.thunee.cardplay import (
    NORMAL_STRENGTH,
    POINTS,
    ROYALS_STRENGTH,
    legal_cards,
    winning_index,
)
from rules.thunee.dealing import DECK
from rules.thunee.scoring import COUNT_TARGET, LAST_TRICK, ordinary_balls
from rules.tricks import SUIT_OF
from tables.players.base import ComputerPlayer, Situation
from tables.players.search.player import SearchBudget, SearchStats
from tables.players.search.sampling import NoConsistentDeal, Zone, deal_unseen

log = logging.getLogger(__name__)

PLAYERS = 4
TRICKS = 6
CONTRACT_BALLS = 4.0
"""Value of a Thunee-type contract made or broken (TH-12: 4 balls; blind ones more, but
only the sign matters to the play)."""
EPSILON = 0.08
"""Share of rollout moves played at random, so rollouts are not all the same line."""
NEXT = tuple((s + 1) % PLAYERS for s in range(PLAYERS))
ROYALS = ("royals", "blind_royals")


class ThuneeWorlds:
    """What one seat knows during the card play, read from its view once."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        self.seat = seat = situation.seat
        hand = [parse_card(c) for c in view["hand"]]
        if "trump_card" in view:
            hand.append(parse_card(view["trump_card"]))
        self.hand = hand
        held: list[int] = list(view["cards_held"])
        if len(hand) != held[seat]:
            # Blind contracts keep cards face down from their owner: not searched.
            raise NoConsistentDeal("the seat's own hand is not fully known")
        contract = view["contract"]
        self.contract_caller: int | None = contract["caller"] if contract else None
        kind = contract["kind"] if contract else None
        self.strength = ROYALS_STRENGTH if kind in ROYALS else NORMAL_STRENGTH
        self.tm: int = view["trump_maker"]
        trump = view["trump"]
        self.trump: int | None = SUITS.index(trump) if trump else None
        self.trump_hidden = self.trump is None and view["trump_card_face_down"]
        self.tricks_done: list[tuple[int, list[tuple[int, Card]]]] = [
            (done["winner"], [(s, parse_card(c)) for s, c in done["plays"]])
            for done in view["tricks"]
        ]
        self.trick: list[tuple[int, Card]] = [(s, parse_card(c)) for s, c in view["trick"]]
        self.points = [0, 0]
        for winner, plays in self.tricks_done:
            self.points[winner % 2] += sum(POINTS[c] for _, c in plays)
        self.tricks_won = [0] * PLAYERS
        for winner, _ in self.tricks_done:
            self.tricks_won[winner] += 1
        self.high_bid: int = view["high_bid"] or 0
        self.made_bid = view["high_bidder"] is not None
        self.blind_bid = bool(view["blind_bid"])
        self.jodi = [0, 0]
        for j in view["jodis"]:
            self.jodi[j["seat"] % 2] += j["value"]
        played = [c for _, plays in self.tricks_done for _, c in plays]
        played += [c for _, c in self.trick]
        seen = set(hand) | set(played)
        # The trump card turned over at the reveal is public and back in TM's hand
        # (TH-19.3) until he plays it.
        shown = view.get("trump_card_shown")
        self.tm_known: list[Card] = []
        if shown is not None and self.tm != seat and parse_card(shown) not in seen:
            self.tm_known = [parse_card(shown)]
            seen.add(self.tm_known[0])
        self.unseen = [c for c in DECK if c not in seen]
        voids = self._voids()
        self.zones = [
            Zone(f"hand{s}", held[s] - (len(self.tm_known) if s == self.tm else 0), voids[s])
            for s in range(PLAYERS)
            if s != seat
        ]

    def zones_void(self, seat: int) -> set[int]:
        """The suits ``seat``'s hand may not hold in a world (empty for the seat itself)."""
        for zone in self.zones:
            if zone.name == f"hand{seat}":
                return zone.void
        return set()

    def _voids(self) -> list[set[int]]:
        """Suits a seat cannot hold: it did not follow them (TH-21.2), or it undercut,
        which it may only do holding nothing but trumps (TH-21.4)."""
        voids: list[set[int]] = [set() for _ in range(PLAYERS)]
        tricks = [plays for _, plays in self.tricks_done]
        if self.trick:
            tricks.append(self.trick)
        trump, strength = self.trump, self.strength
        for plays in tricks:
            led = SUIT_OF[plays[0][1]]
            top = -1
            for seat, card in plays[1:]:
                suit = SUIT_OF[card]
                if suit != led:
                    voids[seat].add(led)
                    if trump is not None and led != trump and suit == trump:
                        if top >= 0 and strength[card] < top:
                            voids[seat].update(s for s in range(4) if s != trump)
                        top = max(top, strength[card])
        return voids

    def sample(self, rng: random.Random) -> tuple[list[list[Card]], int | None]:
        dealt = deal_unseen(self.unseen, self.zones, rng)
        hands = [self.hand if s == self.seat else dealt[f"hand{s}"] for s in range(PLAYERS)]
        if self.tm_known:
            hands[self.tm] = hands[self.tm] + self.tm_known
        trump = self.trump
        if self.trump_hidden:
            tm_hand = hands[self.tm]
            counts = [sum(1 for c in tm_hand if SUIT_OF[c] == s) for s in range(4)]
            best = max(counts)
            trump = rng.choice([s for s in range(4) if counts[s] == best])
        return [list(h) for h in hands], trump


class ThuneeSearch:
    """The search level for Thunee: card play searched, everything else heuristic."""

    level = "search"
    blocking = True

    def __init__(self, fallback: ComputerPlayer, budget: SearchBudget | None = None) -> None:
        self.fallback = fallback
        self.budget = budget or SearchBudget.from_settings()
        self.last = SearchStats()

    def choose(self, situation: Situation) -> Action:
        start = time.perf_counter()
        self.last = stats = SearchStats()
        cards = [a for a in situation.legal if a.kind == "play"]
        if not self._searchable(situation) or len(cards) < 2:
            return self.fallback.choose(situation)
        if len(cards) < len(situation.legal):
            # Double / Khanuck offered with the last trick: the heuristic decides calls.
            pick = self.fallback.choose(situation)
            if pick.kind != "play":
                return pick
        rng = random.Random(situation.rng.getrandbits(64))
        try:
            scores = self._search(situation, [parse_card(a.value) for a in cards], rng, stats)
        except NoConsistentDeal as exc:
            log.error("thunee search found no world (%s); heuristic moves", exc)
            scores = None
        stats.seconds = time.perf_counter() - start
        if not scores:
            return self.fallback.choose(situation)
        best = max(range(len(cards)), key=lambda i: (scores[i], -i))
        return cards[best]

    @staticmethod
    def _searchable(situation: Situation) -> bool:
        view = situation.view
        return (
            situation.players == PLAYERS
            and situation.phase == "play"
            and view.get("turn") == situation.seat
            and getattr(situation.options, "penalty_mode", None) != "challenge"
        )

    def _search(
        self, situation: Situation, cards: list[Card], rng: random.Random, stats: SearchStats
    ) -> list[float] | None:
        start = time.perf_counter()
        cap = self.budget.time_cap_ms / 1000.0 if self.budget.time_cap_ms > 0 else None
        worlds = ThuneeWorlds(situation)
        team = situation.seat % 2
        totals = [0.0] * len(cards)
        rounds = max(1, self.budget.rollouts // len(cards))
        for _ in range(rounds):
            hands, trump = worlds.sample(rng)
            seed = rng.getrandbits(64)
            values = []
            for card in cards:
                values.append(rollout(worlds, hands, trump, card, team, random.Random(seed)))
                if cap is not None and time.perf_counter() - start > cap:
                    stats.capped = True
                    break
            if stats.capped:
                break
            for i, value in enumerate(values):
                totals[i] += value
            stats.worlds += 1
            stats.rollouts += len(cards)
        return [t / stats.worlds for t in totals] if stats.worlds else None


def rollout(
    w: ThuneeWorlds,
    hands: list[list[Card]],
    trump: int | None,
    first: Card,
    team: int,
    rng: random.Random,
) -> float:
    """Play ``first`` for the seat, then the rest of the hand with the rollout policy; the
    hand's value for ``team`` (balls won minus lost, plus a small card-point term)."""
    hands = [list(h) for h in hands]
    strength = w.strength
    trick = list(w.trick)
    points = list(w.points)
    tricks_won = list(w.tricks_won)
    played = len(w.tricks_done)
    caller = w.contract_caller
    seat = w.seat
    card: Card | None = first
    random_ = rng.random
    last_team = -1
    while played < TRICKS:
        hand = hands[seat]
        if card is None:
            legal = legal_cards(hand, [c for _, c in trick], trump, strength)
            if len(legal) == 1:
                card = legal[0]
            elif random_() < EPSILON:
                card = legal[int(random_() * len(legal))]
            else:
                card = choose_card(hands, seat, trick, trump, strength, legal)
        if trump is None and caller is not None and not trick and played == 0:
            trump = SUIT_OF[card]  # a contract's first card names the trump (TH-12.9)
        hand.remove(card)
        trick.append((seat, card))
        card = None
        if len(trick) == PLAYERS:
            winner = trick[winning_index([c for _, c in trick], trump, strength)][0]
            points[winner % 2] += sum(POINTS[c] for _, c in trick)
            tricks_won[winner] += 1
            played += 1
            trick = []
            seat = winner
            last_team = winner % 2
            if caller is not None and winner != caller:
                break  # TH-12.11: the contract is broken
        else:
            seat = NEXT[seat]
    if caller is not None:
        made = tricks_won[caller] == TRICKS
        return CONTRACT_BALLS if made == (caller % 2 == team) else -CONTRACT_BALLS
    counting = 1 - w.tm % 2
    last = LAST_TRICK if last_team == counting else -LAST_TRICK
    total = points[counting] + w.high_bid + w.jodi[counting] - w.jodi[1 - counting] + last
    wins = total >= COUNT_TARGET
    balls = float(ordinary_balls(wins, w.made_bid, w.blind_bid))
    winner = counting if wins else 1 - counting
    margin = (total - COUNT_TARGET) / 100.0
    return (balls if winner == team else -balls) + (margin if counting == team else -margin)


def choose_card(
    hands: list[list[Card]],
    seat: int,
    trick: list[tuple[int, Card]],
    trump: int | None,
    strength: tuple[int, ...],
    cards: list[Card],
) -> Card:
    """Lead the best card no one can beat, else the cheapest; follow: give points to a
    partner's sure trick, else win as cheaply as is sure, else throw the cheapest."""
    top = [-1, -1, -1, -1]
    for s in range(PLAYERS):
        if s != seat:
            for c in hands[s]:
                if strength[c] > top[SUIT_OF[c]]:
                    top[SUIT_OF[c]] = strength[c]
    if not trick:
        bosses = [c for c in cards if strength[c] > top[SUIT_OF[c]]]
        if bosses:
            return max(bosses, key=lambda c: POINTS[c] + strength[c])
        return cheapest(cards, trump, strength)
    led = SUIT_OF[trick[0][1]]
    win = winning_index([c for _, c in trick], trump, strength)
    win_seat, win_card = trick[win]
    last = len(trick) == PLAYERS - 1
    if win_seat % 2 == seat % 2 and (last or sure(win_card, top, trump, led, strength)):
        side = [c for c in cards if SUIT_OF[c] != trump] or cards
        return max(side, key=lambda c: (POINTS[c], -strength[c]))
    winning = [c for c in cards if beats(c, win_card, led, trump, strength)]
    if winning:
        if not last:
            safe = [c for c in winning if sure(c, top, trump, led, strength)]
            if safe:
                return cheapest(safe, trump, strength)
        return cheapest(winning, trump, strength)
    return cheapest(cards, trump, strength)


def beats(card: Card, best: Card, led: int, trump: int | None, strength: tuple[int, ...]) -> bool:
    suit = SUIT_OF[card]
    if suit == trump:
        return SUIT_OF[best] != trump or strength[card] > strength[best]
    return suit == led and SUIT_OF[best] != trump and strength[card] > strength[best]


def sure(
    card: Card, top: list[int], trump: int | None, led: int, strength: tuple[int, ...]
) -> bool:
    """No other hand holds a card that could beat ``card`` here (optimistic: ignores who
    has still to play)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return strength[card] > top[suit]
    if trump is not None and top[trump] >= 0:
        return False
    return suit == led and strength[card] > top[suit]


def cheapest(cards: list[Card], trump: int | None, strength: tuple[int, ...]) -> Card:
    """The card losing least: few points, weak, not a trump."""
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, POINTS[c], strength[c]))


__all__ = ["ThuneeSearch", "ThuneeWorlds", "rollout"]
