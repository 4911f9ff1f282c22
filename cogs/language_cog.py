"""``/language`` — a player's own language, or (``server: True``, Manage Server) the
server's default. Without either, Discord's locale decides (see ``i18n.choice``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.bot import CardTableBot
from cogs.controller import is_admin, user_locale
from i18n import N_, translator

AUTOMATIC = "auto"
NAMES = {
    "en": "English",
    "es": "Español",
    "fa": "فارسی",
    AUTOMATIC: N_("automatic (Discord's language)"),
}


LANGUAGE_CHOICES = [
    app_commands.Choice(name="English", value="en"),
    app_commands.Choice(name="Español", value="es"),
    app_commands.Choice(name="فارسی (Persian)", value="fa"),
    # A locale_str, or Discord would show the English in every language.
    app_commands.Choice(name=app_commands.locale_str(N_("Automatic")), value=AUTOMATIC),
]


def language_name(language: str | None, t: Callable[[str], str]) -> str:
    """A language as its speakers write it; None or ``auto`` is "automatic"."""
    if language is None or language == AUTOMATIC:
        return t(NAMES[AUTOMATIC])
    return NAMES.get(language, language)


def manages_server(interaction: discord.Interaction[Any]) -> bool:
    """Manage Server (or Administrator), from the permissions Discord sent with the
    interaction, else from the member's roles."""
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator) or is_admin(interaction)


class LanguageCog(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(name="language", description=N_("Choose the bot's language"))
    @app_commands.describe(
        language=N_("The language, or automatic to follow Discord"),
        server=N_("Set the server's default instead of your own (Manage Server)"),
    )
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(
        self, interaction: discord.Interaction[Any], language: str, server: bool = False
    ) -> None:
        choices = self.bot.languages
        chosen = None if language == AUTOMATIC else language
        if server:
            if interaction.guild_id is None or not manages_server(interaction):
                t = translator(user_locale(interaction))
                await interaction.response.send_message(
                    t("Only someone with Manage Server can set the server's language."),
                    ephemeral=True,
                )
                return
            await choices.set_guild(interaction.guild_id, chosen)
            t = translator(user_locale(interaction))
            text = t("This server's language is now {language}.")
        else:
            await choices.set_user(interaction.user.id, chosen)
            t = translator(user_locale(interaction))
            text = t("Your language is now {language}.")
        await interaction.response.send_message(
            text.format(language=language_name(language, t)), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    await bot.add_cog(LanguageCog(bot))
