"""Tonk's club and expert levels (issue 35): the count a hand will hold, planned.

The beginner (``players.rummy.RummyHeuristic``) keeps near-melds and throws the card that
helps least. These levels instead price their choices by the hand's count once its best
spreads are made (TK-30, TK-31, TK-32, TK-36: cards in spreads never count), the club only
at two players:

- ``club`` looks no further than the hand in front of it. At two players it throws the
  card that leaves the lowest count now, takes the discard when that lowers the count
  below what a stock draw gives on average, and drops when the payment expected over a
  few sampled hands of the other player is positive, reckoning that hand a random draw
  (``CLUB_AT_TWO``). At three and four players it keeps the beginner's hand (near-melds
  kept, the discard taken only to complete a spread) and judges the drop as the expert
  does (TK-40, ``players.tonk_drop``), on fewer samples. Its memory is short: pricing a
  stock draw at two players, the cards it imagines in the stock are every card outside
  its own hand (it forgets the spreads and the discard pile).
- ``expert`` looks one draw further: each discard is priced by the count now and the
  count after its next stock draw (the best discard then), over the cards it has not
  seen (its hand, the spreads and the discard top taken out), weighted by how soon the
  hand may end (an opponent with few cards left drops or goes out sooner, TK-40, TK-42,
  TK-43, so the count now weighs more); it lays the spread that leaves the lowest count
  (TK-36; the others lay the most cards); it drops when the expected payment over
  sampled hands of the others (their sizes now, from the cards it has not seen) is
  positive (TK-40, ``players.tonk_drop``); at two players only when it is nearly sure
  (``EXPERT_AT_TWO``).

Both decide from the seat's view only (``hand``, ``count``, ``hand_sizes``, ``spreads``,
``discard_top``) and are deterministic given the situation's generator.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from itertools import combinations

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.rummy import CARD_OF, DEADWOOD, HandCounts
from players.tonk_drop import ANY_GAIN, DropJudgement, TonkDropper, seen_cards
from rules.contract import Action

RUN_POSITION: tuple[int, ...] = tuple((c % 13 + 1) % 13 for c in range(52))
"""A card's place in a run, the ace low (TK-31): A 0, 2 1, ..., K 12."""

NOW_WEIGHT = 0.45
"""The expert's weight of the count now against the count after its next draw, when no
opponent is close to going out."""
CLOSE_WEIGHT = 0.8
"""...and when an opponent holds ``CLOSE_CARDS`` cards or fewer (the hand may end first)."""
CLOSE_CARDS = 2

CLUB_AT_TWO = DropJudgement(kept_low=1.0)
"""The club's drop at two players: it reckons the other hand a random draw, forgetting
that players shed their high cards (the expert reckons 0.85 of one). Tuned at 400
matches, club v beginner / expert v club, seeds 9000 and 1: at 0.85 69.4 / 58.1% (9000);
0.92 65.9 / 62.4 and 64.2 / 58.6%; 0.96 63.5 / 62.4 and 62.4 / 59.5%; 1.0 60.0 / 65.8 and
60.1 / 61.5%, the one share with both steps at 60% on both seeds. At three and four
players a club planning its hand by the count with a sampled drop left the expert 51-55%;
with the beginner's near-melds instead it leaves the expert room."""
EXPERT_AT_TWO = DropJudgement(sure=0.7)
"""The expert's drop at two players: only with an expected payment above 0.7 of the stake
(won or caught on a known deal it is +1 or -2, so nearly sure). Any gain (0) let the club
with a sampled drop hold it to 49.8%; 0.3, 0.6, 0.7, 0.8: 51.1, 56.8, 58.1, 58.1% (seed
9000, 400 matches). At three and four players no margin moved it (51-53%, against a
club that planned its hand by the count)."""


