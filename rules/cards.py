"""Cards as small ints, their strings, rank orders, point values and decks.

Inside engines a card is an ``int``: ``suit * 13 + rank`` where rank ``0`` is the 2 and
``12`` the ace, and ``JOKER`` (52) is a joker. Outside engines (views, actions, deals)
a card is the contract's string: rank ``2 3 4 5 6 7 8 9 10 J Q K A`` followed by a suit
letter ``S H D C`` (``"10H"``, ``"JS"``), or ``"*"`` for a joker. In two-deck games the
two copies of a card share one int and one string: they are interchangeable.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.shuffle import shuffled as shuffled  # the one shuffle (rules.shuffle)

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
SUIT_SYMBOLS: dict[str, str] = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SUIT_NAMES: dict[str, str] = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
JOKER = 52
"""The int of a joker; it has no suit and no rank."""

Card = int


class CardError(ValueError):
    """Text that is not a card. The message names the text and the expected form."""


def make_card(rank: str, suit: str) -> Card:
    return SUITS.index(suit) * 13 + RANKS.index(rank)


def suit_of(card: Card) -> int:
    """The suit index (0..3) of a card; a joker has none and raises."""
    if card == JOKER:
        raise ValueError("a joker has no suit")
    return card // 13


def rank_of(card: Card) -> int:
    """The rank index (0 = 2 .. 12 = ace)."""
    if card == JOKER:
        raise ValueError("a joker has no rank")
    return card % 13


def rank_name(card: Card) -> str:
    return RANKS[card % 13]


def suit_name(card: Card) -> str:
    return SUITS[card // 13]


CARD_STRINGS: tuple[str, ...] = (*tuple(r + s for s in SUITS for r in RANKS), "*")
"""``CARD_STRINGS[card]`` is the contract string of a card int (index 52 is the joker)."""

_PARSE: dict[str, Card] = {text: i for i, text in enumerate(CARD_STRINGS)}


def card_str(card: Card) -> str:
    return CARD_STRINGS[card]


def parse_card(text: str) -> Card:
    """The card int for a contract string (exact: ``"10H"``, not ``"th"`` or ``"1H"``)."""
    card = _PARSE.get(text)
    if card is None:
        raise CardError(
            f"{text!r} is not a card: write the rank (2-10, J, Q, K, A) then the suit "
            f"(S, H, D, C), like '10H' or 'JS', or '*' for a joker."
        )
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    return [parse_card(t) for t in texts]


def card_strs(cards: Iterable[Card]) -> list[str]:
    return [CARD_STRINGS[c] for c in cards]


def pretty(card: Card) -> str:
    """A human form with the suit symbol, for labels: ``"J\u2660"``; a joker is ``"Joker"``."""
    if card == JOKER:
        return "Joker"
    return RANKS[card % 13] + SUIT_SYMBOLS[SUITS[card // 13]]


# -- rank orders and points -------------------------------------------------------------


class RankOrder:
    """A game's order of ranks, high to low, as a strength table indexed by card int.

    ``strength[card]`` is larger for a higher card of the same suit; ranks not in the
    order (cards not in that game's deck) have strength 0.
    """

    __slots__ = ("ranks", "strength")

    def __init__(self, ranks_high_to_low: Sequence[str]) -> None:
        self.ranks: tuple[str, ...] = tuple(ranks_high_to_low)
        by_rank = {r: len(self.ranks) - i for i, r in enumerate(self.ranks)}
        self.strength: tuple[int, ...] = tuple(
            by_rank.get(RANKS[c % 13], 0) if c != JOKER else 0 for c in range(53)
        )

    def reversed(self) -> RankOrder:
        return RankOrder(tuple(reversed(self.ranks)))

    def __repr__(self) -> str:
        return f"RankOrder({'>'.join(self.ranks)})"


THUNEE_ORDER = RankOrder(("J", "9", "A", "10", "K", "Q"))
"""TH-2.2: J > 9 > A > 10 > K > Q in every suit."""
ROYALS_ORDER = THUNEE_ORDER.reversed()
"""THV-12: the reversed order Q > K > 10 > A > 9 > J."""
NIGERIAN_ORDER = RankOrder(("J", "9", "A", "10", "K", "Q", "8", "7"))
"""NG-2: J > 9 > A > 10 > K > Q > 8 > 7."""
THREE_O_FOUR_ORDER = RankOrder(("J", "9", "A", "10", "K", "Q", "8", "7"))
"""T3: J > 9 > A > 10 > K > Q > 8 > 7."""
ACE_HIGH_ORDER = RankOrder(("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"))


def point_table(values: dict[str, int]) -> tuple[int, ...]:
    """Points per card int from points per rank (ranks not named score 0, jokers 0)."""
    return tuple(values.get(RANKS[c % 13], 0) if c != JOKER else 0 for c in range(53))


THUNEE_POINTS = point_table({"J": 30, "9": 20, "A": 11, "10": 10, "K": 3, "Q": 2})
"""TH-2.3: card points, 76 a suit, 304 the pack (the same values serve 304)."""


# -- decks ----------------------------------------------------------------------------


def deck_of(ranks: Iterable[str], copies: int = 1, jokers: int = 0) -> list[Card]:
    """Every card of the given ranks in every suit, ``copies`` times, plus jokers."""
    ranks = tuple(ranks)
    cards = [make_card(r, s) for _ in range(copies) for s in SUITS for r in ranks]
    return cards + [JOKER] * jokers


def thunee_deck() -> list[Card]:
    """TH-2.1: 24 cards, 9 to ace."""
    return deck_of(("9", "10", "J", "Q", "K", "A"))


def deck32() -> list[Card]:
    """32 cards, 7 to ace (Nigerian Thunee, 304)."""
    return deck_of(("7", "8", "9", "10", "J", "Q", "K", "A"))


def deck52() -> list[Card]:
    return deck_of(RANKS)


def deck108() -> list[Card]:
    """Two 52-card decks and four jokers (Telefunken)."""
    return deck_of(RANKS, copies=2, jokers=4)
