"""What a picture shows: small frozen, hashable scene models, independent of any engine.

A scene is built by the front end (or by ``pictures.from_views`` from an engine view) once
per state change; equal scenes render to the same bytes, so the renderer caches by scene.
Every text in a scene is already in the reader's language: the renderer translates nothing.

Cards are the contract's strings (``"10H"``, ``"JS"``, ``"*"`` for a joker) or
``FACE_DOWN`` for a card whose face is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.cards import CARD_STRINGS

FACE_DOWN = "?"
"""A card shown by its back: a face-down trick card, a closed trump, a hidden hand card."""

TRUMP_CLOSED = "closed"
"""``TableScene.trump`` value: trump is chosen but hidden (the closed-trump indicator)."""

SUIT_LETTERS = ("S", "H", "D", "C")

_DRAWABLE: frozenset[str] = frozenset((*CARD_STRINGS, FACE_DOWN))


class SceneError(ValueError):
    """A scene that cannot be drawn (an unknown card, too many seats)."""


def _check_cards(cards: tuple[str, ...], where: str) -> None:
    for card in cards:
        if card not in _DRAWABLE:
            raise SceneError(f"{where}: {card!r} is not a card string or FACE_DOWN")


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat at the table.

    ``card`` is the seat's card in the current trick (``None``: not played yet,
    ``FACE_DOWN``: played face down). ``team`` indexes the team colours (``None`` for
    individual games). ``hand_count`` is how many cards the seat holds (drawn as a small
    back with the number). ``note`` is one short line under the name (a bid, a call).
    ``melds`` are the seat's melds on the table in rummy games, each a tuple of cards.
    ``winning`` marks the card that wins (or won) the trick.
    """

    name: str
    card: str | None = None
    to_act: bool = False
    dealer: bool = False
    team: int | None = None
    hand_count: int | None = None
    note: str = ""
    melds: tuple[tuple[str, ...], ...] = ()
    winning: bool = False

    def __post_init__(self) -> None:
        if self.card is not None:
            _check_cards((self.card,), f"seat {self.name!r}")
        for meld in self.melds:
            _check_cards(meld, f"meld of {self.name!r}")


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of the score box: ``label`` (a team or player) and ``value`` (already
    formatted: ``"7 balls"``, ``"120"``); ``team`` picks the colour chip."""

    label: str
    value: str
    team: int | None = None


@dataclass(frozen=True, slots=True)
class TableScene:
    """The whole table as the public table message shows it.

    Seats are listed in the order of play (seat ``s+1`` acts after ``s``); ``bottom_seat``
    is drawn at the bottom and the rest follow counter-clockwise on screen (the next seat
    to the bottom player's right), or clockwise when ``clockwise`` is true.
    ``trump`` is a suit letter, ``TRUMP_CLOSED`` or ``None`` (no trump yet / no trumps);
    ``trump_label`` is the caption under it (``"Trump"``, ``"Trump closed"``).
    A rummy table sets ``stock_count`` and/or ``discard_top`` and seats' ``melds``; it is
    then drawn as one row of melds per seat instead of a trick around the table.
    """

    title: str
    seats: tuple[SeatScene, ...]
    trump: str | None = None
    trump_label: str = ""
    scores: tuple[ScoreLine, ...] = ()
    status: str = ""
    clockwise: bool = False
    bottom_seat: int = 0
    stock_count: int | None = None
    discard_top: str | None = None

    def __post_init__(self) -> None:
        if not 1 <= len(self.seats) <= 8:
            raise SceneError(f"a table has 1 to 8 seats, not {len(self.seats)}")
        if not 0 <= self.bottom_seat < len(self.seats):
            raise SceneError(f"bottom_seat {self.bottom_seat} is not a seat")
        if self.trump is not None and self.trump not in (*SUIT_LETTERS, TRUMP_CLOSED):
            raise SceneError(f"trump {self.trump!r} is not a suit letter or TRUMP_CLOSED")
        if self.discard_top is not None:
            _check_cards((self.discard_top,), "discard")

    @property
    def is_rummy(self) -> bool:
        """Drawn as melds per seat with the stock and discard pile, not as a trick."""
        return (
            self.stock_count is not None
            or self.discard_top is not None
            or any(seat.melds for seat in self.seats)
        )


@dataclass(frozen=True, slots=True)
class HandScene:
    """One player's hand, for their private hand view.

    ``legal`` is the set of card strings that may be played now: those cards are raised
    and outlined, the others dimmed; ``None`` draws every card plainly (not your turn).
    ``selected`` holds indexes of cards picked for a multi-card action (a meld), drawn
    raised with a blue outline. ``trump`` (a suit letter) puts a small mark on trump cards.
    ``caption`` is one short line above the cards.
    """

    cards: tuple[str, ...]
    legal: frozenset[str] | None = None
    selected: frozenset[int] = field(default_factory=frozenset)
    trump: str | None = None
    caption: str = ""

    def __post_init__(self) -> None:
        _check_cards(self.cards, "hand")
        if self.legal is not None:
            _check_cards(tuple(self.legal), "legal cards")
        bad = [i for i in self.selected if not 0 <= i < len(self.cards)]
        if bad:
            raise SceneError(f"selected indexes {sorted(bad)} are not cards of the hand")
        if self.trump is not None and self.trump not in SUIT_LETTERS:
            raise SceneError(f"trump {self.trump!r} is not a suit letter")
