"""``/rules game:`` — a short rules summary (the game plugin's), ephemeral."""

from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.controller import user_locale
from cogs.option_autocomplete import known_games
from i18n import N_, translator
from players.level_ratings import LevelRatings, shipped
from rules.plugin import LEVEL_SUMMARIES, LEVELS
from rules.registry import BUILTIN, GameRegistry
from tables.manager import default_player_count

Translate = Callable[[str], str]

NO_SUMMARY = N_("No summary for this game yet.")


def rules_embed(
    game: str,
    locale: str | None,
    known: GameRegistry = BUILTIN,
    ratings: LevelRatings | None = None,
) -> discord.Embed:
    t = translator(locale)
    summary = (known.plugin(game).summary if game in known else "") or NO_SUMMARY
    embed = discord.Embed(title=games.title(game, known), description=t(summary), colour=0x2E7D32)
    if game in known:
        # What each computer level does and how strong it is, so a player knows whom they
        # sit with (issue 35).
        usual = default_player_count(known.get(game))
        levels = level_lines(game, usual, t, shipped() if ratings is None else ratings)
        embed.add_field(name=t("Computer levels: ").strip().rstrip(":"), value=levels, inline=False)
    return embed


def level_lines(game: str, players: int, t: Translate, ratings: LevelRatings) -> str:
    """One line per level: what it does, then its rating from the computers' matches
    against each other at ``players`` seats (the usual table), or at the size rated from
    the most matches if that one is not rated (none: unrated)."""
    table = ratings.preferred(game, players)
    lines = []
    for level in LEVELS:
        line = t(LEVEL_SUMMARIES[level])
        rated = table.levels.get(level) if table is not None else None
        if table is not None and rated is not None:
            line += " " + t("Rated {rating} from {matches} matches ({players} players).").format(
                rating=rated.rating, matches=rated.matches, players=table.players
            )
        lines.append(line)
    if table is not None:
        lines.append(
            t(
                "Ratings come from the computers' matches against each other (random play"
                " is 1000); they are not league ratings."
            )
        )
    return "\n".join(lines)


class RulesCog(commands.Cog):
    def __init__(self, known: GameRegistry = BUILTIN, ratings: LevelRatings | None = None) -> None:
        self.known = known
        self.ratings = ratings

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
            embed=rules_embed(name, locale, self.known, self.ratings), ephemeral=True
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(RulesCog(getattr(bot, "games", BUILTIN)))
