"""304 for the search: card play by determinized search, Caps calls by the engine's own
certainty test on the seat's knowledge, and bids by simulation of the hand.

Worlds are rebuilt from the seat's view alone: ``played`` (the hand's plays as the seat
saw them; a face-down card it may not see is a hidden slot), ``cards_in_hand``, the
``exposed`` cards of a Caps caller, the indicator (known to the trumper only) and the
trump when the seat knows it. Every unseen card goes to a slot of known size: another
seat's hand (void in the suits it failed to follow), the face-down indicator (a trump),
each face-down card never shown (not of the suit led; once its trick was resolved, not a
trump either: T3-11.9). A seat that does not know trump samples the indicator first (its
suit is trump), then the rest.

A world is played out on bare card ints with the rules of T3-10 to T3-13 (follow suit,
face-down plays while trump is hidden, the indicator's limits, the reveal at the end of a
trick holding a face-down trump, the forced reveal of T3-12, exhausted trumps, PCC) and
scored as the hand is (T3-17: the contract made or failed, in tokens, plus a small
card-point term). Rollout seats play by a fast heuristic that uses trump only if they know
it. Caps is not simulated in rollouts (it changes no card played, only the score).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from typing import Any

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget, work_clock
from players.partner_sense import (
    Veto,
    judged_sure,
    keep_partner_trick,
    partner_winning,
    proven,
    takes_over,
)
from players.search.exact import EXACT_TRICKS
from players.search.narrowing import Narrowing
from players.search.player import SearchStats, mean_over_worlds
from players.search.sampling import (
    Evidence,
    NoConsistentDeal,
    Zone,
    bid_weight,
    deal_likely,
    shuffle,
)
from players.tricks import TrickHeuristic, read_trick, suit_index
from rules.cards import SUITS, Card, parse_card
from rules.contract import Action
from rules.three_o_four import actions as A
from rules.three_o_four.auction import HALF_COURT, PCC
from rules.three_o_four.options import Layout, Options, layout_for
from rules.three_o_four.scoring import band
from rules.tricks import SUIT_OF, trick_winner_index

log = logging.getLogger(__name__)

EPSILON = 0.08
"""Share of rollout moves played at random, so rollouts are not all the same line."""
POINT_WEIGHT = 0.5
"""Value of the whole deck's card points (304) next to tokens: a tie-breaker."""
CONTRACT_STEP = 40
"""Contract points per Jack or 9 a trumper is expected to hold beyond the average hand,
from 160 (an average hand bids the lowest contracts)."""
ALL_BUT = tuple(frozenset(s for s in range(4) if s != t) for t in range(4))
"""The suits a trump-only slot refuses."""

Play = tuple[int, Card, bool, int]
"""(seat, card, face down, source: 0 hand / 1 indicator), as the engine records it."""


PARTNER_VETO = Veto(share=0.25, margin=1.0)
"""304's veto of take-overs of a partner's sure trick (T3-10), in tokens (a contract won
or lost is one to a few tokens, T3-17): the trick counts as sure at a quarter of the drawn
worlds, since 304's take-overs of tricks sure on the real hands (seeds 1-6, club,
``bench/levels.py``) were judged sure in 17-58% of them and valued 0.03-1.0 tokens above
keeping the trick."""


def contract_value(shown: Any, options: Options) -> int:
    """The view's ``contract`` back to the engine's value (T3V-11 shows tenths)."""
    if shown == "PCC":
        return PCC
    if shown == "HC":
        return HALF_COURT
    if isinstance(shown, str):
        return round(float(shown) * (10 if options.points_display == "tenths" else 1))
    return int(shown)


class Position:
    """A full state of the card play (one world), cheap to copy and to play out."""

    __slots__ = (
        "closed",
        "exhausted",
        "hands",
        "indicator",
        "points",
        "revealed",
        "trick",
        "tricks_done",
        "trump",
        "turn",
        "winners",
    )

    def __init__(
        self,
        hands: list[list[Card]],
        indicator: Card | None,
        trump: int,
        revealed: bool,
        closed: bool,
        trick: list[Play],
        tricks_done: int,
        points: list[int],
        winners: list[int],
        exhausted: bool,
        turn: int,
    ) -> None:
        self.hands = hands
        self.indicator = indicator
        """The indicator while it lies face down on the table."""
        self.trump = trump
        self.revealed = revealed
        self.closed = closed
        self.trick = trick
        self.tricks_done = tricks_done
        self.points = points
        self.winners = winners
        self.exhausted = exhausted
        self.turn = turn

    def copy(self) -> Position:
        return Position(
            [list(h) for h in self.hands],
            self.indicator,
            self.trump,
            self.revealed,
            self.closed,
            list(self.trick),
            self.tricks_done,
            list(self.points),
            list(self.winners),
            self.exhausted,
            self.turn,
        )


