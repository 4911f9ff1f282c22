from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from rules import registry
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner, assert_clean


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()


@pytest.fixture
async def runner(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotRunner]:
    bot_runner = BotRunner(fake, tmp_path / "cardtable.sqlite3")
    await bot_runner.start()
    yield bot_runner
    await bot_runner.stop()
    assert_clean(fake)


@pytest.fixture
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The table manager's toy trick game (tests/tables/toy_game.py), registered as "toy"."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.tables.toy_game")
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()
