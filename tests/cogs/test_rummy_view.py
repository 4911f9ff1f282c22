"""The rummy hand view: a card menu, plain actions as buttons, selection-built actions."""

from __future__ import annotations

import dataclasses
from typing import Any

from cogs.hand_view import render_hand
from cogs.layout import action_rows, components_of
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
    return action_rows(components_of(render_hand(view, state(), t, selected=selected).view(t)))


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


def test_the_telefunken_deal_6_exchange_in_the_hand_view() -> None:
    """TF-19: before deal 6 each player hands in cards; the view says so, a selected card
    brings up "Hand in", and "Hand in nothing" is a button of its own."""
    import random

    from rules import registry
    from rules.random_play import random_step

    spec = registry.get("telefunken")
    match = spec.new_match(3, {}, seed=3)
    rng = random.Random(3)
    steps = 0
    while match.phase != "exchange" and not match.is_over and steps < 20_000:
        match.apply(*random_step(match, rng))
        steps += 1
    assert match.phase == "exchange", match.phase
    seat = min(match.to_act)
    hand = [str(c) for c in match.view(seat)["hand"]]
    view = SeatView(
        table_id=7, seat=seat, seq=3, phase="exchange", view=match.view(seat),
        legal=match.legal_actions(seat), deadline=None, away=False,
    )  # fmt: skip
    table = dataclasses.replace(state(), game="telefunken", players=3, public=match.public_view())
    table = dataclasses.replace(table, seats=(*table.seats, SeatState(2, "p2", 102, None, False)))
    message = render_hand(view, table, t)
    text = " ".join(f.value for f in message.embed.fields)
    assert "Hand in cards to pass on" in text
    plain = [s.label for row in message.rows for s in row if not s.options]
    assert {"Hand in nothing", "Hand in the chosen cards"} & set(plain), plain
    picked = render_hand(view, table, t, selected=(0,))
    labels = [s.label for row in picked.rows for s in row]
    first = {a.label for a in view.legal if a.value == hand[0] and a.kind in ("give", "ungive")}
    assert first and first <= set(labels), (first, labels)
    assert not validate_message({"components": action_rows(components_of(picked.view(t)))})
    assert hand


def test_the_table_message_shows_melds_discard_stock_and_cards_held() -> None:
    from cogs.table_view import render_table

    public = {
        "spreads": [{"number": 1, "owner": 1, "cards": ["3S", "3H", "3D"]}],
        "discard_top": "7C",
        "stock_size": 30,
        "hand_sizes": [5, 2],
    }
    table = dataclasses.replace(state(), public=public)
    text = "\n".join(f"{f.name}: {f.value}" for f in render_table(table, t).embed.fields)
    assert "Melds: 1. 3♠ 3♥ 3♦ (p1)" in text, text
    assert "Discard pile: 7♣" in text and "Stock: 30 cards" in text
    assert "Cards held: p0: 5, p1: 2" in text