class Rules:
    """The fixed facts of one hand's card play (the same in every world)."""

    def __init__(
        self,
        layout: Layout,
        options: Options,
        players: int,
        trumper: int,
        contract: int,
        sitting_out: list[int],
    ) -> None:
        self.strength = layout.strength
        self.points = layout.points
        self.total = layout.total
        self.trumper = trumper
        self.contract = contract
        self.solo = bool(sitting_out)
        self.active = [s for s in range(players) if s not in sitting_out]
        self.per_trick = len(self.active)
        self.after = {s: self.active[(i + 1) % self.per_trick] for i, s in enumerate(self.active)}
        self.n_tricks = layout.first_batch if contract == HALF_COURT else layout.tricks
        self.bid_250 = layout.bid_250
        self.end_early = options.end_hand_when_decided
        self.band = band(contract, layout, (options.half_court_win, options.half_court_lose))
        self._keys: dict[int, tuple[list[int], list[int], list[int]]] = {}

    def keys(self, trump: int) -> tuple[list[int], list[int], list[int]]:
        """The rollout policy's orders as one number a card (``play_out_open``), for
        ``trump``: ``cheapest``'s (few points, not a trump, weak), a boss lead's (points
        and strength) and a card given to a partner's trick (points, then weak)."""
        found = self._keys.get(trump)
        if found is None:
            strength, points = self.strength, self.points
            span = max(strength) + 1
            cards = range(len(strength))
            found = (
                [(points[c] * 2 + (SUIT_OF[c] == trump)) * span + strength[c] for c in cards],
                [points[c] + strength[c] for c in cards],
                [points[c] * span + span - 1 - strength[c] for c in cards],
            )
            self._keys[trump] = found
        return found

    def legal(self, pos: Position, seat: int) -> list[Card]:
        """T3-11.13 on ints; the face-down indicator is listed as its card."""
        hand = pos.hands[seat]
        ind = pos.indicator if seat == self.trumper else None
        if ind is not None and not hand:
            return [ind]
        trump = pos.trump
        hidden = pos.closed and not pos.revealed
        trick = pos.trick
        if not trick:
            cards = hand
            if hidden and seat == self.trumper and pos.tricks_done == 0:
                cards = [c for c in hand if SUIT_OF[c] != trump] or hand
            if pos.exhausted and seat == self.trumper and not self.solo:
                cards = [c for c in hand if SUIT_OF[c] == trump] or cards
            return cards
        led = SUIT_OF[trick[0][1]]
        follow = [c for c in hand if SUIT_OF[c] == led]
        if follow:
            return follow
        if hidden and ind is not None and led != trump:
            return [*hand, ind]
        return hand

    def play(self, pos: Position, seat: int, card: Card) -> bool:
        """Play ``card`` for ``seat``; ``True`` when the hand is over."""
        hidden = pos.closed and not pos.revealed
        trick = pos.trick
        if card == pos.indicator and seat == self.trumper:
            pos.indicator = None
            if not pos.hands[seat]:
                pos.revealed = True  # ED-20: face up in the last trick
                hidden = False
            trick.append((seat, card, hidden, 1))
        else:
            pos.hands[seat].remove(card)
            down = bool(trick) and hidden and SUIT_OF[card] != SUIT_OF[trick[0][1]]
            trick.append((seat, card, down, 0))
        if len(trick) < self.per_trick:
            pos.turn = self.after[seat]
            return False
        return self.finish_trick(pos)

    def finish_trick(self, pos: Position) -> bool:
        trick = pos.trick
        trump = pos.trump
        strength = self.strength
        if not pos.revealed and any(p[2] and SUIT_OF[p[1]] == trump for p in trick):
            self.reveal(pos)  # T3-11.9(c)
        winner = trick[trick_winner_index([p[1] for p in trick], trump, strength)][0]
        team = winner % 2
        if not self.solo and exhausts_trumps(trick, self.trumper, trump):
            pos.exhausted = True  # ED-21
        points = self.points
        pos.points[team] += sum(points[p[1]] for p in trick)
        pos.winners.append(team)
        pos.tricks_done += 1
        pos.trick = []
        pos.turn = winner
        if (
            pos.tricks_done == 1
            and pos.closed
            and not pos.revealed
            and self.contract >= self.bid_250
        ):
            self.reveal(pos)  # T3-12.1
        if pos.tricks_done >= self.n_tricks:
            return True
        return self.end_early and self.solo and team != self.trumper % 2  # ED-24

    def reveal(self, pos: Position) -> None:
        pos.revealed = True
        if pos.indicator is not None:
            pos.hands[self.trumper].append(pos.indicator)
            pos.indicator = None

    def value(self, pos: Position, team: int) -> float:
        """T3-17 for ``team``: tokens won or paid on the contract, plus card points."""
        bidders = self.trumper % 2
        if self.solo:
            made = pos.tricks_done == self.n_tricks and all(t == bidders for t in pos.winners)
        else:
            made = pos.points[bidders] >= self.contract
        win, lose = self.band
        delta = float(win if made else -lose)
        margin = POINT_WEIGHT * (pos.points[bidders] - pos.points[1 - bidders]) / self.total
        return delta + margin if team == bidders else -delta - margin


