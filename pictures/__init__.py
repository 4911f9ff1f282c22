"""Card pictures: the table and a hand drawn as small PNG images for Discord.

API (all a front end needs)::

    from pictures import TableScene, SeatScene, ScoreLine, HandScene, FACE_DOWN, TRUMP_CLOSED
    from pictures import render_table, render_hand

    png: bytes = render_table(TableScene(title="Thunee", seats=(...), trump="H", ...))
    png: bytes = render_hand(HandScene(cards=("JS", "9S"), legal=frozenset({"JS"})))

- ``render_table(scene: TableScene) -> bytes``: the public table picture. A trick game
  draws the seats around an oval with each seat's card of the current trick, the trump
  (suit, or a face-down card for a closed trump), title, status line and scores. A rummy
  table (``stock_count`` / ``discard_top`` / melds set) draws one row per seat with its
  melds, and the stock and the discard top.
- ``render_hand(scene: HandScene) -> bytes``: one player's hand in a row, overlapping when
  long; legal cards raised and outlined, the rest dimmed; trump cards marked.

Both return PNG bytes (palette PNG, well under 60 KB) ready for
``discord.File(io.BytesIO(png), "table.png")``. Scenes are frozen and hashable and every
render is cached by scene (an LRU), so re-rendering an unchanged state costs a dict look-up:
build the scene once per state change and attach the image in the same edit as the text.
Scenes carry already-translated text (the renderer translates nothing); card strings follow
the engine contract (``"10H"``, ``"JS"``, ``"*"``) plus ``FACE_DOWN`` for a hidden card.
``pictures.from_views`` builds scenes from the common core of any game's views
(``rules.views``: ``table_scene(view, names, translate=...)``, ``hand_scene(view)``);
the renderer itself does not depend on any engine.

Cost: a new table picture takes about 2 ms of CPU (a 4-seat trick table put together from
cached tiles: ``pictures.compose``, and its unchanged row bands' compressed bytes reused:
``pictures.png``; 10 ms for a full rummy table, drawn in RGB), a hand about 1 ms (5 ms
when its cards fan over each other), and a repeated scene a few microseconds; a cog may
call it directly or through ``asyncio.to_thread``. The first picture of a process also
draws the card sprites and the palette (a few hundred ms once). The tiles and bands are
kept per process within ~40 MB and 24 MB (the picture worker's; a bot drawing in a thread
or on its loop keeps them itself). Fonts: DejaVu Sans, shipped with the package
(``pictures/dejavu/``, ``pictures.fonts``); glyphs it lacks (CJK, emoji in names) show as
boxes.
"""

from __future__ import annotations

from pictures.render import render_hand, render_table
from pictures.scenes import (
    FACE_DOWN,
    TRUMP_CLOSED,
    HandScene,
    SceneError,
    ScoreLine,
    SeatScene,
    TableScene,
)

__all__ = [
    "FACE_DOWN",
    "TRUMP_CLOSED",
    "HandScene",
    "SceneError",
    "ScoreLine",
    "SeatScene",
    "TableScene",
    "render_hand",
    "render_table",
]
