"""Cards as players read them in Discord: ``"JS"`` -> ``"J♠"``, suits grouped and coloured."""

from __future__ import annotations

import discord

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_ORDER = ("S", "H", "C", "D")  # alternate colours, as players sort a hand
SUIT_STYLE = {
    # A four-colour deck: spades black (grey), hearts red, diamonds blue, clubs green.
    "S": discord.ButtonStyle.secondary,
    "H": discord.ButtonStyle.danger,
    "D": discord.ButtonStyle.primary,
    "C": discord.ButtonStyle.success,
}
JOKER = "*"


def suit_of(card: str) -> str | None:
    if card == JOKER or len(card) < 2:
        return None
    suit = card[-1]
    return suit if suit in SUIT_SYMBOL else None


def is_card(text: str) -> bool:
    return text == JOKER or (suit_of(text) is not None and text[:-1] in RANKS)


RANKS = frozenset(["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"])


def card_text(card: str) -> str:
    """``"10H"`` -> ``"10♥"``; a joker is ``"🃏"``; anything else is returned unchanged."""
    if card == JOKER:
        return "🃏"
    suit = suit_of(card)
    return card[:-1] + SUIT_SYMBOL[suit] if suit else card


def suit_text(suit: str) -> str:
    """A suit letter or a card's suit as a symbol (``"H"`` -> ``"♥"``)."""
    if suit in SUIT_SYMBOL:
        return SUIT_SYMBOL[suit]
    return card_text(suit)


def by_suit(cards: list[str]) -> list[tuple[str | None, list[str]]]:
    """Cards grouped by suit in display order (jokers last), keeping each group's order."""
    groups: dict[str | None, list[str]] = {}
    for card in cards:
        groups.setdefault(suit_of(card), []).append(card)
    order: list[str | None] = [*SUIT_ORDER, None]
    return [(s, groups[s]) for s in order if s in groups]


def hand_text(cards: list[str]) -> str:
    """One line per suit: ``♠ J 9 A``."""
    lines = []
    for suit, group in by_suit(cards):
        symbol = SUIT_SYMBOL[suit] if suit else ""
        ranks = " ".join(c[:-1] if suit else card_text(c) for c in group)
        lines.append(f"{symbol} {ranks}".strip())
    return "\n".join(lines) or "—"


def style_for(card: str) -> discord.ButtonStyle:
    suit = suit_of(card)
    return SUIT_STYLE[suit] if suit else discord.ButtonStyle.secondary
