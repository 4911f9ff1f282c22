"""What Discord receives: small palette PNGs, drawn with a font that has the suits."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from pictures import FACE_DOWN, TRUMP_CLOSED, HandScene, ScoreLine, SeatScene, TableScene
from pictures.cards import SUIT_SYMBOLS
from pictures.fonts import font
from pictures.render import render_hand, render_table
from rules.cards import CARD_STRINGS
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


CARDS = st.sampled_from((*CARD_STRINGS, FACE_DOWN))
TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=40)


SCORE_LINES = st.builds(ScoreLine, TEXT, TEXT, st.none() | st.integers(0, 3))


@st.composite
def any_table(draw: st.DrawFn) -> TableScene:
    n = draw(st.integers(1, 8))
    rummy = draw(st.booleans())
    seats = tuple(
        SeatScene(
            draw(TEXT),
            card=None if rummy else draw(st.none() | CARDS),
            to_act=draw(st.booleans()),
            dealer=draw(st.booleans()),
            team=draw(st.none() | st.integers(0, 5)),
            hand_count=draw(st.none() | st.integers(0, 30)),
            note=draw(TEXT),
            melds=tuple(draw(st.lists(st.tuples(CARDS, CARDS, CARDS), max_size=5)))
            if rummy
            else (),
            winning=draw(st.booleans()),
        )
        for _ in range(n)
    )
    return TableScene(
        draw(TEXT),
        seats,
        trump=draw(st.none() | st.sampled_from(("S", "H", "D", "C", TRUMP_CLOSED))),
        trump_label=draw(TEXT),
        scores=tuple(
            draw(
                st.lists(
                    st.builds(ScoreLine, TEXT, TEXT, st.none() | st.integers(0, 3)), max_size=4
                )
            )
        ),
        status=draw(TEXT),
        clockwise=draw(st.booleans()),
        bottom_seat=draw(st.integers(0, n - 1)),
        stock_count=draw(st.none() | st.integers(0, 108)) if rummy else None,
        discard_top=draw(st.none() | CARDS) if rummy else None,
    )


@settings(max_examples=20, deadline=None)
@given(any_table())
def test_any_table_scene_renders_a_small_png(scene: TableScene) -> None:
    """Any names (any script, empty, very long), any seat count and mix of markers."""
    data = render_table.__wrapped__(scene)  # type: ignore[attr-defined]
    assert len(data) < MAX_BYTES
    assert Image.open(io.BytesIO(data)).mode == "P"


@settings(max_examples=20, deadline=None)
@given(
    st.lists(CARDS, max_size=30).flatmap(
        lambda cards: st.builds(
            HandScene,
            st.just(tuple(cards)),
            st.none() | st.frozensets(CARDS),
            st.frozensets(st.integers(0, max(0, len(cards) - 1)), max_size=len(cards)),
            st.none() | st.sampled_from(("S", "H", "D", "C")),
            TEXT,
        )
    )
)
def test_any_hand_scene_renders_a_small_png(scene: HandScene) -> None:
    data = render_hand.__wrapped__(scene)  # type: ignore[attr-defined]
    assert len(data) < MAX_BYTES
