from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from rules import registry
from storage import Storage
from tests.backends import BACKENDS, open_backend


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    async with open_backend(request.param, tmp_path) as backend:
        yield backend


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The tables branch's toy trick game, registered for these tests."""
    monkeypatch.setitem(registry._MODULES, "toy", "tests.tables.toy_game")
    registry.get.cache_clear()
    yield
    registry.get.cache_clear()
