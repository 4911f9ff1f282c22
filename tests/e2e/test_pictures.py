"""Card pictures through Discord (issue 12): the table message and the hand view carry
their picture, uploaded in the same call that changes their text (no extra REST call per
change), and a server that turns ``/config pictures`` off gets text only."""

from __future__ import annotations

import io
import random
import secrets
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PIL import Image

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.fake_discord.model import UPLOADS, FakeMessage
from tests.e2e.harness import BotRunner, assert_clean, patient_answers
from tests.e2e.players import Players, table_id_of, table_message

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def runner(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    """The bot as deployed: pictures drawn by the worker process (``picture_worker``'s
    default; the other scenarios use a thread to start faster)."""
    bot_runner = BotRunner(fake, tmp_path / "cardtable.sqlite3", picture_worker="process")
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def seat_four(runner: BotRunner) -> Players:
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    opened = await users[0].slash("play", game="nigerian_thunee")
    assert opened.message is not None
    lobby = opened.message
    assert not lobby.attachments  # the lobby has no cards to show
    for user, team in zip(users[1:], (2, 1, 2), strict=True):
        await user.click(lobby, f"Sit in team {team}")
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    await players.open_hands()
    return players


def picture(message: FakeMessage, filename: str) -> Image.Image:
    data = message.attachment(filename)
    assert data is not None and data.startswith(PNG), message.attachments
    assert [a["filename"] for a in message.attachments] == [filename]
    assert message.images() == [f"attachment://{filename}"]
    image = Image.open(io.BytesIO(data))
    assert image.width >= 300 and image.height >= 150
    return image


async def test_table_and_hand_carry_their_pictures_replaced_in_the_same_edit(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20261130)
    patient_answers(monkeypatch, fake)
    players = await seat_four(runner)
    table = table_message(fake, players.table_id)
    # "Start" edited the lobby into the running table: its picture came with that edit.
    picture(table, "table.png")
    at_start = table.attachment("table.png")
    for seat in players.seats.values():
        assert seat.hand is not None
        picture(seat.hand, "hand.png")

    players.avoid = ("throw_in", "bid:5", "bid:6", "bid:7", "bid:8")
    actions = await players.play_until_over(random.Random(11), max_actions=40)
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    picture(table, "table.png")
    assert table.attachment("table.png") != at_start  # replaced, not added
    assert table.uploads >= 2  # the picture followed the play (edits are coalesced)
    # Every write of the table message that uploaded a picture also changed its text: the
    # picture never costs a call of its own.
    writes = [
        c
        for c in fake.calls_matching("PATCH /channels/")
        if c.path.endswith(f"/messages/{table.id}")
    ]
    assert writes
    for call in writes:
        assert call.body.get("components"), call.body
        if call.body.get(UPLOADS):
            assert [a["filename"] for a in call.body["attachments"]] == ["table.png"]
    # Action clicks answered by editing the hand view carried its new picture.
    hand_edits = [
        c
        for c in fake.calls
        if c.route.startswith("POST /interactions/")
        and c.body
        and c.body.get("type") == 7
        and (c.body.get("data") or {}).get(UPLOADS)
    ]
    assert len(hand_edits) >= actions // 2
    per_action = players.rest_calls_per_action()
    print(f"\npictures on: {actions} actions, {per_action:.3f} REST calls per action")
    assert per_action <= 1.1  # the target the text-only front end meets (test_trick_games)


async def test_a_server_that_turns_pictures_off_gets_text_only(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 7)
    admin = SimulatedUser(fake, fake.add_user("admin", admin=True))
    saved = await admin.slash("config", subcommand="pictures", on=False)
    assert "Saved." in saved.text and "Card pictures: off" in saved.text
    assert runner.bot is not None
    assert (await runner.bot.storage.guilds.get(fake.guild_id)).pictures is False
    players = await seat_four(runner)
    await players.play_until_over(random.Random(3), max_actions=8)
    await runner.bot.table_messages.flush(players.table_id)
    table = table_message(fake, players.table_id)
    assert table.uploads == 0 and not table.attachments
    assert table.images() == []
    for seat in players.seats.values():
        assert seat.hand is not None and not seat.hand.attachments

    again = await admin.slash("config", subcommand="pictures", on=True)
    assert "Card pictures: on" in again.text
    await players.play_until_over(random.Random(4), max_actions=4)
    await runner.bot.table_messages.flush(players.table_id)
    picture(table, "table.png")
