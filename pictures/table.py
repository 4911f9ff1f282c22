"""The table picture of a trick game: seats around an oval, each seat's card of the
current trick between its plate and the centre, the trump marker, title and scores."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height
from pictures.drawing import (
    SCORE_LINE,
    STATUS_LINE,
    TITLE_LINE,
    draw_heading,
    draw_plate,
    draw_scores,
    draw_trump,
    paste_card,
)
from pictures.scenes import TableScene

HEADING_WIDTH = 300
SCORES_WIDTH = 260
TRUMP_COLUMN = 96


@dataclass(frozen=True, slots=True)
class Geometry:
    """The oval for one seat count: its area's size, the radii the plates sit on, the
    trick card width and how far out a trick card sits (a share of the seat's distance).
    More seats: a wider oval, smaller cards, so no card ever covers a card or a plate."""

    width: int
    height: int
    radii: tuple[int, int]
    card_width: int
    pull: float


GEOMETRIES = {
    4: Geometry(700, 490, (255, 200), 96, 0.45),
    6: Geometry(830, 610, (320, 265), 80, 0.50),
    8: Geometry(850, 610, (330, 265), 72, 0.57),
}


def geometry(seats: int) -> Geometry:
    """Odd counts (rummy tables drawn as a trick, a seat count a variant allows) use the
    6-seat oval, whose spacing suits 3, 5 and 7 seats too."""
    return GEOMETRIES[4 if seats in (1, 2, 4) else 8 if seats == 8 else 6]


def seat_angle(index: int, seats: int, clockwise: bool) -> float:
    """Screen angle (radians, y down) of the seat ``index`` places after the bottom one.

    Counter-clockwise games put the next seat to the bottom player's right (screen right),
    clockwise games to their left.
    """
    step = 2 * math.pi / seats
    return math.pi / 2 + (index * step if clockwise else -index * step)


def _felt(canvas: Image.Image, centre: tuple[int, int], radii: tuple[int, int]) -> None:
    draw = ImageDraw.Draw(canvas)
    cx, cy = centre
    rx, ry = radii
    draw.ellipse(
        (cx - rx + 40, cy - ry + 30, cx + rx - 40, cy + ry - 30),
        outline=colours.FELT_LINE,
        width=3,
    )


Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class SeatSpot:
    """Where one seat is drawn: its plate's centre and its trick card's box."""

    seat: int
    plate: tuple[int, int]
    card: Box


def seat_spots(
    seats: int, bottom_seat: int = 0, clockwise: bool = False, top: int = 0
) -> list[SeatSpot]:
    """The plate centre and trick card box of every seat, bottom seat first, for an oval
    area starting ``top`` pixels down."""
    shape = geometry(seats)
    cx, cy = shape.width // 2, top + shape.height // 2
    rx, ry = shape.radii
    card_w, pull = shape.card_width, shape.pull
    card_h = card_height(card_w)
    spots = []
    for index in range(seats):
        angle = seat_angle(index, seats, clockwise)
        dx, dy = math.cos(angle), math.sin(angle)
        plate = (round(cx + rx * dx), round(cy + ry * dy))
        if index == 0 or (seats % 2 == 0 and index == seats // 2):
            # The top and bottom plates hug the edges: more room for the trick.
            plate = (plate[0], plate[1] + (8 if index == 0 else -8))
        x = round(cx + pull * rx * dx - card_w / 2)
        y = round(cy + pull * ry * dy - card_h / 2)
        spots.append(SeatSpot((bottom_seat + index) % seats, plate, (x, y, x + card_w, y + card_h)))
    return spots


def header_height(scene: TableScene) -> int:
    """The band above the oval: title and status, scores, trump; never under a seat."""
    heading = 12 + TITLE_LINE + (STATUS_LINE if scene.status else 0)
    scores = 14 + SCORE_LINE * len(scene.scores)
    trump = 0 if scene.trump is None else 112
    return max(heading, scores, trump) + 4


def draw_trick_table(scene: TableScene) -> Image.Image:
    shape = geometry(len(scene.seats))
    top = header_height(scene)
    canvas = Image.new("RGB", (shape.width, top + shape.height), colours.FELT)
    _felt(canvas, (shape.width // 2, top + shape.height // 2), shape.radii)
    trump_room = TRUMP_COLUMN if scene.trump is not None else 0
    scores_x = shape.width - 16 - trump_room - SCORES_WIDTH
    heading_width = min(HEADING_WIDTH, scores_x - 28) if scene.scores else HEADING_WIDTH
    draw_heading(canvas, scene.title, scene.status, (16, 12), heading_width)
    if scene.scores:
        draw_scores(canvas, scene.scores, (scores_x, 14), SCORES_WIDTH)
    if scene.trump is not None:
        draw_trump(canvas, scene.trump, scene.trump_label, (shape.width - 16 - 48, 46))
    spots = seat_spots(len(scene.seats), scene.bottom_seat, scene.clockwise, top)
    for spot in spots:
        draw_plate(canvas, scene.seats[spot.seat], spot.plate)
    # Cards after every plate: a card near a neighbour's plate covers the plate's edge,
    # never the other way round.
    for spot in spots:
        seat = scene.seats[spot.seat]
        if seat.card is not None:
            x, y, right, _ = spot.card
            paste_card(
                canvas,
                seat.card,
                right - x,
                (x, y),
                outline=colours.WINNING_OUTLINE if seat.winning else None,
            )
    return canvas
