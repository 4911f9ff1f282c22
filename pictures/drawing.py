"""Drawing pieces shared by the table and hand pictures: a card with its shadow and
outline, a seat's name plate, text cut to a width, the trump marker, the score box."""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import SUIT_SYMBOLS, card_height, card_sprite, dimmed_sprite, shadow_sprite
from pictures.scenes import FACE_DOWN, TRUMP_CLOSED, ScoreLine, SeatScene
from pictures.text import fit, put_text, text_width

SHADOW_OFFSET = 3


def paste_card(
    canvas: Image.Image,
    card: str,
    width: int,
    xy: tuple[int, int],
    *,
    dim: bool = False,
    outline: colours.RGB | None = None,
    shadow: bool = True,
) -> None:
    """Draw a card with its top-left corner at ``xy``."""
    x, y = xy
    if shadow:
        under = shadow_sprite(width)
        canvas.paste(under, (x + SHADOW_OFFSET, y + SHADOW_OFFSET), under)
    sprite = dimmed_sprite(card, width) if dim else card_sprite(card, width)
    canvas.paste(sprite, (x, y), sprite)
    if outline is not None:
        pad = 3
        ImageDraw.Draw(canvas).rounded_rectangle(
            (x - pad, y - pad, x + width - 1 + pad, y + card_height(width) - 1 + pad),
            radius=round(width * 0.09) + pad,
            outline=outline,
            width=3,
        )