class ThreeOFourWorlds:
    """What one seat knows during the card play, read from its view once."""

    def __init__(self, situation: Situation, inference: bool = True) -> None:
        view = situation.view
        options = situation.options
        assert isinstance(options, Options)
        players = situation.players
        layout = layout_for(players, options)
        self.seat = seat = situation.seat
        self.players = players
        to_act = view.get("to_act") or [seat]
        self.to_play: int = int(to_act[0])
        """The seat to play next: the seat itself on its turn, another one when it is
        asked off turn (a Caps call between two other seats' cards, ED-25)."""
        trumper: int = view["trumper"]
        sitting_out: list[int] = list(view["sitting_out"])
        self.rules = rules = Rules(
            layout,
            options,
            players,
            trumper,
            contract_value(view["contract"], options),
            sitting_out,
        )
        trump_text = view["trump"]
        self.trump: int | None = SUITS.index(trump_text) if trump_text else None
        hand = [parse_card(c) for c in view["hand"]]
        self.hand = hand
        played: list[list[Any]] = view["played"]
        self.history: list[tuple[int, Card | None, bool, int]] = [
            (
                s,
                parse_card(c) if c is not None else None,
                bool(down),
                1 if src == "indicator" else 0,
            )
            for s, c, down, src in played
        ]
        self.closed = view["mode"] == "closed"
        current = len(self.history) % rules.per_trick
        in_trick = self.history[len(self.history) - current :] if current else []
        self.revealed = not self.closed or not (
            view["indicator_on_table"] or any(p[2] and p[3] == 1 for p in in_trick)
        )
        own_indicator = view.get("indicator")
        self.indicator_down: bool = view["indicator_on_table"]
        self.own_indicator: Card | None = (
            parse_card(own_indicator) if isinstance(own_indicator, str) else None
        )
        self.sizes = sizes = [int(n) for n in view["cards_in_hand"]]
        self.layout = layout
        self.deck = layout.deck
        exposed: dict[int, list[Card]] = {
            int(s): [parse_card(c) for c in cards] for s, cards in view["exposed"].items()
        }
        self.known: dict[int, list[Card]] = {s: c for s, c in exposed.items() if s != seat}
        shown = view.get("revealed_indicator")
        self.revealed_indicator: Card | None = None
        if isinstance(shown, str) and trumper != seat:
            # Shown at the reveal and back in the trumper's hand until he plays it.
            shown_card = parse_card(shown)
            if all(p[1] != shown for p in played):
                self.revealed_indicator = shown_card
                known = self.known.setdefault(trumper, [])
                if shown_card not in known:
                    known.append(shown_card)
        seen = set(hand)
        if self.own_indicator is not None:
            seen.add(self.own_indicator)
        for cards in self.known.values():
            seen.update(cards)
        voids: list[set[int]] = [set() for _ in range(players)]
        # Hidden slots: (history index, led suit, resolved, from the indicator).
        self.slots: list[tuple[int, int, bool, bool]] = []
        self.not_trump: set[int] = set()
        """Suits of face-down cards seen in resolved tricks: none of them can be trump
        while trump is hidden (a face-down trump is turned and reveals it, T3-11.9)."""
        per = rules.per_trick
        complete = len(self.history) - current
        for i, (s, card, down, src) in enumerate(self.history):
            lead_card = self.history[i - i % per][1]
            assert lead_card is not None  # leads are face up
            led = SUIT_OF[lead_card]
            if card is not None:
                seen.add(card)
                if down and i < complete:
                    # Its trick was resolved without a reveal, or trump is known.
                    self.not_trump.add(SUIT_OF[card])
                if i % per and src == 0 and SUIT_OF[card] != led:
                    voids[s].add(led)
            else:
                if src == 0:
                    voids[s].add(led)  # played face down: could not follow (T3-11.2)
                self.slots.append((i, led, i < complete, src == 1))
        self.unseen = [c for c in layout.deck if c not in seen]
        self.zones: list[Zone] = []
        for s in range(players):
            if s == seat:
                continue
            size = sizes[s] - len(self.known.get(s, ()))
            if size:
                self.zones.append(Zone(f"hand{s}", size, voids[s] if s in rules.active else set()))
        self.indicator_slot = self.indicator_down and seat != trumper
        self._pool: list[Card] | None = None
        self.bad_trumps: set[int] = set()
        """Trump suits that admitted no deal (for this decision's later samples)."""
        self.evidence = self._evidence(trumper, layout) if inference else []
        if rules.contract == HALF_COURT:
            # T3V-4: the second batches were never dealt; they lie unseen in the stock.
            placed = sum(z.size for z in self.zones) + len(self.slots) + self.indicator_slot
            if len(self.unseen) > placed:
                self.zones.append(Zone("stock", len(self.unseen) - placed))

    def _evidence(self, trumper: int, layout: Layout) -> list[Evidence]:
        """The trumper bid the contract (T3-6): the higher it, the more Jacks and 9s he
        is expected to have been dealt (``CONTRACT_STEP`` per card above the average)."""
        zone = f"hand{trumper}"
        if trumper == self.seat or not any(z.name == zone for z in self.zones):
            return []
        contract = self.rules.contract
        if contract in (PCC, HALF_COURT) or contract <= 0:
            return []
        top = max(layout.strength[c] for c in layout.deck)
        # the top two ranks of 304's order (T3-4: J and 9)
        power = tuple(
            1 if c in set(layout.deck) and layout.strength[c] >= top - 1 else 0 for c in range(53)
        )
        known = [c for s, c, _, _ in self.history if s == trumper and c is not None]
        known += self.known.get(trumper, [])
        dealt = next(z.size for z in self.zones if z.name == zone) + len(known)
        strong = sum(power[c] for c in layout.deck)
        average = strong * dealt / len(layout.deck)
        expected = average + max(0, contract - layout.bid_200 + 40) / CONTRACT_STEP
        return [Evidence(zone, bid_weight(power, known, expected))]

    def _indicator_pool(self) -> list[Card]:
        """The unseen cards that may be the face-down indicator (or name the unknown
        trump): none of a suit shown not to be trump; and if exactly one unseen card
        fits nowhere else (every hand void in its suit, every face-down slot refusing
        it whatever the trump), that card."""
        pool = [c for c in self.unseen if SUIT_OF[c] not in self.not_trump]
        if self.trump is not None:
            pool = [c for c in pool if SUIT_OF[c] == self.trump]
        if not self.indicator_slot:
            return pool
        hands = [z for z in self.zones if not z.name.startswith("slot")]
        homeless = [
            c
            for c in self.unseen
            if not any(z.accepts(c) for z in hands)
            and all(led == SUIT_OF[c] for _, led, _, _ in self.slots)
        ]
        if len(homeless) == 1:
            return homeless
        return pool

    def sample(self, rng: random.Random) -> Position:
        """A world: trump (when the seat does not know it) through the indicator, then
        every other unseen card to its slot; a trump that admits no deal is dropped for
        this decision and another drawn."""
        known_trump = self.trump
        if known_trump is not None and not self.indicator_slot:
            dealt = deal_likely(self.unseen, self._zones(known_trump), rng, self.evidence)
            return self._position(dealt, None, known_trump)
        pool = self._pool
        if pool is None:
            pool = self._pool = self._indicator_pool()
        for _ in range(8):
            choices = [c for c in pool if SUIT_OF[c] not in self.bad_trumps]
            if not choices:
                break
            pick = choices[int(rng.random() * len(choices))]
            trump = SUIT_OF[pick]
            indicator = pick if self.indicator_slot else None
            cards = [c for c in self.unseen if c != indicator]
            try:
                dealt = deal_likely(cards, self._zones(trump), rng, self.evidence)
            except NoConsistentDeal:
                self.bad_trumps.add(trump)
                continue
            return self._position(dealt, indicator, trump)
        raise NoConsistentDeal("no trump suit agrees with the face-down record")

    def _zones(self, trump: int) -> list[Zone]:
        zones = list(self.zones)
        for i, led, resolved, from_indicator in self.slots:
            if from_indicator:
                void = set(ALL_BUT[trump])
            elif resolved:
                void = {led, trump}
            else:
                void = {led}
            zones.append(Zone(f"slot{i}", 1, void))
        return zones

    def _position(
        self, dealt: dict[str, list[Card]], indicator: Card | None, trump: int
    ) -> Position:
        rules = self.rules
        hands: list[list[Card]] = []
        for s in range(self.players):
            if s == self.seat:
                hands.append(list(self.hand))
            else:
                hands.append(list(self.known.get(s, ())) + dealt.get(f"hand{s}", []))
        if not self.indicator_down:
            indicator = None
        elif self.seat == rules.trumper:
            indicator = self.own_indicator
        history: list[Play] = []
        for i, (s, card, down, src) in enumerate(self.history):
            if card is None:
                card = dealt[f"slot{i}"][0]
            history.append((s, card, down, src))
        per = rules.per_trick
        current = len(history) % per
        done = len(history) - current
        points = [0, 0]
        winners: list[int] = []
        exhausted = False
        strength = rules.strength
        card_points = rules.points
        for start in range(0, done, per):
            trick = history[start : start + per]
            best = trick[trick_winner_index([p[1] for p in trick], trump, strength)]
            team = best[0] % 2
            winners.append(team)
            points[team] += sum(card_points[p[1]] for p in trick)
            if not rules.solo and exhausts_trumps(trick, rules.trumper, trump):
                exhausted = True
        trick = history[done:]
        return Position(
            hands,
            indicator,
            trump,
            self.revealed,
            self.closed,
            trick,
            done // per,
            points,
            winners,
            exhausted,
            self.to_play,
        )


