"""The table picture of a rummy game (Telefunken): the stock and the discard top under
the title, then one row per seat with its plate and its melds laid out left to right,
wrapping onto more lines when they do not fit."""

from __future__ import annotations

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height, shadow_shape
from pictures.drawing import (
    PLATE_HEIGHT,
    PLATE_MAX_WIDTH,
    SCORE_LINE,
    SHADOW_OFFSET,
    STATUS_LINE,
    TITLE_LINE,
    draw_heading,
    draw_plate,
    draw_scores,
    paste_card,
    plate_width,
)
from pictures.fonts import font
from pictures.scenes import FACE_DOWN, TableScene

WIDTH = 800
PAD = 16
PILE_CARD = 64
MELD_CARD = 56
MELD_STEP = 26
"""Overlap of cards in a meld: the index of each card stays visible."""
MELD_GAP = 14
LINE_GAP = 10
MELDS_LEFT = PAD + PLATE_MAX_WIDTH + 12
SCORES_WIDTH = 250


def meld_width(cards: int) -> int:
    return MELD_CARD + MELD_STEP * max(0, cards - 1)


def layout_melds(melds: tuple[tuple[str, ...], ...]) -> list[list[tuple[int, int]]]:
    """Per line, ``(meld index, x)`` of each meld; a meld too long for any line starts a
    line of its own (its cards then overlap more, see ``_meld_step``)."""
    lines: list[list[tuple[int, int]]] = [[]]
    x = MELDS_LEFT
    for index, meld in enumerate(melds):
        w = meld_width(len(meld))
        if lines[-1] and x + w > WIDTH - PAD:
            lines.append([])
            x = MELDS_LEFT
        lines[-1].append((index, x))
        x += w + MELD_GAP
    return lines


def _meld_step(cards: int) -> int:
    room = WIDTH - PAD - MELDS_LEFT - MELD_CARD
    return MELD_STEP if cards <= 1 else min(MELD_STEP, room // (cards - 1))


def _row_height(melds: tuple[tuple[str, ...], ...]) -> int:
    lines = len(layout_melds(melds)) if melds else 0
    return max(PLATE_HEIGHT + 2 * LINE_GAP, lines * (card_height(MELD_CARD) + LINE_GAP) + LINE_GAP)


def draw_rummy_table(scene: TableScene) -> Image.Image:
    n = len(scene.seats)
    order = [scene.seats[(scene.bottom_seat + i) % n] for i in range(n)]
    pile_h = card_height(PILE_CARD)
    header = max(
        12 + TITLE_LINE + (STATUS_LINE if scene.status else 0),
        14 + pile_h + 8,
        14 + SCORE_LINE * len(scene.scores),
    )
    height = header + sum(_row_height(seat.melds) for seat in order) + PAD
    canvas = Image.new("RGB", (WIDTH, height), colours.FELT)
    draw = ImageDraw.Draw(canvas)
    draw_heading(canvas, scene.title, scene.status, (PAD, 12), 300)
    if scene.scores:
        draw_scores(canvas, scene.scores, (WIDTH - PAD - SCORES_WIDTH, 14), SCORES_WIDTH)
    piles_x = 340
    if scene.stock_count is not None:
        paste_card(canvas, FACE_DOWN, PILE_CARD, (piles_x, 14))
        draw.text(
            (piles_x + PILE_CARD // 2, 14 + pile_h // 2),
            str(scene.stock_count),
            font=font(22, True),
            fill=colours.TEXT,
            anchor="mm",
            stroke_width=3,
            stroke_fill=colours.BACK,
        )
    if scene.discard_top is not None:
        paste_card(canvas, scene.discard_top, PILE_CARD, (piles_x + PILE_CARD + 16, 14))
    y = header
    for seat in order:
        row_h = _row_height(seat.melds)
        draw.line((PAD, y, WIDTH - PAD, y), fill=colours.FELT_LINE, width=2)
        draw_plate(canvas, seat, (PAD + plate_width(seat) // 2, y + LINE_GAP + PLATE_HEIGHT // 2))
        for line_number, line in enumerate(layout_melds(seat.melds)):
            top = y + LINE_GAP + line_number * (card_height(MELD_CARD) + LINE_GAP)
            for index, x in line:
                meld = seat.melds[index]
                step = _meld_step(len(meld))
                # One shadow for the whole meld: the cards cover the rest of each
                # card's own shadow anyway, and it saves a paste per card.
                shadow = shadow_shape(MELD_CARD + step * (len(meld) - 1), card_height(MELD_CARD))
                canvas.paste(shadow, (x + SHADOW_OFFSET, top + SHADOW_OFFSET), shadow)
                for place, card in enumerate(meld):
                    paste_card(canvas, card, MELD_CARD, (x + place * step, top), shadow=False)
        y += row_h
    return canvas
