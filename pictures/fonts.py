"""The fonts pictures are drawn with: DejaVu Sans, which has the suit symbols.

DejaVu Sans comes from an installed package (matplotlib ships it in ``mpl-data``), so
nothing is fetched at run time. The file is located without importing matplotlib (that
would pull numpy into the bot for no reason). A system copy (Debian's fonts-dejavu) is a
fallback for machines that have it.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from PIL import ImageFont

_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
_SYSTEM_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/TTF"))


class FontMissing(RuntimeError):
    """No DejaVu Sans file was found: the project's dependencies are not installed."""


def _package_dir() -> Path | None:
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"


@functools.cache
def font_path(weight: str) -> Path:
    """The TTF file for ``"regular"`` or ``"bold"``."""
    name = _FILES[weight]
    candidates = [d for d in (_package_dir(), *_SYSTEM_DIRS) if d is not None]
    for directory in candidates:
        path = directory / name
        if path.is_file():
            return path
    raise FontMissing(f"{name} not found in {[str(d) for d in candidates]}")


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """A loaded font at a pixel size; loaded once per (size, weight)."""
    return ImageFont.truetype(str(font_path("bold" if bold else "regular")), size)
