"""The hand picture: a player's cards in a row, overlapping when there are many, playable
ones raised with an amber outline and the rest dimmed, picked ones outlined blue."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height
from pictures.compose import (
    Background,
    Composition,
    Tile,
    make_background,
    make_felt_tile,
    make_tile,
    tiles,
)
from pictures.drawing import paste_card
from pictures.scenes import HandScene
from pictures.text import fit, put_text

CARD_WIDTH = 96
MAX_WIDTH = 800
MIN_WIDTH = 320
PAD = 16
RAISE = 18
GAP = 8
MIN_STEP = 46
"""The narrowest overlap that still shows a card's whole index ("10" and its suit)."""
CAPTION_SIZE = 18


def _rows(count: int) -> list[range]:
    """Card indexes per row: one row while the overlap leaves the index readable."""
    room = MAX_WIDTH - 2 * PAD - CARD_WIDTH
    per_row = max(1, room // MIN_STEP + 1)
    if count <= per_row:
        return [range(count)]
    half = (count + 1) // 2
    return [range(half), range(half, count)]


def _step(count: int) -> int:
    if count <= 1:
        return 0
    room = MAX_WIDTH - 2 * PAD - CARD_WIDTH
    return max(MIN_STEP, min(CARD_WIDTH + GAP, room // (count - 1)))


@dataclass(frozen=True, slots=True)
class HandLayout:
    """The picture's size and each card's top-left corner, in drawing order."""

    size: tuple[int, int]
    top: int
    corners: tuple[tuple[int, int], ...]


def is_raised(scene: HandScene, index: int) -> bool:
    """Picked cards and playable cards stand out of the row."""
    return index in scene.selected or (
        scene.legal is not None and scene.cards[index] in scene.legal
    )


def hand_layout(scene: HandScene) -> HandLayout:
    card_h = card_height(CARD_WIDTH)
    rows = _rows(len(scene.cards))
    longest = max(len(r) for r in rows)
    step = _step(longest)
    width = max(MIN_WIDTH, 2 * PAD + CARD_WIDTH + step * max(0, longest - 1))
    top = PAD + (CAPTION_SIZE + 10 if scene.caption else 0)
    row_h = RAISE + card_h + GAP
    height = top + row_h * len(rows) + PAD - GAP
    corners = []
    for row_number, row in enumerate(rows):
        y_base = top + row_number * row_h + RAISE
        for place, index in enumerate(row):
            corners.append((PAD + place * step, y_base - (RAISE if is_raised(scene, index) else 0)))
    return HandLayout((width, height), top, tuple(corners))


def _outline(scene: HandScene, index: int) -> colours.RGB | None:
    if index in scene.selected:
        return colours.SELECTED_OUTLINE
    if scene.legal is not None and scene.cards[index] in scene.legal:
        return colours.LEGAL_OUTLINE
    return None


def _draw_card(
    canvas: Image.Image,
    card: str,
    xy: tuple[int, int],
    dim: bool,
    outline: colours.RGB | None,
    trump_mark: bool,
) -> None:
    x, y = xy
    paste_card(canvas, card, CARD_WIDTH, (x, y), dim=dim, outline=outline)
    if trump_mark:
        # A gold dot in the strip that stays visible under the next card.
        r = 7
        dot_x, dot_y = x + 16, y + card_height(CARD_WIDTH) - 18
        ImageDraw.Draw(canvas).ellipse(
            (dot_x - r, dot_y - r, dot_x + r, dot_y + r),
            fill=colours.TRUMP_MARK,
            outline=colours.CARD_EDGE,
        )


def _card_look(scene: HandScene, index: int) -> tuple[str, bool, colours.RGB | None, bool]:
    """What the card at ``index`` shows: the card, dimmed, its outline, its trump dot."""
    card = scene.cards[index]
    dim = scene.legal is not None and not is_raised(scene, index)
    trump_mark = scene.trump is not None and card[-1] == scene.trump and card != "*"
    return card, dim, _outline(scene, index), trump_mark


def draw_hand(scene: HandScene) -> Image.Image:
    """The hand picture in RGB (``compose_hand`` gives the same pixels, mapped, for the
    hands whose cards do not overlap, at a fraction of the cost)."""
    layout = hand_layout(scene)
    canvas = Image.new("RGB", layout.size, colours.FELT)
    if scene.caption:
        put_text(
            canvas,
            (PAD, PAD - 2),
            fit(scene.caption, CAPTION_SIZE, True, layout.size[0] - 2 * PAD),
            CAPTION_SIZE,
            colours.TEXT,
            bold=True,
        )
    for index, corner in enumerate(layout.corners):
        _draw_card(canvas, *_look_at(scene, index, corner))
    return canvas


def _look_at(
    scene: HandScene, index: int, corner: tuple[int, int]
) -> tuple[str, tuple[int, int], bool, colours.RGB | None, bool]:
    card, dim, outline, trump_mark = _card_look(scene, index)
    return card, corner, dim, outline, trump_mark


@functools.lru_cache(maxsize=64)
def _background(size: tuple[int, int]) -> Background:
    return make_background(size, lambda canvas: None, ("felt", size))


def _card_tile(look: tuple[str, bool, colours.RGB | None, bool]) -> Tile | None:
    card, dim, outline, trump_mark = look
    return make_tile(
        (-8, -8, CARD_WIDTH + 10, card_height(CARD_WIDTH) + 10),
        lambda img, at: _draw_card(img, card, at, dim, outline, trump_mark),
    )


def compose_hand(scene: HandScene) -> Composition | None:
    """``draw_hand``'s picture mapped to the palette, put together from cached tiles
    (``pictures.compose``); None when it cannot be exactly (cards fanned over each other:
    the caller then draws it the old way)."""
    layout = hand_layout(scene)
    picture = Composition(_background(layout.size))
    if scene.caption:
        width = layout.size[0] - 2 * PAD
        caption = fit(scene.caption, CAPTION_SIZE, True, width)
        tile = tiles.get(
            ("caption", caption, width),
            lambda: make_felt_tile(
                (-4, -4, width + 4, CAPTION_SIZE + 12),
                lambda img, at: put_text(img, at, caption, CAPTION_SIZE, colours.TEXT, bold=True),
            ),
        )
        if not picture.place(tile, (PAD, PAD - 2)):
            return None
    for index, corner in enumerate(layout.corners):
        look = _card_look(scene, index)
        tile = tiles.get(("hand card", look), functools.partial(_card_tile, look))
        if not picture.place(tile, corner):
            return None
    return picture
