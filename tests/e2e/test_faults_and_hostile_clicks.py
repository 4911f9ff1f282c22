"""Issue 29 through the fake Discord: a damaged table set aside, a kick that sticks,
bounded answers to huge input, stale and forged components, late interactions."""

from __future__ import annotations

import asyncio
import json
import logging
import random
import sqlite3

import pytest

from tests.e2e.fake_discord import FakeDiscord, FakeMessage, Reply, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, Seat, choices, table_id_of, table_message
from tests.e2e.test_refusals_and_restarts import four_player_table, seat_to_act

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


async def click_forged(
    user: SimulatedUser, message: FakeMessage, custom_id: object, component_type: object = 2
) -> Reply:
    """A component interaction Discord would deliver for a crafted client: any custom_id
    and component type, on any message the user can see."""
    data = {"custom_id": custom_id, "component_type": component_type}
    interaction = await user.fake.create_interaction(user.user, 3, data, message=message)
    return await user.wait(interaction)


async def alone_with_computers(runner: BotRunner, user: SimulatedUser) -> tuple[Players, Seat]:
    """A ``/quickplay`` toy table: ``user`` with computers, the hand view open."""
    opened = await user.slash("quickplay", game="toy")
    assert opened.message is not None
    players = Players(runner, [user], table_id_of(opened.message))
    await players.open_hands()
    return players, players.seats[user.id]


