"""The exact rest of a hand's card play on a light state: known hands, the open trick, who
plays next and the trump; nothing else of the engine. The search players solve each
sampled world with it once few enough cards are left (issue 35: exact solving at the end
instead of rollouts); ``players.endgame`` answers the same question through the engine's
own contract at ~200 µs a state, this at a few µs.

A game is described by ``TrickRules``: the seats in play order, the team of each seat, the
rank order and card points of its rules module, what a trick and the last trick are worth
beyond their cards, and its follow rule (a function from the rules layer:
``rules.thunee.cardplay.legal_cards`` for TH-21, plain following for NG-10 and T3-11, with
304's ED-21 exhausted trumps as a flag of the state).

The value minimized and maximized is a ``Score`` of what each seat wins from here on (its
tally: card points plus trick and last-trick values, per seat; then a game's own counters,
``TrickRules.on_trick``), for one team; by default
the team's tally minus the others'. A search player passes its own scoring of the hand
(balls, tokens, contracts made) so the solved value is the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.cards import Card
from rules.tricks import SUIT_OF, follow_suit_options, trick_winner_index

Hands = tuple[tuple[Card, ...], ...]
OnTrick = Callable[[Hands, int, tuple[int, ...]], tuple[int, ...]]
"""(the hands after a trick, its winner, the tallies with it counted) -> the tallies: a
game's effect of winning a trick beyond its cards (Thunee's Jodis declared on a team's
first or third trick, TH-14.3), kept in ``TrickRules.extra`` slots after the seats'."""
LegalCards = Callable[[Sequence[Card], Sequence[Card], int | None, Sequence[int]], list[Card]]
Score = Callable[[tuple[int, ...], int], float]
"""(what each seat won from the solved state on, indexed by seat; the seat that won the
hand's last trick) -> value for the team."""


def follow_suit(
    hand: Sequence[Card], trick: Sequence[Card], trump: int | None, strength: Sequence[int]
) -> list[Card]:
    """Follow the suit led when able, else any card (NG-10.2, T3-11 once trump is open)."""
    return follow_suit_options(hand, SUIT_OF[trick[0]] if trick else None)


@dataclass(frozen=True, slots=True)
class TrickRules:
    """The fixed facts of one hand's card play."""

    seats: tuple[int, ...]
    """The seats that play, in play order."""
    team_of: tuple[int, ...]
    """Team index of each seat (indexed by seat)."""
    strength: tuple[int, ...]
    points: tuple[int, ...]
    """Card points (indexed by card int); zeros where cards carry none."""
    legal: LegalCards = follow_suit
    trick_value: int = 0
    """Tally for winning a trick beyond its cards (1 where the tally counts tricks)."""
    last_trick: int = 0
    """Tally for winning the hand's last trick (Thunee's 10, TH-24.1)."""
    extra: int = 0
    """Tally slots after the seats' that ``on_trick`` keeps (a game's own counters)."""
    on_trick: OnTrick | None = None
    exhausting: int | None = None
    """304 (ED-21): this seat (the trumper) led a trump nobody else could follow with a
    trump; from then on it leads trumps while it holds any."""


@dataclass(frozen=True, slots=True)
class TrickState:
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards (indexed by seat; empty for a seat that does not play)."""
    trick: tuple[tuple[int, Card], ...]
    """The open trick: (seat, card) in play order."""
    turn: int
    trump: int | None
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class TrickSolution:
    seat: int
    team: int
    value: float
    """The team's value under best play by every seat."""
    moves: dict[Card, float]
    """Each legal card of ``seat`` -> the team's value after it and best play since."""
    nodes: int

    def best(self) -> list[Card]:
        return [c for c, v in self.moves.items() if v == self.value]


class TooManyNodes(Exception):
    """The solve passed its node budget (the caller falls back to sampling)."""


_EXACT, _LOWER, _UPPER = 0, 1, 2
_INF = float("inf")


