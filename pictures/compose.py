"""Pictures put together in palette ("P") mode from cached, already mapped pieces, with
the same pixels as drawing in RGB and mapping the whole canvas to the palette (issue 37).

Drawing a table in RGB and mapping it (``pictures.encode``) spent most of a picture's CPU
on pixels that are the same from one state to the next: the felt, the same plates, the
same cards. Here each piece (a seat's plate, a trick card with its shadow, the score box)
is drawn once by the ordinary drawing code on a small RGB tile over the felt, mapped to
the palette, and kept; a picture pastes the mapped tiles onto a mapped background.

Why the pixels are the same: the mapping is per pixel (no dithering), so a piece's pixels
map alike on a tile or on the canvas, provided each pixel had the same RGB. A piece's
pixels are of two kinds, found by drawing it twice, over the felt and over another colour:
*opaque* ones (equal in both: a fill, a card's face, text on a plate) come out the same
whatever is under them; *blended* ones (anti-aliased edges, shadows, text on the felt)
only over pure felt, which a mask of the canvas's untouched felt tracks. A piece whose
blended pixels would fall on anything else (a card over a plate's edge, cards fanned over
each other) makes the composition give up (``None``), and the caller draws the picture
the old way: a slower picture, never a different one.

Two kinds of piece are drawn once, not twice (a table's own pieces are drawn again at
1,000 tables, when the cache has let them go, so their cost matters): a piece only ever
put on the felt (the heading, the score box) is pasted whole onto untouched felt
(``make_felt_tile``); a plate is an opaque box with everything inside, pasted through the
box's shape (``make_shape_tile``), and any mark showing outside the box sends it the old
way. (A mark outside so faint that it leaves the felt exactly as it was would go unseen;
over the felt line it could differ by one shade: imperceptible, and no test scene has one.)
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from PIL import Image, ImageChops

from pictures import colours
from pictures.palette import palette_image

Box = tuple[int, int, int, int]
Draw = Callable[[Image.Image, tuple[int, int]], None]
"""Draws a piece on an RGB image with the piece's anchor point at the given position."""

OTHER: colours.RGB = (255, 0, 255)
"""The second backdrop a piece is drawn over to tell its opaque pixels from its blended
ones: far from every colour the pictures use, so any blend with it shows."""
TILES = 4096
"""Pieces kept (a plate or a score box ~10 KB, a card with its masks ~40 KB; most are
plates): the shared ones (cards, status lines) stay, and the plates of a few hundred
tables in play, within ~40 MB. Past that a table's unchanged plates are drawn again,
at about the old cost."""


def to_palette(image: Image.Image) -> Image.Image:
    """An RGB image mapped to the fixed palette (as ``pictures.encode`` maps a canvas)."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


def _changed(image: Image.Image, colour: colours.RGB) -> Image.Image:
    """An "L" mask: 255 where ``image`` is not ``colour`` (in any band), else 0."""
    diff = ImageChops.difference(image, Image.new("RGB", image.size, colour))
    # Any band's difference times 255, clipped: 255 wherever one band differs at all.
    return diff.convert("L", (255.0, 255.0, 255.0, 0.0))


@dataclass(frozen=True, slots=True)
class Tile:
    """A piece mapped to the palette, ready to paste with its top-left at anchor + offset."""

    image: Image.Image
    touched: Image.Image | None
    """"L" mask, 255 on every pixel the piece sets or blends (None: the whole tile)."""
    blended: Image.Image | None
    """"L" mask, 255 on pixels blended with what is under them (None: there are none)."""
    offset: tuple[int, int]
    on_felt: bool = False
    """The whole tile was drawn over the felt and must go on untouched felt."""
    key: Hashable = None
    """What the piece shows (its ``TileCache`` key; None: unknown)."""


def _inside(mask: Image.Image) -> bool:
    """``mask`` is set somewhere, and nowhere on its edge (a piece that reaches its
    tile's edge may reach further: it is then drawn the old way)."""
    box = mask.getbbox()
    return (
        box is not None
        and box[0] > 0
        and box[1] > 0
        and box[2] < mask.width
        and box[3] < mask.height
    )


def _over(colour: colours.RGB, extent: Box, draw: Draw) -> Image.Image:
    left, top, right, bottom = extent
    image = Image.new("RGB", (right - left, bottom - top), colour)
    draw(image, (-left, -top))
    return image


def make_tile(extent: Box, draw: Draw) -> Tile | None:
    """Any piece: the one ``draw`` draws, within ``extent`` (left, top, right, bottom
    around its anchor), drawn over the felt and over ``OTHER`` to tell its opaque pixels
    from its blended ones; None when it reaches the edge of ``extent``."""
    over_felt = _over(colours.FELT, extent, draw)
    over_other = _over(OTHER, extent, draw)
    touched = ImageChops.lighter(_changed(over_felt, colours.FELT), _changed(over_other, OTHER))
    if not _inside(touched):
        return None
    differs = _changed(ImageChops.difference(over_felt, over_other), (0, 0, 0))
    blended = ImageChops.multiply(touched, differs)
    return Tile(
        image=to_palette(over_felt),
        touched=touched,
        blended=blended if blended.getbbox() is not None else None,
        offset=extent[:2],
    )


def make_felt_tile(extent: Box, draw: Draw) -> Tile | None:
    """A piece that only ever goes on the felt (the heading, the score box): drawn once,
    over the felt, and pasted whole (so its rectangle must be untouched felt)."""
    over_felt = _over(colours.FELT, extent, draw)
    changed = _changed(over_felt, colours.FELT)
    if not _inside(changed):
        return None
    # Only the inked part is kept: the rest is felt, as under it.
    box = changed.getbbox()
    assert box is not None
    offset = (extent[0] + box[0], extent[1] + box[1])
    return Tile(to_palette(over_felt.crop(box)), None, None, offset, on_felt=True)


def make_shape_tile(extent: Box, draw: Draw, shape: Image.Image) -> Tile | None:
    """A piece that covers ``shape`` (an "L" mask the size of ``extent``: a plate's
    rounded box) with an opaque fill and draws only inside it: drawn once, over the felt.
    None when anything shows outside the shape (a name whose marks reach out of its
    plate): then it is drawn the old way."""
    over_felt = _over(colours.FELT, extent, draw)
    outside = ImageChops.subtract(_changed(over_felt, colours.FELT), shape)
    if outside.getbbox() is not None:
        return None
    return Tile(to_palette(over_felt), shape, None, extent[:2])


class TileCache:
    """The tiles made so far, least recently used dropped first (a piece that cannot be
    a tile is remembered as None, so it is not tried again)."""

    def __init__(self, maxsize: int = TILES) -> None:
        self.maxsize = maxsize
        self._lock = threading.Lock()
        self._items: OrderedDict[Hashable, Tile | None] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Tile | None]) -> Tile | None:
        """The tile of the piece ``key`` names (``make()`` the first time): the key must
        say everything the piece shows."""
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        tile = make()
        if tile is not None:
            tile = dataclasses.replace(tile, key=key)
        with self._lock:
            self._items[key] = tile
            if len(self._items) > self.maxsize:
                self._items.popitem(last=False)
        return tile

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