# -- the rollout ------------------------------------------------------------------------------


def rollout(
    rules: Rules, world: Position, first: Card, seat: int, team: int, rng: random.Random
) -> float:
    """Play ``first`` for ``seat`` in a copy of ``world``, then the rest of the hand with
    the rollout policy; the hand's value for ``team``."""
    pos = world.copy()
    if not rules.play(pos, seat, first):
        play_out(rules, pos, rng)
    return rules.value(pos, team)


def others_top(
    hands: list[list[Card]], active: list[int], seat: int, strength: tuple[int, ...]
) -> list[int]:
    """Per suit, the strength of the best card the other playing seats hold (-1: none)."""
    top = [-1, -1, -1, -1]
    for s in active:
        if s != seat:
            for c in hands[s]:
                if strength[c] > top[SUIT_OF[c]]:
                    top[SUIT_OF[c]] = strength[c]
    return top


def choose_card(rules: Rules, pos: Position, seat: int, cards: list[Card], trump: int) -> Card:
    """The rollout policy (``trump`` is -1 for a seat that does not know it): lead a card
    no one can beat, else the cheapest; follow: give points to a partner's sure trick, else
    win as cheaply as is sure, else throw the cheapest."""
    strength = rules.strength
    points = rules.points
    top = others_top(pos.hands, rules.active, seat, strength)
    ind = pos.indicator
    if ind is not None and seat != rules.trumper and strength[ind] > top[SUIT_OF[ind]]:
        top[SUIT_OF[ind]] = strength[ind]
    trick = pos.trick
    if not trick:
        if trump >= 0 and top[trump] >= 0:
            for c in cards:
                if SUIT_OF[c] == trump and strength[c] > top[trump]:
                    return c  # draw trumps with the boss trump
        bosses = [c for c in cards if SUIT_OF[c] != trump and strength[c] > top[SUIT_OF[c]]]
        if bosses:
            return max(bosses, key=lambda c: points[c] + strength[c])
        return cheapest(cards, trump, points, strength)
    led = SUIT_OF[trick[0][1]]
    win_seat, win_card = trick[0][0], trick[0][1]
    for s, c, down, _ in trick[1:]:
        if down and trump < 0:
            continue  # a face-down card: unknown to a seat that does not know trump
        if beats(c, win_card, led, trump, strength):
            win_seat, win_card = s, c
    last = len(trick) == rules.per_trick - 1
    if win_seat % 2 == seat % 2 and (last or sure(win_card, top, trump, led, strength)):
        side = [c for c in cards if SUIT_OF[c] != trump] or cards
        return max(side, key=lambda c: (points[c], -strength[c]))
    winning = [c for c in cards if beats(c, win_card, led, trump, strength)]
    if winning:
        if not last:
            safe = [c for c in winning if sure(c, top, trump, led, strength)]
            if safe:
                return cheapest(safe, trump, points, strength)
        return cheapest(winning, trump, points, strength)
    return cheapest(cards, trump, points, strength)


def exhausts_trumps(trick: Sequence[tuple[int, Card, bool, int]], trumper: int, trump: int) -> bool:
    """ED-21: the trumper led a trump and nobody else played one."""
    return (
        trick[0][0] == trumper
        and SUIT_OF[trick[0][1]] == trump
        and all(SUIT_OF[p[1]] != trump for p in trick[1:])
    )


def beats(card: Card, best: Card, led: int, trump: int, strength: tuple[int, ...]) -> bool:
    suit = SUIT_OF[card]
    if suit == trump:
        return SUIT_OF[best] != trump or strength[card] > strength[best]
    return suit == led and SUIT_OF[best] != trump and strength[card] > strength[best]


def sure(card: Card, top: list[int], trump: int, led: int, strength: tuple[int, ...]) -> bool:
    """No other hand holds a card that could beat ``card`` here (optimistic: ignores who
    has still to play)."""
    suit = SUIT_OF[card]
    if suit == trump:
        return strength[card] > top[suit]
    if trump >= 0 and top[trump] >= 0:
        return False
    return suit == led and strength[card] > top[suit]


