"""``python bot.py`` itself (the production entry) against the fake Discord: it answers,
stops on SIGINT and SIGTERM within seconds, and a match survives the stop.

The bot runs in its own session (process group): whatever happens in a test, the group is
killed at the end, so a bot process is never left running."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager, suppress
from pathlib import Path

import pytest

from tests.e2e.fake_discord import FakeDiscord, FakeMessage, SimulatedUser
from tests.e2e.players import choices, table_message
from tests.startup.helpers import assert_group_gone

ROOT = Path(__file__).resolve().parents[2]
READY_BOUND = 60.0
"""Seconds a loaded machine may take to start the bot (imports, recovery, connect)."""
STOP_BOUND = 20.0
"""Seconds allowed from the signal to the exit. The bot's own shutdown has no wait longer
than a few seconds; the bound only absorbs a loaded machine, and a bot that ignores the
signal (as it did under a background job) still fails the test, and is killed."""


def bot_env(fake: FakeDiscord, db: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDTABLE_")}
    env.update(
        CARDTABLE_DISCORD_TOKEN=fake.bot_token,
        CARDTABLE_API_BASE_URL=fake.api_base,
        CARDTABLE_GATEWAY_URL=fake.gateway_url,
        CARDTABLE_DEV_GUILD_ID=str(fake.guild_id),
        CARDTABLE_DATABASE_URL=f"sqlite:///{db}",
        CARDTABLE_LOG_LEVEL="WARNING",
    )
    return env


def ignore_sigint() -> None:
    """What a non-interactive shell does to a background job (``make test &``): the child
    inherits SIGINT ignored. The bot must stop on it all the same."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@asynccontextmanager
async def running_bot(fake: FakeDiscord, db: Path) -> AsyncIterator[asyncio.subprocess.Process]:
    fake.ready.clear()
    process = await asyncio.create_subprocess_exec(
        sys.executable, "bot.py", cwd=ROOT, env=bot_env(fake, db),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        start_new_session=True, preexec_fn=ignore_sigint,
    )  # fmt: skip
    try:
        ready = asyncio.create_task(fake.ready.wait())
        exited = asyncio.create_task(process.wait())
        await asyncio.wait({ready, exited}, timeout=READY_BOUND, return_when="FIRST_COMPLETED")
        ready.cancel()
        exited.cancel()
        if not fake.ready.is_set():
            raise AssertionError("the bot did not connect to the fake Discord")
        yield process
    finally:
        with killed_if_left(process.pid):
            if process.returncode is None:
                process.kill()
            await process.communicate()


@contextmanager
def killed_if_left(pgid: int) -> Iterator[None]:
    try:
        yield
    finally:
        with suppress(ProcessLookupError):
            os.killpg(pgid, signal.SIGKILL)


async def stop(process: asyncio.subprocess.Process, signum: int) -> tuple[float, str]:
    """Send ``signum``; the seconds until the process ended, and its stderr."""
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        _, stderr = await asyncio.wait_for(process.communicate(), STOP_BOUND)
    except TimeoutError:
        raise AssertionError(f"the bot ignored signal {signum}") from None
    assert_group_gone(process.pid)  # the picture worker ended with it
    return time.monotonic() - sent, stderr.decode()


async def test_bot_py_runs_answers_and_stops_cleanly(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running_bot(fake, tmp_path / "bot.sqlite3") as process:
        reply = await SimulatedUser(fake, fake.add_user("alice")).slash("rules", game="thunee")
        assert "Thunee" in reply.text
        opened = await SimulatedUser(fake, fake.add_user("bob")).slash(
            "play", game="nigerian_thunee"
        )
        assert opened.message is not None
        assert "Join" in [b["label"] for b in opened.message.buttons()]
        _, stderr = await stop(process, signal.SIGINT)
    assert process.returncode == 0, stderr
    assert fake.failures == []


def logged_actions(db: Path) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT table_id, seq, action_id FROM actions ORDER BY seq"))


async def play(user: SimulatedUser, hand: FakeMessage, clicks: int) -> FakeMessage:
    """Click the first action the hand view offers, ``clicks`` times (refreshing when it
    offers none); returns the hand view as it is now."""
    for _ in range(clicks * 3):
        options = choices(hand)
        if not options:
            reply = await user.click(hand, "Refresh")
        else:
            custom_id, value = options[0]
            if value is None:
                reply = await user.click_custom_id(hand, custom_id)
            else:
                reply = await user.choose(hand, custom_id, [value])
            clicks -= 1
        assert reply.message is not None
        hand = reply.message
        if clicks == 0:
            break
    return hand


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_mid_match_loses_nothing_and_the_match_continues(
    fake: FakeDiscord, tmp_path: Path, signum: int
) -> None:
    db = tmp_path / "bot.sqlite3"
    alice = SimulatedUser(fake, fake.add_user("alice"))
    async with running_bot(fake, db) as process:
        opened = await alice.slash("quickplay", game="nigerian_thunee")
        assert opened.message is not None
        table = table_message(fake)
        opened_hand = await alice.click(table, "My hand")
        assert opened_hand.message is not None
        hand = await play(alice, opened_hand.message, clicks=3)
        before = logged_actions(db)  # every answered click was committed before its answer
        assert before
        seconds, stderr = await stop(process, signum)
    assert process.returncode == 0, stderr
    assert seconds < STOP_BOUND
    assert logged_actions(db) == before  # the shutdown neither lost nor added an action
    async with running_bot(fake, db) as process:
        # The hand view from before the stop still works: its Refresh and then a move.
        await play(alice, hand, clicks=1)
        after = logged_actions(db)
        assert after[: len(before)] == before and len(after) > len(before)
        _, stderr = await stop(process, signal.SIGTERM)
    assert process.returncode == 0, stderr
    assert fake.failures == []
