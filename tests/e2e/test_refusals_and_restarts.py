"""Strangers, double clicks, a restart mid-hand and expired tokens, as users meet them."""

from __future__ import annotations

import asyncio
import random

import pytest

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, choices, table_id_of, table_message


async def four_player_table(runner: BotRunner) -> tuple[list[SimulatedUser], Players]:
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    opened = await users[0].slash("play", game="toy", players=4)
    assert opened.message is not None
    for user in users[1:]:
        await user.click(opened.message, "Join")
    await users[0].click(opened.message, "Start")
    players = Players(runner, users, table_id_of(opened.message))
    await players.open_hands()
    return users, players


def seat_to_act(players: Players) -> int:
    state = players.manager.state(players.table_id)
    seat = min(state.to_act)  # during a call window several may act: the first will
    user_id = state.seats[seat].user_id
    assert user_id is not None
    return user_id


async def test_a_stranger_cannot_start_a_table_or_open_a_hand(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(n) for n in ("alice", "bob")]
    eve = runner.user("eve")
    opened = await users[0].slash("play", game="toy", players=2)
    assert opened.message is not None
    lobby = opened.message
    await users[1].click(lobby, "Join")
    refused = await eve.click(lobby, "Start")
    assert refused.ephemeral and refused.text == "Only the host or an admin can do that."
    refused = await eve.click(lobby, "Cancel")
    assert refused.ephemeral and refused.text == "Only the host or an admin can do that."
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    seq_before = players.manager.state(players.table_id).seq
    reply = await eve.click(lobby, "My hand")
    assert reply.ephemeral and reply.text == "You don't have a seat at this table."
    watching = await eve.click(lobby, "Spectate")  # anyone may watch, privately
    assert watching.ephemeral and users[0].mention in watching.text
    assert players.manager.state(players.table_id).seq == seq_before
    # Another seat's hand view is ephemeral: a stranger never sees it to click it.
    await players.open_hands()
    alice_hand = players.seats[users[0].id].hand
    assert alice_hand is not None and alice_hand.visible_to == users[0].id
    with pytest.raises(AssertionError, match="another user's ephemeral message"):
        await eve.click(alice_hand, "Refresh")


async def test_a_double_click_plays_once_and_says_so(fake: FakeDiscord, runner: BotRunner) -> None:
    _, players = await four_player_table(runner)
    owner = players.seats[seat_to_act(players)]
    await players.refresh(owner)
    assert owner.hand is not None
    custom_id, value = choices(owner.hand)[0]
    assert value is None
    seq_before = players.manager.state(players.table_id).seq
    first, second = await asyncio.gather(
        owner.user.click_custom_id(owner.hand, custom_id),
        owner.user.click_custom_id(owner.hand, custom_id),
    )
    assert players.manager.state(players.table_id).seq == seq_before + 1
    answers = {first.interaction.response_type, second.interaction.response_type}
    assert answers == {4, 7}  # one hand-view update, one ephemeral refusal
    refusal = first if first.interaction.response_type == 4 else second
    assert refusal.ephemeral and refusal.text == "You already played that."


async def test_restart_mid_hand_then_an_old_button_still_plays(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    _, players = await four_player_table(runner)
    rng = random.Random(3)
    for _ in range(5):
        owner = players.seats[seat_to_act(players)]
        await players.refresh(owner)
        await players.act(owner, rng)
    owner = players.seats[seat_to_act(players)]
    await players.refresh(owner)
    assert owner.hand is not None
    old_hand = owner.hand
    custom_id, _ = choices(old_hand)[0]
    seq_before = players.manager.state(players.table_id).seq
    tables_before = len(fake.channel_messages())

    await runner.restart()

    assert players.manager.state(players.table_id).seq == seq_before  # replayed from the log
    reply = await owner.user.click_custom_id(old_hand, custom_id)
    assert reply.interaction.response_type == 7, reply.text
    assert players.manager.state(players.table_id).seq == seq_before + 1
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    # The new process found the old table message and edited it: no second table message.
    assert len(fake.channel_messages()) == tables_before
    assert fake.calls_matching("GET /channels/{channel_id}/messages")


async def test_a_hand_view_older_than_its_token_still_works_by_clicking(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    _, players = await four_player_table(runner)
    fake.clock.advance(16 * 60)  # every hand view's token has expired
    owner = players.seats[seat_to_act(players)]
    reply = await players.refresh(owner)
    assert reply.interaction.response_type == 7
    await players.act(owner, random.Random(1))
    assert not any("50027" in f for f in fake.failures)


async def test_quickplay_fills_the_table_with_computers(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="toy")
    assert opened.message is not None and "🤖" in opened.message.text()
    players = Players(runner, [alice], table_id_of(opened.message))
    await players.open_hands()
    actions = await players.play_until_over(random.Random(5))
    assert actions > 5 and not players.running()


async def test_a_finished_table_refuses_actions_with_one_line(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    opened = await alice.slash("quickplay", game="toy")
    assert opened.message is not None
    players = Players(runner, [alice], table_id_of(opened.message))
    await players.open_hands()
    seat = players.seats[alice.id]
    await players.refresh(seat)
    stale_view = seat.hand
    assert stale_view is not None
    custom_id, _ = choices(stale_view)[0]
    # Alice opens a second hand view and plays the match out from it.
    second = await alice.click(table_message(fake, players.table_id), "My hand")
    seat.hand = second.message
    await players.play_until_over(random.Random(2))
    reply = await alice.click_custom_id(stale_view, custom_id)
    assert reply.ephemeral and reply.text == "The game at this table is not running."


async def test_a_gateway_reconnect_loses_no_click(fake: FakeDiscord, runner: BotRunner) -> None:
    _, players = await four_player_table(runner)
    identified = fake.identified_count
    await fake.request_reconnect()
    await asyncio.wait_for(fake.ready.wait(), 10)
    assert (fake.identified_count, fake.resumed_count) == (identified, 1)  # resumed
    owner = players.seats[seat_to_act(players)]
    await players.refresh(owner)
    reply = await players.act(owner, random.Random(8))
    assert reply.interaction.response_type == 7


async def test_a_lobby_survives_a_restart(fake: FakeDiscord, runner: BotRunner) -> None:
    alice, bob = runner.user("alice"), runner.user("bob")
    opened = await alice.slash("play", game="toy", players=2)
    assert opened.message is not None
    await runner.restart()
    joined = await bob.click(opened.message, "Join")
    assert joined.interaction.response_type == 7 and bob.mention in opened.message.text()
    started = await alice.click(opened.message, "Start")
    assert started.interaction.response_type == 7
    assert "My hand" in [b["label"] for b in opened.message.buttons()]


async def test_a_stale_hand_view_after_the_turn_passed_says_not_your_turn(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    _, players = await four_player_table(runner)
    owner = players.seats[seat_to_act(players)]
    await players.refresh(owner)
    assert owner.hand is not None
    stale = await owner.user.click(table_message(fake, players.table_id), "My hand")
    assert stale.message is not None
    options = choices(stale.message)
    first, other = options[0][0], options[-1][0]
    assert first != other
    await owner.user.click_custom_id(owner.hand, first)  # plays from the first view
    state = players.manager.state(players.table_id)
    assert owner.user.id not in [state.seats[s].user_id for s in state.to_act]
    reply = await owner.user.click_custom_id(stale.message, other)
    assert reply.ephemeral and reply.text == "It is not your turn."
    assert players.manager.state(players.table_id).seq == state.seq