def cheapest(
    cards: list[Card], trump: int, points: tuple[int, ...], strength: tuple[int, ...]
) -> Card:
    """The card losing least: few points, not a trump, weak."""
    return min(cards, key=lambda c: (points[c], SUIT_OF[c] == trump, strength[c]))


# -- bids and the trump by simulation of the hand -------------------------------------------

BID_MARGIN = 0.25
"""Tokens a bid must be expected to win before it is made (passing costs nothing, and lets
an overbidding opponent fail)."""
BID_CHECKS: tuple[float, ...] = (0.25, 0.5)
"""Shares of a bid's worlds after which the search looks whether the choice is already
clear (then it stops; else it plays on, the worlds a full search plays)."""
CARD_CHECKS: tuple[float, ...] = (0.25, 0.5)
"""Shares of a card decision's worlds after which cards clearly behind stop being played
out, and the search stops if the leader is clear (``players.search.narrowing``)."""
CARD_TOLERANCE = 0.02
"""Expected tokens by which a card left may beat the leader when the search stops early
(a fiftieth of a token: 12 card points of the margin's tie-break, ``POINT_WEIGHT``)."""
EXACT_CHECKS: tuple[int, ...] = (12,)
"""Solved worlds after which the exact end (``three_o_four_exact``) stops if one card is
already clearly best (its budget of solver states buys about 17 worlds; a look after 8
cost 0.0086 tokens a card decision against the full search, max 1.24, after 12 0.0045)."""
BID_SURE_Z = 2.0
"""Standard errors by which a bid's expected tokens must clear passing and the other
bids for the choice to count as clear before all the worlds are played."""


