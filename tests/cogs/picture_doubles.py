"""Stand-in draw functions for the picture drawer's tests: module-level, so the worker
process can unpickle them by name. Each returns fake PNG bytes naming its scene."""

from __future__ import annotations

import time

from pictures import HandScene


def draw_caption(scene: HandScene) -> bytes:
    """Takes <seconds> when the caption says "slow:<seconds>"."""
    if scene.caption.startswith("slow:"):
        time.sleep(float(scene.caption.split(":")[1]))
    return b"\x89PNG " + scene.caption.encode()


def draw_broken(scene: HandScene) -> bytes:
    raise RuntimeError("no font")


def draw_stamped(scene: HandScene) -> bytes:
    """``draw_caption``'s bytes, then when it was drawn (the system-wide monotonic clock:
    the order of drawing, whichever process drew)."""
    return draw_caption(scene) + b" @" + str(time.monotonic_ns()).encode()


def drawing_order(pictures: dict[str, bytes]) -> list[str]:
    """Captions ordered by when ``draw_stamped`` drew them."""
    return sorted(pictures, key=lambda caption: int(pictures[caption].rsplit(b"@", 1)[1]))
