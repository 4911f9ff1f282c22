"""Issue 29: no secret in the logs. A failing picture names no card; the libraries'
payload logs keep their kind and lose their tokens, bodies and seeds."""

from __future__ import annotations

import functools
import logging
from typing import Any

import pytest

from cogs.log_redaction import HIDDEN, redact_library_logs
from cogs.table_pictures import PictureDrawer


class SecretScene:
    def __repr__(self) -> str:
        return "HandScene(cards=('AS', 'KH', 'QD'))"

    def __hash__(self) -> int:
        return 1


class FailingCache:
    def peek(self, scene: Any) -> None:
        return None

    def __call__(self, scene: Any) -> bytes:
        raise RuntimeError("font missing")


async def test_a_hand_picture_that_fails_logs_no_card(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    drawer = PictureDrawer("loop")
    assert await drawer.draw(FailingCache(), SecretScene()) is None  # type: ignore[arg-type]
    assert "no picture" in caplog.text and "font missing" in caplog.text
    assert "AS" not in caplog.text and "KH" not in caplog.text


def test_library_payloads_tokens_and_seeds_are_redacted(caplog: pytest.LogCaptureFixture) -> None:
    redact_library_logs("bot-token-123")
    caplog.set_level(logging.DEBUG)
    http, gateway, sqlite = (
        logging.getLogger(n) for n in ("discord.http", "discord.gateway", "aiosqlite")
    )
    http.debug(
        "%s %s with %s has returned %s",
        "POST",
        "https://discord.com/api/v10/interactions/123/aW50ZXJhY3Rpb24secret/callback",
        {"data": {"embeds": [{"description": "♠ A K"}]}, "seed": 99},
        204,
    )
    gateway.debug(
        "For Shard ID %s: WebSocket Event: %s",
        None,
        {"op": 0, "t": "INTERACTION_CREATE", "s": 5, "d": {"token": "aW50ZXJhY3Rpb24other"}},
    )
    sqlite.debug(
        "executing %s",
        functools.partial(print, "INSERT INTO tables VALUES (?)", (4611686018427387904,)),
    )
    http.debug("token bot-token-123 and 'seed': 77 and seed=88")
    text = caplog.text
    for secret in ("aW50ZXJhY3Rpb24", "♠ A K", "99", "4611686018427387904", "bot-token-123"):
        assert secret not in text
    assert "'seed': 77" not in text and "seed=88" not in text
    assert "POST" in text and "204" in text and "INTERACTION_CREATE" in text and HIDDEN in text
    assert "executing print" in text
