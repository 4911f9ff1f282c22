"""Issue 28: slash commands are synced only when the command tree changed (its hash is
kept in the database), or when forced (``/sync``, ``cardtable sync-commands``)."""

from __future__ import annotations

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner


def sync_calls(fake: FakeDiscord) -> int:
    return len([c for c in fake.calls if c.route.startswith("PUT /applications/")])


async def test_a_restart_with_the_same_commands_does_not_sync(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    assert sync_calls(fake) == 1  # the first start: nothing synced before
    await runner.restart()
    assert sync_calls(fake) == 1
    assert runner.bot is not None
    await runner.bot.sync_commands()  # what /sync and `cardtable sync-commands` call
    assert sync_calls(fake) == 2
    # A changed tree (here: a forgotten hash stands for it) syncs again on start.
    await runner.bot.storage.command_sync.save(f"guild:{fake.guild_id}", "an older tree")
    await runner.restart()
    assert sync_calls(fake) == 3


async def test_a_process_without_shard_0_never_syncs(fake: FakeDiscord, runner: BotRunner) -> None:
    assert runner.bot is not None
    runner.bot.settings = runner.bot.settings.model_copy(update={"shard_ids": [1]})
    assert not runner.bot.syncs_commands()
    runner.bot.settings = runner.bot.settings.model_copy(update={"shard_ids": [0, 1]})
    assert runner.bot.syncs_commands()
