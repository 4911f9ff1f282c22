"""Issue 35 through Discord: /quickplay and the lobby pick a computer level, /config sets a
server's default, the table shows each computer's level, and the table's computers play
at it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import TableStatus
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner, assert_clean
from tests.e2e.players import Players, table_id_of


@pytest.fixture
async def thrifty(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    """A bot whose searching computers think 24 rollouts a move (the test's CPU), in a
    worker process as the bot's default has them (the harness's default is a thread)."""
    bot_runner = BotRunner(
        fake,
        tmp_path / "db.sqlite3",
        search_rollouts=24,
        computer_worker="process",
        computer_workers=1,
    )
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def test_a_quickplay_table_with_expert_computers_plays_them_and_shows_the_level(
    fake: FakeDiscord, thrifty: BotRunner
) -> None:
    runner = thrifty
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="nigerian_thunee", level="expert")
    assert opened.message is not None, opened.text
    table = table_id_of(opened.message)
    assert opened.message.text().count("· Expert") == 3
    players = Players(runner, [alice], table)
    await players.open_hands()
    seat = players.seats[alice.id]
    rng = random.Random(1)
    for _ in range(6):
        if not players.running():
            break
        await players.refresh(seat)
        await players.act(seat, rng)
    assert runner.bot is not None
    log = await runner.bot.storage.actions.for_table(table)
    by_computers = {row.by for row in log if row.by != "player"}
    assert by_computers == {"expert"}, by_computers
    assert runner.bot.manager is not None
    decisions = runner.bot.manager.decisions
    assert decisions.pids and decisions.fell_back == 0  # decided in the worker


async def test_the_lobby_adds_computers_of_each_level_and_the_server_default_applies(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    saved = await admin.slash("config", subcommand="computer_level", level="club")
    assert saved.ephemeral and "Computer level: Club" in saved.text
    opened = await admin.slash("play", game="nigerian_thunee")
    assert opened.message is not None, opened.text
    lobby = opened.message
    # By custom id: the labels carry the level's rating once the game is rated.
    adds = f"ct:t:{table_id_of(lobby)}:computer:"
    await admin.click(lobby, custom_id=adds + "expert")
    await admin.click(lobby, custom_id=adds + "beginner")
    text = lobby.text()
    assert "🤖 Computer 2 · Expert" in text and "🤖 Computer 3 · Beginner" in text, text
    assert runner.bot is not None and runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(lobby))
    assert [s.computer for s in state.seats] == [None, "expert", "beginner", None]
    assert state.status is TableStatus.LOBBY
    await admin.click(lobby, "Cancel")  # the channel takes a new table
    quick = await SimulatedUser(fake, fake.add_user("bob")).slash(
        "quickplay", game="nigerian_thunee"
    )
    assert quick.message is not None, quick.text
    assert quick.message.text().count("· Club") == 3  # the server's default level
