"""``/rules game:`` — a short rules summary, ephemeral."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.controller import user_locale
from cogs.rules_summaries import NO_SUMMARY, SUMMARIES
from i18n import N_, translator


def rules_embed(game: str, locale: str | None) -> discord.Embed:
    t = translator(locale)
    summary = SUMMARIES.get(game, NO_SUMMARY)
    return discord.Embed(title=games.title(game), description=t(summary), colour=0x2E7D32)


class RulesCog(commands.Cog):
    @app_commands.command(name="rules", description=N_("A short summary of a game's rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.choices(game=games.all_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        embed = rules_embed(game, user_locale(interaction))
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog())
