"""The hand picture: a player's cards in a row, overlapping when there are many, playable
ones raised with an amber outline and the rest dimmed, picked ones outlined blue."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height
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


def draw_hand(scene: HandScene) -> Image.Image:
    layout = hand_layout(scene)
    card_h = card_height(CARD_WIDTH)
    canvas = Image.new("RGB", layout.size, colours.FELT)
    draw = ImageDraw.Draw(canvas)
    if scene.caption:
        put_text(
            canvas,
            (PAD, PAD - 2),
            fit(scene.caption, CAPTION_SIZE, True, layout.size[0] - 2 * PAD),
            CAPTION_SIZE,
            colours.TEXT,
            bold=True,
        )
    for index, (card, (x, y)) in enumerate(zip(scene.cards, layout.corners, strict=True)):
        if index in scene.selected:
            outline: colours.RGB | None = colours.SELECTED_OUTLINE
        elif scene.legal is not None and card in scene.legal:
            outline = colours.LEGAL_OUTLINE
        else:
            outline = None
        dim = scene.legal is not None and not is_raised(scene, index)
        paste_card(canvas, card, CARD_WIDTH, (x, y), dim=dim, outline=outline)
        if scene.trump is not None and card[-1] == scene.trump and card != "*":
            # A gold dot in the strip that stays visible under the next card.
            r = 7
            dot_x, dot_y = x + 16, y + card_h - 18
            draw.ellipse(
                (dot_x - r, dot_y - r, dot_x + r, dot_y + r),
                fill=colours.TRUMP_MARK,
                outline=colours.CARD_EDGE,
            )
    return canvas
