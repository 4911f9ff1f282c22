"""The two entry points, cached by scene: equal scenes give the same bytes without
drawing again (a re-sent table message, several viewers of one hand state).

The caches are thread-safe and can be asked without drawing (``peek``), so a front end
can draw on a worker thread and skip the thread hop when the picture is already known.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, NamedTuple, TypeVar

from pictures.encode import composed_png, png_bytes
from pictures.hand import compose_hand, draw_hand
from pictures.rummy import draw_rummy_table
from pictures.scenes import HandScene, TableScene
from pictures.table import compose_trick_table, draw_trick_table

CACHE_SIZE = 64
"""Scenes kept per kind. The table message is drawn once per state (its editor skips an
unchanged scene before drawing), so the cache mostly serves a Refresh of an unchanged hand
and spectators; a bounded few MB whatever the number of tables."""

S = TypeVar("S", bound=Hashable)


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    maxsize: int
    currsize: int


class SceneCache(Generic[S]):
    """An LRU of PNG bytes by scene, like ``functools.lru_cache`` (``cache_info``,
    ``cache_clear``, ``__wrapped__``) plus ``peek``; safe to call from several threads (a
    scene drawn twice at once is drawn twice, the bytes are equal)."""

    def __init__(self, draw: Callable[[S], bytes], maxsize: int = CACHE_SIZE) -> None:
        self.__wrapped__ = draw
        self.maxsize = maxsize
        self._lock = threading.Lock()
        self._items: OrderedDict[S, bytes] = OrderedDict()
        self._hits = self._misses = 0

    def peek(self, scene: S) -> bytes | None:
        """The cached picture, or None; never draws."""
        with self._lock:
            data = self._items.get(scene)
            if data is not None:
                self._items.move_to_end(scene)
                self._hits += 1
            return data

    def __call__(self, scene: S) -> bytes:
        data = self.peek(scene)
        if data is not None:
            return data
        with self._lock:
            self._misses += 1
        data = self.__wrapped__(scene)
        self.put(scene, data)
        return data

    def put(self, scene: S, data: bytes) -> None:
        """Remember a picture drawn elsewhere (by ``__wrapped__`` in a worker)."""
        with self._lock:
            self._items[scene] = data
            self._items.move_to_end(scene)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, self.maxsize, len(self._items))

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._hits = self._misses = 0


def _draw_table(scene: TableScene) -> bytes:
    if scene.is_rummy:
        return png_bytes(draw_rummy_table(scene))
    composed = compose_trick_table(scene)
    return png_bytes(draw_trick_table(scene)) if composed is None else composed_png(composed)


def _draw_hand(scene: HandScene) -> bytes:
    composed = compose_hand(scene)
    # (Not banded: a hand's cards move along the row from one state to the next, so its
    # bands rarely come again and splitting them only costs.)
    return png_bytes(draw_hand(scene) if composed is None else composed.image)


render_table: SceneCache[TableScene] = SceneCache(_draw_table)
"""``render_table(scene) -> bytes``: the table picture as PNG bytes."""
render_hand: SceneCache[HandScene] = SceneCache(_draw_hand)
"""``render_hand(scene) -> bytes``: a hand picture as PNG bytes."""
