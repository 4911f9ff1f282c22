"""The table picture of a trick game: seats around an oval, each seat's card of the
current trick between its plate and the centre, the trump marker, title and scores."""

from __future__ import annotations

import functools
import math
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
    make_shape_tile,
    make_tile,
    tiles,
)
from pictures.drawing import (
    PLATE_EDGE,
    PLATE_RADIUS,
    SCORE_LINE,
    SHADOW_OFFSET,
    STATUS_LINE,
    TITLE_LINE,
    draw_heading,
    draw_plate,
    draw_scores,
    draw_trump,
    paste_card,
    plate_box,
)
from pictures.scenes import SeatScene, TableScene

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


def _columns(scene: TableScene, shape: Geometry) -> tuple[int, int]:
    """Where the score box starts and how wide the heading may be."""
    trump_room = TRUMP_COLUMN if scene.trump is not None else 0
    scores_x = shape.width - 16 - trump_room - SCORES_WIDTH
    heading_width = min(HEADING_WIDTH, scores_x - 28) if scene.scores else HEADING_WIDTH
    return scores_x, heading_width


def draw_trick_table(scene: TableScene) -> Image.Image:
    """The table picture in RGB (``compose_trick_table`` gives the same pixels, mapped,
    for nearly every scene, at a fraction of the cost)."""
    shape = geometry(len(scene.seats))
    top = header_height(scene)
    canvas = Image.new("RGB", (shape.width, top + shape.height), colours.FELT)
    _felt(canvas, (shape.width // 2, top + shape.height // 2), shape.radii)
    scores_x, heading_width = _columns(scene, shape)
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


PLATE_MARGIN = 4
"""Room around a plate's box in its tile: a mark showing there is outside the plate."""


@functools.lru_cache(maxsize=64)
def _background(
    size: tuple[int, int], centre: tuple[int, int], radii: tuple[int, int]
) -> Background:
    return make_background(
        size, lambda canvas: _felt(canvas, centre, radii), ("oval", size, centre, radii)
    )


@functools.lru_cache(maxsize=256)
def _plate_shape(size: tuple[int, int]) -> Image.Image:
    """The pixels a plate of ``size`` covers in its tile, drawn like its fill."""
    shape = Image.new("L", (size[0] + 2 * PLATE_MARGIN, size[1] + 2 * PLATE_MARGIN), 0)
    box = (PLATE_MARGIN, PLATE_MARGIN, PLATE_MARGIN + size[0], PLATE_MARGIN + size[1])
    ImageDraw.Draw(shape).rounded_rectangle(
        box, radius=PLATE_RADIUS, fill=255, outline=255, width=PLATE_EDGE
    )
    return shape


def _ignore(_: object) -> None:
    """(A drawing function's return value, which a tile does not need.)"""


def _plate_key(seat: SeatScene) -> tuple[object, ...]:
    """What a seat's plate shows (its trick card and winning mark are drawn apart)."""
    return ("plate", seat.name, seat.to_act, seat.dealer, seat.team, seat.hand_count, seat.note)


def _plate_tile(seat: SeatScene) -> Tile | None:
    left, top, right, bottom = plate_box(seat, (0, 0))
    m = PLATE_MARGIN
    return make_shape_tile(
        (left - m, top - m, right + m, bottom + m),
        lambda img, centre: draw_plate(img, seat, centre),
        _plate_shape((right - left, bottom - top)),
    )


def _card_tile(card: str, width: int, height: int, winning: bool) -> Tile | None:
    outline = colours.WINNING_OUTLINE if winning else None
    return make_tile(
        (-8, -8, width + 10, height + 10),
        lambda img, at: paste_card(img, card, width, at, outline=outline),
    )


def _card_over_a_plate(scene: TableScene, spots: list[SeatSpot]) -> bool:
    """Whether a trick card (with its outline and shadow) reaches into a plate's box (the
    composition would give up there, after making and placing most tiles)."""
    plates = [plate_box(scene.seats[spot.seat], spot.plate) for spot in spots]
    for spot in spots:
        if scene.seats[spot.seat].card is None:
            continue
        left, top, right, bottom = spot.card
        # The outline's 3 pixels round the card, its shadow 3 down and right (inclusive).
        reach = (left - 3, top - 3, right - 1 + SHADOW_OFFSET, bottom - 1 + SHADOW_OFFSET)
        for plate in plates:
            if (
                reach[0] <= plate[2]
                and plate[0] <= reach[2]
                and reach[1] <= plate[3]
                and plate[1] <= reach[3]
            ):
                return True
    return False


def compose_trick_table(scene: TableScene) -> Composition | None:
    """``draw_trick_table``'s picture mapped to the palette, put together from cached
    tiles (``pictures.compose``); None when a piece cannot be placed exactly (the caller
    then draws it the old way)."""
    shape = geometry(len(scene.seats))
    top = header_height(scene)
    size = (shape.width, top + shape.height)
    picture = Composition(
        _background(size, (shape.width // 2, top + shape.height // 2), shape.radii)
    )
    spots = seat_spots(len(scene.seats), scene.bottom_seat, scene.clockwise, top)
    if _card_over_a_plate(scene, spots):
        return None  # its shadow would blend with the plate: known before any tile is made
    scores_x, heading_width = _columns(scene, shape)
    title, status = scene.title, scene.status
    placed = picture.place(
        tiles.get(
            ("heading", title, status, heading_width),
            lambda: make_felt_tile(
                (-4, -4, heading_width + 4, TITLE_LINE + STATUS_LINE + 6),
                lambda img, at: _ignore(draw_heading(img, title, status, at, heading_width)),
            ),
        ),
        (16, 12),
    )
    if placed and scene.scores:
        scores = scene.scores
        placed = picture.place(
            tiles.get(
                ("scores", scores),
                lambda: make_felt_tile(
                    (-4, -4, SCORES_WIDTH + 4, SCORE_LINE * len(scores) + 6),
                    lambda img, at: _ignore(draw_scores(img, scores, at, SCORES_WIDTH)),
                ),
            ),
            (scores_x, 14),
        )
    if placed and scene.trump is not None:
        trump, label = scene.trump, scene.trump_label
        placed = picture.place(
            tiles.get(
                ("trump", trump, label),
                lambda: make_tile(
                    (-84, -44, 84, 72), lambda img, at: draw_trump(img, trump, label, at)
                ),
            ),
            (shape.width - 16 - 48, 46),
        )
    for spot in spots:
        if not placed:
            return None
        seat = scene.seats[spot.seat]
        placed = picture.place(
            tiles.get(_plate_key(seat), functools.partial(_plate_tile, seat)), spot.plate
        )
    for spot in spots:
        if not placed:
            return None
        seat = scene.seats[spot.seat]
        if seat.card is not None:
            x, y, right, bottom = spot.card
            look = (seat.card, right - x, bottom - y, seat.winning)
            tile = tiles.get(("card", *look), functools.partial(_card_tile, *look))
            placed = picture.place(tile, (x, y))
    return picture if placed else None
