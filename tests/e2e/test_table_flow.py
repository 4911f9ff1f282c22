"""A table's life through Discord with the table manager's toy game (tests/tables)."""

from __future__ import annotations

import random

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of, table_message


async def test_lobby_join_start_and_a_full_match_by_clicks(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    opened = await users[0].slash("play", game="toy", players=4)
    assert opened.message is not None and not opened.ephemeral
    lobby = opened.message
    assert "Join" in [b["label"] for b in lobby.buttons()]
    for user in users[1:]:
        joined = await user.click(lobby, "Join")
        assert joined.interaction.response_type == 7  # the lobby message itself is edited
    assert all(u.mention in lobby.text() for u in users)
    started = await users[0].click(lobby, "Start")
    assert started.interaction.response_type == 7
    assert "My hand" in [b["label"] for b in lobby.buttons()]

    table_id = table_id_of(lobby)
    players = Players(runner, users, table_id)
    await players.open_hands()
    actions = await players.play_until_over(random.Random(7))
    assert actions > 20
    assert not players.running()
    assert runner.bot is not None
    await runner.bot.table_messages.flush(table_id)
    final = table_message(fake, table_id)
    assert "The match is over" in final.text()
    assert [b["label"] for b in final.buttons()] == ["Rematch", "Report this hand"]


async def test_slow_work_is_deferred_and_answered_after(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When storage is slow the bot defers within the deadline, then edits its answer."""
    monkeypatch.setattr("cogs.responder.DEFER_AFTER", 0.0)
    users = [runner.user(n) for n in ("alice", "bob")]
    opened = await users[0].slash("play", game="toy", players=2)
    assert opened.interaction.response_type == 5 and opened.message is not None
    lobby = opened.message
    assert "Join" in [b["label"] for b in lobby.buttons()]
    joined = await users[1].click(lobby, "Join")
    assert joined.interaction.response_type == 6
    assert users[1].mention in lobby.text()
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    await players.open_hands()
    actions = await players.play_until_over(random.Random(1))
    assert actions > 5 and not players.running()


async def test_an_interaction_that_arrives_late_is_deferred_at_once(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """Created 2 s before it reached the bot (a busy gateway): no time to lose."""
    alice = runner.user("alice")
    command = fake.command("play")
    data = {
        "id": command["id"],
        "name": "play",
        "type": 1,
        "guild_id": command["guild_id"],
        "options": [{"name": "game", "type": 3, "value": "toy"}],
    }
    interaction = await fake.create_interaction(alice.user, 2, data, age=2.0)
    reply = await alice.wait(interaction)
    assert interaction.response_type == 5
    assert reply.message is not None and "Join" in [b["label"] for b in reply.message.buttons()]
