"""The bot: a discord.py ``commands.Bot`` holding the services its cogs translate to."""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from settings import Settings

log = logging.getLogger(__name__)

COG_MODULES = ("cogs.rules_cog", "cogs.admin")


class CardTableBot(commands.Bot):
    def __init__(self, *, settings: Settings, storage: Any, manager: Any) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False),
        )
        self.settings = settings
        self.storage = storage
        self.manager = manager
        self.synced_commands: list[discord.app_commands.AppCommand] = []

    async def setup_hook(self) -> None:
        for module in COG_MODULES:
            await self.load_extension(module)
        await self.sync_commands()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        """To the dev guild (instant) when one is set, globally otherwise."""
        guild_id = self.settings.dev_guild_id
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            self.synced_commands = await self.tree.sync(guild=guild)
        else:
            self.synced_commands = await self.tree.sync()
        log.info("synced %d commands", len(self.synced_commands))
        return self.synced_commands
