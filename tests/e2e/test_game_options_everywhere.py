"""Issue 31 (the pickers, follow-up): every command that takes a game offers the bot's own
registry by autocomplete, so a game a plugin registers (the toy game: tests/tables/
toy_game.py, which no module of the bot names) is offered, ruled, queued for, played and
ranked like a built-in one; a game typed that the bot does not have is refused in one
private line, with one interaction response and nothing changed.

The fake Discord lets a user send only a synced option's fixed ``choices`` (as Discord's
client does), so a command still built on a list made at import could not be sent the toy.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord, Reply, SimulatedUser
from tests.e2e.fake_discord.pickers import autocomplete
from tests.e2e.harness import BotRunner
from tests.e2e.players import table_id_of, table_message
from tests.leagues.helpers import a_record
from tests.tables.toy_game import PLUGIN

CALLBACK = "POST /interactions/{interaction_id}/{token}/callback"


def game_options(fake: FakeDiscord) -> dict[str, dict[str, Any]]:
    """``/command [subcommand]`` -> its synced ``game`` option, for every command."""
    found: dict[str, dict[str, Any]] = {}

    def visit(path: str, options: list[dict[str, Any]]) -> None:
        for option in options:
            if option.get("type") in (1, 2):  # a subcommand or a group of them
                visit(f"{path} {option['name']}", option.get("options") or [])
            elif option["name"] == "game":
                found[path] = option

    for command in [*fake.global_commands, *(c for p in fake.guild_commands.values() for c in p)]:
        visit(f"/{command['name']}", command.get("options") or [])
    return found


def refused_in_one_line(fake: FakeDiscord, reply: Reply, game: str) -> None:
    assert reply.ephemeral and reply.text == f"There is no game called {game}."
    calls = [c.route for c in fake.calls if c.interaction_id == reply.interaction.id]
    assert calls == [CALLBACK]


async def test_every_game_option_is_answered_from_the_bots_registry(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    options = game_options(fake)
    for command in ("/rules", "/pickup join", "/pickup leave", "/leaderboard", "/season new"):
        assert command in options, sorted(options)
    fixed = [c for c, o in options.items() if o.get("choices") or not o.get("autocomplete")]
    assert fixed == []

    alice = runner.user("alice")
    for name, sub in [
        ("rules", None),
        ("pickup", "join"),
        ("pickup", "leave"),
        ("leaderboard", None),
        ("season", "new"),
        ("quickplay", None),
    ]:
        offered = await autocomplete(alice, name, "game", subcommand=sub, game="toy")
        assert offered == [{"name": "Toy Tricks", "value": "toy"}], (name, sub)
    # /rules tells every registered game; the typed title finds it too.
    everything = await autocomplete(alice, "rules", "game", game="")
    assert {"thunee", "304", "tonk", "telefunken", "toy"} <= {c["value"] for c in everything}
    # A title typed without picking the suggestion still names the game.
    sizes = await autocomplete(alice, "play", "players", game="Toy Tricks", players="")
    assert [c["value"] for c in sizes] == [2, 4]
    rules = await alice.slash("rules", game="toy tricks")
    assert rules.ephemeral and PLUGIN.summary in rules.text and "Toy Tricks" in rules.text


async def test_the_plugin_game_is_queued_for_and_its_queue_opens_a_table(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    users = [runner.user(n) for n in ("alice", "bob", "carol", "dan")]
    queued = await users[0].slash("pickup", subcommand="join", game="toy")
    assert queued.text == "You are in the Toy Tricks queue (1/4)."
    # Leaving offers the queues one is in.
    await users[1].slash("pickup", subcommand="join", game="tonk")
    mine = await users[1].slash("pickup", subcommand="leave", game="Tonk")
    assert mine.text == "You left the queue."
    status = await users[1].slash("pickup", subcommand="status")
    assert status.text == "**Toy Tricks** (1/4): alice"
    await users[1].slash("pickup", subcommand="join", game="toy")
    leaving = await autocomplete(users[1], "pickup", "game", subcommand="leave", game="")
    assert [c["value"] for c in leaving] == ["toy"]
    for user in users[2:]:
        await user.slash("pickup", subcommand="join", game="toy")
    message = table_message(fake)
    assert runner.bot is not None and runner.bot.manager is not None
    state = runner.bot.manager.state(table_id_of(message))
    assert (state.game, state.status, state.players) == ("toy", "running", 4)
    assert "your Toy Tricks table is ready." in message.text()


async def test_the_plugin_game_has_a_league(fake: FakeDiscord, runner: BotRunner) -> None:
    assert runner.bot is not None
    alice = runner.user("alice")
    record = a_record([(alice.id, "alice"), (9001, "zed")], [0], game="toy", guild=fake.guild_id)
    await runner.bot.storage.matches.record_finished(record)
    board = await alice.slash("leaderboard", game="toy")
    assert "Toy Tricks leaderboard — season 1" in board.text and "1. alice" in board.text
    history = await alice.slash("history")
    assert " Toy Tricks " in history.text
    owner = SimulatedUser(fake, fake.add_user("owner", admin=True))
    started = await owner.slash("season", subcommand="new", game="toy")
    assert started.text == "Season 2 of the Toy Tricks league has started."


async def test_a_game_the_bot_does_not_have_is_refused_in_one_line(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    alice = runner.user("alice")
    owner = SimulatedUser(fake, fake.add_user("owner", admin=True))
    for user, name, sub, extra in [
        (alice, "rules", None, {}),
        (alice, "pickup", "join", {}),
        (alice, "pickup", "leave", {}),
        (alice, "leaderboard", None, {}),
        (owner, "season", "new", {}),
        (alice, "play", None, {}),
        (alice, "play", None, {"settings": True}),
        (alice, "quickplay", None, {}),
        (owner, "config", "options", {}),
        (owner, "config", "defaults", {}),
    ]:
        reply = await user.slash(name, subcommand=sub, game="chess  \n club", **extra)
        refused_in_one_line(fake, reply, "chess club")
    assert runner.bot is not None and runner.bot.manager is not None
    assert runner.bot.manager.table_in_channel(fake.main_channel.id) is None
    status = await alice.slash("pickup", subcommand="status")
    assert status.text == "Nobody is queued."


async def test_the_fake_discord_sends_only_a_fixed_choice(
    fake: FakeDiscord, runner: BotRunner
) -> None:
    with pytest.raises(AssertionError, match="Discord offers only"):
        await runner.user("alice").slash("language", language="de")
