"""The heuristic player for rummy games (Tonk, Telefunken, and games with the same kinds of
action: ``draw``, ``discard:CARD``, melds, layoffs, ``buy``, ``drop``, going out).

It reads only ``view`` (``hand``, ``discard_top``, ``count``) and the legal actions:
- go out (tunk, go out) whenever it may; lay down the biggest meld; lay off on melds;
- drop (knock) only with a low count;
- take the discard or buy it only when it fits a meld or a near-meld of the hand;
- discard the highest deadwood card that is in no meld or near-meld; never a wild card.
"""

from __future__ import annotations

from collections import Counter

from players.base import Situation
from rules.cards import CARD_STRINGS, JOKER, RANKS
from rules.contract import Action
from rules.random_play import choose as random_choice

GO_OUT_KINDS = ("tunk", "goout", "go_out", "out")
MELD_KINDS = ("meld", "spread")
LAYOFF_KINDS = ("lay", "hit")
DRAW_STOCK_IDS = ("draw:stock", "draw")
DRAW_DISCARD_IDS = ("draw:discard", "take_discard", "take_upcard")
DECLINE_KINDS = ("pass", "keepall", "no", "skip", "done")
DRAW_KINDS = frozenset(i.split(":")[0] for i in DRAW_STOCK_IDS + DRAW_DISCARD_IDS)
"""The kinds of the draw actions above (an id is ``kind`` or ``kind:value``)."""
DROP_COUNT = 5
"""Drop (knock) with at most this count in hand..."""
LATE_DROP_COUNT = 10
"""...or with at most this count when only one or two cards are left."""
MELD_FIT = 6
"""``usefulness`` of a card that makes a meld with two cards of the hand."""


CARD_OF: dict[str, int] = {text: card for card, text in enumerate(CARD_STRINGS)}
"""Card text to card int (exactly ``parse_card``'s spelling), one dict lookup."""


def card_or_none(text: str) -> int | None:
    return CARD_OF.get(text)


def _deadwood(card: int) -> int:
    if card == JOKER:
        return 0
    rank = RANKS[card % 13]
    if rank == "A":
        return 1
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


DEADWOOD: tuple[int, ...] = tuple(_deadwood(c) for c in range(JOKER + 1))


def deadwood_value(card: int) -> int:
    """Ace 1, number cards their pips, courts 10 (a joker is never deadwood we discard)."""
    return DEADWOOD[card]


def is_wild(card: int, game: str, twos_wild: bool | None = None) -> bool:
    """Jokers, and 2s in Telefunken (``twos_wild``: what the caller knows of the variant,
    ``None``: the beginner's rule of thumb that 2s are wild there)."""
    if twos_wild is None:
        twos_wild = game == "telefunken"
    return card == JOKER or (twos_wild and card % 13 == 0)


NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (card - card % 13 + rank, 3 if abs(rank - card % 13) == 1 else 1)
        for rank in range(max(card % 13 - 2, 0), min(card % 13 + 2, 12) + 1)
        if rank != card % 13
    )
    for card in range(JOKER)
)
"""For each card: the cards of its suit at most two ranks away, with their weight."""


class HandCounts:
    """A hand counted once, so ``usefulness`` of any card is a few lookups."""

    __slots__ = ("by_card", "by_rank")

    def __init__(self, hand: list[int]) -> None:
        self.by_card = [0] * (JOKER + 1)
        self.by_rank = [0] * 13
        for card in hand:
            self.by_card[card] += 1
            if card != JOKER:
                self.by_rank[card % 13] += 1


def usefulness(
    card: int, hand: list[int] | HandCounts, game: str, twos_wild: bool | None = None
) -> int:
    """How much ``card`` helps the hand: partners of the same rank (3 each, copies of the
    card itself and jokers left out) or suit neighbours (3 one rank away, 1 two away)."""
    if is_wild(card, game, twos_wild):
        return 100
    counts = hand if isinstance(hand, HandCounts) else HandCounts(hand)
    by_card = counts.by_card
    score = 3 * (counts.by_rank[card % 13] - by_card[card])
    for other, weight in NEIGHBOURS[card]:
        score += weight * by_card[other]
    return score


LOOKAHEAD = 60
"""Melds looked at as the second meld of a turn (the longest; the list can be long)."""


