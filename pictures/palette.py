"""The one fixed palette every picture is mapped to.

Adaptive quantisation of each picture (an octree over ~470,000 pixels) costs more than
drawing it; mapping to a fixed palette is ten times cheaper. The pictures only ever use
the colours of ``pictures.colours`` and their anti-aliased blends, so the palette is made
once from a sample sheet that holds every sprite, plate style and text colour: the named
colours exactly, then the sheet's most useful blends.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from pictures import colours
from pictures.cards import card_height
from pictures.drawing import draw_plate, draw_scores, draw_trump, paste_card
from pictures.fonts import font
from pictures.scenes import FACE_DOWN, TRUMP_CLOSED, ScoreLine, SeatScene

SIZE = 160
"""Palette entries (at most 256); the named colours are always among them."""

_SAMPLE_CARDS = ("10H", "QS", "KD", "AC", "*", FACE_DOWN)
_SAMPLE_WIDTHS = (96, 72, 56, 14)


def _named() -> list[colours.RGB]:
    named = [v for v in vars(colours).values() if isinstance(v, tuple) and len(v) == 3]
    return list(dict.fromkeys([*named, *colours.TEAMS]))


def sample_sheet() -> Image.Image:
    """Every kind of thing the pictures draw, once, on the felt."""
    sheet = Image.new("RGB", (900, 900), colours.FELT)
    draw = ImageDraw.Draw(sheet)
    x, y = 10, 10
    for width in _SAMPLE_WIDTHS:
        for dim in (False, True):
            for card in _SAMPLE_CARDS:
                if x + width > sheet.width - 10:
                    x, y = 10, y + card_height(width) + 12
                outline = colours.LEGAL_OUTLINE if card == "QS" and not dim else None
                paste_card(sheet, card, width, (x, y), dim=dim, outline=outline)
                x += width + 10
    for i, to_act in enumerate((False, True)):
        seat = SeatScene("Wg Ab", to_act=to_act, team=i, hand_count=3, note="bid 40", dealer=True)
        draw_plate(sheet, seat, (110 + 220 * i, 720))
    draw_trump(sheet, "H", "Trump", (520, 720))
    draw_trump(sheet, "S", "", (600, 720))
    draw_trump(sheet, TRUMP_CLOSED, "", (680, 720))
    draw_scores(sheet, tuple(ScoreLine("Ab", "12", t) for t in range(4)), (10, 780), 200)
    draw.text((260, 800), "Title Wg", font=font(24, True), fill=colours.TEXT)
    draw.text((260, 840), "status Wg", font=font(16, False), fill=colours.TEXT_MUTED)
    draw.line((500, 820, 800, 870), fill=colours.FELT_LINE, width=3)
    draw.ellipse((820, 800, 840, 820), fill=colours.TRUMP_MARK, outline=colours.CARD_EDGE)
    draw.rounded_rectangle(
        (440, 780, 440 + 56, 780 + card_height(56)), 5, outline=colours.SELECTED_OUTLINE, width=3
    )
    return sheet


@functools.cache
def palette_image() -> Image.Image:
    """A "P" image whose palette is the fixed palette (for ``Image.quantize(palette=)``)."""
    named = _named()
    blends = sample_sheet().quantize(
        colors=SIZE - len(named), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    blend_palette = blends.getpalette() or []
    entries = [c for colour in named for c in colour]
    entries += blend_palette[: 3 * (SIZE - len(named))]
    entries += [0] * (768 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette(entries)
    return image