class TrickSolver:
    """Alpha-beta minimax over ``TrickState``s for one team, with a transposition table
    (two orders of play reaching the same cards, trick and tallies are searched once)."""

    def __init__(
        self,
        rules: TrickRules,
        team: int,
        score: Score | None = None,
        max_nodes: int = 1 << 30,
    ) -> None:
        self.rules = rules
        self.team = team
        self.score = score or self._difference
        self.max_nodes = max_nodes
        self.nodes = 0
        seats = rules.seats
        self.after = {s: seats[(i + 1) % len(seats)] for i, s in enumerate(seats)}
        self.per_trick = len(seats)
        self.table: dict[object, tuple[int, float]] = {}

    def _difference(self, won: tuple[int, ...], last: int) -> float:
        team_of, team = self.rules.team_of, self.team
        return float(sum(won[s] if team_of[s] == team else -won[s] for s in range(len(team_of))))

    def legal(self, state: TrickState) -> list[Card]:
        rules = self.rules
        seat = state.turn
        hand = state.hands[seat]
        if not state.trick:
            if state.exhausted and seat == rules.exhausting and state.trump is not None:
                trumps = [c for c in hand if SUIT_OF[c] == state.trump]
                if trumps:
                    return trumps
            return list(hand)
        return rules.legal(hand, [c for _, c in state.trick], state.trump, rules.strength)

    def solve(self, state: TrickState) -> TrickSolution:
        """Every legal card's exact value (a full window each) and the best of them.
        Raises ``TooManyNodes`` past the budget."""
        seat = state.turn
        won = (0,) * (len(state.hands) + self.rules.extra)
        moves: dict[Card, float] = {}
        for card in self._ordered(state, self.legal(state)):
            moves[card] = self._after(state, card, won, -_INF, _INF)
        maximizing = self.rules.team_of[seat] == self.team
        value = (max if maximizing else min)(moves.values())
        return TrickSolution(seat, self.team, value, moves, self.nodes)

    def _ordered(self, state: TrickState, cards: list[Card]) -> list[Card]:
        # Strong cards first: the winning line is usually found at once, which is what
        # makes alpha-beta cut (the values do not depend on the order).
        strength = self.rules.strength
        trump = state.trump
        return sorted(cards, key=lambda c: (SUIT_OF[c] == trump, strength[c]), reverse=True)

    def _after(
        self, state: TrickState, card: Card, won: tuple[int, ...], alpha: float, beta: float
    ) -> float:
        """The value after ``state.turn`` plays ``card``."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise TooManyNodes
        rules = self.rules
        seat = state.turn
        hands = list(state.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        trick = (*state.trick, (seat, card))
        exhausted = state.exhausted
        if len(trick) < self.per_trick:
            child = TrickState(tuple(hands), trick, self.after[seat], state.trump, exhausted)
            return self._value(child, won, alpha, beta)
        cards = [c for _, c in trick]
        winner = trick[trick_winner_index(cards, state.trump, rules.strength)][0]
        gain = sum(rules.points[c] for c in cards) + rules.trick_value
        over = not any(hands)
        if over:
            gain += rules.last_trick
        tally = list(won)
        tally[winner] += gain
        won = tuple(tally)
        if rules.on_trick is not None:
            won = rules.on_trick(tuple(hands), winner, won)
        if over:
            return self.score(won, winner)
        if (
            rules.exhausting is not None
            and trick[0][0] == rules.exhausting
            and state.trump is not None
            and SUIT_OF[trick[0][1]] == state.trump
            and all(SUIT_OF[c] != state.trump for c in cards[1:])
        ):
            exhausted = True
        child = TrickState(tuple(hands), (), winner, state.trump, exhausted)
        return self._value(child, won, alpha, beta)

    def _value(self, state: TrickState, won: tuple[int, ...], alpha: float, beta: float) -> float:
        key = (state.hands, state.trick, state.turn, state.exhausted, won)
        stored = self.table.get(key)
        if stored is not None:
            flag, value = stored
            if (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            ):
                return value
        maximizing = self.rules.team_of[state.turn] == self.team
        start_alpha, start_beta = alpha, beta
        best = -_INF if maximizing else _INF
        for card in self._ordered(state, self.legal(state)):
            value = self._after(state, card, won, alpha, beta)
            if maximizing:
                if value > best:
                    best = value
                if best > alpha:
                    alpha = best
            else:
                if value < best:
                    best = value
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if best <= start_alpha:
            flag = _UPPER
        elif best >= start_beta:
            flag = _LOWER
        else:
            flag = _EXACT
        self.table[key] = (flag, best)
        return best


def solve_tricks(
    rules: TrickRules,
    state: TrickState,
    team: int,
    score: Score | None = None,
    max_nodes: int = 1 << 30,
) -> TrickSolution:
    """The exact rest of the card play of ``state`` for ``team`` (see ``TrickSolver``)."""
    return TrickSolver(rules, team, score, max_nodes).solve(state)


def cards_left(state: TrickState) -> int:
    return sum(len(h) for h in state.hands)
