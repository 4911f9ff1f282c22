"""Issue 27, done when: a game added by registering one plugin plays end to end through the
table manager, the console and the fake Discord, with no other file knowing it.

The game is the table manager's toy trick game (tests/tables/toy_game.py: an engine and
nothing else); the plugin is built here, so no module of the bot names it, and the registry
it joins is a new value given to each front end (the built-in registry is unchanged).
"""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from rules import registry
from rules.plugin import GamePlugin
from rules.registry import BUILTIN
from storage import SqliteStorage, TableStatus
from tables.console import run
from tables.manager import TableManager
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, assert_clean
from tests.e2e.players import Players, table_id_of, table_message
from tests.tables import toy_game

SUMMARY = "Parlour tricks: bid how many tricks past two your side takes, then play six."

PARLOUR = GamePlugin(
    name=toy_game.SPEC.name,
    title=toy_game.SPEC.title,
    family="trick",
    load=lambda: toy_game.SPEC,
    summary=SUMMARY,
    players={"heuristic": "players.heuristic:trick_heuristic"},
)
GAMES = BUILTIN.with_plugin(PARLOUR)


def test_registering_makes_a_new_registry_and_leaves_the_built_in_one_alone() -> None:
    assert GAMES.names() == [*registry.names(), "toy"]
    assert GAMES.get("toy") is toy_game.SPEC and GAMES.plugin("toy") is PARLOUR
    assert "toy" not in BUILTIN
    with pytest.raises(KeyError, match="known games"):
        registry.get("toy")


async def test_the_table_manager_runs_the_plugin_game_with_its_computers(tmp_path: Path) -> None:
    storage = await SqliteStorage.open(tmp_path / "manager.sqlite3")
    manager = TableManager(storage, games=GAMES)
    try:
        state = await manager.create(
            channel_id=1, game="toy", host_id=1, host_name="h", players=4, seed=8, join=False
        )
        assert state.title == "Toy Tricks"
        state = await manager.start(state.id, 1, fill_with="heuristic", is_admin=True)
        assert state.status == TableStatus.FINISHED
        assert state.result is not None and max(state.result["scores"]) >= 3
    finally:
        await manager.close()
        await storage.close()


async def test_the_console_plays_the_plugin_game() -> None:
    shown: list[str] = []
    rng = random.Random(2)

    async def read_line(prompt: str) -> str | None:
        numbers = [line.split(".")[0].strip() for line in shown[-30:] if line[:4].strip()]
        numbers = [n for n in numbers if n.isdigit()]
        return rng.choice(numbers) if numbers else "1"

    code = await run(["toy", "--seed", "4", "--players", "2"], read_line, shown.append, GAMES)
    text = "\n".join(shown)
    assert code == 0 and "Toy Tricks: you are seat 1." in text and "Match over." in text
    shown.clear()
    assert await run(["toy"], read_line, shown.append) == 2  # the built-in registry lacks it


@pytest.fixture
async def parlour(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "bot.sqlite3", games=GAMES)
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


async def test_discord_hosts_the_plugin_game_from_rules_to_the_last_trick(
    fake: FakeDiscord, parlour: BotRunner, caplog: pytest.LogCaptureFixture
) -> None:
    """/rules shows the plugin's summary; /play opens it; clicks play it out; the pictures,
    which know no drawing for it, are left out or drawn, never an error."""
    users = [parlour.user(n) for n in ("alice", "bob")]
    rules = await users[0].slash("rules", game="toy")
    assert rules.ephemeral and SUMMARY in rules.text and "Toy Tricks" in rules.text

    caplog.set_level(logging.ERROR)
    opened = await users[0].slash("play", game="toy", players=2)
    assert opened.message is not None
    lobby = opened.message
    await users[1].click(lobby, "Join")
    await users[0].click(lobby, "Start")
    table_id = table_id_of(lobby)
    players = Players(parlour, users, table_id)
    await players.open_hands()
    actions = await players.play_until_over(random.Random(3))
    assert actions > 10 and not players.running()
    assert parlour.bot is not None
    await parlour.bot.table_messages.flush(table_id)
    final = table_message(fake, table_id)
    assert "Toy Tricks" in final.text() and "The match is over" in final.text()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
