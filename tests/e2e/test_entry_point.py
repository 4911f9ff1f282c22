"""``python bot.py`` itself (the production entry) against the fake Discord."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.e2e.fake_discord import FakeDiscord, SimulatedUser

ROOT = Path(__file__).resolve().parents[2]


async def test_bot_py_runs_answers_and_stops_cleanly(fake: FakeDiscord, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "CARDTABLE_DISCORD_TOKEN": fake.bot_token,
        "CARDTABLE_API_BASE_URL": fake.api_base,
        "CARDTABLE_GATEWAY_URL": fake.gateway_url,
        "CARDTABLE_DEV_GUILD_ID": str(fake.guild_id),
        "CARDTABLE_DATABASE_URL": f"sqlite:///{tmp_path / 'bot.sqlite3'}",
        "CARDTABLE_LOG_LEVEL": "WARNING",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "bot.py", cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        await asyncio.wait_for(fake.ready.wait(), 30)
        reply = await SimulatedUser(fake, fake.add_user("alice")).slash("rules", game="thunee")
        assert "Thunee" in reply.text
        opened = await SimulatedUser(fake, fake.add_user("bob")).slash(
            "play", game="nigerian_thunee"
        )
        assert opened.message is not None
        assert "Join" in [b["label"] for b in opened.message.buttons()]
    finally:
        process.send_signal(signal.SIGINT)
        _, stderr = await asyncio.wait_for(process.communicate(), 30)
    assert process.returncode == 0, stderr.decode()
    assert fake.failures == []
