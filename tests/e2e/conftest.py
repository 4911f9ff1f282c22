from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
