"""Scenes reject what cannot be drawn, and equal scenes are one cache entry."""

from __future__ import annotations

import pytest

from pictures import (
    FACE_DOWN,
    TRUMP_CLOSED,
    HandScene,
    SceneError,
    SeatScene,
    TableScene,
    render_hand,
    render_table,
)


def _seats(n: int) -> tuple[SeatScene, ...]:
    return tuple(SeatScene(f"P{i}") for i in range(n))


def test_a_card_that_is_not_a_contract_string_is_rejected() -> None:
    with pytest.raises(SceneError, match="'1H'"):
        SeatScene("A", card="1H")
    with pytest.raises(SceneError, match="'th'"):
        HandScene(cards=("JS", "th"))
    with pytest.raises(SceneError, match="'XX'"):
        SeatScene("A", melds=(("5H", "XX"),))


def test_face_down_and_joker_are_drawable_cards() -> None:
    scene = HandScene(cards=("*", FACE_DOWN, "10H"))
    assert render_hand(scene).startswith(b"\x89PNG")


def test_trump_must_be_a_suit_letter_or_closed() -> None:
    assert TableScene("T", _seats(4), trump=TRUMP_CLOSED).trump == TRUMP_CLOSED
    with pytest.raises(SceneError, match="trump"):
        TableScene("T", _seats(4), trump="hearts")
    with pytest.raises(SceneError, match="trump"):
        HandScene(cards=("JS",), trump=TRUMP_CLOSED)


def test_seat_count_and_bottom_seat_are_checked() -> None:
    with pytest.raises(SceneError, match="9"):
        TableScene("T", _seats(9))
    with pytest.raises(SceneError, match="bottom_seat 4"):
        TableScene("T", _seats(4), bottom_seat=4)


def test_selected_indexes_must_be_cards_of_the_hand() -> None:
    with pytest.raises(SceneError, match=r"\[3\]"):
        HandScene(cards=("JS", "9S", "AS"), selected=frozenset({0, 3}))


def test_rummy_layout_is_chosen_by_piles_or_melds() -> None:
    assert not TableScene("T", _seats(4)).is_rummy
    assert TableScene("T", _seats(4), stock_count=0).is_rummy
    assert TableScene("T", _seats(4), discard_top="5H").is_rummy
    melded = (SeatScene("A", melds=(("5H", "6H", "7H"),)), *_seats(3))
    assert TableScene("T", melded).is_rummy


def test_equal_scenes_are_rendered_once() -> None:
    def scene() -> TableScene:
        return TableScene("Cache", (SeatScene("A", card="JS"), *_seats(3)), trump="S")

    render_table.cache_clear()
    first = render_table(scene())
    second = render_table(scene())
    assert second is first
    info = render_table.cache_info()
    assert (info.hits, info.misses) == (1, 1)


def test_a_changed_scene_is_rendered_again() -> None:
    base = HandScene(cards=("JS", "9S"))
    assert render_hand(base) != render_hand(HandScene(cards=("JS", "9S"), legal=frozenset({"JS"})))


def test_the_cache_can_be_asked_without_drawing_and_fed_from_a_worker() -> None:
    """``peek`` never draws; ``put`` stores what a worker drew, and the next render of the
    scene returns those bytes without drawing."""
    scene = HandScene(cards=("QD", "KD"), caption="peek")
    render_hand.cache_clear()
    assert render_hand.peek(scene) is None
    assert render_hand.cache_info().currsize == 0
    render_hand.put(scene, b"\x89PNG from a worker")
    assert render_hand.peek(scene) == b"\x89PNG from a worker"
    assert render_hand(scene) == b"\x89PNG from a worker"
    assert render_hand.cache_info().misses == 0
