"""The example scenes the golden images and the benchmark draw.

``GOLDEN`` names each golden file (tests/pictures/golden/<name>.png) and the scene and
renderer it comes from; ``python -m tests.pictures.regenerate`` rewrites them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pictures import (
    FACE_DOWN,
    TRUMP_CLOSED,
    HandScene,
    ScoreLine,
    SeatScene,
    TableScene,
    render_hand,
    render_table,
)

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"

THUNEE_TRICK = TableScene(
    title="Thunee",
    status="Hand 3 \u00b7 trick 4 of 6",
    seats=(
        SeatScene("Thandi", card="JH", team=0, hand_count=2, note="bid 40", winning=True),
        SeatScene("Priya", card="9H", team=1, hand_count=2),
        SeatScene("Sipho", card="AS", team=0, hand_count=2),
        SeatScene("Devan", to_act=True, team=1, hand_count=3, dealer=True),
    ),
    trump="H",
    trump_label="Trump",
    scores=(
        ScoreLine("Thandi & Sipho", "7 balls", team=0),
        ScoreLine("Priya & Devan", "4 balls", team=1),
    ),
)

THREE_O_FOUR_CLOSED = TableScene(
    title="304",
    status="Trick 2 \u00b7 trump closed",
    seats=(
        SeatScene("Nimal", card="10S", team=0, hand_count=6, note="bid 160", dealer=True),
        SeatScene("Kasun", card=FACE_DOWN, team=1, hand_count=6),
        SeatScene("Ruwan", card="QS", team=0, hand_count=6),
        SeatScene("Chamari", to_act=True, team=1, hand_count=7),
    ),
    trump=TRUMP_CLOSED,
    trump_label="Trump closed",
    scores=(
        ScoreLine("Nimal & Ruwan", "3 stones", team=0),
        ScoreLine("Kasun & Chamari", "5 stones", team=1),
    ),
)

TELEFUNKEN_TABLE = TableScene(
    title="Telefunken",
    status="Round 2 \u00b7 contract: 2 runs",
    seats=(
        SeatScene("Ana", hand_count=9, melds=(("5H", "6H", "7H", "8H"), ("QS", "QD", "*"))),
        SeatScene("Bruno", to_act=True, hand_count=11),
        SeatScene(
            "Carla",
            hand_count=4,
            melds=(("2C", "3C", "4C", "5C", "6C"), ("9D", "10D", "JD", "QD"), ("KS", "KH", "KC")),
        ),
        SeatScene("Diego", hand_count=12, dealer=True),
    ),
    clockwise=True,
    stock_count=41,
    discard_top="7S",
    scores=(
        ScoreLine("Ana", "35"),
        ScoreLine("Bruno", "80"),
        ScoreLine("Carla", "10"),
        ScoreLine("Diego", "120"),
    ),
)

THUNEE_HAND = HandScene(
    cards=("JH", "9H", "AS", "10S", "KD", "QC"),
    legal=frozenset({"JH", "9H"}),
    trump="H",
    caption="Your turn: follow hearts",
)

TELEFUNKEN_HAND = HandScene(
    cards=("2C", "5H", "6H", "7H", "8S", "9S", "10S", "JD", "QD", "KD", "AH", "*", "3D", "4D"),
    selected=frozenset({1, 2, 3}),
)


GOLDEN: dict[str, tuple[Callable[[Any], bytes], TableScene | HandScene]] = {
    "thunee_trick": (render_table, THUNEE_TRICK),
    "three_o_four_closed_trump": (render_table, THREE_O_FOUR_CLOSED),
    "telefunken_table": (render_table, TELEFUNKEN_TABLE),
    "thunee_hand": (render_hand, THUNEE_HAND),
    "telefunken_hand": (render_hand, TELEFUNKEN_HAND),
}