tiles = TileCache()
"""The process's tiles (like the card sprites: per process, never shared between
processes)."""


@dataclass(frozen=True, slots=True)
class Background:
    image: Image.Image
    """"P" image of the empty picture."""
    clean: Image.Image
    """"L" mask, 255 where the empty picture is pure felt."""
    key: Hashable = None
    """What the empty picture shows (None: unknown)."""


def make_background(
    size: tuple[int, int], draw: Callable[[Image.Image], None], key: Hashable = None
) -> Background:
    """The empty picture ``draw`` draws on the felt, mapped, with its felt mask; ``key``
    says what it shows (all of it: its size and what ``draw`` draws)."""
    canvas = Image.new("RGB", size, colours.FELT)
    draw(canvas)
    clean = ImageChops.invert(_changed(canvas, colours.FELT))
    return Background(to_palette(canvas), clean, key)


class Composition:
    """A picture being put together from tiles on a copy of a background."""

    def __init__(self, background: Background) -> None:
        self.image = background.image.copy()
        self.clean = background.clean.copy()
        self.pieces: list[tuple[Hashable, Box]] | None = [] if background.key is not None else None
        """What was pasted where, in order (None: a piece of unknown look was pasted)."""
        self._background = background.key

    def band_keys(self, height: int) -> list[Hashable] | None:
        """For each band of ``height`` rows, all it shows: the background and every piece
        pasted over it, with their places, in order (equal keys: equal pixels). None when
        a piece's look is unknown."""
        if self.pieces is None:
            return None
        keys: list[Hashable] = []
        for top in range(0, self.image.height, height):
            bottom = top + height
            over = tuple(p for p in self.pieces if p[1][1] < bottom and p[1][3] > top)
            keys.append((self._background, self.image.size, top, height, over))
        return keys

    def place(self, tile: Tile | None, anchor: tuple[int, int]) -> bool:
        """Paste ``tile`` at ``anchor`` (cut to the canvas, as drawing on it cuts); False
        (nothing pasted) when its pixels would not be the ones drawing in RGB gives: no
        tile, or a blended pixel over anything but untouched felt."""
        if tile is None:
            return False
        x, y = anchor[0] + tile.offset[0], anchor[1] + tile.offset[1]
        w, h = tile.image.size
        image, touched, blended = tile.image, tile.touched, tile.blended
        whole = (x, y, x + w, y + h)
        if x < 0 or y < 0 or x + w > self.image.width or y + h > self.image.height:
            cut = (
                max(0, -x),
                max(0, -y),
                min(w, self.image.width - x),
                min(h, self.image.height - y),
            )
            if cut[0] >= cut[2] or cut[1] >= cut[3]:
                return True  # wholly off the canvas: nothing to draw
            image = image.crop(cut)
            touched = None if touched is None else touched.crop(cut)
            blended = None if blended is None else blended.crop(cut)
            x, y, w, h = x + cut[0], y + cut[1], cut[2] - cut[0], cut[3] - cut[1]
        box = (x, y, x + w, y + h)
        if tile.on_felt:
            if self.clean.crop(box).getextrema()[0] != 255:
                return False
        elif blended is not None:
            dirty = ImageChops.subtract(blended, self.clean.crop(box))
            if dirty.getbbox() is not None:
                return False
        if self.pieces is not None:
            if tile.key is None:
                self.pieces = None
            else:
                self.pieces.append((tile.key, whole))
        if touched is None:
            self.image.paste(image, box)
            self.clean.paste(0, box)
        else:
            self.image.paste(image, box, touched)
            self.clean.paste(0, box, touched)
        return True
