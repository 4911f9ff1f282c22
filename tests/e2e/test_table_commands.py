"""/table status|stop|kick|spectate|rules, threads, /sync, and the edit pacing."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.layout import components_of
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner, assert_clean
from tests.e2e.players import Players, table_id_of, table_message


async def test_table_commands_in_a_channel(fake: FakeDiscord, runner: BotRunner) -> None:
    alice, bob, eve = runner.user("alice"), runner.user("bob"), runner.user("eve")
    none = await alice.slash("table", subcommand="status")
    assert none.text == "There is no open table in this channel."
    opened = await alice.slash("play", game="nigerian_thunee")
    assert opened.message is not None
    await bob.click(opened.message, "Join")
    busy = await eve.slash("play", game="nigerian_thunee")
    assert busy.ephemeral and busy.text == "This channel already has an open table."

    rules = await eve.slash("table", subcommand="rules")
    assert rules.ephemeral and "First team to 16 wins" in rules.text
    look = await eve.slash("table", subcommand="spectate")
    assert look.ephemeral and bob.mention in look.text and look.message is not None
    await bob.click(opened.message, "Leave")
    watched = await eve.click(look.message, "Refresh")  # the private view, refreshed in place
    assert watched.interaction.response_type == 7 and bob.mention not in look.message.text()
    await bob.click(opened.message, "Join")

    refused = await eve.slash("table", subcommand="kick", member=bob)
    assert refused.text == "Only the host or an admin can do that."
    kicked = await alice.slash("table", subcommand="kick", member=bob)
    assert kicked.text == "bob was removed from the table."
    assert runner.bot is not None
    await runner.bot.table_messages.flush(table_id_of(opened.message))
    assert bob.mention not in opened.message.text()  # the lobby message was edited

    status = await eve.slash("table", subcommand="status")
    assert status.ephemeral and alice.mention in status.text
    assert f"/{opened.message.id}" in status.text  # a link to the table message
    vote = await eve.slash("table", subcommand="stop")
    assert vote.text == "You don't have a seat at this table."
    stopped = await alice.slash("table", subcommand="stop")
    assert stopped.text == "The table was stopped."
    await runner.bot.table_messages.flush(table_id_of(opened.message))
    assert "This table was stopped." in opened.message.text()
    assert opened.message.buttons() == []


async def test_bad_options_are_answered_with_a_readable_error(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    reply = await alice.slash("play", game="nigerian_thunee", options="ng_max_bid=12")
    assert reply.ephemeral and reply.text.startswith("Those options can't be played:")
    assert "ng_max_bid" in reply.text
    reply = await alice.slash("play", game="nigerian_thunee", options="colour=blue")
    assert "'colour' is not a Nigerian Thunee option" in reply.text


async def test_only_the_owner_can_sync_commands(fake: FakeDiscord, runner: BotRunner) -> None:
    alice = runner.user("alice")
    refused = await alice.slash("sync")
    assert refused.text == "Only the bot's owner can do that."
    from tests.e2e.fake_discord import SimulatedUser

    owner = SimulatedUser(fake, fake.owner)
    synced = await owner.slash("sync")
    assert synced.interaction.response_type == 5  # deferred: syncing takes a REST call
    assert synced.text.startswith("Synced ")
    assert len(fake.calls_matching("PUT /applications/")) == 2


@pytest.fixture
async def threaded(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "db.sqlite3", tables_in_threads=True)
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def test_tables_open_in_a_new_thread_when_the_server_wants_it(
    fake: FakeDiscord, threaded: BotRunner
) -> None:
    alice = threaded.user("alice")
    reply = await alice.slash("play", game="nigerian_thunee")
    assert reply.ephemeral and "Your table is open in <#" in reply.text
    (thread,) = [c for c in fake.channels.values() if c.type == 11]
    assert thread.parent_id == fake.main_channel.id
    assert threaded.bot is not None
    table_id = threaded.bot.manager.table_in_channel(thread.id)  # type: ignore[union-attr]
    assert table_id is not None
    await threaded.bot.table_messages.flush(table_id)
    assert "Join" in [b["label"] for b in table_message(fake, channel_id=thread.id).buttons()]


@pytest.fixture
async def tight_limits(tmp_path: Path) -> AsyncIterator[tuple[FakeDiscord, BotRunner]]:
    """Discord's 5 edits per 5 s, scaled down to 2 per second; the bot edits at most every
    0.5 s per table, so its own pacing (and discord.py's) must keep it under the limit."""
    fake = FakeDiscord(edit_limit=2, edit_window=1.0)
    await fake.start()
    bot_runner = BotRunner(fake, tmp_path / "db.sqlite3", table_edit_seconds=0.5)
    await bot_runner.start()
    yield fake, bot_runner
    await bot_runner.stop()
    await fake.stop()
    assert_clean(fake)


async def test_table_edits_are_paced_and_the_last_state_always_shows(
    tight_limits: tuple[FakeDiscord, BotRunner],
) -> None:
    fake, runner = tight_limits
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="nigerian_thunee")
    assert opened.message is not None
    players = Players(runner, [alice], table_id_of(opened.message))
    await players.open_hands()
    rng = random.Random(4)
    for _ in range(20):  # about 3 s of steady play: edits at least every 2 s (MAX_DELAY)
        if not players.running():
            break
        seat = players.seats[alice.id]
        await players.refresh(seat)
        await players.act(seat, rng)
        await asyncio.sleep(0.15)
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    edits = [c.at for c in fake.calls_matching("PATCH /channels/") if c.status == 200]
    assert len(edits) >= 2
    assert all(b - a >= 0.45 for a, b in itertools.pairwise(edits))
    assert fake.limiter.rejections == 0
    expected = await runner.bot.table_messages.render(players.table_id)
    assert table_message(fake).components == components_of(expected.view())


@pytest.fixture
async def pinging(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "db.sqlite3", turn_ping_seconds=1)
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def test_a_turn_left_waiting_pings_its_player_once(
    fake: FakeDiscord, pinging: BotRunner
) -> None:
    alice = pinging.user("alice")
    opened = await alice.slash("quickplay", game="nigerian_thunee")
    assert opened.message is not None
    players = Players(pinging, [alice], table_id_of(opened.message))
    state = players.manager.state(players.table_id)
    # Computers act at once, so the table waits for its only human.
    assert [state.seats[s].user_id for s in state.to_act] == [alice.id]
    for _ in range(100):  # the reminder is due after 1 s
        pings = [m for m in fake.channel_messages() if "your turn" in m.content]
        if pings:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)  # and no second one follows
    pings = [m for m in fake.channel_messages() if "your turn" in m.content]
    assert len(pings) == 1 and alice.mention in pings[0].content


async def test_no_turn_ping_when_the_server_turned_pings_off(
    fake: FakeDiscord, pinging: BotRunner
) -> None:
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    await admin.slash("config", subcommand="pings", on=False)
    alice = pinging.user("alice")
    opened = await alice.slash("quickplay", game="nigerian_thunee")
    assert opened.message is not None
    assert pinging.bot is not None and pinging.bot.turn_pings is not None
    await asyncio.sleep(1.5)  # past the 1 s reminder
    assert not [m for m in fake.channel_messages() if "your turn" in m.content]
    assert pinging.bot.turn_pings.sent == 0
