"""Golden pictures: each example renders as its approved PNG, within a small tolerance
for anti-aliasing differences between FreeType builds (a changed card, seat or colour
is far outside it)."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops

from pictures import SeatScene, render_table
from tests.pictures.examples import GOLDEN, GOLDEN_DIR, THUNEE_TRICK

PIXEL_THRESHOLD = 48
"""A pixel counts as different when its difference's luminance exceeds this (of 255)."""
MAX_DIFFERENT_SHARE = 0.001
"""At most 0.1% of the pixels may differ: glyph edges, never a card or a plate (changing
one trick card's suit alone changes about 0.3%)."""


def different_share(png_a: bytes, png_b: bytes) -> float:
    """The share of pixels that differ visibly (1.0 when the sizes differ)."""
    a = Image.open(io.BytesIO(png_a)).convert("RGB")
    b = Image.open(io.BytesIO(png_b)).convert("RGB")
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L")
    histogram = diff.histogram()
    return sum(histogram[PIXEL_THRESHOLD + 1 :]) / (a.width * a.height)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_picture_matches_golden(name: str) -> None:
    render, scene = GOLDEN[name]
    golden = (GOLDEN_DIR / f"{name}.png").read_bytes()
    share = different_share(render.__wrapped__(scene), golden)  # type: ignore[attr-defined]
    assert share <= MAX_DIFFERENT_SHARE, (
        f"{name} differs from its golden in {share:.2%} of pixels; if the change is meant, "
        "run python -m tests.pictures.regenerate and look at the new pictures"
    )


def test_one_changed_card_is_outside_the_tolerance() -> None:
    """The tolerance is tight enough to see a single trick card change (9H -> 9S)."""
    seats = list(THUNEE_TRICK.seats)
    seats[1] = SeatScene("Priya", card="9S", team=1, hand_count=2)
    changed = render_table(dataclasses.replace(THUNEE_TRICK, seats=tuple(seats)))
    golden = (GOLDEN_DIR / "thunee_trick.png").read_bytes()
    assert different_share(changed, golden) > MAX_DIFFERENT_SHARE


def test_turn_moving_to_another_seat_is_outside_the_tolerance() -> None:
    seats = list(THUNEE_TRICK.seats)
    seats[3] = dataclasses.replace(seats[3], to_act=False)
    seats[0] = dataclasses.replace(seats[0], to_act=True)
    changed = render_table(dataclasses.replace(THUNEE_TRICK, seats=tuple(seats)))
    golden = (GOLDEN_DIR / "thunee_trick.png").read_bytes()
    assert different_share(changed, golden) > MAX_DIFFERENT_SHARE
