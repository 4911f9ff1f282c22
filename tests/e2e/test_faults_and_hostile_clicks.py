"""Issue 29 through the fake Discord: a damaged table set aside, a kick that sticks,
bounded answers to huge input, stale and forged components, late interactions."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import choices, table_id_of
from tests.e2e.test_refusals_and_restarts import four_player_table

pytestmark = pytest.mark.usefixtures("toy_game")

NOTICE = "could not be restored"


def database(runner: BotRunner) -> str:
    return runner.settings.database_url.removeprefix("sqlite:///")


async def notices(fake: FakeDiscord, wanted: int = 1) -> list[str]:
    """The quarantine notices posted in the main channel (waiting a little for them)."""
    for _ in range(200):
        found = [m.content for m in fake.channel_messages() if NOTICE in m.content]
        if len(found) >= wanted:
            return found
        await asyncio.sleep(0.02)
    return [m.content for m in fake.channel_messages() if NOTICE in m.content]


async def test_a_table_whose_log_does_not_replay_is_set_aside_and_its_channel_freed(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="toy")
    assert opened.message is not None
    table = table_id_of(opened.message)
    await runner.stop()
    conn = sqlite3.connect(database(runner))
    conn.execute(
        "UPDATE actions SET action_id = 'play:ZZ' WHERE table_id = ? AND seq = 1", (table,)
    )
    conn.commit()
    conn.close()

    await runner.start()
    (notice,) = await notices(fake)
    assert f"Table {table}" in notice and "log does not replay" in notice
    status = await alice.slash("table", subcommand="status")
    assert "set aside" in status.text and f"Table {table}" in status.text
    refused = await alice.slash("table", subcommand="quarantined")
    assert refused.text == "Only a server admin can do that."
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    listed = await admin.slash("table", subcommand="quarantined")
    assert listed.ephemeral and f"Table {table} (toy)" in listed.text
    exported = await admin.slash("table", subcommand="quarantined", table=table)
    assert exported.message is not None
    rows = json.loads(exported.message.attachment(f"table-{table}.json") or b"")
    assert rows["table"]["status"] == "quarantined" and rows["actions"][0]["action_id"] == "play:ZZ"
    again = await alice.slash("quickplay", game="toy")  # the channel takes a new table
    assert again.message is not None and table_id_of(again.message) != table

    await runner.restart()  # the channel was told once
    await asyncio.sleep(0.2)
    assert len(await notices(fake)) == 1


async def test_a_kicked_player_cannot_click_the_seat_back_or_rejoin_the_lobby(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users, players = await four_player_table(runner)
    alice, bob = users[0], users[1]
    bob_seat = players.seats[bob.id]
    assert bob_seat.hand is not None
    old_hand = bob_seat.hand
    kicked = await alice.slash("table", subcommand="kick", member=bob)
    assert kicked.text == "bob was removed from the table."
    state = players.manager.state(players.table_id)
    seat = next(s for s in state.seats if s.user_id == bob.id)
    assert seat.away
    refreshed = await bob.click(old_hand, "Refresh")
    assert refreshed.ephemeral and refreshed.text == "You were removed from this table."
    for custom_id, value in choices(old_hand):
        if value is None:
            click = await bob.click_custom_id(old_hand, custom_id)
            assert click.text == "You were removed from this table."
    state = players.manager.state(players.table_id)
    assert next(s for s in state.seats if s.user_id == bob.id).away

    await alice.slash("table", subcommand="stop")
    lobby = await alice.slash("play", game="toy", players=4)
    assert lobby.message is not None
    await bob.click(lobby.message, "Join")
    await alice.slash("table", subcommand="kick", member=bob)
    refused = await bob.click(lobby.message, "Join")
    assert refused.ephemeral and refused.text == "You were removed from this table."
    assert runner.bot is not None
    await runner.bot.table_messages.flush(table_id_of(lobby.message))
    assert bob.mention not in lobby.message.text()


@pytest.mark.parametrize(
    "options",
    [
        "x" * 6000,
        ",".join(f"option{n}=1" for n in range(500)),
        "a=" + "=" * 5000,
    ],
)
async def test_a_huge_options_text_gets_a_short_answer(
    fake: FakeDiscord, runner: BotRunner, options: str
) -> None:
    alice = runner.user("alice")
    reply = await alice.slash("play", game="toy", options=options)
    assert reply.ephemeral and reply.text.startswith("Those options can't be played:")
    assert len(reply.text) <= 500  # the user's text quoted at most ~100 characters each
    assert runner.bot is not None and runner.bot.manager is not None
    assert runner.bot.manager.table_in_channel(fake.main_channel.id) is None
