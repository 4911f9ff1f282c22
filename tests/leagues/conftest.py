from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Storage
from tests.backends import BACKENDS, open_backend


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Storage]:
    async with open_backend(request.param, tmp_path) as backend:
        yield backend
