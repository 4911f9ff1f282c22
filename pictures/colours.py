"""Colours chosen to read on both Discord themes.

Every picture has its own opaque felt background, so it looks the same on the dark
(#313338) and light (#FFFFFF) themes; text on the felt is near-white, cards are white
with a grey edge, and the turn highlight is amber (high contrast on green, not a red or
green that colour-blind players would confuse with the card colours).
"""

from __future__ import annotations

RGB = tuple[int, int, int]

FELT: RGB = (26, 94, 63)
FELT_EDGE: RGB = (18, 70, 46)
FELT_LINE: RGB = (44, 122, 86)
TEXT: RGB = (244, 247, 245)
TEXT_MUTED: RGB = (190, 214, 200)
PLATE: RGB = (14, 52, 35)
TURN: RGB = (255, 196, 61)
TURN_TEXT: RGB = (30, 30, 30)
SHADOW: RGB = (10, 40, 26)

CARD_FACE: RGB = (255, 255, 255)
CARD_EDGE: RGB = (120, 130, 140)
RED: RGB = (206, 32, 41)
BLACK: RGB = (22, 22, 28)
JOKER: RGB = (118, 52, 186)
BACK: RGB = (33, 84, 166)
BACK_LINE: RGB = (78, 125, 204)
BACK_BORDER: RGB = (236, 240, 248)

LEGAL_OUTLINE: RGB = (255, 196, 61)
SELECTED_OUTLINE: RGB = (80, 170, 255)
WINNING_OUTLINE: RGB = (255, 196, 61)
TRUMP_MARK: RGB = (232, 168, 20)

TEAMS: tuple[RGB, ...] = (
    (92, 170, 255),
    (255, 140, 66),
    (200, 120, 255),
    (80, 220, 200),
)

SUIT_COLOURS: dict[str, RGB] = {"S": BLACK, "C": BLACK, "H": RED, "D": RED}


def team_colour(team: int | None) -> RGB | None:
    return None if team is None else TEAMS[team % len(TEAMS)]
