"""Every registered game's public view becomes a table picture through the one builder
that reads the common core (issue 12, issue 27): random playouts of each game, a scene
built and drawn at states along the way, and what the core carries for each family
(a face-down trump and face-down cards, scores against a target, melds and piles)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pictures import FACE_DOWN, TRUMP_CLOSED, render_table
from pictures.from_views import table_scene
from rules import registry
from rules.contract import Match
from rules.random_play import random_step
from rules.views import RummyTable, TrickTable, table_of

NAMES = tuple(f"P{n}" for n in range(1, 9))


def states(game: str, players: int, seed: int, steps: int = 600) -> Iterator[Match[Any]]:
    match = registry.get(game).new_match(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over:
            return
        yield match
        match.apply(*random_step(match, rng))


def first(game: str, players: int, found: Callable[[Any], bool]) -> Match[Any]:
    for seed in range(30):
        for match in states(game, players, seed):
            if found(table_of(match.public_view())):
                return match
    raise AssertionError(f"no {game} state found")


@pytest.mark.parametrize("game", registry.names())
def test_every_state_of_a_playout_draws(game: str) -> None:
    spec = registry.get(game)
    seen: set[str] = set()
    for players in spec.player_counts:
        step = 0
        for step, match in enumerate(states(game, players, seed=players, steps=400)):
            view = match.public_view()
            scene = table_scene(view, NAMES[:players])
            assert len(scene.seats) == players
            assert scene.is_rummy == (table_of(view).family == "rummy")
            if step % 25 == 0:
                assert render_table(scene)[:8] == b"\x89PNG\r\n\x1a\n"
            seen.add(match.phase)
        assert step > 20, f"{game} with {players}: the playout stopped at once"
    assert len(seen) >= 2, seen  # the playouts went through several phases


def test_thunee_face_down_trump_card_is_a_closed_trump_and_balls_count_to_the_target() -> None:
    """TH-32: the trump card lies face down until the first card; balls against the target."""
    match = first("thunee", 4, lambda t: t.trump.face_down_card and t.trump.suit is None)
    table = table_of(match.public_view())
    assert isinstance(table, TrickTable)
    scene = table_scene(table, NAMES[:4])
    assert scene.trump == TRUMP_CLOSED and scene.trump_label == "Trump closed"
    assert table.score.unit == "balls"
    assert [line.value for line in scene.scores] == [
        f"{v} / {table.score.target}" for v in table.score.values
    ]
    assert [line.label for line in scene.scores] == ["P1 & P3", "P2 & P4"]


def test_304_hidden_cut_is_drawn_face_down_and_the_indicator_as_closed_trump() -> None:
    """T3-10.7: a card cut face down shows by its back to the others; the indicator card
    on the table is a closed trump; hands are counted from 1 in the status."""
    match = first("304", 4, lambda t: any(p.card is None for p in t.trick))
    table = table_of(match.public_view())
    assert isinstance(table, TrickTable)
    scene = table_scene(table, NAMES[:4])
    hidden = [p.seat for p in table.trick if p.card is None]
    assert all(scene.seats[s].card == FACE_DOWN for s in hidden)
    assert scene.status.startswith(f"Hand {match.public_view()['hand_number'] + 1}")
    closed = first("304", 4, lambda t: t.trump.face_down_card and t.trump.suit is None)
    assert table_scene(closed.public_view(), NAMES[:4]).trump == TRUMP_CLOSED


@pytest.mark.parametrize("game", ["tonk", "telefunken"])
def test_rummy_melds_sit_under_their_owners_with_stock_and_discard(game: str) -> None:
    match = first(game, 3, lambda t: isinstance(t, RummyTable) and len(t.melds) >= 1)
    table = table_of(match.public_view())
    assert isinstance(table, RummyTable)
    scene = table_scene(table, NAMES[:3])
    assert scene.is_rummy and scene.stock_count == table.stock_size
    assert scene.discard_top == table.discard_top
    for seat in range(3):
        mine = tuple(tuple(m.cards) for m in table.melds if m.owner == seat)
        assert scene.seats[seat].melds == mine
    assert scene.title == table.title and len(scene.scores) == 3
