"""PNG output: an RGB canvas mapped to the fixed palette (``pictures.palette``), so an
image stays far below Discord's limits and uploads fast (target < 60 KB).

The pictures are flat colours plus anti-aliased edges, so a palette without dithering
looks the same as the full-colour image and compresses several times smaller.
"""

from __future__ import annotations

import io

from PIL import Image

from pictures.compose import Composition
from pictures.palette import palette_image
from pictures.png import BAND, banded_png

COMPRESS_LEVEL = 3
"""zlib effort: 6 (Pillow's default) spent ~2.4 of a 4-seat table picture's ~4 ms on
compression; 3 takes ~1.1 ms for ~20% more bytes (17 KB instead of 14 KB, the largest
example 44 KB), and a bot at hundreds of tables is short of CPU, not of upload bytes."""


def composed_png(picture: Composition) -> bytes:
    """A picture put together from tiles as PNG bytes, its bands' compressed rows reused
    when seen before (``pictures.png``)."""
    keys = picture.band_keys(BAND)
    if keys is None:
        return png_bytes(picture.image)
    return banded_png(picture.image, keys, COMPRESS_LEVEL)


def png_bytes(canvas: Image.Image) -> bytes:
    """``canvas`` as palette PNG bytes: an RGB canvas is mapped to the palette first; a
    "P" one is already (``pictures.compose``)."""
    if canvas.mode == "P":
        indexed = canvas
    else:
        indexed = canvas.quantize(palette=palette_image(), dither=Image.Dither.NONE)
    out = io.BytesIO()
    indexed.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()
