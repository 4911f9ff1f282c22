"""Issue 35 through Discord: /quickplay and the lobby pick a computer level, /config sets a
server's default, the table shows each computer's level, and the table's computers play
at it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from players.level_ratings import shipped
from storage import TableStatus
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.e2e.fake_discord.pickers import autocomplete
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


async def test_the_quickplay_level_picker_shows_each_levels_rating_for_the_game_typed(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """Issue 35: /quickplay's ``level:`` lists the levels as the lobby's buttons label
    them, rated at the game's usual table (four seats) from the shipped ratings; a game
    with no rating (the toy plugin), or none typed yet, lists each level's description."""
    rated = shipped().at("nigerian_thunee", 4)
    assert set(rated) >= {"beginner", "club", "expert"}
    alice = runner.user("alice")
    levels = await autocomplete(alice, "quickplay", "level", game="nigerian_thunee", level="")
    assert [(c["name"], c["value"]) for c in levels] == [
        (f"Beginner (rated {rated['beginner'].rating})", "beginner"),
        (f"Club (rated {rated['club'].rating})", "club"),
        (f"Expert (rated {rated['expert'].rating})", "expert"),
    ]
    typed = await autocomplete(alice, "quickplay", "level", game="nigerian_thunee", level="cl")
    assert [c["value"] for c in typed] == ["club"]
    unrated = await autocomplete(alice, "quickplay", "level", game="toy", level="")
    assert [c["name"] for c in unrated] == [
        "Beginner: plays by rules of thumb from its own hand and remembers nothing.",
        "Club: remembers the cards played and looks a few moves ahead.",
        "Expert: remembers every card it has seen and thinks each move through.",
    ]
    nothing_yet = await autocomplete(alice, "quickplay", "level", level="")
    assert [c["name"] for c in nothing_yet] == [c["name"] for c in unrated]
    spanish = runner.user("elena", locale="es-ES")
    club = await autocomplete(spanish, "quickplay", "level", game="nigerian_thunee", level="club")
    assert [c["name"] for c in club] == [f"De club (puntuación {rated['club'].rating})"]


async def test_a_typed_level_that_is_none_is_refused_in_one_private_line(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    # An autocomplete option takes whatever is typed, so the manager's refusal is the check.
    refused = await runner.user("alice").slash("quickplay", game="nigerian_thunee", level="wizard")
    assert refused.ephemeral
    assert "There is no computer player called wizard." in refused.text, refused.text
    assert runner.bot is not None and runner.bot.manager is not None
    assert runner.bot.manager.open_tables() == []  # refused before a lobby opened


async def test_the_server_default_level_choices_say_what_each_level_does(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    """/config computer_level is for every game, so its choices carry each level's one-line
    description (no one game's rating), synced with the Spanish."""
    config = fake.command("config")
    sub = next(o for o in config["options"] if o["name"] == "computer_level")
    level = next(o for o in sub["options"] if o["name"] == "level")
    assert [(c["name"], c["value"]) for c in level["choices"]] == [
        ("Beginner: plays by rules of thumb from its own hand and remembers nothing.", "beginner"),
        ("Club: remembers the cards played and looks a few moves ahead.", "club"),
        ("Expert: remembers every card it has seen and thinks each move through.", "expert"),
    ]
    spanish = level["choices"][1]["name_localizations"]["es-ES"]
    assert spanish == "De club: recuerda las cartas jugadas y mira unas jugadas por delante."
