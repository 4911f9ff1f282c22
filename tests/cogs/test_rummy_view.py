"""The rummy hand view: a card menu, plain actions as buttons, selection-built actions."""

from __future__ import annotations

from typing import Any

from cogs.hand_view import render_hand
from cogs.rummy_view import cards_named
from rules.contract import Action
from storage import TableStatus
from tables.table import SeatState, SeatView, TableState
from tests.e2e.fake_discord.limits import validate_message

HAND20 = ["3S", "3H", "3D", "4S", "5S", "6S", "7C", "8C", "9C", "10C"] * 2


def t(text: str) -> str:
    return text


def state() -> TableState:
    seats = tuple(SeatState(i, f"p{i}", 100 + i, None, False) for i in range(2))
    return TableState(
        id=7, game="tonk", title="Tonk", status=TableStatus.RUNNING, channel_id=1,
        guild_id=2, host_id=100, players=2, options={}, slow=False, seats=seats,
        teams=None, seq=3, phase="play", to_act=frozenset({0}), deadline=None,
        public={}, result=None,
    )  # fmt: skip


def rows(hand: list[str], legal: list[Action], selected: tuple[int, ...]) -> list[dict[str, Any]]:
    view = SeatView(
        table_id=7, seat=0, seq=3, phase="play", view={"hand": hand}, legal=legal,
        deadline=None, away=False,
    )  # fmt: skip
    return render_hand(view, state(), t, selected=selected).view(t).to_components()


def test_cards_named_reads_meld_hit_and_discard_ids() -> None:
    assert cards_named(Action(kind="spread", value="5H,2C,7H")) == ("5H", "2C", "7H")
    assert cards_named(Action(kind="hit", value="2C>m2:high")) == ("2C",)
    assert cards_named(Action(kind="draw", value="stock")) == ()


def test_a_twenty_card_hand_is_one_multi_select_and_the_selection_brings_its_actions() -> None:
    legal = [
        Action(kind="spread", value="3S,3H,3D", label="Spread 3S 3H 3D"),
        Action(kind="hit", value="3S>m1", label="Hit 3S on spread 1"),
        Action(kind="discard", value="3S", label="Discard 3S"),
        Action(kind="drop", label="Drop"),
    ]
    none = rows(HAND20, legal, ())
    assert not validate_message({"components": none})
    menu = none[0]["components"][0]
    assert menu["type"] == 3 and len(menu["options"]) == 20 and menu["max_values"] == 20
    assert [c["label"] for c in none[1]["components"]] == ["Drop"]
    assert len(none) == 3  # menu, plain actions, Refresh: nothing built from no selection
    three = rows(HAND20, legal, (0, 1, 2))
    labels = [c.get("label") for row in three for c in row["components"]]
    assert "Spread 3S 3H 3D" in labels and "Discard 3S" not in labels
    defaults = [o["value"] for o in three[0]["components"][0]["options"] if o.get("default")]
    assert defaults == ["0", "1", "2"]
    one = rows(HAND20, legal, (10,))  # the second 3S: a hit or a discard
    labels = [c.get("label") for row in one for c in row["components"]]
    assert "Hit 3S on spread 1" in labels and "Discard 3S" in labels
    odd = rows(HAND20, legal, (0, 6, 9))  # no legal meld: offered so the engine says why
    ids = [c.get("custom_id") for row in odd for c in row["components"]]
    assert "ct:a:7:3:spread:3S,7C,10C" in ids
    assert not validate_message({"components": odd})


def test_a_joker_swap_fits_the_natural_card_selected_and_table_only_actions_are_buttons() -> None:
    hand = ["7H", "8H", "QS"]
    legal = [
        Action(kind="swap", value="2:7H:*", label="Swap 7H for the joker in meld 2"),
        Action(kind="movejoker", value="2:high", label="Move the joker of meld 2 up"),
        Action(kind="lay", value="2:8H:high", label="Lay 8H on meld 2"),
    ]
    none = rows(hand, legal, ())
    plain = [c.get("label") for c in none[1]["components"]]
    assert plain == ["Move the joker of meld 2 up"]  # names no card in the hand
    seven = rows(hand, legal, (0,))
    labels = [c.get("label") for row in seven for c in row["components"]]
    assert "Swap 7H for the joker in meld 2" in labels and "Lay 8H on meld 2" not in labels
    eight = rows(hand, legal, (1,))
    labels = [c.get("label") for row in eight for c in row["components"]]
    assert "Lay 8H on meld 2" in labels and "Swap 7H for the joker in meld 2" not in labels
