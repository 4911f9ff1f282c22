"""The heuristic player for rummy games (Tonk, Telefunken, and games with the same kinds of
action: ``draw``, ``discard:CARD``, melds, layoffs, ``buy``, ``drop``, going out).

It reads only ``view`` (``hand``, ``discard_top``, ``count``) and the legal actions:
- go out (tunk, go out) whenever it may; lay down the biggest meld; lay off on melds;
- drop (knock) only with a low count;
- take the discard or buy it only when it fits a meld or a near-meld of the hand;
- discard the highest deadwood card that is in no meld or near-meld; never a wild card.
"""

from __future__ import annotations

from rules.cards import JOKER, RANKS, CardError, parse_card
from rules.contract import Action
from rules.random_play import choose as random_choice
from tables.players.base import Situation

GO_OUT_KINDS = ("tunk", "goout", "go_out", "out")
MELD_KINDS = ("meld", "spread")
LAYOFF_KINDS = ("lay", "hit")
DRAW_STOCK_IDS = ("draw:stock", "draw")
DRAW_DISCARD_IDS = ("draw:discard", "take_discard", "take_upcard")
DECLINE_KINDS = ("pass", "keepall", "no", "skip", "done")
DROP_COUNT = 5
"""Drop (knock) with at most this count in hand..."""
LATE_DROP_COUNT = 10
"""...or with at most this count when only one or two cards are left."""
MELD_FIT = 6
"""``usefulness`` of a card that makes a meld with two cards of the hand."""


def card_or_none(text: str) -> int | None:
    try:
        return parse_card(text)
    except CardError:
        return None


def deadwood_value(card: int) -> int:
    """Ace 1, number cards their pips, courts 10 (a joker is never deadwood we discard)."""
    if card == JOKER:
        return 0
    rank = RANKS[card % 13]
    if rank == "A":
        return 1
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def is_wild(card: int, game: str) -> bool:
    return card == JOKER or (game == "telefunken" and card % 13 == 0)  # jokers and 2s


def usefulness(card: int, hand: list[int], game: str) -> int:
    """How much ``card`` helps the hand: partners of the same rank or suit neighbours."""
    if is_wild(card, game):
        return 100
    rank, suit = card % 13, card // 13
    score = 0
    for other in hand:
        if other in (card, JOKER):
            continue
        if other % 13 == rank:
            score += 3
        elif other // 13 == suit and abs(other % 13 - rank) <= 2:
            score += 3 if abs(other % 13 - rank) == 1 else 1
    return score


class RummyHeuristic:
    level = "heuristic"
    blocking = False

    def __init__(self, game: str) -> None:
        self.game = game

    def choose(self, situation: Situation) -> Action:
        legal = situation.legal
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        view = situation.view
        hand = [c for c in (card_or_none(t) for t in view.get("hand") or ()) if c is not None]
        for kind in GO_OUT_KINDS:
            if kind in kinds:
                return self._best_discard(kinds[kind], hand)
        for kind in MELD_KINDS:
            if kind in kinds:
                return max(kinds[kind], key=lambda a: (len(a.value.split(",")), a.id))
        for kind in LAYOFF_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        count = view.get("count")
        low = isinstance(count, int) and (
            count <= DROP_COUNT or (count <= LATE_DROP_COUNT and len(hand) <= 2)
        )
        if "drop" in kinds and low:
            return kinds["drop"][0]
        by_id = {a.id: a for a in legal}
        top = view.get("discard_top") or view.get("upcard")
        top_card = card_or_none(top) if isinstance(top, str) else None
        # Only a card that completes a meld is worth the discard pile: taking near-meld
        # cards lets players pass the same cards back and forth without end.
        wanted = top_card is not None and usefulness(top_card, hand, self.game) >= MELD_FIT
        takes = [by_id[i] for i in DRAW_DISCARD_IDS if i in by_id]
        draws = [by_id[i] for i in DRAW_STOCK_IDS if i in by_id]
        if takes and (wanted or not draws):
            return takes[0]
        if draws:
            return draws[0]
        if "buy" in kinds:
            if wanted:
                return kinds["buy"][0]
            for kind in DECLINE_KINDS:
                if kind in kinds:
                    return kinds[kind][0]
        if "discard" in kinds:
            return self._best_discard(kinds["discard"], hand)
        for kind in DECLINE_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        return random_choice(situation.spec, legal, situation.rng)

    def _best_discard(self, actions: list[Action], hand: list[int]) -> Action:
        """The card that helps least and costs most (ties: the first offered)."""

        def keep_score(action: Action) -> tuple[int, int]:
            card = card_or_none(action.value)
            if card is None:
                return (0, 0)
            return (usefulness(card, hand, self.game), -deadwood_value(card))

        return min(actions, key=keep_score)