def best_meld(actions: list[Action], hand: list[int]) -> Action:
    """The meld to lay first: the most cards down with a second meld beside it, then the
    fewest wilds (a wild may stand for a card held, TF-33, TK-32: keeping the natural is
    right when the natural makes the second meld), then the longest."""
    have = Counter(hand)
    melds = []
    for action in actions:
        cards = [CARD_OF.get(text, JOKER) for text in action.value.split(",")]
        wilds = sum(1 for c in cards if c == JOKER or c % 13 == 0)
        melds.append((action, Counter(cards), len(cards), wilds))
    longest = sorted(melds, key=lambda m: -m[2])[:LOOKAHEAD]

    def key(meld: tuple[Action, Counter[int], int, int]) -> tuple[int, int, int, str]:
        action, need, size, wilds = meld
        rest = have - need
        second = max(
            (other[2] for other in longest if all(rest[c] >= k for c, k in other[1].items())),
            default=0,
        )
        return (size + second, -wilds, size, action.id)

    return max(melds, key=key)[0]


class RummyHeuristic:
    level = "beginner"
    blocking = False

    def __init__(self, game: str) -> None:
        self.game = game

    def off_turn(self, situation: Situation) -> Action | None:
        """Tonk and Telefunken offer nothing off turn."""
        return None

    def choose(self, situation: Situation) -> Action:
        legal = situation.legal
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action)
        view = situation.view
        hand = [c for c in map(CARD_OF.get, view.get("hand") or ()) if c is not None]
        for kind in GO_OUT_KINDS:
            if kind in kinds:
                return self._best_discard(kinds[kind], hand)
        for kind in MELD_KINDS:
            if kind in kinds:
                return self.meld(situation, kinds[kind], hand)
        for kind in LAYOFF_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        if "handin" in kinds:
            # Telefunken's deal-6 exchange (TF-19): the beginner keeps the hand it was dealt
            return kinds["handin"][0]
        if "drop" in kinds and self.drops(situation, hand):
            return kinds["drop"][0]
        # Only the draw actions are looked up by id (building every id costs a string each).
        by_id = {a.id: a for a in legal if a.kind in DRAW_KINDS}
        top = view.get("discard_top") or view.get("upcard")
        top_card = card_or_none(top) if isinstance(top, str) else None
        # Only a card that completes a meld is worth the discard pile: taking near-meld
        # cards lets players pass the same cards back and forth without end.
        counts = HandCounts(hand)
        wanted = top_card is not None and self.wants(situation, hand, counts, top_card)
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
            return self.discard(situation, kinds["discard"], hand, counts)
        for kind in DECLINE_KINDS:
            if kind in kinds:
                return kinds[kind][0]
        return random_choice(situation.spec, legal, situation.rng)

    def meld(self, situation: Situation, actions: list[Action], hand: list[int]) -> Action:
        """The meld to lay: the most cards down (``best_meld``)."""
        return best_meld(actions, hand)

    def wants(self, situation: Situation, hand: list[int], counts: HandCounts, top: int) -> bool:
        """Take the discard (or buy it): only a card that completes a meld of the hand."""
        return usefulness(top, counts, self.game) >= MELD_FIT

    def discard(
        self, situation: Situation, actions: list[Action], hand: list[int], counts: HandCounts
    ) -> Action:
        """The card to throw (the stronger levels plan it, ``players.rummy_plan``)."""
        return self._best_discard(actions, counts)

    def drops(self, situation: Situation, hand: list[int]) -> bool:
        """Drop (knock) with a low count: the rule of thumb, blind to the others' hands."""
        count = situation.view.get("count")
        return isinstance(count, int) and (
            count <= DROP_COUNT or (count <= LATE_DROP_COUNT and len(hand) <= 2)
        )

    def _best_discard(self, actions: list[Action], hand: list[int] | HandCounts) -> Action:
        """The card that helps least and costs most (ties: the first offered)."""
        counts = hand if isinstance(hand, HandCounts) else HandCounts(hand)
        game = self.game

        def keep_score(action: Action) -> tuple[int, int]:
            card = CARD_OF.get(action.value)
            if card is None:
                return (0, 0)
            return (usefulness(card, counts, game), -DEADWOOD[card])

        return min(actions, key=keep_score)
