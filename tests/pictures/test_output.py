"""What Discord receives: small palette PNGs, drawn with a font that has the suits."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from pictures import FACE_DOWN, HandScene, ScoreLine, SeatScene, TableScene
from pictures.cards import SUIT_SYMBOLS
from pictures.fonts import font
from pictures.render import render_hand, render_table
from tests.pictures.examples import GOLDEN

MAX_BYTES = 60_000
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def busiest_trick_table() -> TableScene:
    """Eight seats, long names and notes, every card out, four score lines."""
    seats = tuple(
        SeatScene(
            f"Player with a long name {i}",
            card=(f"{RANKS[i + 4]}{'SHDC'[i % 4]}" if i != 3 else FACE_DOWN),
            team=i % 2,
            hand_count=7,
            note="bid 180, partner",
            dealer=i == 2,
            to_act=i == 7,
        )
        for i in range(8)
    )
    scores = tuple(ScoreLine(f"Team number {t}", f"{t * 3} balls", t) for t in range(4))
    return TableScene("304 (8 players)", seats, trump="D", trump_label="Trump", scores=scores)


def busiest_rummy_table() -> TableScene:
    """Six seats with four 4-card melds each: 96 of Telefunken's 108 cards on the table."""
    runs = tuple(tuple(f"{r}{s}" for r in RANKS[i * 3 : i * 3 + 4]) for i, s in enumerate("SHDC"))
    seats = tuple(SeatScene(f"Rummy player {i}", hand_count=3, melds=runs) for i in range(6))
    return TableScene("Telefunken", seats, stock_count=12, discard_top="*")


def biggest_hand() -> HandScene:
    cards = tuple(f"{r}{s}" for s in "SH" for r in RANKS[:11])
    return HandScene(cards=cards, legal=frozenset(cards[::3]), caption="A long caption " * 5)


@pytest.mark.parametrize(
    "png",
    [
        pytest.param(lambda: render_table(busiest_trick_table()), id="8-seat trick"),
        pytest.param(lambda: render_table(busiest_rummy_table()), id="6-seat rummy, 24 melds"),
        pytest.param(lambda: render_hand(biggest_hand()), id="22-card hand"),
        *(pytest.param(lambda n=n: GOLDEN[n][0](GOLDEN[n][1]), id=n) for n in sorted(GOLDEN)),
    ],
)
def test_pictures_are_small_palette_pngs(png: object) -> None:
    data = png()  # type: ignore[operator]
    assert len(data) < MAX_BYTES
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.mode == "P"


def test_busy_rummy_table_grows_downwards_to_fit_its_melds() -> None:
    image = Image.open(io.BytesIO(render_table(busiest_rummy_table())))
    few = Image.open(io.BytesIO(render_table(TableScene("T", (SeatScene("A"),), stock_count=1))))
    assert image.width == few.width
    assert image.height > 3 * few.height


@pytest.mark.parametrize("suit", sorted(SUIT_SYMBOLS))
def test_the_installed_font_draws_every_suit_symbol(suit: str) -> None:
    """A font without the suits would draw its 'missing glyph' box for all four alike."""
    face = font(40)
    missing = bytes(face.getmask("\U000f0000"))
    drawn = bytes(face.getmask(SUIT_SYMBOLS[suit]))
    assert drawn != missing
    assert face.getbbox(SUIT_SYMBOLS[suit])[2] > 10
