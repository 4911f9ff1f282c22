"""A fixed set of scenes and the digest of each one's decoded pixels (issue 37).

The renderer was made cheaper without changing what a player sees; ``test_pixels`` holds
it to that: every scene in ``pixel_digests.json`` must decode to exactly the pixels the
renderer of main drew before the change (the digest is SHA-256 of the RGB pixels, so
the PNG bytes themselves may change: compression, palette length).

The scenes are stored with their digests, not rebuilt from the games, so a rules change
cannot move them: every game's table and hand at states along a random playout, the
golden examples, the busiest layouts and a few edge cases (long and non-Latin names,
a caption, picked cards, overlapping hands).

    python -m tests.pictures.pixel_scenes

rewrites the file from the renderer as it is now: only after a deliberate change to how
pictures look (say why in the commit), or a Pillow/FreeType upgrade that moves glyph edges.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import json
import random
from pathlib import Path
from typing import Any

from PIL import Image

from pictures import FACE_DOWN, HandScene, ScoreLine, SeatScene, TableScene
from pictures.render import render_hand, render_table

DIGESTS = Path(__file__).resolve().parent / "pixel_digests.json"

Scene = TableScene | HandScene


def pixel_digest(png: bytes) -> str:
    """SHA-256 of the decoded picture's size and RGB pixels."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return hashlib.sha256(f"{image.size}".encode() + image.tobytes()).hexdigest()


def draw(scene: Scene) -> bytes:
    """The picture, drawn now (never from the scene cache)."""
    if isinstance(scene, HandScene):
        return render_hand.__wrapped__(scene)
    return render_table.__wrapped__(scene)


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset):
        return sorted(value, key=str)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


def to_json(scene: Scene) -> dict[str, Any]:
    kind = "hand" if isinstance(scene, HandScene) else "table"
    fields = {f.name: _plain(getattr(scene, f.name)) for f in dataclasses.fields(scene)}
    if isinstance(scene, TableScene):
        fields["seats"] = [
            {f.name: _plain(getattr(s, f.name)) for f in dataclasses.fields(s)} for s in scene.seats
        ]
        fields["scores"] = [
            {f.name: getattr(s, f.name) for f in dataclasses.fields(s)} for s in scene.scores
        ]
    return {"kind": kind, **fields}


def from_json(data: dict[str, Any]) -> Scene:
    data = dict(data)
    kind = data.pop("kind")
    if kind == "hand":
        legal = data["legal"]
        return HandScene(
            cards=tuple(data["cards"]),
            legal=None if legal is None else frozenset(legal),
            selected=frozenset(data["selected"]),
            trump=data["trump"],
            caption=data["caption"],
        )
    seats = tuple(
        SeatScene(**{**s, "melds": tuple(tuple(m) for m in s["melds"])}) for s in data["seats"]
    )
    scores = tuple(ScoreLine(**s) for s in data["scores"])
    return TableScene(**{**data, "seats": seats, "scores": scores})


NAMES = (
    "Thandi",
    "Computer 2",
    "Ngozi Adébáyọ̀ Okonkwo-Williams",
    "Priya",
    "\u674e\u5c0f\u9f8d",
    "Devan \U0001f0a1",
    "R",
    "Chamari Jayawardena",
)


def _playout_scenes() -> dict[str, Scene]:
    from pictures.from_views import hand_scene, table_scene
    from rules import registry
    from rules.random_play import random_step

    found: dict[str, Scene] = {}
    for game in registry.names():
        spec = registry.get(game)
        for players in spec.player_counts:
            match = spec.new_match(players, seed=players)
            rng = random.Random(players)
            wanted = {0, 5, 17, 40, 90}
            for step in range(max(wanted) + 1):
                if match.is_over:
                    break
                if step in wanted:
                    name = f"{game}-{players}-{step}"
                    bottom = step % players
                    found[f"{name}-table"] = table_scene(
                        match.public_view(), NAMES[:players], bottom_seat=bottom
                    )
                    found[f"{name}-hand"] = hand_scene(
                        match.view(bottom), caption="Your turn" if step % 2 else ""
                    )
                match.apply(*random_step(match, rng))
    return found


def _made_scenes() -> dict[str, Scene]:
    from tests.pictures.examples import GOLDEN
    from tests.pictures.test_output import biggest_hand, busiest_rummy_table, busiest_trick_table

    found: dict[str, Scene] = {name: scene for name, (_, scene) in GOLDEN.items()}
    found["busiest-trick"] = busiest_trick_table()
    found["busiest-rummy"] = busiest_rummy_table()
    found["biggest-hand"] = biggest_hand()
    five = ("10D", "10C", "8D", "KC", "AC")
    found["hand-5-idle"] = HandScene(cards=five)
    found["hand-5-legal"] = HandScene(cards=five, legal=frozenset({"10D", "8D"}), trump="D")
    found["hand-5-picked"] = HandScene(cards=five, selected=frozenset({0, 4}), caption="Meld?")
    found["hand-1"] = HandScene(cards=("*",), caption="x" * 200)
    found["hand-7"] = HandScene(cards=(*five, "*", "2S"), legal=frozenset({"*"}), trump="C")
    found["hand-8"] = HandScene(cards=(*five, "*", "2S", "3H"), legal=frozenset({"3H", "KC"}))
    found["hand-hidden"] = HandScene(cards=(FACE_DOWN,) * 6)
    for seats in (1, 2, 3, 5, 6, 7, 8):
        found[f"trick-{seats}-seats"] = TableScene(
            title="T" * 60,
            status="s" * 80,
            seats=tuple(
                SeatScene(
                    NAMES[i] * (1 + i % 3),
                    card=("QH", FACE_DOWN, "10S", "*", None)[i % 5],
                    to_act=i == seats - 1,
                    dealer=i == 0,
                    team=None if seats % 2 else i % 2,
                    hand_count=None if i == 1 else 13 - i,
                    note="bid 250 and a long note" if i % 2 else "",
                    winning=i == 2,
                )
                for i in range(seats)
            ),
            trump=("S", "closed", None)[seats % 3],
            trump_label="Trump: a long caption for it",
            scores=tuple(ScoreLine(f"{NAMES[i]} & co", f"{i * 37} pts", i) for i in range(seats)),
            clockwise=seats % 2 == 0,
            bottom_seat=seats - 1,
        )
    return found


def all_scenes() -> dict[str, Scene]:
    return {**_made_scenes(), **_playout_scenes()}


def main() -> None:
    entries = {
        name: {"digest": pixel_digest(draw(scene)), "scene": to_json(scene)}
        for name, scene in all_scenes().items()
    }
    DIGESTS.write_text(json.dumps(entries, ensure_ascii=False, indent=0) + "\n")
    print(f"{DIGESTS}: {len(entries)} scenes")


if __name__ == "__main__":
    main()
