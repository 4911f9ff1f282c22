"""The table picture of a trick game: seats around an oval, each seat's card of the
current trick between its plate and the centre, the trump marker, title and scores."""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height
from pictures.drawing import (
    draw_heading,
    draw_plate,
    draw_scores,
    draw_trump,
    paste_card,
)
from pictures.scenes import TableScene

WIDTH, HEIGHT = 760, 620
CENTRE = (WIDTH // 2, HEIGHT // 2 + 20)
SEAT_RADII = (272, 238)
CORNER_WIDTH = 240
HEADING_WIDTH = 270


def trick_layout(seats: int) -> tuple[int, float]:
    """Trick card width and how far from the centre a trick card sits (a share of the
    seat's distance): more seats, smaller cards further out, so neighbours never overlap."""
    if seats <= 4:
        return 96, 0.52
    if seats <= 6:
        return 80, 0.58
    return 72, 0.63


def seat_angle(index: int, seats: int, clockwise: bool) -> float:
    """Screen angle (radians, y down) of the seat ``index`` places after the bottom one.

    Counter-clockwise games put the next seat to the bottom player's right (screen right),
    clockwise games to their left.
    """
    step = 2 * math.pi / seats
    return math.pi / 2 + (index * step if clockwise else -index * step)


def _felt(canvas: Image.Image) -> None:
    draw = ImageDraw.Draw(canvas)
    cx, cy = CENTRE
    rx, ry = SEAT_RADII
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


def seat_spots(seats: int, bottom_seat: int = 0, clockwise: bool = False) -> list[SeatSpot]:
    """The plate centre and trick card box of every seat, bottom seat first."""
    cx, cy = CENTRE
    rx, ry = SEAT_RADII
    card_w, pull = trick_layout(seats)
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


def draw_trick_table(scene: TableScene) -> Image.Image:
    canvas = Image.new("RGB", (WIDTH, HEIGHT), colours.FELT)
    _felt(canvas)
    heading_bottom = draw_heading(canvas, scene.title, scene.status, (16, 12), HEADING_WIDTH)
    if scene.scores:
        draw_scores(canvas, scene.scores, (16, heading_bottom + 2), CORNER_WIDTH)
    if scene.trump is not None:
        draw_trump(canvas, scene.trump, scene.trump_label, (WIDTH - 70, 56))
    spots = seat_spots(len(scene.seats), scene.bottom_seat, scene.clockwise)
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
