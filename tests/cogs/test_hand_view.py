"""The hand view's layout always fits Discord's limits and offers exactly the legal actions."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cogs import custom_ids
from cogs.hand_view import render_hand
from cogs.layout import action_rows, components_of
from rules.contract import Action
from storage import TableStatus
from tables.table import SeatState, SeatView, TableState
from tests.e2e.fake_discord.limits import validate_message

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
DECK = [r + s for s in "SHDC" for r in RANKS]


def t(text: str) -> str:
    return text


def state(table_id: int = 7) -> TableState:
    seats = tuple(SeatState(i, f"p{i}", 100 + i, None, False) for i in range(4))
    return TableState(
        id=table_id, game="x", title="X", status=TableStatus.RUNNING, channel_id=1,
        guild_id=2, host_id=100, players=4, options={}, slow=False, seats=seats,
        teams=((0, 2), (1, 3)), seq=3, phase="play", to_act=frozenset({0}), deadline=None,
        public={}, result=None,
    )  # fmt: skip


def seat_view(hand: list[str], legal: list[Action], seq: int = 3) -> SeatView:
    return SeatView(
        table_id=7, seat=0, seq=seq, phase="play", view={"hand": hand}, legal=legal,
        deadline=None, away=False,
    )  # fmt: skip


def components(hand: list[str], legal: list[Action]) -> list[dict[str, Any]]:
    message = render_hand(seat_view(hand, legal), state(), t)
    return action_rows(components_of(message.view(t)))


def offered(rows: list[dict[str, Any]]) -> set[str]:
    """Action ids a user can choose: enabled action buttons and select values."""
    ids: set[str] = set()
    for row in rows:
        for c in row["components"]:
            cid = c.get("custom_id", "")
            if c["type"] == 2 and cid.startswith("ct:a:") and not c.get("disabled"):
                ids.add(cid.split(":", 4)[4])
            if c["type"] == 3:
                ids.update(o["value"] for o in c["options"])
    return ids


def test_a_trick_hand_is_one_row_per_suit_with_illegal_cards_disabled() -> None:
    hand = ["JS", "9S", "AH", "10H", "KD", "QC", "8C", "7C"]
    legal = [Action(kind="play", value=c, label=f"Play {c}") for c in ("AH", "10H")]
    rows = components(hand, legal)
    assert len(rows) == 5  # spades, hearts, clubs, diamonds, then Refresh
    labels = [[c["label"] for c in row["components"]] for row in rows]
    assert labels[0] == ["J♠", "9♠"] and labels[1] == ["A♥", "10♥"]
    enabled = [c["label"] for row in rows for c in row["components"] if not c.get("disabled")]
    assert enabled == ["A♥", "10♥", "Refresh"]
    assert offered(rows) == {"play:AH", "play:10H"}
    assert not validate_message({"components": rows})


def test_many_bids_become_a_menu_with_the_engine_labels() -> None:
    legal = [Action(kind="bid", value=str(n), label=f"Bid {n}") for n in range(1, 9)]
    legal.append(Action(kind="pass", label="Pass"))
    rows = components(["JS", "9H", "AD", "10C", "KS"], legal)
    (menu,) = [c for row in rows for c in row["components"] if c["type"] == 3]
    assert [o["label"] for o in menu["options"]][-1] == "Pass"
    assert offered(rows) == {a.id for a in legal}


def test_an_action_id_too_long_for_a_custom_id_goes_by_index() -> None:
    long_id = "meld:" + ",".join(DECK[:30])
    assert len(custom_ids.action_id(123456789, 99999, long_id, 4)) <= 100
    assert custom_ids.action_id(123456789, 99999, long_id, 4) == "ct:i:123456789:99999:4"


@settings(max_examples=50, deadline=None)
@given(
    hand_size=st.integers(min_value=0, max_value=20),
    playable=st.integers(min_value=0, max_value=20),
    others=st.integers(min_value=0, max_value=60),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_any_hand_and_any_legal_actions_fit_discord_limits(
    hand_size: int, playable: int, others: int, seed: int
) -> None:
    rng = random.Random(seed)
    hand = rng.sample(DECK, hand_size)
    plays = [Action(kind="play", value=c, label=f"Play {c}") for c in hand[:playable]]
    extra = [Action(kind="call", value=f"c{n}", label=f"Call {n}") for n in range(others)]
    legal = plays + extra
    rows = components(hand, legal)
    errors = validate_message({"components": rows})
    assert not errors, errors.flat()
    if len(extra) <= 25 * 3:
        # Everything legal is offered unless there are more choices than menus can hold.
        assert offered(rows) == {a.id for a in legal} or len(legal) > 75


@pytest.mark.parametrize("count", [1, 5, 6, 25, 26])
def test_other_actions_are_buttons_up_to_five_then_menus(count: int) -> None:
    legal = [Action(kind="call", value=f"c{n}", label=f"Call {n}") for n in range(count)]
    rows = components([], legal)
    kinds = {c["type"] for row in rows[:-1] for c in row["components"]}
    assert kinds == ({2} if count <= 5 else {3})
    assert offered(rows) == {a.id for a in legal}


def test_a_card_used_for_something_else_than_playing_says_what() -> None:
    hand = ["JS", "9H"]
    legal = [Action(kind="trump", value=c, label=f"Trump indicator {c}") for c in hand]
    rows = components(hand, legal)
    labels = [c["label"] for row in rows[:-1] for c in row["components"]]
    assert labels == ["Trump indicator JS", "Trump indicator 9H"]
    assert offered(rows) == {"trump:JS", "trump:9H"}


def test_an_engine_contract_reads_as_words_with_seat_names() -> None:
    from cogs.table_view import readable

    text = readable(state(), {"kind": "thunee", "caller": 1, "late": False}, t)
    assert text == "thunee, caller p1"
    assert readable(state(), "PCC", t) == "PCC"


def test_an_off_turn_caps_call_is_offered_to_a_seat_not_to_act() -> None:
    """T3-16.3 / ED-25: seat 0 is not to act (seat 1 is) but may call Caps: the hand view
    shows the Call Caps button and says it may be used now."""
    waiting = dataclasses.replace(state(), to_act=frozenset({1}))
    hand = ["9H", "8H", "7H", "8C"]
    legal = [Action(kind="caps", value="8C,9H,8H,7H", label="Call Caps")]
    message = render_hand(seat_view(hand, legal), waiting, t)
    rows = action_rows(components_of(message.view(t)))
    assert offered(rows) == {"caps:8C,9H,8H,7H"}
    labels = [c.get("label") for row in rows for c in row["components"]]
    assert "Call Caps" in labels
    assert all(c.get("disabled") for c in rows[0]["components"])  # the cards stay grey
    turn = next(f.value for f in message.embed.fields if f.name == "Turn")
    assert "Waiting for p1." in turn and "you may use the buttons below now" in turn
    assert not validate_message({"components": rows})
