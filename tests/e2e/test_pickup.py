"""Pickup queues: users queue from different channels and get one table together."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, assert_clean
from tests.e2e.players import table_id_of, table_message


async def test_four_users_in_two_channels_fill_a_queue_and_get_one_table(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    lounge = fake.add_channel("lounge")
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    channels = [fake.main_channel.id, lounge.id, fake.main_channel.id, lounge.id]
    for n, (user, channel) in enumerate(zip(users[:3], channels, strict=False), start=1):
        queued = await user.slash(
            "pickup", subcommand="join", channel_id=channel, game="nigerian_thunee"
        )
        assert queued.ephemeral and f"({n}/4)" in queued.text
    again = await users[0].slash("pickup", subcommand="join", game="nigerian_thunee")
    assert again.text == "You are already in that queue."
    status = await users[3].slash("pickup", subcommand="status", channel_id=lounge.id)
    assert "(3/4)" in status.text and "alice, bob, carol" in status.text

    full = await users[3].slash(
        "pickup", subcommand="join", channel_id=lounge.id, game="nigerian_thunee"
    )
    assert f"<#{lounge.id}>" in full.text  # the last joiner's channel
    message = table_message(fake, channel_id=lounge.id)
    # everyone is pinged (the first line of the card: Components v2 has no content)
    assert all(u.mention in message.text_displays()[0] for u in users)
    assert runner.bot is not None and runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(message))
    assert state.status == "running"
    assert [s.user_id for s in state.seats] == [u.id for u in users]
    assert fake.channel_messages(fake.main_channel.id) == []  # only one table was opened
    nobody = await users[0].slash("pickup", subcommand="status")
    assert nobody.text == "Nobody is queued."


@pytest.fixture
async def filling_runner(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "db.sqlite3", pickup_fill_seconds=1)
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def test_after_the_wait_computers_fill_a_pickup_table(
    fake: FakeDiscord, filling_runner: BotRunner
) -> None:
    alice = filling_runner.user("alice")
    await alice.slash("pickup", subcommand="join", game="nigerian_thunee")
    left = await alice.slash("pickup", subcommand="leave", game="nigerian_thunee")
    assert left.text == "You left the queue."
    await alice.slash("pickup", subcommand="join", game="nigerian_thunee")
    for _ in range(100):
        if fake.channel_messages():
            break
        await asyncio.sleep(0.05)
    message = table_message(fake)
    assert alice.mention in message.text_displays()[0]
    assert message.text().count("🤖") == 3
