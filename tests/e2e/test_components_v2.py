"""The table message and the hand view as Components v2 cards (issue 31), checked by the
fake Discord's v2 limits and Discord's published spec for the largest tables in every
language, and the "Report this hand" button through a modal."""

from __future__ import annotations

import json
import random

import pytest

from tables import reports
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.model import IS_COMPONENTS_V2, FakeMessage
from tests.e2e.fake_discord.users import SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of, table_message

LARGEST = [("304", 8), ("telefunken", 6)]


def is_card(message: FakeMessage) -> bool:
    return bool(message.flags & IS_COMPONENTS_V2) and not message.content and not message.embeds


@pytest.mark.parametrize("language", ["en", "es", "fa"])
@pytest.mark.parametrize(("game", "players"), LARGEST)
async def test_largest_tables_are_valid_cards_in_every_language(
    fake: FakeDiscord, runner: BotRunner, game: str, players: int, language: str
) -> None:
    admin = SimulatedUser(fake, fake.add_user("boss", admin=True))
    await admin.slash("language", language=language, server=True)
    opened = await admin.slash("play", game=game, players=players)
    assert opened.message is not None and opened.message.buttons(), (opened.text, fake.failures)
    lobby = opened.message
    table = table_id_of(lobby)
    add_computer = next(  # one button per level now: the first (the easiest)
        str(b["custom_id"])
        for b in lobby.buttons()
        if str(b.get("custom_id", "")).startswith(f"ct:t:{table}:computer")
    )
    for _ in range(players - 1):
        await admin.click(lobby, custom_id=add_computer)
    await admin.click(lobby, custom_id=f"ct:t:{table}:start")
    assert is_card(lobby) and len(lobby.walk()) <= 40
    assert any(t.startswith("### ") for t in lobby.text_displays())
    hand = await admin.click(lobby, custom_id=f"ct:t:{table}:hand")
    assert hand.message is not None and hand.ephemeral and is_card(hand.message)
    assert hand.message.buttons(), "the hand view has its buttons in the card"
    # A few moves (the computers answer): every edit of both messages stays valid.
    view = hand.message
    for _ in range(3):
        playable = [
            b
            for b in view.buttons()
            if not b.get("disabled") and str(b.get("custom_id", "")).startswith("ct:a:")
        ]
        if not playable:
            break
        await admin.click(view, custom_id=str(playable[0]["custom_id"]))
    assert runner.bot is not None
    await runner.bot.table_messages.flush(table)
    shown = table_message(fake, table)
    assert is_card(shown) and is_card(view)
    assert shown.images() == ["attachment://table.png"] and shown.attachment("table.png")
    assert fake.failures == []  # no body the limits or the spec reject


async def test_report_this_hand_stores_a_report_that_admins_export(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(n) for n in ("alice", "bob")]
    admin = SimulatedUser(fake, fake.add_user("boss", admin=True))
    opened = await users[0].slash("play", game="toy", players=2)
    assert opened.message is not None
    lobby = opened.message
    await users[1].click(lobby, "Join")
    await users[0].click(lobby, "Start")
    table = table_id_of(lobby)
    players = Players(runner, users, table)
    await players.open_hands()
    rng = random.Random(3)
    assert runner.bot is not None
    while players.running() and not runner.bot.manager.match_of(table).hand_results:  # type: ignore[union-attr]
        await players.play_until_over(rng, max_actions=1)
    await runner.bot.table_messages.flush(table)
    message = table_message(fake, table)
    assert "Hand 1 over." in message.text()  # the history, in words
    report = message.button("Report this hand")
    stranger = runner.user("eve")
    refused = await stranger.click(message, "Report this hand")
    assert refused.ephemeral and "Only a player" in refused.text
    clicked = await users[1].click(message, "Report this hand")
    assert clicked.interaction.response_type == 9 and report["custom_id"].endswith(":1")
    thanked = await users[1].submit_modal(clicked.interaction, "The computer cheated.")
    assert thanked.ephemeral and "report 1 is stored" in thanked.text

    listed = await admin.slash("reports")
    assert "The computer cheated." in listed.text and "hand 1" in listed.text
    exported = await admin.slash("reports", report=1)
    assert exported.message is not None
    data = exported.message.attachment("report-1.json")
    assert data is not None and b'"text": "The computer cheated."' in data
    # The exported file rebuilds the match as it stands (nobody has moved since).
    live = runner.bot.manager.match_of(table)  # type: ignore[union-attr]
    assert live is not None
    rebuilt = reports.replay(json.loads(data), runner.bot.manager.games)  # type: ignore[union-attr]
    assert rebuilt.public_view() == live.public_view() and rebuilt.view(1) == live.view(1)
    assert "Only a server admin" in (await users[0].slash("reports")).text


async def test_a_table_message_sent_before_the_cards_becomes_one_on_its_next_edit(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """A lobby posted by the embed version (content, an embed, rows of buttons at the top
    level, same custom_ids): its old Join button is still answered, and the edit turns
    the message into a card (content and embed cleared, the v2 flag set)."""
    alice, bob = runner.user("alice"), runner.user("bob")
    opened = await alice.slash("play", game="toy", players=2)
    assert opened.message is not None
    lobby = opened.message
    rows = [row for row in lobby.walk() if row.get("type") == 1]
    lobby.flags &= ~IS_COMPONENTS_V2
    lobby.content, lobby.embeds, lobby.components = "A table", [{"title": "old"}], rows
    joined = await bob.click(lobby, "Join")
    assert joined.interaction.response_type == 7
    assert is_card(lobby) and bob.mention in lobby.text()
