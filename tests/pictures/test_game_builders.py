"""Every registered game's public view becomes a table picture (issue 12): random playouts
of each game, a scene built and drawn at states along the way, and what each game-specific
builder reads (Thunee balls, 304 face-down cuts and closed trump, rummy melds and piles)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pictures import FACE_DOWN, TRUMP_CLOSED, render_table
from pictures.from_views import TABLE_BUILDERS, table_scene
from rules import registry
from rules.random_play import random_step

NAMES = tuple(f"P{n}" for n in range(1, 9))


@pytest.mark.parametrize("game", registry.names())
def test_every_game_has_a_builder_and_every_state_of_a_playout_draws(game: str) -> None:
    spec = registry.get(game)
    assert game in TABLE_BUILDERS
    rng = random.Random(12)
    seen: set[str] = set()
    for players in spec.player_counts:
        match = spec.new_match(players, seed=players)
        for step in range(400):
            if match.is_over:
                break
            view = match.public_view()
            scene = table_scene(view, spec, NAMES[:players])
            assert len(scene.seats) == players
            if step % 25 == 0:
                assert render_table(scene)[:8] == b"\x89PNG\r\n\x1a\n"
            seen.add(str(view.get("phase")))
            match.apply(*random_step(match, rng))
        assert step > 20, f"{game} with {players}: the playout stopped at once"
    assert len(seen) >= 2, seen  # the playouts went through several phases


class _Spec:
    title = "Game"

    def teams(self, players: int) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 2), (1, 3)) if players == 4 else None


def test_thunee_scene_reads_balls_cards_held_and_a_face_down_trump() -> None:
    view: dict[str, Any] = {
        "game": "thunee",
        "trick": [[1, "JS"]],
        "to_act": [2],
        "dealer": 0,
        "cards_held": [6, 5, 6, 6],
        "balls": [3, 7],
        "target_balls": 13,
        "trump": None,
        "trump_card_face_down": True,
        "hand_number": 4,
    }
    scene = table_scene(view, _Spec(), NAMES[:4])
    assert scene.trump == TRUMP_CLOSED
    assert [s.hand_count for s in scene.seats] == [6, 5, 6, 6]
    assert scene.seats[1].card == "JS" and scene.seats[2].to_act
    assert [line.value for line in scene.scores] == ["3 / 13", "7 / 13"]


def test_304_scene_draws_a_hidden_cut_face_down_and_the_indicator_as_closed_trump() -> None:
    view: dict[str, Any] = {
        "game": "304",
        "trick": [
            {"seat": 0, "card": "JH", "face_down": False},
            {"seat": 1, "card": None, "face_down": True},
        ],
        "to_act": [2],
        "trump": None,
        "indicator_on_table": True,
        "tokens": [11, 11],
        "hand_number": 0,
    }
    scene = table_scene(view, _Spec(), NAMES[:4])
    assert scene.status == "Hand 1"  # the engine counts from 0
    assert scene.seats[0].card == "JH" and scene.seats[1].card == FACE_DOWN
    assert scene.trump == TRUMP_CLOSED
    assert [line.value for line in scene.scores] == ["11", "11"]


def test_rummy_scenes_put_melds_under_their_owners_with_stock_and_discard() -> None:
    tonk: dict[str, Any] = {
        "game": "tonk",
        "turn": 1,
        "to_act": [1],
        "spreads": [{"owner": 1, "cards": ["5H", "5S", "5D"]}],
        "discard_top": "9C",
        "stock_size": 20,
        "hand_sizes": [5, 2, 5],
        "hand_number": 2,
    }
    scene = table_scene(tonk, _Spec(), NAMES[:3])
    assert scene.is_rummy and scene.stock_count == 20 and scene.discard_top == "9C"
    assert scene.seats[1].melds == (("5H", "5S", "5D"),) and scene.seats[1].to_act
    tele: dict[str, Any] = {
        "game": "telefunken",
        "title": "Telefunken (Danish)",
        "turn": 0,
        "melds": [{"owner": 2, "cards": ["*", "7C", "8C", "9C"]}],
        "discard_top": None,
        "stock": 40,
        "hand_sizes": [11, 11, 11, 11],
        "scores": [0, 25, 0, 10],
        "deal": 1,
    }
    scene = table_scene(tele, _Spec(), NAMES[:4])
    assert scene.title == "Telefunken (Danish)" and scene.stock_count == 40
    assert scene.seats[2].melds == (("*", "7C", "8C", "9C"),)
    assert [line.value for line in scene.scores] == ["0", "25", "0", "10"]