def card_count_badge(
    canvas: Image.Image, count: int, xy: tuple[int, int], colour: colours.RGB = colours.TEXT
) -> int:
    """A tiny card back with a number (cards in hand, stock size); returns its width."""
    x, y = xy
    paste_card(canvas, FACE_DOWN, 14, (x, y), shadow=False)
    text = str(count)
    put_text(canvas, (x + 18, y + card_height(14) // 2), text, 15, colour, bold=True, anchor="lm")
    return 18 + round(text_width(text, 15, True))


PLATE_HEIGHT = 56
PLATE_MIN_WIDTH = 120
PLATE_MAX_WIDTH = 170
NAME_SIZE = 21
NOTE_SIZE = 16


def plate_width(seat: SeatScene) -> int:
    """The width a seat's plate needs (name, note, badges), within the limits."""
    name_w = text_width(seat.name, NAME_SIZE, True)
    note_w = text_width(seat.note, NOTE_SIZE)
    extra = 44 if seat.hand_count is not None else 0
    wanted = max(name_w, note_w) + 26 + extra + (22 if seat.dealer else 0)
    return int(min(PLATE_MAX_WIDTH, max(PLATE_MIN_WIDTH, wanted)))


PLATE_RADIUS = 10
PLATE_EDGE = 2


def plate_box(seat: SeatScene, centre: tuple[int, int]) -> tuple[int, int, int, int]:
    """The box of a seat's plate centred at ``centre``."""
    w, h = plate_width(seat), PLATE_HEIGHT if seat.note else PLATE_HEIGHT - 16
    cx, cy = centre
    return (cx - w // 2, cy - h // 2, cx + w // 2, cy + h // 2)


@functools.lru_cache(maxsize=512)
def _plate_base(
    w: int, h: int, to_act: bool, team: colours.RGB | None
) -> tuple[Image.Image, Image.Image]:
    """A plate's box and team stripe, drawn once per look, and the mask of the pixels they
    set (every one wholly: shapes are not anti-aliased, so pasting through the mask sets
    the pixels drawing them would)."""
    box = (0, 0, w, h)
    base = Image.new("RGB", (w + 1, h + 1), colours.FELT)
    shape = Image.new("L", base.size, 0)
    fill = colours.TURN if to_act else colours.PLATE
    for image, ink, edge in ((base, fill, colours.FELT_EDGE), (shape, 255, 255)):
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle(box, radius=PLATE_RADIUS, fill=ink, outline=edge, width=PLATE_EDGE)
        if team is not None:
            draw.rounded_rectangle((5, 7, 10, h - 7), 2, fill=team if image is base else 255)
    return base, shape


def draw_plate(canvas: Image.Image, seat: SeatScene, centre: tuple[int, int]) -> None:
    """A seat's name plate centred at ``centre``: team stripe, name, note, dealer chip,
    cards-in-hand badge; amber when it is this seat's turn."""
    draw = ImageDraw.Draw(canvas)
    cy = centre[1]
    box = plate_box(seat, centre)
    text = colours.TURN_TEXT if seat.to_act else colours.TEXT
    muted = colours.TURN_TEXT if seat.to_act else colours.TEXT_MUTED
    team = colours.team_colour(seat.team)
    base, shape = _plate_base(box[2] - box[0], box[3] - box[1], seat.to_act, team)
    canvas.paste(base, box[:2], shape)
    left = box[0] + 10 + (6 if team is not None else 0)
    right = box[2] - 8
    if seat.hand_count is not None:
        right -= 40
        card_count_badge(canvas, seat.hand_count, (right + 4, cy - card_height(14) // 2), text)
    if seat.dealer:
        right -= 22
        draw.ellipse((right, cy - 10, right + 20, cy + 10), fill=colours.CARD_FACE)
        put_text(canvas, (right + 10, cy), "D", 13, colours.BLACK, bold=True, anchor="mm")
        right -= 4
    room = right - left
    if seat.note:
        put_text(
            canvas,
            (left, cy - 2),
            fit(seat.name, NAME_SIZE, True, room),
            NAME_SIZE,
            text,
            bold=True,
            anchor="ls",
        )
        put_text(
            canvas,
            (left, cy + 3),
            fit(seat.note, NOTE_SIZE, False, room),
            NOTE_SIZE,
            muted,
            anchor="lt",
        )
    else:
        put_text(
            canvas,
            (left, cy),
            fit(seat.name, NAME_SIZE, True, room),
            NAME_SIZE,
            text,
            bold=True,
            anchor="lm",
        )


def draw_trump(canvas: Image.Image, trump: str, label: str, centre: tuple[int, int]) -> None:
    """The trump marker: the suit on a white tile, or a face-down card when closed, with
    its caption underneath."""
    draw = ImageDraw.Draw(canvas)
    cx, cy = centre
    if trump == TRUMP_CLOSED:
        width = 40
        paste_card(canvas, FACE_DOWN, width, (cx - width // 2, cy - card_height(width) // 2))
        bottom = cy + card_height(width) // 2
    else:
        half = 30
        draw.rounded_rectangle(
            (cx - half, cy - half, cx + half, cy + half),
            radius=10,
            fill=colours.CARD_FACE,
            outline=colours.CARD_EDGE,
            width=2,
        )
        put_text(
            canvas, (cx, cy + 2), SUIT_SYMBOLS[trump], 46, colours.SUIT_COLOURS[trump], anchor="mm"
        )
        bottom = cy + half
    if label:
        put_text(
            canvas,
            (cx, bottom + 6),
            fit(label, 15, True, 150),
            15,
            colours.TEXT,
            bold=True,
            anchor="mt",
        )


SCORE_SIZE = 18
SCORE_LINE = SCORE_SIZE + 8
TITLE_SIZE = 26
TITLE_LINE = 34
STATUS_SIZE = 17
STATUS_LINE = 25


def draw_scores(
    canvas: Image.Image, scores: tuple[ScoreLine, ...], xy: tuple[int, int], width: int
) -> int:
    """Score lines from ``xy`` down, each ``chip label ... value``; returns the bottom y."""
    draw = ImageDraw.Draw(canvas)
    x, y = xy
    line_h = SCORE_LINE
    for line in scores:
        chip = colours.team_colour(line.team)
        label_x = x
        if chip is not None:
            draw.ellipse((x, y + 5, x + 11, y + 16), fill=chip)
            label_x += 17
        value_w = text_width(line.value, SCORE_SIZE, True)
        put_text(
            canvas,
            (label_x, y),
            fit(line.label, SCORE_SIZE, False, width - (label_x - x) - value_w - 10),
            SCORE_SIZE,
            colours.TEXT,
        )
        put_text(
            canvas, (x + width, y), line.value, SCORE_SIZE, colours.TEXT, bold=True, anchor="ra"
        )
        y += line_h
    return y


def draw_heading(
    canvas: Image.Image, title: str, status: str, xy: tuple[int, int], width: int
) -> int:
    """The game title and one status line; returns the bottom y."""
    x, y = xy
    put_text(
        canvas, (x, y), fit(title, TITLE_SIZE, True, width), TITLE_SIZE, colours.TEXT, bold=True
    )
    y += TITLE_LINE
    if status:
        put_text(
            canvas, (x, y), fit(status, STATUS_SIZE, False, width), STATUS_SIZE, colours.TEXT_MUTED
        )
        y += STATUS_LINE
    return y
