"""The bot's event loop (``cogs.launcher.loop_factory``): uvloop where installed on Linux,
asyncio's own when asked for or when uvloop is not there."""

from __future__ import annotations

import asyncio
import builtins
import sys
from typing import Any

import pytest

from cogs import launcher


def test_asyncio_when_asked_for() -> None:
    assert launcher.loop_factory("asyncio") is None


def test_asyncio_when_uvloop_is_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_uvloop(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvloop":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "uvloop", raising=False)
    monkeypatch.setattr(builtins, "__import__", no_uvloop)
    assert launcher.loop_factory("uvloop") is None


def test_asyncio_off_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    assert launcher.loop_factory("uvloop") is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uvloop is Linux's here")
def test_run_async_runs_on_uvloop() -> None:
    uvloop = pytest.importorskip("uvloop")

    async def which() -> type[asyncio.AbstractEventLoop]:
        return type(asyncio.get_running_loop())

    assert launcher.run_async(which()) is uvloop.Loop
    assert launcher.run_async(which(), "asyncio") is not uvloop.Loop
