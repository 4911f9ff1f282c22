"""Cheaper drawing, same pictures (issue 37): every stored scene decodes to exactly the
pixels it had when its digest was taken (``tests.pictures.pixel_scenes``)."""

from __future__ import annotations

import json

import pytest

from pictures import HandScene
from tests.pictures.pixel_scenes import DIGESTS, draw, from_json, pixel_digest, to_json

STORED: dict[str, dict[str, object]] = json.loads(DIGESTS.read_text())


@pytest.mark.parametrize("name", sorted(STORED))
def test_picture_has_its_stored_pixels(name: str) -> None:
    entry = STORED[name]
    scene = from_json(entry["scene"])  # type: ignore[arg-type]
    assert to_json(scene) == entry["scene"]
    assert pixel_digest(draw(scene)) == entry["digest"], (
        f"{name} draws other pixels than before; if that is meant, rerun "
        "python -m tests.pictures.pixel_scenes and say why in the commit"
    )


def test_the_digest_sees_one_card_change() -> None:
    scene = from_json(STORED["hand-5-idle"]["scene"])  # type: ignore[arg-type]
    assert isinstance(scene, HandScene)
    changed = HandScene(cards=(*scene.cards[:-1], "AD"))
    assert pixel_digest(draw(changed)) != STORED["hand-5-idle"]["digest"]


def test_every_kind_of_scene_is_stored() -> None:
    kinds = {entry["scene"]["kind"] for entry in STORED.values()}  # type: ignore[index]
    assert kinds == {"hand", "table"}
    games = {name.split("-")[0] for name in STORED if name.endswith("-table")}
    assert {"nigerian_thunee", "thunee", "tonk", "telefunken", "304"} <= games