class HandSimulator:
    """Deals the unseen cards around the seat's own and plays whole hands out (open trump,
    the seat as trumper) with the rollout policy: the card points the seat's team takes."""

    def __init__(self, situation: Situation) -> None:
        view = situation.view
        options = situation.options
        assert isinstance(options, Options)
        self.options = options
        self.players = players = situation.players
        self.layout = layout = layout_for(players, options)
        self.seat = situation.seat
        hand = [parse_card(c) for c in view["hand"]]
        own_indicator = view.get("indicator")
        if isinstance(own_indicator, str):
            hand.append(parse_card(own_indicator))
        self.hand = hand
        self.unseen = [c for c in layout.deck if c not in set(hand)]
        self.size = layout.hand_size
        self.first_leader = (int(view["dealer"]) + 1) % players

    def best_suit(self) -> int:
        """The suit the seat would name: longest, then strongest (first batch if that is
        all it holds)."""
        strength = self.layout.strength

        def weight(suit: int) -> tuple[int, int]:
            cards = [c for c in self.hand if SUIT_OF[c] == suit]
            return len(cards), sum(strength[c] for c in cards)

        return max(sorted({SUIT_OF[c] for c in self.hand}), key=weight)

    def points(
        self, trumps: list[int], rng: random.Random, rollouts: int, deadline: float | None
    ) -> list[list[int]]:
        """Per trump suit tried, the team's card points in each world (every suit on the
        same worlds; stops at ``deadline``, keeping only complete worlds)."""
        out: list[list[int]] = [[] for _ in trumps]
        rules = Rules(self.layout, self.options, self.players, self.seat, 0, [])
        team = self.seat % 2
        clock = work_clock
        for _ in range(max(1, rollouts // len(trumps))):
            cards = list(self.unseen)
            shuffle(cards, rng)
            hands: list[list[Card]] = []
            start = 0
            for s in range(self.players):
                if s == self.seat:
                    hands.append(self.hand + cards[start : start + self.size - len(self.hand)])
                    start += self.size - len(self.hand)
                else:
                    hands.append(cards[start : start + self.size])
                    start += self.size
            seed = rng.getrandbits(64)
            results = []
            for trump in trumps:
                pos = Position(
                    [list(h) for h in hands],
                    None,
                    trump,
                    True,
                    False,
                    [],
                    0,
                    [0, 0],
                    [],
                    False,
                    self.first_leader,
                )
                play_out(rules, pos, random.Random(seed))
                results.append(pos.points[team])
                if deadline is not None and clock() > deadline:
                    return out
            for i, value in enumerate(results):
                out[i].append(value)
        return out


def play_out(rules: Rules, pos: Position, rng: random.Random) -> None:
    """The rest of the hand in ``pos`` with the rollout policy."""
    if pos.revealed and pos.indicator is None and not rules.solo:
        play_out_open(rules, pos, rng)
    else:
        play_out_by_rules(rules, pos, rng)


def play_out_by_rules(rules: Rules, pos: Position, rng: random.Random) -> None:
    """``play_out`` through ``Rules`` and ``choose_card``: any position (trump face down,
    the indicator on the table, a lone trumper)."""
    random_ = rng.random
    trumper = rules.trumper
    over = False
    while not over:
        seat = pos.turn
        legal = rules.legal(pos, seat)
        if len(legal) == 1:
            card = legal[0]
        elif random_() < EPSILON:
            card = legal[int(random_() * len(legal))]
        else:
            knows = seat == trumper or pos.revealed
            card = choose_card(rules, pos, seat, legal, pos.trump if knows else -1)
        over = rules.play(pos, seat, card)


def play_out_open(rules: Rules, pos: Position, rng: random.Random) -> None:
    """``play_out`` once trump is open, the indicator in hand and every seat playing: the
    same cards and the same draws from ``rng``, with the rules and the policy inline.

    Every simulated bid is played out so (and most card play after the reveal): with
    nothing face down, every seat knows trump, nothing is hidden and no trick reveals,
    so ``Rules.legal``, ``Rules.play`` and ``choose_card`` reduce to this loop. The
    trick's winner is kept as the cards fall, and the others' top cards are read only
    when the policy asks (a seat last to a trick never does).
    """
    random_ = rng.random
    strength = rules.strength
    points = rules.points
    cheap, boss, side_key = rules.keys(pos.trump)
    trumper = rules.trumper
    per_trick = rules.per_trick
    after = rules.after
    active = rules.active
    n_tricks = rules.n_tricks
    trump = pos.trump
    hands = pos.hands
    trick = pos.trick  # read once: the cards played later are counted, not listed
    exhausted = pos.exhausted
    tricks_done = pos.tricks_done
    turn = pos.turn
    win_seat = win_card = led = -1
    played = len(trick)
    taken = 0  # the trick's card points so far
    trumped = False  # a trump played after the lead (ED-21)
    leader = -1
    if trick:
        led = SUIT_OF[trick[0][1]]
        leader = win_seat = trick[0][0]
        win_card = trick[0][1]
        taken = points[win_card]
        for s, c, _, _ in trick[1:]:
            taken += points[c]
            trumped = trumped or SUIT_OF[c] == trump
            if beats(c, win_card, led, trump, strength):
                win_seat, win_card = s, c
    while True:
        seat = turn
        hand = hands[seat]
        if played:
            legal = [c for c in hand if SUIT_OF[c] == led] or hand
        elif exhausted and seat == trumper:
            legal = [c for c in hand if SUIT_OF[c] == trump] or hand
        else:
            legal = hand
        if len(legal) == 1:
            card = legal[0]
        elif random_() < EPSILON:
            card = legal[int(random_() * len(legal))]
        elif not played:
            top = others_top(hands, active, seat, strength)
            card = -1
            top_trump = top[trump]
            if top_trump >= 0:
                for c in legal:
                    if SUIT_OF[c] == trump and strength[c] > top_trump:
                        card = c
                        break
            if card < 0:
                bosses = [c for c in legal if SUIT_OF[c] != trump and strength[c] > top[SUIT_OF[c]]]
                if bosses:
                    card = max(bosses, key=boss.__getitem__)
                else:
                    card = min(legal, key=cheap.__getitem__)
        else:
            last = played == per_trick - 1
            win_trump = SUIT_OF[win_card] == trump
            best = strength[win_card]
            # give points to a partner's trick that is sure (``choose_card``'s ``sure``)
            give = win_seat % 2 == seat % 2
            top = None
            if give and not last:
                top = others_top(hands, active, seat, strength)
                if win_trump:
                    give = best > top[trump]
                else:
                    give = top[trump] < 0 and SUIT_OF[win_card] == led and best > top[led]
            if give:
                side = [c for c in legal if SUIT_OF[c] != trump] or legal
                card = max(side, key=side_key.__getitem__)
            else:
                if win_trump:
                    winning = [c for c in legal if SUIT_OF[c] == trump and strength[c] > best]
                else:
                    winning = [
                        c
                        for c in legal
                        if SUIT_OF[c] == trump or (SUIT_OF[c] == led and strength[c] > best)
                    ]
                if winning:
                    card = -1
                    if not last:
                        if top is None:
                            top = others_top(hands, active, seat, strength)
                        top_trump = top[trump]
                        safe = [
                            c
                            for c in winning
                            if (
                                strength[c] > top_trump
                                if SUIT_OF[c] == trump
                                else top_trump < 0 and SUIT_OF[c] == led and strength[c] > top[led]
                            )
                        ]
                        if safe:
                            card = min(safe, key=cheap.__getitem__)
                    if card < 0:
                        card = min(winning, key=cheap.__getitem__)
                else:
                    card = min(legal, key=cheap.__getitem__)
        hand.remove(card)
        played += 1
        taken += points[card]
        suit = SUIT_OF[card]
        if played == 1:
            led = suit
            leader = win_seat = seat
            win_card = card
        elif suit == trump:  # ``beats``, inline: this runs for every simulated card
            trumped = True
            if SUIT_OF[win_card] != trump or strength[card] > strength[win_card]:
                win_seat, win_card = seat, card
        elif suit == led and SUIT_OF[win_card] != trump and strength[card] > strength[win_card]:
            win_seat, win_card = seat, card
        if played < per_trick:
            turn = after[seat]
            continue
        team = win_seat % 2
        if leader == trumper and led == trump and not trumped:
            exhausted = True  # ED-21
        pos.points[team] += taken
        pos.winners.append(team)
        tricks_done += 1
        played = taken = 0
        trumped = False
        turn = win_seat
        if tricks_done >= n_tricks:
            break
    pos.trick = []  # the hand ends with a trick
    pos.exhausted = exhausted
    pos.tricks_done = tricks_done
    pos.turn = turn


def expected_tokens(points: list[int], contract: int, layout: Layout, options: Options) -> float:
    """T3-17: the mean tokens a contract of ``contract`` wins on these card-point counts."""
    win, lose = band(contract, layout, (options.half_court_win, options.half_court_lose))
    if not points:
        return 0.0
    made = sum(1 for p in points if p >= contract)
    return (made * win - (len(points) - made) * lose) / len(points)


def token_interval(
    points: list[int], contract: int, layout: Layout, options: Options
) -> tuple[float, float]:
    """The mean tokens of ``expected_tokens`` and ``BID_SURE_Z`` standard errors of it (the
    made share shrunk towards a half, so a run of only made or only failed worlds is
    not taken as certain)."""
    win, lose = band(contract, layout, (options.half_court_win, options.half_court_lose))
    n = len(points)
    made = (sum(1 for p in points if p >= contract) + 1) / (n + 2)
    error = (win + lose) * (made * (1 - made) / n) ** 0.5
    return expected_tokens(points, contract, layout, options), BID_SURE_Z * error


def bid_choice(
    found: list[list[int]],
    candidates: list[tuple[int, Action]],
    stay_at: int | None,
    may_pass: bool,
    layout: Layout,
    options: Options,
) -> tuple[int | None, bool]:
    """The candidate bid to make (``None``: pass) on the worlds ``found`` (the seat's
    suit first, then the held trump's), and whether that choice is clear: apart by
    ``BID_SURE_Z`` standard errors from passing and from every other candidate."""
    bids = [token_interval(found[0], value, layout, options) for value, _ in candidates]
    best = max(range(len(bids)), key=lambda i: (bids[i][0], -i))
    mean, spread = bids[best]
    apart = all(mean - spread > m + s for i, (m, s) in enumerate(bids) if i != best)
    if not may_pass:
        return best, apart
    stay, stay_spread = 0.0, 0.0
    if stay_at is not None:
        stay, stay_spread = token_interval(found[1], stay_at, layout, options)
    bar = stay + BID_MARGIN
    if mean > bar:
        return best, apart and mean - spread > bar + stay_spread
    return None, all(m + s < bar - stay_spread for m, s in bids)


# -- the player -------------------------------------------------------------------------------


class ThreeOFourSearch:
    """The search level for 304: card play searched; Caps called when certain on the
    seat's knowledge; bids by simulation; the rest (cut, mode) by the heuristic."""

    level = "expert"
    blocking = True
    bid_checks: tuple[float, ...] = BID_CHECKS
    card_checks: tuple[float, ...] = CARD_CHECKS
    card_tolerance = CARD_TOLERANCE
    exact_checks: tuple[int, ...] = EXACT_CHECKS

    def __init__(self, fallback: ComputerPlayer, budget: SearchBudget | None = None) -> None:
        self.fallback = fallback
        self.budget = budget or SearchBudget()
        self.last = SearchStats()

    def choose(self, situation: Situation) -> Action:
        start = work_clock()
        self.last = stats = SearchStats()
        legal = situation.legal
        phase = situation.phase
        if phase in ("bidding", "second_bidding") and any(a.kind == "bid" for a in legal):
            return self._bid(situation, start)
        if phase == "trump" and len(legal) > 1:
            return self._trump(situation, start)
        if phase != "play":
            return self.fallback.choose(situation)
        marriages = [a for a in legal if a.kind == "marriage"]
        if marriages:
            return marriages[0]  # T3V-9: a declared marriage only ever helps
        plays = [a for a in legal if a.kind in ("play", "indicator")]
        if not plays:
            return self.fallback.choose(situation)
        rng = random.Random(situation.rng.getrandbits(64))
        worlds: ThreeOFourWorlds | None = None
        try:
            worlds = ThreeOFourWorlds(situation, self.budget.inference)
            if any(a.kind == "caps" for a in legal):
                call = self.caps(situation, worlds, rng)
                if call is not None:
                    return call
            if len(plays) == 1:
                return plays[0]
            cards = [
                worlds.own_indicator if a.kind == "indicator" else A.PLAY_CARD[a.value]
                for a in plays
            ]
            scores = self._search(situation, worlds, cards, rng, start, stats)
        except NoConsistentDeal as exc:
            log.error("304 search found no world (%s); heuristic moves", exc)
            scores = None
        stats.seconds = work_clock() - start
        if not scores:
            return self.fallback.choose(situation)
        if worlds is None:
            return plays[max(range(len(plays)), key=lambda i: (scores[i], -i))]
        takes, sure = self._partner_trick(situation, worlds, cards, rng)
        sure_proven = proven(stats.exact, stats.worlds)
        return plays[keep_partner_trick(scores, takes, sure, sure_proven, PARTNER_VETO.margin)]

    @staticmethod
    def _partner_trick(
        situation: Situation,
        worlds: ThreeOFourWorlds,
        cards: list[Card | None],
        rng: random.Random,
    ) -> tuple[list[bool], Callable[[], bool]]:
        """Per card whether it takes over a partner's winning trick, and whether that
        trick is sure (``partner_sense``: from shown voids, else in drawn worlds), judged
        only while the seat knows the trump and sees every card of the trick."""
        no = [False] * len(cards)
        trump = suit_index(situation.view.get("trump"))
        trick = read_trick(situation.view)
        if trump is None or any(c is None for _, c in trick):
            return no, lambda: False
        open_trick = [(s, c) for s, c in trick if c is not None]
        rules = worlds.rules
        strength = rules.strength
        if not partner_winning(open_trick, trump, strength, situation.is_partner):
            return no, lambda: False
        takes = [c is not None and takes_over(open_trick, c, trump, strength) for c in cards]
        seat, players = situation.seat, situation.players

        def after(s: int) -> int:
            return rules.after.get(s, s)

        def sure() -> bool:
            voids = {z.name: z.void for z in worlds.zones}
            unseen = list(worlds.unseen)
            for known in worlds.known.values():
                unseen += known  # a Caps caller's exposed cards may still beat it
            return judged_sure(
                open_trick, trump, strength, seat, players, situation.is_partner, unseen,
                lambda s: voids.get(f"hand{s}", set()), lambda draw: worlds.sample(draw).hands,
                rng, after, share=PARTNER_VETO.share,
            )  # fmt: skip

        return takes, sure

    def off_turn(self, situation: Situation) -> Action | None:
        """Off turn (ED-25): a marriage when offered, Caps exactly when certain (the duty
        of T3-16.4 holds between two other seats' cards too), a spoilt claim when
        proven (``three_o_four_calls``)."""
        from players.three_o_four_calls import optional_call

        return optional_call(situation, random.Random(situation.rng.getrandbits(64)))

    @staticmethod
    def caps(situation: Situation, worlds: ThreeOFourWorlds, rng: random.Random) -> Action | None:
        """T3-16.4: call Caps as soon as the seat is certain (ED-27), stating the winning
        order (ED-29); a missed duty and an early call are both Wrong Caps. Never once the
        team has lost a trick (ED-27 (1)): ``certain_order`` judges the remaining tricks
        only, and the engine accepts the call then, as Wrong Caps (T3-16.7(d))."""
        from players.search.three_o_four_caps import certain_order
        from players.three_o_four_calls import lost_a_trick

        if lost_a_trick(situation):
            return None

        order = certain_order(worlds, random.Random(rng.getrandbits(64)))
        if order is None:
            return None
        options = situation.options
        assert isinstance(options, Options)
        return A.caps_action(order) if options.caps_order_required else A.CAPS_ANY_ORDER

    def _deadline(self, start: float) -> float | None:
        cap = self.budget.time_cap_ms
        return start + cap / 1000.0 if cap > 0 else None

    def _bid(self, situation: Situation, start: float) -> Action:
        """Bid the most promising of the lowest bids of each band (T3-17.4) if the hand,
        played out with the seat as trumper, is expected to win tokens; else pass."""
        legal = situation.legal
        options = situation.options
        assert isinstance(options, Options)
        layout = layout_for(situation.players, options)
        passes = [a for a in legal if a.kind == "pass"]
        numeric = sorted(
            (A.bid_value(a), a) for a in legal if a.kind == "bid" and a.value.isdigit()
        )
        if not numeric:
            return passes[0] if passes else self.fallback.choose(situation)
        candidates = [numeric[0]]
        for floor in (layout.bid_200, layout.bid_250):
            higher = [b for b in numeric if b[0] >= floor]
            if higher and higher[0] not in candidates:
                candidates.append(higher[0])
        rng = random.Random(situation.rng.getrandbits(64))
        sim = HandSimulator(situation)
        view = situation.view
        trump = sim.best_suit()
        suits = [trump]
        current = view.get("trump")
        holding = view.get("trumper") == situation.seat and isinstance(current, str)
        if holding:
            suits.append(SUITS.index(current))
        total = max(1, self.budget.rollouts // len(suits))
        deadline = self._deadline(start)
        stay_at = contract_value(view["contract"], options) if holding else None
        found: list[list[int]] = [[] for _ in suits]
        chosen: int | None = None
        for share in (*self.bid_checks, 1.0):
            upto = max(1, int(total * share))
            if upto <= len(found[0]):
                continue
            # Each look plays on the worlds a full search draws next (the generator runs
            # on), so a choice not clear early is the full search's.
            more = sim.points(suits, rng, (upto - len(found[0])) * len(suits), deadline)
            for have, extra in zip(found, more, strict=True):
                have.extend(extra)
            if not found[0]:
                return self.fallback.choose(situation)
            chosen, clear = bid_choice(found, candidates, stay_at, bool(passes), layout, options)
            if clear or len(found[0]) < upto:
                break
        self.last.rollouts = len(found[0]) * len(suits)
        self.last.worlds = len(found[0])
        return passes[0] if chosen is None else candidates[chosen][1]

    def _trump(self, situation: Situation, start: float) -> Action:
        """Name the suit whose hand, played out, wins the contract most (then the most
        card points); put down its cheapest card."""
        options = situation.options
        assert isinstance(options, Options)
        contract = contract_value(situation.view["contract"], options)
        if contract in (PCC, HALF_COURT):
            return self.fallback.choose(situation)
        layout = layout_for(situation.players, options)
        choices = {A.PLAY_CARD[a.value]: a for a in situation.legal if a.kind == "trump"}
        suits = sorted({SUIT_OF[c] for c in choices})
        if len(suits) < 2:
            return self.fallback.choose(situation)
        sim = HandSimulator(situation)
        rng = random.Random(situation.rng.getrandbits(64))
        found = sim.points(suits, rng, self.budget.rollouts, self._deadline(start))
        if not found[0]:
            return self.fallback.choose(situation)
        self.last.worlds = len(found[0])
        self.last.rollouts = len(found[0]) * len(suits)

        def score(i: int) -> tuple[float, float]:
            pts = found[i]
            return expected_tokens(pts, contract, layout, options), sum(pts) / len(pts)

        suit = suits[max(range(len(suits)), key=score)]
        points, strength = layout.points, layout.strength
        card = min(
            (c for c in choices if SUIT_OF[c] == suit), key=lambda c: (points[c], strength[c])
        )
        return choices[card]

    def _search(
        self,
        situation: Situation,
        worlds: ThreeOFourWorlds,
        cards: list[Card | None],
        rng: random.Random,
        start: float,
        stats: SearchStats,
    ) -> list[float] | None:
        cap = self.budget.time_cap_ms / 1000.0 if self.budget.time_cap_ms > 0 else None
        team = situation.seat % 2
        seat = situation.seat
        rules = worlds.rules
        known = [c for c in cards if c is not None]
        tricks_left = -(
            -(sum(worlds.sizes) + len(worlds.history) % rules.per_trick) // rules.per_trick
        )
        if (
            len(known) == len(cards)
            and worlds.revealed
            and not worlds.indicator_down
            and (tricks_left <= EXACT_TRICKS)
        ):
            # (imported here: it builds on this module's Rules and Position)
            from players.search.three_o_four_exact import exact_scores

            exact = exact_scores(
                rules, worlds.sample, known, seat, team, self.budget, rng, start, cap, stats,
                self.exact_checks, self.card_tolerance,
            )  # fmt: skip
            if exact is not None:
                return exact
        rounds = max(1, self.budget.rollouts // len(cards))

        def score(world: Any, i: int, playout_rng: random.Random) -> float:
            card = cards[i]
            assert card is not None
            return rollout(rules, world, card, seat, team, playout_rng)

        narrowing = None
        if self.card_checks:
            narrowing = Narrowing(len(cards), rounds, self.card_checks, self.card_tolerance)
        return mean_over_worlds(
            worlds.sample, score, len(cards), rounds, rng, start, cap, stats,
            narrowing=narrowing,
        )  # fmt: skip


__all__ = ["ThreeOFourSearch", "ThreeOFourWorlds", "rollout"]


def three_o_four_search(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The plugin factory of 304's ``search`` level (the heuristic as fallback)."""
    return ThreeOFourSearch(TrickHeuristic(game), budget)
