"""Scenes built from a real engine's views (Nigerian Thunee): the picture shows what the
view says, seat by seat, and the hand highlights exactly the legal plays."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from pictures import FACE_DOWN, TRUMP_CLOSED, render_hand, render_table
from pictures.from_views import hand_scene, score_lines, table_scene
from rules import Deal, registry
from rules.contract import Match
from rules.views import Score, TrickTable

SPEC = registry.get("nigerian_thunee")
S, W, N, E = 0, 1, 2, 3
NAMES = ("South", "West", "North", "East")
HANDS = [
    ["JS", "9S", "AH", "10H", "AD", "10D", "AC", "10C"],
    ["AS", "10S", "JH", "9H", "KD", "QD", "KC", "QC"],
    ["KS", "QS", "KH", "QH", "JD", "9D", "8C", "7C"],
    ["8S", "7S", "8H", "7H", "8D", "7D", "JC", "9C"],
]


def match_in_play() -> Match[Any]:
    """The EX-26 deal: North wins the auction at 4, names clubs, leads JD; West plays 8D."""
    match = SPEC.new_match(4, seed=1, deals=[Deal(dealer=S, hands=HANDS)])
    for _ in range(4):
        match.apply(next(iter(match.to_act)), "keep")
    for seat, action in [(W, "bid:1"), (N, "bid:2"), (E, "bid:3"), (S, "pass"), (W, "pass")]:
        match.apply(seat, action)
    match.apply(N, "bid:4")
    match.apply(E, "pass")
    match.apply(N, "trump:C")
    for card in ("JD", "8D"):
        match.apply(next(iter(match.to_act)), f"play:{card}")
    return match


def test_table_scene_shows_the_trick_turn_trump_and_bids_of_the_view() -> None:
    match = match_in_play()
    view = match.public_view()
    scene = table_scene(view, NAMES)
    assert scene.title == "Nigerian Thunee"
    assert scene.clockwise
    cards = {seat.name: seat.card for seat in scene.seats}
    assert cards == {"North": "JD", "East": "8D", "South": None, "West": None}
    assert [s.name for s in scene.seats if s.to_act] == ["South"]
    assert scene.trump == "C" and scene.trump_label == "Trump"
    assert [s.note for s in scene.seats] == ["Pass", "Pass", "Bid 4", "Pass"]
    assert [s.hand_count for s in scene.seats] == [8, 8, 7, 7]
    assert [s.team for s in scene.seats] == [0, 1, 0, 1]
    assert scene.seats[S].dealer
    assert [(line.label, line.value) for line in scene.scores] == [
        ("South & North", "0 / 16"),
        ("West & East", "0 / 16"),
    ]
    assert render_table(scene).startswith(b"\x89PNG")


def test_a_finished_trick_stays_on_the_table_until_the_next_lead() -> None:
    match = match_in_play()
    for card in ("AD", "KD"):
        match.apply(next(iter(match.to_act)), f"play:{card}")
    scene = table_scene(match.public_view(), NAMES)
    assert sorted(s.card or "" for s in scene.seats) == ["8D", "AD", "JD", "KD"]
    assert "last trick" in scene.status
    match.apply(N, "play:9D")  # North won and leads again
    scene = table_scene(match.public_view(), NAMES)
    assert [s.card for s in scene.seats] == [None, None, "9D", None]


def test_hand_scene_highlights_exactly_the_legal_plays() -> None:
    match = match_in_play()
    scene = hand_scene(match.view(S))
    assert scene.cards == tuple(HANDS[S])
    assert scene.legal == frozenset({"AD", "10D"})  # South must follow diamonds
    assert scene.trump == "C"
    idle = hand_scene(match.view(W))
    assert idle.legal is None
    image = Image.open(io.BytesIO(render_hand(scene)))
    assert image.mode == "P"


def test_translated_labels_come_from_the_translate_function() -> None:
    view = match_in_play().public_view()
    scene = table_scene(view, NAMES, translate=lambda text: f"<{text}>")
    assert scene.trump_label == "<Trump>"
    assert scene.seats[N].note == "<Bid 4>"


def test_a_core_without_a_game_draws_a_closed_trump_face_down_cards_and_seat_scores() -> None:
    """The builder reads only the common core: any game that fills it is drawn."""
    table = TrickTable.model_validate(
        {
            "family": "trick",
            "game": "solo",
            "title": "Solo",
            "players": 3,
            "viewer": None,
            "teams": None,
            "dealer": 0,
            "to_act": [2],
            "phase": "play",
            "hand_number": 2,
            "clockwise": False,
            "score": {
                "unit": "points",
                "by": "seat",
                "values": [3, 5, 1],
                "target": None,
                "lower_wins": False,
            },
            "hand_sizes": [4, 3, 4],
            "hand": [],
            "legal": [],
            "trick": [{"seat": 1, "card": None, "face_down": True}],
            "last_trick": [],
            "trump": {"suit": None, "revealed": False, "face_down_card": True},
            "bids": [],
            "tricks_won": [0, 0, 0],
        }
    )
    scene = table_scene(table, ("A", "B", "C"))
    assert scene.title == "Solo" and scene.status == "Hand 2"
    assert scene.trump == TRUMP_CLOSED and scene.trump_label == "Trump closed"
    assert [s.card for s in scene.seats] == [None, FACE_DOWN, None]
    assert [(line.label, line.value, line.team) for line in scene.scores] == [
        ("A", "3", None),
        ("B", "5", None),
        ("C", "1", None),
    ]
    empty = Score(unit="chips", by="seat", values=[], target=None, lower_wins=False)
    assert score_lines(empty, None, ("A",)) == ()
