"""Tonk's drop timing for the stronger levels (issue 35): drop when it pays, judged from
what the seat can see of the others (their hand sizes, the spreads and the discard pile
on the table) instead of a fixed count.

TK-40: a dropper strictly lower than every other player collects the stake S from each;
one caught pays 2S to each player whose count is equal or lower. The others' counts are
estimated by dealing their hand sizes from the cards the seat has not seen (its own hand,
the spreads and the discard top excluded), with each unseen card's count shrunk by
``KEPT_LOW``: players discard their high cards first, so what they hold is lower than a
random draw. Drop when the expected payment is positive, or, where the level's judgement
asks for ``sure``, above that share of the most the drop can win (at two players the
expert drops only when nearly sure: a caught drop costs twice what it wins, and a low hand
not dropped still wins often later).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from players.base import ComputerPlayer, Situation
from players.budget import SearchBudget
from players.rummy import CARD_OF, DEADWOOD, RummyHeuristic
from rules.cards import JOKER

KEPT_LOW = 0.85
"""How much lower than a random draw a player's held cards count (they shed high cards;
0.85 won the most of 0.55-1.0 against the beginner, 2 and 3 players)."""


def seen_cards(situation: Situation, hand: list[int]) -> set[int]:
    """The cards the seat knows are not in the stock or the others' hands: its own, the
    spreads on the table and the discard top."""
    view = situation.view
    seen = set(hand)
    for spread in view.get("spreads") or ():
        cards = spread.get("cards") if isinstance(spread, dict) else spread
        for text in cards or ():
            card = CARD_OF.get(text) if isinstance(text, str) else None
            if card is not None:
                seen.add(card)
    top = view.get("discard_top")
    if isinstance(top, str) and top in CARD_OF:
        seen.add(CARD_OF[top])
    return seen


@dataclass(frozen=True)
class DropJudgement:
    """How a level judges a drop: the others' held cards counted at ``kept_low`` of a
    random draw's, and the expected payment it needs, as a share of the most it can win
    (``sure``: 0, any gain)."""

    kept_low: float = KEPT_LOW
    sure: float = 0.0


ANY_GAIN = DropJudgement()
"""Drop on any expected gain, the others' cards at ``KEPT_LOW``."""


class TonkDropper(RummyHeuristic):
    """The rummy heuristic with Tonk's drop judged by the expected payment over
    ``samples`` sampled deals of the others' hands (the level's look-ahead), with the
    judgement for the table size in ``judgements`` (else ``default``)."""

    def __init__(
        self,
        game: str,
        samples: int = 48,
        judgements: Mapping[int, DropJudgement] | None = None,
        default: DropJudgement = ANY_GAIN,
    ) -> None:
        super().__init__(game)
        self.samples = samples
        self.judgements = dict(judgements or {})
        self.default = default

    def drops(self, situation: Situation, hand: list[int]) -> bool:
        judgement = self.judgements.get(situation.players, self.default)
        view = situation.view
        count = view.get("count")
        sizes = view.get("hand_sizes")
        if not isinstance(count, int) or not isinstance(sizes, list):
            return super().drops(situation, hand)
        others = [int(n) for seat, n in enumerate(sizes) if seat != situation.seat]
        seen = seen_cards(situation, hand)
        unseen = [c for c in range(52) if c not in seen and c != JOKER]
        if sum(others) > len(unseen):
            return super().drops(situation, hand)
        rng = situation.rng
        gain = 0.0
        for _ in range(self.samples):
            dealt = rng.sample(unseen, sum(others))
            counts, start = [], 0
            for size in others:
                held = dealt[start : start + size]
                counts.append(judgement.kept_low * sum(DEADWOOD[c] for c in held))
                start += size
            if all(count < c for c in counts):
                gain += len(others)
            else:
                gain -= 2 * sum(1 for c in counts if c <= count)
        return gain > judgement.sure * self.samples * len(others)


def tonk_dropper(game: str, budget: SearchBudget) -> ComputerPlayer:
    """The drop-timing player alone (a sample per five rollouts of the budget); the
    plugin's levels are ``players.rummy_plan``'s, whose expert drops with this judgement."""
    return TonkDropper(game, samples=max(8, budget.rollouts // 5))