async def test_an_older_views_action_is_refused_even_when_it_is_legal_now(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    players, seat = await alone_with_computers(runner, alice)
    await players.refresh(seat)
    assert seat.hand is not None
    old = players.manager.state(players.table_id).seq
    await players.act(seat, random.Random(1))  # the computers answer; alice's turn again
    now = players.manager.state(players.table_id)
    assert now.seq > old and alice.id in [now.seats[s].user_id for s in now.to_act]
    assert runner.bot is not None
    log = await runner.bot.storage.actions.for_table(players.table_id)
    played = [a.action_id for a in log if a.by == "player"][-1]
    legal = next(
        a for a in players.manager.seat_view(players.table_id, alice.id).legal if a.id != played
    )
    # An action, from a view drawn at the older position (kept open, or crafted).
    reply = await click_forged(alice, seat.hand, f"ct:a:{players.table_id}:{old}:{legal.id}")
    assert reply.interaction.response_type == 7, reply.text
    assert "That view was out of date, so nothing was played" in reply.text
    assert players.manager.state(players.table_id).seq == now.seq
    assert all(f":{now.seq}:" in c for c, _ in choices(seat.hand))


async def test_forged_and_mangled_component_ids_all_get_a_clean_answer(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    _, players = await four_player_table(runner)
    owner = players.seats[seat_to_act(players)]
    table = players.table_id
    public = table_message(fake, table)
    before = (public.text(), public.components)
    seq = players.manager.state(table).seq
    legal = players.manager.seat_view(table, owner.user.id).legal[0]
    assert owner.hand is not None
    forged: list[tuple[object, object]] = [
        ("nothing we ever drew", 2),
        ("ct:zz:1", 2),
        (f"ct:a:{table}:{seq}:" + "x" * 150, 2),  # longer than Discord allows
        (f"ct:s:{table}:{seq}:0", 2),  # a select's id sent as a button
        (f"ct:a:{table}:{seq}:{legal.id}", 3),  # a button's id sent as a select
        (f"ct:t:{table}:seat:notanumber", 2),
        (f"ct:t:{table}:nope", 2),
        (f"ct:t:{'9' * 80}:hand", 2),
        (f"ct:i:{table}:{seq}:{10**40}", 2),
        ("", 2),
        (f"ct:t:{table}:refresh", 99),  # a component type that does not exist
    ]  # (Discord's gateway always sends custom_id as a string: discord.py relies on it)
    for custom_id, kind in forged:
        reply = await click_forged(owner.user, owner.hand, custom_id, kind)
        # A one-line refusal, or (an out-of-date choice) the current view saying so.
        if reply.interaction.response_type == 4:
            assert reply.ephemeral and len(reply.text.splitlines()) == 1, (custom_id, reply.text)
        else:
            assert reply.interaction.response_type == 7 and "out of date" in reply.text
    assert players.manager.state(table).seq == seq
    # Hand-view ids delivered on the public table message: refused, the message untouched.
    for custom_id in (
        f"ct:t:{table}:refresh",
        f"ct:t:{table}:watch",
        f"ct:a:{table}:{seq}:{legal.id}",
        f"ct:c:{table}:0",
    ):
        reply = await click_forged(owner.user, public, custom_id)
        assert reply.ephemeral and reply.text == "That button works only in your own hand view."
    assert (public.text(), public.components) == before
    assert players.manager.state(table).seq == seq


async def test_debug_logs_of_a_whole_match_hold_no_token_seed_or_hand(
    fake: FakeDiscord, runner: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    alice = runner.user("alice")
    players, seat = await alone_with_computers(runner, alice)
    hands: set[str] = set()
    rng = random.Random(6)
    while players.running():
        await players.refresh(seat)
        assert seat.hand is not None
        hands.add(seat.hand.text_displays()[0])
        if choices(seat.hand):
            await players.act(seat, rng)
    assert runner.bot is not None
    record = await runner.bot.storage.tables.get(players.table_id)
    assert record is not None
    text = caplog.text
    assert "WebSocket Event" in text and "has returned" in text and "executing" in text
    assert fake.bot_token not in text
    leaked = [i.id for i in fake.interactions.values() if i.token in text]
    assert leaked == []
    assert str(record.seed) not in text
    assert [h for h in hands if h in text] == []
    assert "play:" not in text  # no action id: the log, the buttons, the clicks


async def late_slash(user: SimulatedUser, age: float, **options: object) -> int:
    """``/play`` delivered ``age`` seconds after Discord created it; its interaction id."""
    command = user.fake.command("play")
    data = {
        "id": command["id"],
        "name": "play",
        "type": 1,
        "options": [{"name": k, "type": 3, "value": v} for k, v in options.items()],
        "guild_id": command.get("guild_id"),
    }
    interaction = await user.fake.create_interaction(user.user, 2, data, age=age)
    return interaction.id


def forget_expired(fake: FakeDiscord, ids: list[int]) -> None:
    """Interactions Discord had expired: unanswered and refused by design."""
    for interaction_id in ids:
        fake.interactions.pop(interaction_id)
    fake.failures[:] = [f for f in fake.failures if "10062" not in f]


async def test_an_expired_play_opens_no_table_and_an_expired_click_plays_nothing(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    late = await late_slash(alice, 3.5, game="toy")
    await fake.wait_for_call("POST /interactions/", late)
    await asyncio.sleep(0.2)
    assert runner.bot is not None and runner.bot.manager is not None
    assert runner.bot.manager.table_in_channel(fake.main_channel.id) is None
    assert fake.channel_messages() == []

    players, seat = await alone_with_computers(runner, alice)  # the channel was never busy
    await players.refresh(seat)
    assert seat.hand is not None
    seq = players.manager.state(players.table_id).seq
    custom_id, _ = choices(seat.hand)[0]
    data = {"custom_id": custom_id, "component_type": 2}
    expired = await fake.create_interaction(alice.user, 3, data, message=seat.hand, age=3.5)
    await fake.wait_for_call("POST /interactions/", expired.id)
    await asyncio.sleep(0.2)
    assert players.manager.state(players.table_id).seq == seq
    forget_expired(fake, [late, expired.id])


async def test_a_click_arriving_behind_is_acknowledged_before_its_work(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    players, seat = await alone_with_computers(runner, alice)
    await players.refresh(seat)
    assert seat.hand is not None
    seq = players.manager.state(players.table_id).seq
    custom_id, _ = choices(seat.hand)[0]
    data = {"custom_id": custom_id, "component_type": 2}
    behind = await fake.create_interaction(alice.user, 3, data, message=seat.hand, age=2.2)
    reply = await alice.wait(behind)
    assert reply.interaction.response_type == 6  # deferred first, then the hand view edited
    assert players.manager.state(players.table_id).seq > seq
    assert f":{players.manager.state(players.table_id).seq}:" in str(seat.hand.components)


async def test_past_the_backlog_limit_a_click_is_told_busy_and_changes_nothing(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    players, seat = await alone_with_computers(runner, alice)
    assert runner.bot is not None and seat.hand is not None
    seq = players.manager.state(players.table_id).seq
    runner.bot.backlog.limit = 0  # as if 300 unanswered interactions were being served
    custom_id, _ = choices(seat.hand)[0]
    busy = await alice.click_custom_id(seat.hand, custom_id)
    assert busy.ephemeral and busy.text == "The bot is busy; please try again in a moment."
    command = await alice.slash("table", subcommand="status")
    assert command.text == "The bot is busy; please try again in a moment."
    assert players.manager.state(players.table_id).seq == seq
    assert runner.bot.backlog.refused == 2
    runner.bot.backlog.limit = 300
    played = await alice.click_custom_id(seat.hand, custom_id)
    assert played.interaction.response_type == 7
