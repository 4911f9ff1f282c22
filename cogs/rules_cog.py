"""``/rules game:`` — a short rules summary (the game plugin's), ephemeral."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.controller import user_locale
from cogs.option_autocomplete import known_games
from i18n import N_, translator
from rules.registry import BUILTIN, GameRegistry
from tables.errors import TableError

NO_SUMMARY = N_("No summary for this game yet.")


def rules_embed(game: str, locale: str | None, known: GameRegistry = BUILTIN) -> discord.Embed:
    t = translator(locale)
    summary = (known.plugin(game).summary if game in known else "") or NO_SUMMARY
    return discord.Embed(title=games.title(game, known), description=t(summary), colour=0x2E7D32)


class RulesCog(commands.Cog):
    def __init__(self, known: GameRegistry = BUILTIN) -> None:
        self.known = known

    @app_commands.command(name="rules", description=N_("A short summary of a game's rules"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.autocomplete(game=known_games)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        locale = user_locale(interaction)
        try:
            name = games.named(game, self.known, playable_only=False)
        except TableError as exc:
            await interaction.response.send_message(
                exc.translated(translator(locale)), ephemeral=True
            )
            return
        await interaction.response.send_message(
            embed=rules_embed(name, locale, self.known), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(getattr(bot, "games", BUILTIN)))
