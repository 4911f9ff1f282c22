"""Card sprites drawn by code: a face (rank, suit symbol, red or black), a joker, a back.

A sprite is drawn once per (card, width) at three times the size and scaled down, which
gives smooth edges; the scenes then only paste cached sprites, so a picture costs a few
pastes, not a few hundred drawing calls.
"""

from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from pictures import colours
from pictures.fonts import font
from pictures.scenes import FACE_DOWN

SUPERSAMPLE = 3
ASPECT = 1.4
"""Card height / width (a poker card is 88 x 63 mm)."""

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
JOKER_SYMBOL = "\u2605"


def card_height(width: int) -> int:
    return round(width * ASPECT)


def _split(card: str) -> tuple[str, str]:
    return card[:-1], card[-1]


def _rounded_base(w: int, h: int, fill: colours.RGB, edge: colours.RGB) -> Image.Image:
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle(
        (0, 0, w - 1, h - 1),
        radius=round(w * 0.09),
        fill=fill,
        outline=edge,
        width=max(2, round(w * 0.022)),
    )
    return img


def _centred_text(
    draw: ImageDraw.ImageDraw,
    centre: tuple[float, float],
    text: str,
    size: int,
    colour: colours.RGB,
    bold: bool = True,
) -> None:
    draw.text(centre, text, font=font(size, bold), fill=colour, anchor="mm")


def _draw_face(card: str, w: int, h: int) -> Image.Image:
    img = _rounded_base(w, h, colours.CARD_FACE, colours.CARD_EDGE)
    draw = ImageDraw.Draw(img)
    if card == "*":
        colour = colours.JOKER
        index, symbol = JOKER_SYMBOL, JOKER_SYMBOL
    else:
        rank, suit = _split(card)
        colour = colours.SUIT_COLOURS[suit]
        index, symbol = rank, SUIT_SYMBOLS[suit]
    # The index (rank over suit) sits in the left strip, the part still visible when
    # cards overlap in a hand or a meld; "10" is set smaller to fit the same strip. The
    # rank's ink (not its advance: a J hangs left) is centred over the suit.
    rank_size = round(w * (0.30 if len(index) > 1 else 0.36))
    rank_font = font(rank_size, True)
    ink_left, _, ink_right, ink_bottom = rank_font.getbbox(index, anchor="la")
    ink_width = ink_right - ink_left
    column = max(w * 0.20, w * 0.07 + ink_width / 2)
    top = w * 0.05
    draw.text(
        (column - ink_width / 2 - ink_left, top), index, font=rank_font, fill=colour, anchor="la"
    )
    rank_bottom = top + ink_bottom
    suit_size = round(w * 0.30)
    suit_x = column
    if card != "*":
        draw.text(
            (suit_x, rank_bottom + w * 0.03),
            symbol,
            font=font(suit_size, False),
            fill=colour,
            anchor="ma",
        )
    # The big symbol sits bottom-right, clear of the strip that overlapping cards leave
    # visible, so a fanned hand shows clean indexes and no cut-off pips.
    _centred_text(draw, (w * 0.72, h - w * 0.36), symbol, round(w * 0.52), colour, bold=False)
    return img


def _draw_back(w: int, h: int) -> Image.Image:
    img = _rounded_base(w, h, colours.BACK, colours.CARD_EDGE)
    inset = round(w * 0.08)
    lattice = Image.new("RGBA", (w, h), colours.BACK)
    draw = ImageDraw.Draw(lattice)
    step = max(4, round(w * 0.11))
    line = max(1, round(w * 0.025))
    for x in range(-h, w + h, step):
        draw.line((x, 0, x + h, h), fill=colours.BACK_LINE, width=line)
        draw.line((x, h, x + h, 0), fill=colours.BACK_LINE, width=line)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset), radius=round(w * 0.05), fill=255
    )
    img.paste(lattice, (0, 0), mask)
    ImageDraw.Draw(img).rounded_rectangle(
        (inset, inset, w - 1 - inset, h - 1 - inset),
        radius=round(w * 0.05),
        outline=colours.BACK_BORDER,
        width=max(2, round(w * 0.03)),
    )
    return img


@functools.lru_cache(maxsize=512)
def card_sprite(card: str, width: int) -> Image.Image:
    """The RGBA picture of a card (or ``FACE_DOWN``) ``width`` pixels wide."""
    w, h = width * SUPERSAMPLE, card_height(width) * SUPERSAMPLE
    big = _draw_back(w, h) if card == FACE_DOWN else _draw_face(card, w, h)
    return big.resize((width, card_height(width)), Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=512)
def dimmed_sprite(card: str, width: int) -> Image.Image:
    """A card that may not be played now: greyed so the playable ones stand out."""
    sprite = card_sprite(card, width)
    veil = Image.new("RGBA", sprite.size, (40, 48, 44, 150))
    out = sprite.copy()
    out.alpha_composite(Image.composite(veil, Image.new("RGBA", sprite.size), sprite))
    return out


def shadow_sprite(width: int) -> Image.Image:
    """A dark card shape pasted under a card, offset down-right."""
    return shadow_shape(width, card_height(width))


@functools.lru_cache(maxsize=256)
def shadow_shape(width: int, h: int) -> Image.Image:
    """The shadow of a card-cornered shape ``width`` x ``h`` (a card, a whole meld)."""
    img = Image.new("RGBA", (width, h), (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle(
        (0, 0, width - 1, h - 1), radius=round(width * 0.09), fill=(*colours.SHADOW, 140)
    )
    return img
