"""``/rules game:`` — a short rules summary (the game plugin's), ephemeral."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.controller import user_locale
from cogs.option_autocomplete import known_games
from i18n import N_, translator
from rules.plugin import LEVEL_SUMMARIES, LEVELS
from rules.registry import BUILTIN, GameRegistry

NO_SUMMARY = N_("No summary for this game yet.")


def rules_embed(game: str, locale: str | None, known: GameRegistry = BUILTIN) -> discord.Embed:
    t = translator(locale)
    summary = (known.plugin(game).summary if game in known else "") or NO_SUMMARY
    embed = discord.Embed(title=games.title(game, known), description=t(summary), colour=0x2E7D32)
    if game in known:
        # What each computer level does, so a player knows whom they sit with (issue 35).
        levels = "\n".join(t(LEVEL_SUMMARIES[level]) for level in LEVELS)
        embed.add_field(name=t("Computer levels: ").strip().rstrip(":"), value=levels, inline=False)
    return embed


class RulesCog(commands.Cog):
    def __init__(self, known: GameRegistry = BUILTIN) -> None:
        self.known = known

    @app_commands.command(name="rules", description=N_("A short summary of a game's rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.autocomplete(game=known_games)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        locale = user_locale(interaction)
        t = translator(locale)
        name = await games.named_or_refused(interaction, game, self.known, t, playable_only=False)
        if name is None:
            return
        await interaction.response.send_message(
            embed=rules_embed(name, locale, self.known), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(getattr(bot, "games", BUILTIN)))
