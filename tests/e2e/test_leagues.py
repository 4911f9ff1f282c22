"""Leagues through Discord: a counted match's rating change in its summary, the leaderboard
paged by buttons, /stats, /history, /match (hand by hand, cards revealed), /season new."""

from __future__ import annotations

import secrets

import pytest

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.harness import BotRunner
from tests.e2e.players import table_message
from tests.e2e.test_rummy_play import play_turn, start_tonk
from tests.leagues.helpers import a_record


async def test_a_league_season_with_several_matches_and_a_leaderboard_page_flip(
    fake: FakeDiscord, runner: BotRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(secrets, "randbits", lambda bits: 5)
    players = await start_tonk(runner, "hands=1, tonk_on_deal=50_only")
    alice, bob = (seat.user for seat in players.seats.values())
    state = players.manager.state(players.table_id)
    (first,) = state.to_act
    dropper = state.seats[first].user_id
    assert dropper is not None
    assert await play_turn(players, dropper, prefer_drop=True) == "drop"
    assert players.manager.state(players.table_id).status == "finished"
    assert runner.bot is not None
    await runner.bot.table_messages.flush(players.table_id)
    summary = table_message(fake, players.table_id).text()
    assert "Rating changes" in summary and "alice:" in summary and "bob:" in summary
    assert "/match id:" in summary

    # Eleven more players' matches (recorded as the manager would) fill two pages.
    storage = runner.bot.storage
    guild = fake.guild_id
    for n in range(11):
        record = a_record(
            [(9000 + 2 * n, f"p{2 * n}"), (9001 + 2 * n, f"p{2 * n + 1}")],
            [0],
            game="tonk",
            guild=guild,
        )
        await storage.matches.record_finished(record)

    board = await alice.slash("leaderboard", game="tonk", by="wins")
    assert board.message is not None and not board.ephemeral
    first_page = board.message.text()
    assert "Page 1 of 3" in first_page and "1. " in first_page and "11. " not in first_page
    assert board.message.button("Previous").get("disabled")
    flipped = await bob.click(board.message, "Next")
    assert flipped.interaction.response_type == 7
    assert "Page 2 of 3" in board.message.text() and "11. " in board.message.text()

    stats = await alice.slash("stats", user=bob)
    assert stats.ephemeral and "League record of bob" in stats.text and "1 matches" in stats.text
    history = await bob.slash("history")
    assert history.ephemeral and "#" in history.text and "won by" in history.text
    assert history.message is not None and history.message.button("Older").get("disabled")
    for n in range(10):  # alice plays ten more: her history has a second page
        await storage.matches.record_finished(
            a_record([(alice.id, "alice"), (9100 + n, f"q{n}")], [1], game="tonk", guild=guild)
        )
    mine = await alice.slash("history")
    assert mine.message is not None and "Page 1" in mine.text
    older = await alice.click(mine.message, "Older")
    assert older.interaction.response_type == 7 and "Page 2" in mine.message.text()
    assert "#" in mine.message.text() and not mine.message.button("Newer").get("disabled")
    match_id = int(history.text.split("#", 1)[1].split(" ", 1)[0])
    record = await alice.slash("match", id=match_id)
    assert record.ephemeral and f"Match #{match_id}" in record.text and "Hand 1" in record.text
    assert "alice: " in record.text and "bob: " in record.text  # every hand's cards, revealed
    missing = await alice.slash("match", id=987654)
    assert "There is no match #987654 here." in missing.text

    refused = await alice.slash("season", subcommand="new", game="tonk")
    assert refused.ephemeral and "manage the server" in refused.text
    owner = SimulatedUser(fake, fake.add_user("manager", admin=True))
    started = await owner.slash("season", subcommand="new", game="tonk")
    assert "Season 2 of the Tonk league has started." in started.text
    fresh = await alice.slash("leaderboard", game="tonk")
    assert fresh.message is not None and "Nobody has played a counted match yet." in fresh.text
