"""The two entry points, cached by scene: equal scenes give the same bytes without
drawing again (a re-sent table message, several viewers of one hand state)."""

from __future__ import annotations

import functools

from pictures.encode import png_bytes
from pictures.hand import draw_hand
from pictures.rummy import draw_rummy_table
from pictures.scenes import HandScene, TableScene
from pictures.table import draw_trick_table

CACHE_SIZE = 256
"""Scenes kept per kind: a few per open table (the table and each seat's hand)."""


@functools.lru_cache(maxsize=CACHE_SIZE)
def render_table(scene: TableScene) -> bytes:
    """The table picture as PNG bytes."""
    canvas = draw_rummy_table(scene) if scene.is_rummy else draw_trick_table(scene)
    return png_bytes(canvas)


@functools.lru_cache(maxsize=CACHE_SIZE)
def render_hand(scene: HandScene) -> bytes:
    """A hand picture as PNG bytes."""
    return png_bytes(draw_hand(scene))
