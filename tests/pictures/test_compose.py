"""Pictures put together from cached tiles (issue 37): the fast way is taken for the
common layouts, gives up where it could not be exact, and the worker keeps hand pictures."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image, ImageDraw

from pictures import HandScene, SeatScene, TableScene, colours
from pictures.compose import Composition, make_background, make_tile
from pictures.encode import png_bytes
from pictures.hand import compose_hand, draw_hand
from pictures.render import _draw_hand, _draw_table
from pictures.table import compose_trick_table, draw_trick_table
from pictures.worker import Remembered
from tests.pictures.examples import THUNEE_HAND, THUNEE_TRICK
from tests.pictures.test_output import biggest_hand, busiest_trick_table


def rgb(image: Image.Image) -> bytes:
    return Image.open(io.BytesIO(png_bytes(image))).convert("RGB").tobytes()


def test_a_four_seat_trick_table_is_put_together_with_the_old_pixels() -> None:
    composed = compose_trick_table(THUNEE_TRICK)
    assert composed is not None and composed.image.mode == "P"
    assert rgb(composed.image) == rgb(draw_trick_table(THUNEE_TRICK))


def test_a_short_hand_is_put_together_with_the_old_pixels() -> None:
    composed = compose_hand(THUNEE_HAND)
    assert composed is not None
    assert rgb(composed.image) == rgb(draw_hand(THUNEE_HAND))


def test_fanned_cards_and_a_card_over_a_plate_are_drawn_the_old_way() -> None:
    assert compose_hand(biggest_hand()) is None  # each card's shadow falls on the last
    assert compose_trick_table(busiest_trick_table()) is None


def test_a_blended_pixel_goes_only_on_untouched_felt() -> None:
    background = make_background((60, 60), lambda canvas: None)
    shadow = make_tile(
        (-2, -2, 22, 22),
        lambda img, at: img.paste((0, 0, 0), (at[0], at[1], at[0] + 20, at[1] + 20), _half(20)),
    )
    solid = make_tile(
        (-2, -2, 22, 22),
        lambda img, at: ImageDraw.Draw(img).rectangle(
            (at[0], at[1], at[0] + 19, at[1] + 19), fill=colours.PLATE
        ),
    )
    assert shadow is not None and shadow.blended is not None
    assert solid is not None and solid.blended is None
    picture = Composition(background)
    assert picture.place(solid, (10, 10))
    assert picture.place(solid, (20, 20))  # opaque over opaque: as drawing gives
    assert not picture.place(shadow, (25, 25))  # a half shadow over the plate colour
    assert picture.place(shadow, (40, 0))  # on felt, cut at the top edge


def _half(size: int) -> Image.Image:
    return Image.new("L", (size, size), 128)


def test_the_worker_keeps_hand_pictures_by_scene_and_never_table_pictures() -> None:
    remembered = Remembered()
    mine = HandScene(cards=("10D", "10C", "8D"))
    theirs = HandScene(cards=("10D", "10C", "9D"))
    first = remembered.draw(_draw_hand, mine)
    assert remembered.draw(_draw_hand, mine) is first
    assert remembered.draw(_draw_hand, theirs) != first
    assert remembered.size == len(first) + len(remembered.draw(_draw_hand, theirs))
    table = TableScene(title="t", seats=(SeatScene("a"), SeatScene("b")))
    before = remembered.size
    remembered.draw(_draw_table, table)
    assert remembered.size == before


def test_the_worker_forgets_the_oldest_hands_past_its_budget() -> None:
    hands = [HandScene(cards=(card,)) for card in ("2C", "3C", "4C", "5C")]
    sizes = [len(_draw_hand(hand)) for hand in hands]
    remembered = Remembered(budget=sum(sizes[1:]))
    for hand in hands:
        remembered.draw(_draw_hand, hand)
    assert remembered.size <= remembered.budget
    assert (_draw_hand, hands[0]) not in remembered._items
    assert (_draw_hand, hands[3]) in remembered._items


def test_bands_reused_from_another_picture_give_that_pictures_own_pixels() -> None:
    from pictures.png import bands

    seats = list(THUNEE_TRICK.seats)
    seats[0] = SeatScene("Thandi", card="QH", team=0, hand_count=2, note="bid 40")
    moved = dataclasses.replace(THUNEE_TRICK, seats=tuple(seats))
    bands.clear()
    alone = _draw_table(moved)
    _draw_table(THUNEE_TRICK)
    after_the_other = _draw_table(moved)
    assert bands.size > 0
    decoded = [
        Image.open(io.BytesIO(png)).convert("RGB").tobytes() for png in (alone, after_the_other)
    ]
    assert decoded[0] == decoded[1] == rgb(draw_trick_table(moved))
