"""Where things go: seats in the order of play, trick cards that never overlap, raised
playable cards, melds that stay inside the picture."""

from __future__ import annotations

import itertools

import pytest

from pictures.cards import card_height
from pictures.drawing import PLATE_HEIGHT, PLATE_MAX_WIDTH
from pictures.hand import CARD_WIDTH, MIN_STEP, hand_layout
from pictures.rummy import MELD_CARD, WIDTH, layout_melds, meld_width
from pictures.scenes import HandScene
from pictures.table import geometry, seat_spots


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_next_seat_is_on_the_bottom_players_right_counter_clockwise() -> None:
    spots = seat_spots(4)
    bottom, right, top, left = (s.plate for s in spots)
    assert [s.seat for s in spots] == [0, 1, 2, 3]
    assert right[0] > bottom[0] > left[0]
    assert top[1] < right[1] < bottom[1]


def test_next_seat_is_on_the_bottom_players_left_clockwise() -> None:
    spots = seat_spots(4, clockwise=True)
    assert spots[1].plate[0] < spots[0].plate[0] < spots[3].plate[0]


def test_bottom_seat_rotates_the_table() -> None:
    spots = seat_spots(6, bottom_seat=4)
    assert [s.seat for s in spots] == [4, 5, 0, 1, 2, 3]
    assert spots[0].plate[1] == max(s.plate[1] for s in spots)


def _plate_box(centre: tuple[int, int]) -> tuple[int, int, int, int]:
    """The largest plate a seat can have (a long name, a note, every badge)."""
    x, y = centre
    return (
        x - PLATE_MAX_WIDTH // 2,
        y - PLATE_HEIGHT // 2,
        x + PLATE_MAX_WIDTH // 2,
        y + PLATE_HEIGHT // 2,
    )


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6, 7, 8])
def test_trick_cards_and_plates_never_overlap_and_stay_in_the_picture(seats: int) -> None:
    spots = seat_spots(seats)
    cards = [s.card for s in spots]
    plates = [_plate_box(s.plate) for s in spots]
    for a, b in itertools.combinations(cards + plates, 2):
        assert not _overlap(a, b), (a, b)
    shape = geometry(seats)
    for x0, y0, x1, y1 in cards + plates:
        assert 0 <= x0 < x1 <= shape.width and 0 <= y0 < y1 <= shape.height


def test_playable_cards_are_raised_and_the_rest_are_not() -> None:
    scene = HandScene(cards=("JH", "9H", "AS", "10S"), legal=frozenset({"9H", "10S"}))
    ys = [y for _, y in hand_layout(scene).corners]
    assert ys[1] == ys[3] < ys[0] == ys[2]


def test_a_long_hand_overlaps_but_keeps_every_index_visible() -> None:
    cards = ("2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC")
    layout = hand_layout(HandScene(cards=cards))
    xs = [x for x, _ in layout.corners]
    steps = {b - a for a, b in itertools.pairwise(xs)}
    assert min(steps) >= MIN_STEP
    assert max(steps) < CARD_WIDTH
    assert xs[-1] + CARD_WIDTH <= layout.size[0]


def test_a_very_long_hand_goes_onto_two_rows() -> None:
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q")
    cards = tuple(f"{r}{s}" for s in "SH" for r in ranks)
    layout = hand_layout(HandScene(cards=cards))
    rows = sorted({y for _, y in layout.corners})
    assert len(rows) == 2
    assert rows[1] - rows[0] >= card_height(CARD_WIDTH)
    assert all(x + CARD_WIDTH <= layout.size[0] for x, _ in layout.corners)


def test_melds_wrap_onto_new_lines_inside_the_picture() -> None:
    melds = tuple(("5H", "6H", "7H", "8H") for _ in range(7))
    lines = layout_melds(melds)
    assert len(lines) > 1
    assert sorted(i for line in lines for i, _ in line) == list(range(7))
    for line in lines:
        for index, x in line:
            assert x + meld_width(len(melds[index])) <= WIDTH
    assert meld_width(1) == MELD_CARD
