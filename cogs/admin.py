"""Owner-only maintenance: ``/sync`` re-syncs the slash commands."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.bot import CardTableBot
from cogs.controller import user_locale
from i18n import N_, translator


class AdminCog(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name="sync", description=N_("Re-sync slash commands (bot owner only)"))
    @app_commands.default_permissions(administrator=True)
    async def sync(self, interaction: discord.Interaction) -> None:
        t = translator(user_locale(interaction))
        if not await self.bot.is_owner(interaction.user):
            await interaction.response.send_message(
                t("Only the bot's owner can do that."), ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        synced = await self.bot.sync_commands()
        await interaction.followup.send(
            t("Synced {count} commands.").format(count=len(synced)), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    await bot.add_cog(AdminCog(bot))
