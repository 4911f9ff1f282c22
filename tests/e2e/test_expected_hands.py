"""Issue 37: a table's hands are drawn as soon as its match starts, so each player's first
"My hand" finds its picture drawn (at 1,000 tables that first draw, made while the click
waited, was the arrival's tail). Only human seats: no computer's hand is ever drawn."""

from __future__ import annotations

import asyncio

import pytest

from pictures import HandScene
from pictures.render import render_hand
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner, patient_answers
from tests.e2e.players import table_id_of


def count_hand_draws(monkeypatch: pytest.MonkeyPatch) -> list[HandScene]:
    drawn: list[HandScene] = []
    draw = render_hand.__wrapped__

    def counted(scene: HandScene) -> bytes:
        drawn.append(scene)
        return draw(scene)

    monkeypatch.setattr(render_hand, "__wrapped__", counted)
    return drawn


async def drawn_for(drawn: list[HandScene], count: int) -> list[HandScene]:
    for _ in range(500):
        if len(drawn) >= count:
            break
        await asyncio.sleep(0.01)
    return list(drawn)


def hand_of(runner: BotRunner, table_id: int, user: SimulatedUser) -> tuple[str, ...]:
    assert runner.bot is not None
    return tuple(runner.bot.manager.seat_view(table_id, user.id).view["hand"])


@pytest.fixture(autouse=True)
def every_answer_waits_for_its_picture(monkeypatch: pytest.MonkeyPatch, fake: FakeDiscord) -> None:
    patient_answers(monkeypatch, fake)


async def test_a_quickplay_hand_is_drawn_before_its_player_asks_and_only_once(
    runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = count_hand_draws(monkeypatch)
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="nigerian_thunee")
    assert opened.message is not None
    table_id = table_id_of(opened.message)
    # No click yet: the one human seat's hand is drawn, no computer's.
    before = await drawn_for(drawn, 1)
    assert [scene.cards for scene in before] == [hand_of(runner, table_id, alice)]
    hand = await alice.click(opened.message, "My hand")
    assert hand.message is not None and hand.message.attachment("hand.png") is not None
    assert drawn == before  # the answer's picture was the one drawn ahead


async def test_a_started_lobby_s_human_hands_are_drawn_before_they_are_asked_for(
    runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = count_hand_draws(monkeypatch)
    alice, bob = runner.user("alice"), runner.user("bob")
    opened = await alice.slash("play", game="nigerian_thunee")
    assert opened.message is not None
    lobby = opened.message
    table_id = table_id_of(lobby)
    await bob.click(lobby, "Join")
    for _ in range(2):
        await alice.click(lobby, custom_id=f"ct:t:{table_id}:computer:beginner")
    assert not drawn  # a lobby has no hands
    await alice.click(lobby, "Start")
    assert runner.bot is not None
    assert runner.bot.manager.state(table_id).status == "running"
    hands = sorted(scene.cards for scene in await drawn_for(drawn, 2))
    assert hands == sorted(hand_of(runner, table_id, user) for user in (alice, bob))
    for user in (alice, bob):
        reply = await user.click(lobby, "My hand")
        assert reply.message is not None and reply.message.attachment("hand.png") is not None
    assert len(drawn) == 2  # each answer's picture was drawn ahead, once