class Counter:
    """The lowest count of small Tonk hands, remembered per decision (a few hundred
    hands of at most six cards each)."""

    __slots__ = ("known", "wild_twos")

    def __init__(self, wild_twos: bool) -> None:
        self.wild_twos = wild_twos
        self.known: dict[tuple[int, ...], int] = {}

    def is_spread(self, cards: Sequence[int]) -> bool:
        """TK-30 book, TK-31 run, TK-32 wild 2s (at least two natural cards)."""
        wild = [c for c in cards if self.wild_twos and c % 13 == 0]
        natural = [c for c in cards if not (self.wild_twos and c % 13 == 0)]
        if len(natural) < 2 or len(cards) < 3:
            return False
        if len(cards) <= 4 and len({c % 13 for c in natural}) == 1:
            return True
        if len({c // 13 for c in natural}) != 1:
            return False
        places = sorted(RUN_POSITION[c] for c in natural)
        if len(set(places)) != len(places):
            return False
        return places[-1] - places[0] + 1 <= len(natural) + len(wild)

    def count(self, cards: Sequence[int]) -> int:
        """The hand's count with its best spreads made (TK-36)."""
        key = tuple(sorted(cards))
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._count(key)
        return known

    def _count(self, cards: tuple[int, ...]) -> int:
        if len(cards) < 3:
            return sum(DEADWOOD[c] for c in cards)
        first, rest = cards[0], cards[1:]
        best = DEADWOOD[first] + self.count(rest)
        for size in range(2, len(rest) + 1):
            for partners in combinations(range(len(rest)), size):
                if self.is_spread([first, *(rest[i] for i in partners)]):
                    left = tuple(c for i, c in enumerate(rest) if i not in partners)
                    best = min(best, self.count(left))
        return best

    def after_draw(self, cards: list[int], draws: Sequence[int]) -> float:
        """The mean count after drawing each of ``draws`` and throwing the best card."""
        if not draws:
            return float(self.count(cards))
        total = 0
        for card in draws:
            held = [*cards, card]
            total += min(self.count(held[:i] + held[i + 1 :]) for i in range(len(held)))
        return total / len(draws)


class TonkPlanner(TonkDropper):
    """Tonk's ``club`` (``lookahead=False``, ``remember=False``) and ``expert``."""

    def __init__(
        self,
        game: str,
        samples: int,
        draws: int,
        *,
        lookahead: bool,
        remember: bool,
        judgements: Mapping[int, DropJudgement] | None = None,
        default: DropJudgement = ANY_GAIN,
        counts_at: Container[int] | None = None,
        lays_lowest: bool = False,
    ) -> None:
        super().__init__(game, samples=samples, judgements=judgements, default=default)
        self.draws = draws
        self.lookahead = lookahead
        self.remember = remember
        self.counts_at = counts_at
        self.lays_lowest = lays_lowest

    def _counts_hand(self, situation: Situation) -> bool:
        """Whether it plans its hand by the count at this table size (``counts_at``;
        ``None``: at every size), else by the beginner's near-meld rule."""
        return self.counts_at is None or situation.players in self.counts_at

    def _counter(self, situation: Situation) -> Counter:
        return Counter(bool(getattr(situation.options, "twos_wild", True)))

    def _unseen(self, situation: Situation, hand: list[int]) -> list[int]:
        seen = seen_cards(situation, hand) if self.remember else set(hand)
        return [c for c in range(52) if c not in seen]

    def _draws(self, situation: Situation, unseen: list[int]) -> list[int]:
        if len(unseen) <= self.draws:
            return unseen
        return situation.rng.sample(unseen, self.draws)

    def wants(self, situation: Situation, hand: list[int], counts: HandCounts, top: int) -> bool:
        if not self._counts_hand(situation):
            return super().wants(situation, hand, counts, top)
        counter = self._counter(situation)
        held = [*hand, top]
        # TK-20 (engine decision): the card taken may not be thrown again this turn
        taken = min(counter.count(held[:i] + held[i + 1 :]) for i in range(len(hand)))
        stock = counter.after_draw(hand, self._draws(situation, self._unseen(situation, hand)))
        return taken < stock

    def discard(
        self, situation: Situation, actions: list[Action], hand: list[int], counts: HandCounts
    ) -> Action:
        if not self._counts_hand(situation):
            return super().discard(situation, actions, hand, counts)
        counter = self._counter(situation)
        draws: list[int] = []
        weight = 1.0
        if self.lookahead:
            draws = self._draws(situation, self._unseen(situation, hand))
            sizes = situation.view.get("hand_sizes") or []
            close = any(
                int(n) <= CLOSE_CARDS for seat, n in enumerate(sizes) if seat != situation.seat
            )
            weight = CLOSE_WEIGHT if close else NOW_WEIGHT

        def price(action: Action) -> tuple[float, int]:
            card = CARD_OF.get(action.value)
            if card is None:
                return (float("inf"), 0)
            rest = list(hand)
            rest.remove(card)
            now = counter.count(rest)
            if not draws:
                return (float(now), -DEADWOOD[card])
            later = counter.after_draw(rest, draws)
            return (weight * now + (1 - weight) * later, -DEADWOOD[card])

        return min(actions, key=price)

    def meld(self, situation: Situation, actions: list[Action], hand: list[int]) -> Action:
        if not self.lays_lowest:
            return super().meld(situation, actions, hand)
        counter = self._counter(situation)

        def left(action: Action) -> tuple[int, int, str]:
            # TK-36: what is left in hand counts; its own best spreads come later
            rest = list(hand)
            cards = [CARD_OF.get(text) for text in action.value.split(",")]
            for card in cards:
                if card in rest:
                    rest.remove(card)
            return (counter.count(rest), -len(cards), action.id)

        return min(actions, key=left)


def tonk_club(game: str, budget: SearchBudget) -> ComputerPlayer:
    """Tonk's ``club``: the count now at two players (a stock draw priced on a draw per
    six rollouts of its quarter budget: 10), near-melds at three and four; forgetful of
    the table; drops on a sample per five rollouts (12)."""
    return TonkPlanner(
        game,
        samples=max(8, budget.rollouts // 5),
        draws=max(8, budget.rollouts // 6),
        lookahead=False,
        remember=False,
        judgements={2: CLUB_AT_TWO},
        counts_at=(2,),
    )


def tonk_expert(game: str, budget: SearchBudget) -> ComputerPlayer:
    """Tonk's ``expert``: one draw ahead over the unseen cards (a draw per ten rollouts:
    24 at the default 240), drops on a sample per five rollouts (48)."""
    return TonkPlanner(
        game,
        samples=max(8, budget.rollouts // 5),
        draws=max(8, budget.rollouts // 10),
        lookahead=True,
        remember=True,
        judgements={2: EXPERT_AT_TWO},
        lays_lowest=True,
    )
