"""Leagues in Discord: /leaderboard (paged), /stats, /history, /match, /season new.

Everything is read through ``storage.leagues`` / ``storage.matches`` (no SQL here) and the
hand-by-hand record of a match through ``leagues.replay``. Leaderboard pages turn with
restart-safe buttons (``LeaderboardButton``: the page is in the custom_id).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.bot import CardTableBot
from cogs.cards_text import card_text
from cogs.components import send_only
from cogs.controller import is_admin, user_locale
from cogs.league_embeds import LEAGUE_COLOUR, page_footer, table_embed
from cogs.option_autocomplete import playable_games
from i18n import N_, translator
from leagues.replay import MatchReplay, load_replay
from rules.registry import GameRegistry
from storage import MatchSummary, Page, Standing

Translate = Callable[[str], str]

PER_PAGE = 10
LEADERBOARD_TEMPLATE = (
    r"ct:l:(?P<game>\w+):(?P<season>\d+):(?P<by>rating|wins):(?P<page>\d+)(?::(?P<n>[a-z]))?"
)
"""``ct:l:<game>:<season>:<by>:<page>[:n|p]`` (season 0: the current one)."""


def leaderboard_id(game: str, season: int, by: str, page: int, which: str) -> str:
    return f"ct:l:{game}:{season}:{by}:{page}:{which}"


def game_title(game: str, known: GameRegistry) -> str:
    """The game's title, or its stored name when no plugin of this bot has it any more."""
    return games.title(game, known)


def standing_line(standing: Standing, by: str, t: Translate) -> str:
    if by == "wins":
        text = t("{rank}. {name} — {wins} wins in {matches} matches ({rating} rating)")
    else:
        text = t("{rank}. {name} — rating {rating} ({wins} wins in {matches} matches)")
    return text.format(
        rank=standing.rank,
        name=standing.name,
        wins=standing.wins,
        matches=standing.matches,
        rating=f"{standing.rating:.1f}",
    )


async def leaderboard_message(
    bot: CardTableBot, guild_id: int, game: str, season: int, by: str, page: int, t: Translate
) -> tuple[discord.Embed, discord.ui.View]:
    leagues = bot.storage.leagues
    number = season or await leagues.current_season(guild_id, game)
    order = "wins" if by == "wins" else "rating"
    board: Page[Standing] = await leagues.leaderboard(
        guild_id, game, season=number, by=order, page=page, per_page=PER_PAGE
    )
    embed = table_embed(
        t("{game} leaderboard — season {season}").format(
            game=game_title(game, bot.games), season=number
        ),
        [standing_line(s, order, t) for s in board.items],
        t("Nobody has played a counted match yet."),
        footer=page_footer(board, t),
    )
    view = discord.ui.View(timeout=None)
    view.add_item(
        LeaderboardButton.make(
            leaderboard_id(game, number, order, max(page - 1, 0), "p"),
            t("Previous"),
            disabled=not board.has_previous,
        )
    )
    view.add_item(
        LeaderboardButton.make(
            leaderboard_id(game, number, order, page + 1, "n"),
            t("Next"),
            disabled=not board.has_next,
        )
    )
    return embed, send_only(view)


class LeaderboardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=LEADERBOARD_TEMPLATE
):
    """Turns a leaderboard page (everything needed is in the custom_id)."""

    def __init__(self, game: str, season: int, by: str, page: int, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.game, self.season, self.by, self.page = game, season, by, page

    @classmethod
    def make(cls, custom_id: str, label: str, *, disabled: bool) -> LeaderboardButton:
        match = re.fullmatch(LEADERBOARD_TEMPLATE, custom_id)
        assert match is not None, custom_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        return cls(match["game"], int(match["season"]), match["by"], int(match["page"]), button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LeaderboardButton:
        assert isinstance(item, discord.ui.Button)
        return cls(match["game"], int(match["season"]), match["by"], int(match["page"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = interaction.client
        assert isinstance(bot, CardTableBot)
        t = translator(user_locale(interaction))
        if interaction.guild_id is None:
            await interaction.response.send_message(t("Leagues are per server."), ephemeral=True)
            return
        embed, view = await leaderboard_message(
            bot, interaction.guild_id, self.game, self.season, self.by, self.page, t
        )
        await interaction.response.edit_message(embed=embed, view=view)


HISTORY_TEMPLATE = r"ct:y:(?P<user>\d+):(?P<page>\d+)(?::(?P<n>[a-z]))?"
"""``ct:y:<user>:<page>[:n|p]``: a page of a player's match history."""


async def history_message(
    bot: CardTableBot, guild_id: int, user_id: int, name: str, page: int, t: Translate
) -> tuple[discord.Embed, discord.ui.View]:
    found = await bot.storage.matches.history(
        guild_id, user_id=user_id, page=page, per_page=PER_PAGE
    )
    lines = [history_line(s, user_id, t, bot.games) for s in found.items]
    embed = discord.Embed(
        title=t("Recent matches of {name}").format(name=name),
        description="\n".join(lines) if lines else t("No matches yet."),
        colour=0x5D4037,
    )
    embed.set_footer(text=t("Page {page}").format(page=page + 1))
    view = discord.ui.View(timeout=None)
    view.add_item(
        HistoryButton.make(
            f"ct:y:{user_id}:{max(page - 1, 0)}:p", t("Newer"), disabled=not found.has_previous
        )
    )
    view.add_item(
        HistoryButton.make(f"ct:y:{user_id}:{page + 1}:n", t("Older"), disabled=not found.has_next)
    )
    return embed, send_only(view)


class HistoryButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=HISTORY_TEMPLATE):
    """Turns a page of a match history (the user and page are in the custom_id)."""

    def __init__(self, user: int, page: int, button: discord.ui.Button[Any]):
        super().__init__(button)
        self.user, self.page = user, page

    @classmethod
    def make(cls, custom_id: str, label: str, *, disabled: bool) -> HistoryButton:
        match = re.fullmatch(HISTORY_TEMPLATE, custom_id)
        assert match is not None, custom_id
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        return cls(int(match["user"]), int(match["page"]), button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["user"]), int(match["page"]), item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = interaction.client
        assert isinstance(bot, CardTableBot)
        t = translator(str(interaction.locale))
        if interaction.guild_id is None:
            await interaction.response.send_message(t("Leagues are per server."), ephemeral=True)
            return
        member = interaction.guild.get_member(self.user) if interaction.guild else None
        name = member.display_name if member is not None else str(self.user)
        embed, view = await history_message(
            bot, interaction.guild_id, self.user, name, self.page, t
        )
        await interaction.response.edit_message(embed=embed, view=view)


def history_line(
    summary: MatchSummary, user_id: int | None, t: Translate, known: GameRegistry
) -> str:
    names = ", ".join(s.name for s in summary.seats)
    won = [s for s in summary.seats if s.won]
    outcome = (
        t("abandoned")
        if summary.status == "abandoned"
        else t("won by {names}").format(names=", ".join(s.name for s in won) or "?")
    )
    line = t("#{id} {game} <t:{ended}:d> — {names}: {outcome}").format(
        id=summary.id,
        game=game_title(summary.game, known),
        ended=int(summary.ended_at),
        names=names,
        outcome=outcome,
    )
    for change in summary.rating_changes:
        if change.user_id == user_id:
            line += " " + t("(rating {delta})").format(delta=f"{change.delta:+.1f}")
    return line


def match_embed(
    replay: MatchReplay, t: Translate, reveal: bool, known: GameRegistry
) -> discord.Embed:
    record = replay.record
    names = {s.seat: s.name for s in record.seats}
    winners = ", ".join(names.get(s, "?") for s in record.winners)
    embed = discord.Embed(
        title=t("Match #{id} — {game}").format(id=record.id, game=game_title(record.game, known)),
        description=t("Players: {names}. Winners: {winners}.").format(
            names=", ".join(names.values()), winners=winners or t("none")
        ),
        colour=0x5D4037,
    )
    for hand in replay.hands[:20]:
        result = hand.result or {}
        outcome = str(result.get("outcome", "")).replace("_", " ")
        parts = [
            t("{actions} moves").format(actions=len(hand.actions)),
            t(outcome) if outcome else t("not finished"),
        ]
        winner = result.get("winner")
        if isinstance(winner, int):
            parts.append(t("won by {name}").format(name=names.get(winner, "?")))
        value = " · ".join(parts)
        if reveal:
            for seat, cards in sorted(hand.cards.items()):
                shown = " ".join(card_text(c) for c in cards[:30])
                value += "\n" + t("{name}: {cards}").format(name=names.get(seat, "?"), cards=shown)
        embed.add_field(name=t("Hand {n}").format(n=hand.number), value=value[:1000], inline=False)
    for change in record.rating_changes:
        embed.add_field(
            name=t("Rating of {name}").format(name=names.get(change.seat, "?")),
            value=f"{change.before:.1f} → {change.after:.1f} ({change.delta:+.1f})",
            inline=True,
        )
    return embed


class LeagueCog(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    async def _guild(self, interaction: discord.Interaction[Any], t: Translate) -> int | None:
        if interaction.guild_id is None:
            await interaction.response.send_message(t("Leagues are per server."), ephemeral=True)
        return interaction.guild_id

    @app_commands.command(name="leaderboard", description=N_("A game's league standings"))
    @app_commands.describe(
        game=N_("Which game"),
        season=N_("Season number (the current one if left out)"),
        by=N_("Order"),
    )
    @app_commands.autocomplete(game=playable_games)
    @app_commands.choices(
        by=[
            app_commands.Choice(name=app_commands.locale_str(N_("Rating")), value="rating"),
            app_commands.Choice(name=app_commands.locale_str(N_("Wins")), value="wins"),
        ],
    )
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        season: int | None = None,
        by: str = "rating",
    ) -> None:
        t = translator(user_locale(interaction))
        guild = await self._guild(interaction, t)
        if guild is None:
            return
        named = await games.named_or_refused(interaction, game, self.bot.games, t)
        if named is None:
            return
        embed, view = await leaderboard_message(self.bot, guild, named, season or 0, by, 0, t)
        await interaction.response.send_message(embed=embed, view=view)

    @app_commands.command(name="stats", description=N_("A player's league record"))
    @app_commands.describe(user=N_("Whose record (yours if left out)"))
    async def stats(
        self, interaction: discord.Interaction[Any], user: discord.Member | None = None
    ) -> None:
        t = translator(user_locale(interaction))
        guild = await self._guild(interaction, t)
        if guild is None:
            return
        who = user or interaction.user
        stats = await self.bot.storage.leagues.player_stats(guild, who.id)
        embed = discord.Embed(
            title=t("League record of {name}").format(name=who.display_name),
            colour=LEAGUE_COLOUR,
        )
        for entry in stats:
            text = t("{matches} matches, {wins} wins, {losses} losses, {draws} draws").format(
                matches=entry.matches, wins=entry.wins, losses=entry.losses, draws=entry.draws
            )
            if entry.season is not None:
                text += "\n" + t("This season: rating {rating}, rank {rank}").format(
                    rating=f"{entry.season.rating:.1f}", rank=entry.season.rank or "?"
                )
            embed.add_field(name=game_title(entry.game, self.bot.games), value=text, inline=False)
        if not stats:
            embed.description = t("No counted matches yet.")
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="history", description=N_("A player's recent matches"))
    @app_commands.describe(user=N_("Whose matches (yours if left out)"))
    async def history(
        self, interaction: discord.Interaction[Any], user: discord.Member | None = None
    ) -> None:
        t = translator(user_locale(interaction))
        guild = await self._guild(interaction, t)
        if guild is None:
            return
        who = user or interaction.user
        embed, view = await history_message(self.bot, guild, who.id, who.display_name, 0, t)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)

    @app_commands.command(name="match", description=N_("A match's hand-by-hand record"))
    @app_commands.describe(id=N_("The match number (from /history)"))
    async def match(self, interaction: discord.Interaction[Any], id: int) -> None:
        t = translator(user_locale(interaction))
        replay = await load_replay(self.bot.storage, id, self.bot.games)
        if replay is None or replay.record.guild_id not in (None, interaction.guild_id):
            await interaction.response.send_message(
                t("There is no match #{id} here.").format(id=id), ephemeral=True
            )
            return
        # The match is over: every hand's cards may be shown.
        await interaction.response.send_message(
            embed=match_embed(replay, t, reveal=True, known=self.bot.games), ephemeral=True
        )

    season = app_commands.Group(name="season", description=N_("League seasons"))

    @season.command(name="new", description=N_("End the current season and start a new one"))
    @app_commands.describe(
        game=N_("Which game's league"),
        name=N_("A name for the season"),
        days=N_("Days until the season ends (open-ended if left out)"),
    )
    @app_commands.autocomplete(game=playable_games)
    async def season_new(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        name: str | None = None,
        days: app_commands.Range[int, 1, 3660] | None = None,
    ) -> None:
        t = translator(user_locale(interaction))
        guild = await self._guild(interaction, t)
        if guild is None:
            return
        if not is_admin(interaction):
            await interaction.response.send_message(
                t("Only members who can manage the server can do that."), ephemeral=True
            )
            return
        named = await games.named_or_refused(interaction, game, self.bot.games, t)
        if named is None:
            return
        ends_at = None if days is None else time.time() + days * 86400
        season = await self.bot.storage.leagues.start_season(
            guild, named, name=name, ends_at=ends_at
        )
        text = t("Season {n} of the {game} league has started.").format(
            n=season.number, game=game_title(named, self.bot.games)
        )
        if season.ends_at is not None:
            text += " " + t("It ends <t:{end}:f>.").format(end=int(season.ends_at))
        await interaction.response.send_message(text)


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    bot.add_dynamic_items(LeaderboardButton, HistoryButton)
    await bot.add_cog(LeagueCog(bot))
