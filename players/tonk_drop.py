"""Tonk's drop timing for the stronger levels (issue 35): drop when it pays, judged from
what the seat can see of the others (their hand sizes, the spreads and the discard pile
on the table) instead of a fixed count.

TK-40: a dropper strictly lower than every other player collects the stake S from each;
one caught pays 2S to each player whose count is equal or lower. The others' counts are
estimated by dealing their hand sizes from the cards the seat has not seen (its own hand,
the spreads and the discard top excluded), with each unseen card's count shrunk by
``KEPT_LOW``: players discard their high cards first, so what they hold is lower than a
random draw. Drop when the expected payment is positive.
"""

from __future__ import annotations

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.rummy import CARD_OF, DEADWOOD, RummyHeuristic
from rules.cards import JOKER

KEPT_LOW = 0.85
"""How much lower than a random draw a player's held cards count (they shed high cards;
0.85 won the most of 0.55-1.0 against the beginner, 2 and 3 players)."""


class TonkDropper(RummyHeuristic):
    """The rummy heuristic with Tonk's drop judged by the expected payment over
    ``samples`` sampled deals of the others' hands (the level's look-ahead)."""

    def __init__(self, game: str, samples: int = 48) -> None:
        super().__init__(game)
        self.samples = samples

    def drops(self, situation: Situation, hand: list[int]) -> bool:
        view = situation.view
        count = view.get("count")
        sizes = view.get("hand_sizes")
        if not isinstance(count, int) or not isinstance(sizes, list):
            return super().drops(situation, hand)
        others = [int(n) for seat, n in enumerate(sizes) if seat != situation.seat]
        seen = set(hand)
        for spread in view.get("spreads") or ():
            cards = spread.get("cards") if isinstance(spread, dict) else spread
            for text in cards or ():
                if isinstance(text, str) and text in CARD_OF:
                    seen.add(CARD_OF[text])
        top = view.get("discard_top")
        if isinstance(top, str) and top in CARD_OF:
            seen.add(CARD_OF[top])
        unseen = [c for c in range(52) if c not in seen and c != JOKER]
        if sum(others) > len(unseen):
            return super().drops(situation, hand)
        rng = situation.rng
        gain = 0.0
        for _ in range(self.samples):
            dealt = rng.sample(unseen, sum(others))
            counts, start = [], 0
            for size in others:
                counts.append(KEPT_LOW * sum(DEADWOOD[c] for c in dealt[start : start + size]))
                start += size
            if all(count < c for c in counts):
                gain += len(others)
            else:
                gain -= 2 * sum(1 for c in counts if c <= count)
        return gain > 0


def tonk_dropper(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The drop-timing player alone (a sample per five rollouts of the budget); the
    plugin's levels are ``players.rummy_plan``'s, whose expert drops with this judgement."""
    return TonkDropper(game, samples=max(8, budget.rollouts // 5))
