"""The bot reaches the fake Discord only through settings, syncs, and answers /rules."""

from __future__ import annotations

from pathlib import Path

import discord

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, assert_clean


async def test_bot_connects_and_syncs_commands_to_the_dev_guild(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    assert fake.api_base == discord.http.Route.BASE
    guild_commands = {c["name"] for c in fake.guild_commands[fake.guild_id]}
    assert {"rules", "sync"} <= guild_commands
    assert fake.global_commands == []
    routes = [c.route for c in fake.calls]
    assert "GET /users/@me" in routes
    assert "PUT /applications/{app_id}/guilds/{guild_id}/commands" in routes
    assert runner.bot is not None and runner.bot.get_guild(fake.guild_id) is not None


async def test_rules_answers_with_an_ephemeral_summary(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    reply = await alice.slash("rules", game="nigerian_thunee")
    assert reply.interaction.response_type == 4
    assert reply.ephemeral
    assert "First team to 16 wins" in reply.text
    assert reply.interaction.ack_latency is not None and reply.interaction.ack_latency < 3.0


async def test_without_a_dev_guild_commands_sync_globally(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    runner = BotRunner(fake, tmp_path / "db.sqlite3", dev_guild_id=None)
    await runner.start()
    try:
        assert {"play", "rules", "table", "pickup"} <= {c["name"] for c in fake.global_commands}
        assert fake.guild_commands == {}
        reply = await runner.user("alice").slash("rules", game="304")
        assert "304" in reply.text
    finally:
        await runner.stop()
    assert_clean(fake)
