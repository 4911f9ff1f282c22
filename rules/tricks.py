"""Trick-taking machinery shared by Thunee, Nigerian Thunee and 304: following suit and
the winner of a trick under a rank order and a trump suit. Pure functions over card ints.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import JOKER, Card

SUIT_OF: tuple[int, ...] = tuple(c // 13 if c != JOKER else -1 for c in range(53))
"""``SUIT_OF[card]``: the suit index of a card int (-1 for a joker)."""


def cards_of_suit(hand: Sequence[Card], suit: int) -> list[Card]:
    return [c for c in hand if SUIT_OF[c] == suit]


def has_suit(hand: Sequence[Card], suit: int) -> bool:
    return any(SUIT_OF[c] == suit for c in hand)


def follow_suit_options(hand: Sequence[Card], led_suit: int | None) -> list[Card]:
    """The cards a player may play under plain follow-suit: the led suit if held, else any.

    ``led_suit=None`` (leading) allows the whole hand.
    """
    if led_suit is None:
        return list(hand)
    same = [c for c in hand if SUIT_OF[c] == led_suit]
    return same if same else list(hand)


def trick_winner_index(cards: Sequence[Card], trump: int | None, strength: Sequence[int]) -> int:
    """Index in ``cards`` (play order, the lead first) of the card that wins the trick.

    The highest trump wins if any trump was played; otherwise the highest card of the led
    suit. ``strength`` is a ``RankOrder.strength`` table; cards of other suits never win.
    """
    led = SUIT_OF[cards[0]]
    best = 0
    best_trump = trump is not None and SUIT_OF[cards[0]] == trump
    best_strength = strength[cards[0]]
    for i in range(1, len(cards)):
        card = cards[i]
        suit = SUIT_OF[card]
        if trump is not None and suit == trump:
            if not best_trump or strength[card] > best_strength:
                best, best_trump, best_strength = i, True, strength[card]
        elif not best_trump and suit == led and strength[card] > best_strength:
            best, best_strength = i, strength[card]
    return best


def trick_points(cards: Sequence[Card], points: Sequence[int]) -> int:
    return sum(points[c] for c in cards)
