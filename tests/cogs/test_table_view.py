"""Table messages for every seat count and status stay inside Discord's limits."""

from __future__ import annotations

from typing import Any

import pytest

from cogs.layout import components_of
from cogs.table_view import render_table
from storage import TableStatus
from tables.table import SeatState, TableState
from tests.e2e.fake_discord.limits import IS_COMPONENTS_V2, validate_message


def t(text: str) -> str:
    return text


def table(players: int, status: TableStatus, teams: bool, **public: Any) -> TableState:
    seats = tuple(
        SeatState(i, "N" * 32, 10**17 + i, "heuristic" if i % 3 == 2 else None, i == 1)
        for i in range(players)
    )
    team_seats = (tuple(range(0, players, 2)), tuple(range(1, players, 2))) if teams else None
    return TableState(
        id=987654, game="g", title="A Game", status=status, channel_id=1, guild_id=2,
        host_id=10**17, players=players, options={"target_balls": 13, "blind_bid": True},
        slow=False, seats=seats, teams=team_seats, seq=40, phase="play",
        to_act=frozenset({0}), deadline=1_900_000_000.0, public=public or None,
        result={"winners": [0, 2], "scores": [16, 9]},
    )  # fmt: skip


PUBLIC = {
    "dealer": 3,
    "bids": [[s % 8, 100 + s] for s in range(30)],
    "contract": {"kind": "thunee", "caller": 1, "late": False},
    "trump": "H",
    "trick": [
        {"seat": s, "card": None if s == 2 else "10H", "face_down": s == 2} for s in range(8)
    ],
    "last_trick": [[s, "JS"] for s in range(8)],
    "tricks_won": [3, 2, 1, 0, 0, 1, 1, 0],
    "scores": [16, 9],
    "target": 16,
    "tokens": [11, 11],
}


@pytest.mark.parametrize("players", [2, 4, 5, 6, 8])
@pytest.mark.parametrize("status", list(TableStatus))
@pytest.mark.parametrize("teams", [True, False])
def test_every_table_message_fits(players: int, status: TableStatus, teams: bool) -> None:
    last_hand = {"hand": 7, "outcome": "capture", "team_points": [10, 0]}
    rendered = render_table(table(players, status, teams, **PUBLIC), t, last_hand)
    payload = {"flags": IS_COMPONENTS_V2, "components": components_of(rendered.view())}
    errors = validate_message(payload)
    assert not errors, errors.flat()


def test_the_playing_table_shows_the_trick_face_down_cards_and_whose_turn() -> None:
    rendered = render_table(table(4, TableStatus.RUNNING, True, **PUBLIC), t)
    text = "\n".join(f"{f['name']}: {f['value']}" for f in rendered.embed.to_dict()["fields"])
    assert "Trump: ♥" in text
    assert "NNNN 🂠" in text and "10♥" in text
    assert "Contract: thunee, caller NNNN" in text
    assert "<t:1900000000:R>" in text
    assert "Team 1: **16**" in text


def test_a_finished_table_offers_a_rematch_and_names_the_winners() -> None:
    rendered = render_table(table(4, TableStatus.FINISHED, True, **PUBLIC), t)
    assert "Winners: " in (rendered.embed.description or "")
    assert [b[1] for b in rendered.buttons] == ["Rematch"]


def test_bids_in_any_engine_shape_read_as_names_and_values() -> None:
    bids = [{"seat": 0, "value": 40, "blind": False}, {"seat": 1, "action": "pass"}, [2, 50]]
    rendered = render_table(table(4, TableStatus.RUNNING, True, bids=bids), t)
    fields = {f["name"]: f["value"] for f in rendered.embed.to_dict()["fields"]}
    assert fields["Bids"] == f"{'N' * 32} 40 · {'N' * 32} pass · {'N' * 32} 50"


def test_the_running_table_shows_its_picture_and_a_new_picture_is_a_new_edit() -> None:
    """Issue 12: the picture sits in the embed (``attachment://table.png``), rides along
    as ``attachments`` for an edit and ``files`` for a new message, and a picture-only
    change still changes the key (so the editor sends it)."""
    running = table(4, TableStatus.RUNNING, True, **PUBLIC)
    plain = render_table(running, t)
    shown = render_table(running, t, picture=b"\x89PNG one")
    other = render_table(running, t, picture=b"\x89PNG two")
    assert "image" not in plain.embed.to_dict()
    assert shown.embed.to_dict()["image"]["url"] == "attachment://table.png"
    assert len({plain.key, shown.key, other.key}) == 3
    edit = shown.kwargs()
    assert [f.filename for f in edit["attachments"]] == ["table.png"]
    assert edit["attachments"][0].fp.read() == b"\x89PNG one"
    send = shown.send_kwargs()
    assert "attachments" not in send and [f.filename for f in send["files"]] == ["table.png"]
    # Text only: an edit clears a picture the message carried; a new message has no files.
    assert plain.kwargs()["attachments"] == [] and "files" not in plain.send_kwargs()
    # The lobby and the finished table never show one.
    for status in (TableStatus.LOBBY, TableStatus.FINISHED):
        over = render_table(table(4, status, True, **PUBLIC), t, picture=b"\x89PNG one")
        assert over.picture is None and "image" not in over.embed.to_dict()


def test_a_picture_key_fixes_the_message_before_the_picture_is_drawn() -> None:
    """The editor compares keys before drawing: a render with the scene's key is laid out
    for the picture and keeps its key once the picture is added; another scene key is
    another key."""
    running = table(4, TableStatus.RUNNING, True, **PUBLIC)
    laid_out = render_table(running, t, picture_key="scene-a")
    assert laid_out.picture is None
    assert laid_out.embed.to_dict()["image"]["url"] == "attachment://table.png"
    drawn = laid_out.with_picture(b"\x89PNG a")
    assert drawn.key == laid_out.key and drawn.picture == b"\x89PNG a"
    assert [f.filename for f in drawn.kwargs()["attachments"]] == ["table.png"]
    assert render_table(running, t, picture_key="scene-a").key == laid_out.key
    assert render_table(running, t, picture_key="scene-b").key != laid_out.key
    assert render_table(running, t).key != laid_out.key


def test_a_pcc_partners_cards_are_shown_after_the_hand() -> None:
    """304 T3-15.1 / T3-18.2: the engine's ``sitting_out_shown`` reads as names and cards."""
    public = {"sitting_out_shown": {"3": ["JH", "9H", "10H", "KH"]}, "tokens": [16, 6]}
    rendered = render_table(table(4, TableStatus.RUNNING, True, **public), t)
    fields = {f["name"]: f["value"] for f in rendered.embed.to_dict()["fields"]}
    assert fields["Cards laid aside, shown after the hand"] == f"{'N' * 32}: J♥ 9♥ 10♥ K♥"
