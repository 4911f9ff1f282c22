"""Text on a picture, laid out once per (text, size, weight) and then pasted.

Laying out a line with FreeType and Raqm costs about a tenth of a millisecond; a table
has twenty lines and most (names, scores, titles) are the same from one state to the
next, so their masks are cached and a new picture pastes them.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from pictures.colours import RGB
from pictures.fonts import font

ELLIPSIS = "\u2026"


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of a line in pixels."""
    return font(size, bold).getlength(text)


@functools.lru_cache(maxsize=4096)
def fit(text: str, size: int, bold: bool, width: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` pixels long."""
    face = font(size, bold)
    if face.getlength(text) <= width:
        return text
    # The longest prefix that fits with the ellipsis (binary search: names can be long).
    low, high = 0, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle] + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS


@functools.lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The coverage mask of a line and its offset from the anchor point."""
    face = font(size, bold)
    left, top, right, bottom = (int(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def put_text(
    canvas: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    colour: RGB,
    *,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """Draw one line of text at ``xy`` (``anchor`` as in Pillow: "la", "mm", "ls"...)."""
    if not text:
        return
    mask, left, top = _mask(text, size, bold, anchor)
    canvas.paste(colour, (round(xy[0]) + left, round(xy[1]) + top), mask)
