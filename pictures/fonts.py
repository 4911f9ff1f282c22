"""The fonts pictures are drawn with: DejaVu Sans, which has the suit symbols.

The two TTF files ship with the package (``pictures/dejavu/``, with their licence, which
allows redistribution), so drawing needs nothing installed beyond Pillow and nothing is
fetched at run time.
"""

from __future__ import annotations

import functools
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent / "dejavu"
_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}


class FontMissing(RuntimeError):
    """A DejaVu Sans file is not where the package puts it (a broken install)."""


@functools.cache
def font_path(weight: str) -> Path:
    """The TTF file for ``"regular"`` or ``"bold"``."""
    path = FONT_DIR / _FILES[weight]
    if not path.is_file():
        raise FontMissing(f"{path} is missing: reinstall Card Table")
    return path


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A loaded font at a pixel size; loaded once per (size, weight)."""
    return ImageFont.truetype(str(font_path("bold" if bold else "regular")), size)
