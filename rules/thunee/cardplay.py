"""Pure card rules of South African Thunee: rank orders, following suit with the undercut
rule, which card beats which, and the hand tests (redeal, Thunee eligibility, Mariyal, Jodi).

Cards are ints (``rules.cards``). A ``strength`` table comes from ``THUNEE_ORDER`` or, in a
Royals hand, ``ROYALS_ORDER`` (THV-12.4: the reversed order is used everywhere).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import ROYALS_ORDER, THUNEE_ORDER, THUNEE_POINTS, make_card
from rules.tricks import SUIT_OF

NORMAL_STRENGTH: tuple[int, ...] = THUNEE_ORDER.strength
"""TH-2.2: J > 9 > A > 10 > K > Q."""
ROYALS_STRENGTH: tuple[int, ...] = ROYALS_ORDER.strength
"""THV-12.1: Q > K > 10 > A > 9 > J."""
POINTS: tuple[int, ...] = THUNEE_POINTS
"""TH-2.3: J 30, 9 20, A 11, 10 10, K 3, Q 2."""

LADDER: tuple[int, ...] = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 104)
"""TH-9.2: the only bids, each the next rung after the current highest."""


def next_rung(high_bid: int | None, steps: int = 1) -> int:
    """The bid ``steps`` rungs above ``high_bid`` (10 when none), capped at 104 (TH-9.7)."""
    index = -1 if high_bid is None else LADDER.index(high_bid)
    return LADDER[min(index + steps, len(LADDER) - 1)]


def beats(card: int, best: int, trump: int | None, strength: Sequence[int]) -> bool:
    """TH-22.1: ``card`` beats ``best`` (a trump beats a non-trump; same suit by rank)."""
    suit = SUIT_OF[card]
    best_suit = SUIT_OF[best]
    if trump is not None and suit == trump and best_suit != trump:
        return True
    return suit == best_suit and strength[card] > strength[best]


def winning_index(cards: Sequence[int], trump: int | None, strength: Sequence[int]) -> int:
    """Index (play order) of the card winning the trick so far (TH-22.1)."""
    best = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[best], trump, strength):
            best = i
    return best


def legal_cards(
    hand: Sequence[int], trick: Sequence[int], trump: int | None, strength: Sequence[int]
) -> list[int]:
    """TH-21: follow suit when able; in a trumped non-trump trick a player lacking the led
    suit may undercut (trump lower than the highest trump) only if he holds nothing but trumps.
    """
    if not trick:
        return list(hand)
    led = SUIT_OF[trick[0]]
    follow = [c for c in hand if SUIT_OF[c] == led]
    if follow:
        return follow
    if trump is None or led == trump:
        return list(hand)
    top = -1
    for c in trick:
        if SUIT_OF[c] == trump and strength[c] > top:
            top = strength[c]
    if top < 0:
        return list(hand)
    allowed = [c for c in hand if SUIT_OF[c] != trump or strength[c] > top]
    if any(SUIT_OF[c] != trump for c in hand):
        return allowed
    return list(hand)  # nothing but trumps: an undercut is allowed


def illegal_reason(
    card: int,
    hand: Sequence[int],
    trick: Sequence[int],
    trump: int | None,
    strength: Sequence[int],
) -> str | None:
    """Why playing ``card`` breaks TH-21 (``"revoke"`` or ``"undercut"``), or ``None``."""
    if card in legal_cards(hand, trick, trump, strength):
        return None
    led = SUIT_OF[trick[0]]
    if any(SUIT_OF[c] == led for c in hand):
        return "revoke"
    return "undercut"


def card_points(cards: Sequence[int]) -> int:
    return sum(POINTS[c] for c in cards)


def redeal_eligible(first_cards: Sequence[int]) -> bool:
    """TH-8.1: four different suits and at most 10 card points (QQQQ, QQQK or QQKK);
    TH6-4: with six players, three K/Q of three different suits."""
    total = 0
    for c in first_cards:  # the points first: almost every hand has more than 10
        total += POINTS[c]
    return total <= 10 and len({SUIT_OF[c] for c in first_cards}) == len(first_cards)


def trip_eligible(first_three: Sequence[int]) -> bool:
    """TH6-10.1: the first three cards dealt are of one rank (three of a kind)."""
    return len(first_three) == 3 and len({c % 13 for c in first_three}) == 1


def moenie_eligible(hand: Sequence[int]) -> bool:
    """TH6-11.1: four cards of one suit, that suit's jack among them."""
    suits = {SUIT_OF[c] for c in hand}
    if len(hand) != 4 or len(suits) != 1:
        return False
    return _card("J", SUIT_OF[hand[0]]) in hand


def contract_eligible(hand: Sequence[int]) -> bool:
    """TH-12.4: a Thunee (or Royals) caller's cards must not all be of one suit."""
    if not hand:
        return False
    first = SUIT_OF[hand[0]]
    for c in hand:  # a loop, not any(): this runs for every seat of every hand
        if SUIT_OF[c] != first:
            break
    else:
        return False
    return True


def mariyal_safe(hand: Sequence[int], led_suit: int, strength: Sequence[int]) -> bool:
    """TH-13.2: the late caller's cards of the led suit are exactly its top cards."""
    held = sorted((strength[c] for c in hand if SUIT_OF[c] == led_suit), reverse=True)
    top = sorted(
        (strength[make_card(r, "SHDC"[led_suit])] for r in ("J", "9", "A", "10", "K", "Q")),
        reverse=True,
    )
    return held == top[: len(held)]


def _card(rank: str, suit: int) -> int:
    return make_card(rank, "SHDC"[suit])


def jodi_value(cards: Sequence[int], suit: int, trump: int | None) -> int:
    """TH-14.2: the value of the Jodi of ``suit`` among ``cards`` (0 if K+Q are not both there).

    K+Q+J is 50 in trumps and 30 otherwise; K+Q is 40 in trumps and 20 otherwise.
    """
    if _card("K", suit) not in cards or _card("Q", suit) not in cards:
        return 0
    with_jack = _card("J", suit) in cards
    if suit == trump:
        return 50 if with_jack else 40
    return 30 if with_jack else 20


def jodi_cards(suit: int, value: int) -> list[int]:
    cards = [_card("K", suit), _card("Q", suit)]
    if value in (30, 50):
        cards.append(_card("J", suit))
    return cards
