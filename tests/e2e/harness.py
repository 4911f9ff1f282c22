"""Runs the real bot (discord.py, our cogs) against the fake Discord, and restarts it."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Any

import pytest

from cogs import responder
from cogs.bot import CardTableBot
from cogs.launcher import close_services, create_bot, open_services
from rules.registry import GameRegistry
from settings import Settings
from tests.e2e.fake_discord import FakeDiscord, SimulatedUser
from tests.tables.toy_game import GAMES

READY_TIMEOUT = 10.0


class BotRunner:
    def __init__(
        self, fake: FakeDiscord, db_path: Path, games: GameRegistry = GAMES, **overrides: Any
    ) -> None:
        """A bot hosting ``games`` (the built-in ones and the toy by default)."""
        self.fake = fake
        self.games = games
        values: dict[str, Any] = {
            "discord_token": fake.bot_token,
            "api_base_url": fake.api_base,
            "gateway_url": fake.gateway_url,
            "dev_guild_id": fake.guild_id,
            "database_url": f"sqlite:///{db_path}",
            # A worker process per bot start costs ~0.4 s of CPU and the suite starts
            # bots often; the pictures scenarios run the default (a process) themselves.
            "picture_worker": "thread",
            # The quickest computers unless a scenario asks for a level (the bot's default,
            # club, searches every move).
            "default_level": "beginner",
            "takeover_level": "beginner",
            # The same for the computers' decision workers (tests/tables runs the pool).
            "computer_worker": "thread",
            # Par replays cost CPU after every hand with computers; its scenario asks for it.
            "par_worker": "off",
        }
        values.update(overrides)
        self.settings = Settings(_env_file=None, **values)
        self.bot: CardTableBot | None = None
        self._task: asyncio.Task[None] | None = None
        self._services: tuple[Any, Any] = (None, None)

    async def start(self) -> CardTableBot:
        self.fake.ready.clear()
        identified = self.fake.identified_count
        self._services = await open_services(self.settings, self.games)
        bot = create_bot(self.settings, *self._services)
        self.bot = bot
        self._task = asyncio.create_task(bot.start(self.settings.discord_token))
        ready = asyncio.create_task(self.fake.ready.wait())
        done, _ = await asyncio.wait(
            {ready, self._task}, timeout=READY_TIMEOUT, return_when=asyncio.FIRST_COMPLETED
        )
        if self._task in done:
            ready.cancel()
            self._task.result()
            raise RuntimeError("the bot stopped before connecting")
        if ready not in done:
            ready.cancel()
            raise RuntimeError("the bot did not connect to the fake gateway in time")
        assert self.fake.identified_count == identified + 1
        return bot

    async def stop(self) -> None:
        if self.bot is not None:
            await self.bot.close()
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await close_services(*self._services)
        self.bot, self._task, self._services = None, None, (None, None)

    async def restart(self) -> CardTableBot:
        await self.stop()
        return await self.start()

    def user(self, name: str, *, locale: str = "en-US") -> SimulatedUser:
        return SimulatedUser(self.fake, self.fake.add_user(name, locale=locale))


def assert_clean(fake: FakeDiscord) -> None:
    """Nothing went wrong that a user or Discord would notice: no refused or unknown call,
    and no interaction left unanswered ("This interaction failed")."""
    assert fake.failures == [], fake.failures
    unanswered = [i.id for i in fake.interactions.values() if i.response_type is None]
    assert unanswered == [], unanswered


def patient_answers(
    monkeypatch: pytest.MonkeyPatch, fake: FakeDiscord, stretch: float = 20.0
) -> None:
    """Every answer waits for its picture, however loaded the machine: the bot rightly
    answers without a picture that takes over ANSWER_WAIT, which a loaded machine reaches,
    so for tests about where pictures go (not about that deadline, which is
    tests/cogs/test_picture_drawer.py's) every deadline is stretched alike, Discord's
    acknowledgement included."""
    monkeypatch.setattr(responder, "ANSWER_WAIT", responder.ANSWER_WAIT * stretch)
    monkeypatch.setattr(responder, "ANSWER_BY", responder.ANSWER_BY * stretch)
    monkeypatch.setattr(responder, "DEFER_AFTER", responder.DEFER_AFTER * stretch)
    monkeypatch.setattr(fake, "ack_deadline", fake.ack_deadline * stretch)
