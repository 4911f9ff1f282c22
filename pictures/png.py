"""PNG bytes of a composed picture with the compressed rows of bands seen before reused
(issue 37).

zlib was the largest part of a picture's CPU once the drawing came from tiles; yet from
one state of a table to the next most rows are the same (a move changes two plates and a
card). Each band of ``BAND`` rows is compressed on its own (the compressor's history is
reset at each band's end, a zlib "full flush", so the compressed band can follow any
other) and kept by what it shows (``Composition.band_keys``: the background and the
pieces over it, which fix its pixels); the picture's stream is its bands' compressed
bytes in order. The decoded pixels are the same as Pillow's encoder gives; the bytes
differ (each band starts its matches afresh: a few percent more bytes).
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

BAND = 64
"""Rows per band (a 4-seat table picture has 10; a move changes ~4 of them). Replaying the
941 pictures the load benchmark asked for at 100 tables: 8 rows 1,351 ms of CPU and
10.0 KB a picture, 16 rows 1,181 ms and 9.5 KB, 32 rows 1,095-1,187 ms and 9.2 KB, 64 rows
1,090 ms and 8.9 KB (Pillow's encoder on main: 9.0 KB): each band's first matches start
afresh, so short bands cost bytes, and saved no CPU."""
BANDS_BYTES = 24 * 1024 * 1024
"""Compressed bands kept: a table picture's are ~16 KB, so the last picture of some 1,500
tables."""
SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x5e"
"""Deflate, 32 KB window, "fast" level (the header's check bits: 0x785E % 31 == 0)."""
ADLER_BASE = 65521


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two pieces of data from theirs (zlib's adler32_combine)."""
    rem = second_length % ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % ADLER_BASE
    sum1 += (second & 0xFFFF) + ADLER_BASE - 1
    sum2 += ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF) + ADLER_BASE - rem
    return (sum1 % ADLER_BASE) | ((sum2 % ADLER_BASE) << 16)


class BandCache:
    """Compressed bands by key, least recently used dropped first past ``budget`` bytes."""

    def __init__(self, budget: int = BANDS_BYTES) -> None:
        self.budget = budget
        self.size = 0
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, tuple[bytes, int, int]] = OrderedDict()

    def get(self, key: Hashable) -> tuple[bytes, int, int] | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, band: tuple[bytes, int, int]) -> None:
        with self._lock:
            if key in self._items:
                return
            self._items[key] = band
            self.size += len(band[0])
            while self.size > self.budget:
                _, dropped = self._items.popitem(last=False)
                self.size -= len(dropped[0])

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.size = 0


bands = BandCache()
"""The process's compressed bands."""


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def banded_png(image: Image.Image, keys: list[Hashable], level: int) -> bytes:
    """``image`` ("P", 8 bits) as PNG bytes; ``keys[i]`` says all that band ``i`` shows."""
    width, height = image.size
    pixels = image.tobytes()
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15)
    stream = [ZLIB_HEADER]
    adler = 1
    for number, key in enumerate(keys):
        band = bands.get(key)
        if band is None:
            top, bottom = number * BAND, min(height, (number + 1) * BAND)
            raw = b"".join(
                [b"\0" + pixels[row * width : (row + 1) * width] for row in range(top, bottom)]
            )
            packed = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
            band = (packed, zlib.adler32(raw), len(raw))
            bands.put(key, band)
        stream.append(band[0])
        adler = adler32_combine(adler, band[1], band[2])
    stream.append(compressor.flush(zlib.Z_FINISH))
    stream.append(struct.pack(">I", adler))
    palette = image.palette.tobytes() if image.palette is not None else b""
    palette += bytes(768 - len(palette))
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join(
        [
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette[:768]),
            _chunk(b"IDAT", b"".join(stream)),
            _chunk(b"IEND", b""),
        ]
    )
