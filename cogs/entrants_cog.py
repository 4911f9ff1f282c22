"""League entrants in Discord: ``/pair create|add|remove|captain|retire|list`` for fixed
partnerships, and ``/league rules|table|record|export``.

Thin: entrants and tables are read and changed through ``storage.entrants`` and
``storage.entrant_standings``; the kind of entrant a game has comes from its spec's teams
(``leagues.entrants``), the names of its stats from its plugin; refusals from storage carry
a code and a catalog template, translated here.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.bot import CardTableBot
from cogs.controller import is_admin, user_locale
from cogs.league_embeds import LEAGUE_COLOUR, page_footer, table_embed
from cogs.option_autocomplete import playable_games
from i18n import N_, translator
from leagues.entrants import entrant_size, entrant_sizes
from leagues.export import matches_csv, rating_text, standings_csv
from leagues.season_table import season_matches, season_table
from leagues.stats import WON
from storage import Entrant, EntrantRefused, EntrantStanding, LeagueSettings, StatLine

Translate = Callable[[str], str]

PER_PAGE = 10
LOG_LINES = 25

REFUSALS = (
    N_("A name must have 1 to {max} characters."),
    N_("An entrant of this league has {size} members."),
    N_("The captain must be a member."),
    N_("There is already an entrant called {name}."),
    N_("<@{user}> already plays for {name}."),
    N_("{name} already has {size} members."),
    N_("<@{user}> is not a member of {name}."),
    N_("{name} would have no members left: retire it instead."),
    N_("There is no such entrant."),
)
"""The templates of ``storage.entrants``'s refusals, for the catalog (storage is not
scanned; a test checks that every one is here)."""

UNITS = {
    "balls": N_("Balls won"),
    "tokens": N_("Tokens won"),
    "chips": N_("Chips won"),
    "points": N_("Points won"),
}


def refusal_text(refused: EntrantRefused, t: Translate) -> str:
    return t(refused.template).format(**refused.params)


def stat_name(game: str, stat: str, bot: CardTableBot, t: Translate) -> str:
    """A stat's name in the reader's language: the plugin's, a unit, or a contract."""
    names = bot.games.plugin(game).stats if game in bot.games else {}
    if stat in names:
        return t(names[stat])
    if stat.startswith(WON):
        unit = stat.removeprefix(WON)
        return t(UNITS[unit]) if unit in UNITS else unit
    kind, _, value = stat.partition(":")
    if value and kind in names:
        return t("{kind} {value}").format(kind=t(names[kind]), value=value)
    return stat


def stats_text(game: str, lines: list[StatLine], bot: CardTableBot, t: Translate) -> str:
    parts = []
    for line in lines:
        name = stat_name(game, line.stat, bot, t)
        if line.stat.startswith(WON):
            parts.append(t("{name}: {n}").format(name=name, n=line.made))
        else:
            parts.append(
                t("{name}: {made} made of {attempted}").format(
                    name=name, made=line.made, attempted=line.attempted
                )
            )
    return "\n".join(parts) if parts else t("No calls or contracts yet.")


def standing_text(line: EntrantStanding, t: Translate) -> str:
    text = t(
        "{points} points, rating {rating}, {wins} won, {draws} drawn, {losses} lost,"
        " {series} series won"
    )
    return text.format(
        points=line.points,
        rating=rating_text(line.rating, line.provisional),
        wins=line.wins,
        draws=line.draws,
        losses=line.losses,
        series=line.series_won,
    )


def members_text(entrant: Entrant, t: Translate) -> str:
    people = ", ".join(f"<@{m}>" for m in entrant.members)
    return t("{name}: {members} (captain <@{captain}>)").format(
        name=entrant.name, members=people, captain=entrant.captain_id
    )


def rules_text(settings: LeagueSettings, t: Translate) -> str:
    """The league's rating and table rules, with this server's numbers."""
    computers = (
        t("A match with a computer in a seat counts on this server (computers are never rated).")
        if settings.computers_count
        else t("A match with a computer in a seat is not rated on this server.")
    )
    return "\n".join(
        [
            t(
                "Entrants: fixed pairs or trios where the game is played in teams, players on"
                " their own otherwise. A substitute may stand in for a night; the match counts"
                " for the pair, recorded as a substitute's."
            ),
            t(
                "Ratings: openskill (Plackett-Luce); the rating shown is mu - 3 sigma. Every"
                " side of a match is rated in one calculation, so no pairing of teams inflates"
                " a rating."
            ),
            t(
                'A rating is provisional, shown with "?", until {n} rated matches. The table'
                " lists an entrant with at least {listed} rated matches, the last one within"
                " {days} days."
            ).format(
                n=settings.provisional_matches,
                listed=settings.listed_matches,
                days=settings.listed_days,
            ),
            computers,
            t("A walkover counts as a win and its points, and is never rated.").format(),
            t(
                "Points: {win} for a win, {draw} for a draw, {loss} for a loss. Ties on points:"
                " head-to-head between the tied entrants, then Buchholz (Swiss events), then"
                " the rating."
            ).format(win=settings.points_win, draw=settings.points_draw, loss=settings.points_loss),
        ]
    )


class EntrantsCog(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    pair = app_commands.Group(name="pair", description=N_("Fixed partnerships in a league"))
    league = app_commands.Group(name="league", description=N_("League rules, tables and records"))

    async def _start(self, interaction: discord.Interaction[Any]) -> tuple[Translate, int | None]:
        t = translator(user_locale(interaction))
        if interaction.guild_id is None:
            await interaction.response.send_message(t("Leagues are per server."), ephemeral=True)
        return t, interaction.guild_id

    async def _begin(
        self, interaction: discord.Interaction[Any], typed: str
    ) -> tuple[Translate, int, str] | None:
        """The reader's translator, the server and the game a player means (autocomplete's
        name, or a name or title typed), or a one-line refusal and None."""
        t, guild = await self._start(interaction)
        if guild is None:
            return None
        game = await games.named_or_refused(interaction, typed, self.bot.games, t)
        return None if game is None else (t, guild, game)

    def _team_size(self, game: str, members: int) -> int | None:
        """The entrant size for a team of ``members`` if the game is played in such teams."""
        if game not in self.bot.games:
            return None
        sizes = set(entrant_sizes(self.bot.games.get(game)).values())
        return members if members > 1 and members in sizes else None

    async def _find(
        self, interaction: discord.Interaction[Any], guild: int, game: str, name: str,
        t: Translate,
    ) -> Entrant | None:  # fmt: skip
        """The pair or trio of this name (the caller's own first when several)."""
        found: list[Entrant] = [
            e
            for e in await self.bot.storage.entrants.in_league(guild, game)
            if e.size > 1 and e.name.casefold() == " ".join(name.split()).casefold()
        ]
        found.sort(key=lambda e: interaction.user.id not in e.members)
        if not found:
            await interaction.response.send_message(
                t("There is no pair called {name}.").format(name=name), ephemeral=True
            )
            return None
        return found[0]

    async def _may_change(
        self, interaction: discord.Interaction[Any], entrant: Entrant, t: Translate
    ) -> bool:
        if interaction.user.id == entrant.captain_id or is_admin(interaction):
            return True
        await interaction.response.send_message(
            t("Only the captain of {name} or a server manager can do that.").format(
                name=entrant.name
            ),
            ephemeral=True,
        )
        return False

    async def _change_pair(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        team: str,
        member_id: int,
        change: Callable[[int, int], Awaitable[Entrant]],
        *,
        own: bool,
    ) -> None:
        """A change of a pair's members (``change(entrant, member)``) by its captain or a
        server manager, or (``own``) by the member about themselves; refusals in one line."""
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        entrant = await self._find(interaction, guild, game, team, t)
        if entrant is None:
            return
        if not (own and member_id == interaction.user.id) and not await self._may_change(
            interaction, entrant, t
        ):
            return
        try:
            entrant = await change(entrant.id, member_id)
        except EntrantRefused as refused:
            await self._refused(interaction, refused, t)
            return
        await interaction.response.send_message(members_text(entrant, t))

    async def _refused(
        self, interaction: discord.Interaction[Any], refused: EntrantRefused, t: Translate
    ) -> None:
        await interaction.response.send_message(refusal_text(refused, t), ephemeral=True)

    @pair.command(name="create", description=N_("Enter a pair (or trio) with you as captain"))
    @app_commands.describe(
        game=N_("Which game"),
        team=N_("The pair's name"),
        partner=N_("Your partner"),
        third=N_("A third member (for a trio)"),
    )
    @app_commands.autocomplete(game=playable_games)
    async def pair_create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        team: str,
        partner: discord.Member,
        third: discord.Member | None = None,
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        people = [interaction.user.id, partner.id] + ([third.id] if third is not None else [])
        if len(set(people)) < len(people):
            await interaction.response.send_message(
                t("Name partners other than yourself, each once."), ephemeral=True
            )
            return
        size = self._team_size(game, len(set(people)))
        if size is None:
            await interaction.response.send_message(
                t("{game} has no teams of {n}: its league is for players on their own.").format(
                    game=games.title(game, self.bot.games), n=len(set(people))
                ),
                ephemeral=True,
            )
            return
        try:
            entrant = await self.bot.storage.entrants.create(guild, game, size, team, people)
        except EntrantRefused as refused:
            await self._refused(interaction, refused, t)
            return
        await interaction.response.send_message(
            t("{game} league: {entrant} entered.").format(
                game=games.title(game, self.bot.games), entrant=members_text(entrant, t)
            )
        )

    @pair.command(name="add", description=N_("Add a member to a pair"))
    @app_commands.describe(game=N_("Which game"), team=N_("The pair's name"), member=N_("Who"))
    @app_commands.autocomplete(game=playable_games)
    async def pair_add(
        self, interaction: discord.Interaction[Any], game: str, team: str, member: discord.Member
    ) -> None:
        await self._change_pair(
            interaction, game, team, member.id, self.bot.storage.entrants.add_member, own=False
        )

    @pair.command(name="remove", description=N_("Take a member out of a pair"))
    @app_commands.describe(game=N_("Which game"), team=N_("The pair's name"), member=N_("Who"))
    @app_commands.autocomplete(game=playable_games)
    async def pair_remove(
        self, interaction: discord.Interaction[Any], game: str, team: str, member: discord.Member
    ) -> None:
        await self._change_pair(
            interaction, game, team, member.id, self.bot.storage.entrants.remove_member, own=True
        )

    @pair.command(name="captain", description=N_("Make a member the pair's captain"))
    @app_commands.describe(game=N_("Which game"), team=N_("The pair's name"), member=N_("Who"))
    @app_commands.autocomplete(game=playable_games)
    async def pair_captain(
        self, interaction: discord.Interaction[Any], game: str, team: str, member: discord.Member
    ) -> None:
        await self._change_pair(
            interaction, game, team, member.id, self.bot.storage.entrants.set_captain, own=False
        )

    @pair.command(name="retire", description=N_("Withdraw a pair from the league"))
    @app_commands.describe(game=N_("Which game"), team=N_("The pair's name"))
    @app_commands.autocomplete(game=playable_games)
    async def pair_retire(
        self, interaction: discord.Interaction[Any], game: str, team: str
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        entrant = await self._find(interaction, guild, game, team, t)
        if entrant is None or not await self._may_change(interaction, entrant, t):
            return
        await self.bot.storage.entrants.retire(entrant.id)
        await interaction.response.send_message(
            t("{name} has left the league; its record stays.").format(name=entrant.name)
        )

    @pair.command(name="list", description=N_("The pairs and trios of a game's league"))
    @app_commands.describe(game=N_("Which game"))
    @app_commands.autocomplete(game=playable_games)
    async def pair_list(self, interaction: discord.Interaction[Any], game: str) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        teams = [e for e in await self.bot.storage.entrants.in_league(guild, game) if e.size > 1]
        embed = table_embed(
            t("Pairs of the {game} league").format(game=games.title(game, self.bot.games)),
            [members_text(e, t) for e in teams[:40]],
            t("No pairs yet."),
        )
        await interaction.response.send_message(
            embed=embed, ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @league.command(name="rules", description=N_("How the league rates and ranks"))
    async def league_rules(self, interaction: discord.Interaction[Any]) -> None:
        t, guild = await self._start(interaction)
        if guild is None:
            return
        settings = await self.bot.storage.leagues.settings(guild)
        embed = discord.Embed(
            title=t("League rules"), description=rules_text(settings, t), colour=LEAGUE_COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)

    def _size(self, game: str, players: int | None) -> int:
        spec = self.bot.games.get(game)
        if players is not None and players in spec.player_counts:
            return entrant_size(spec, players)
        sizes = [s for s in entrant_sizes(spec).values() if s > 1]
        return sizes[0] if sizes else 1

    @league.command(name="table", description=N_("A game's league table by rating"))
    @app_commands.describe(
        game=N_("Which game"),
        players=N_("Players at the table (which kind of entrant; the usual one if left out)"),
        page=N_("Page number"),
    )
    @app_commands.autocomplete(game=playable_games)
    async def league_table(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None = None,
        page: int = 1,
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        size = self._size(game, players)
        board = await self.bot.storage.entrant_standings.table(
            guild, game, size, page=max(0, page - 1), per_page=PER_PAGE
        )
        lines = [
            t("{rank}. {name} — {line}").format(
                rank=line.rank, name=line.name, line=standing_text(line, t)
            )
            for line in board.items
        ]
        embed = table_embed(
            t("{game} league table").format(game=games.title(game, self.bot.games)),
            lines,
            t("Nobody is listed yet."),
            footer=page_footer(board, t),
        )
        await interaction.response.send_message(embed=embed)

    @league.command(name="log", description=N_("The season's table by points, with tie-breaks"))
    @app_commands.describe(
        game=N_("Which game"),
        players=N_("Players at the table (which kind of entrant; the usual one if left out)"),
        swiss=N_("Break ties by Buchholz too (Swiss events)"),
    )
    @app_commands.autocomplete(game=playable_games)
    async def league_log(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None = None,
        swiss: bool = False,
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        await interaction.response.defer(thinking=True)
        table = await season_table(
            self.bot.storage, guild, game, self._size(game, players), swiss=swiss
        )
        lines = [
            t(
                "{place}. {name} — {points} points (head-to-head {h2h}, Buchholz {bh}),"
                " rating {rating}"
            ).format(
                place=item.entry.place,
                name=item.line.name,
                points=item.line.points,
                h2h=item.entry.head_to_head,
                bh=item.entry.buchholz,
                rating=rating_text(item.line.rating, item.line.provisional),
            )
            for item in table[:LOG_LINES]
        ]
        more = len(table) - LOG_LINES
        embed = table_embed(
            t("{game} league log").format(game=games.title(game, self.bot.games)),
            lines,
            t("No matches yet."),
            footer=t("{n} more in /league export").format(n=more) if more > 0 else None,
        )
        await interaction.followup.send(embed=embed)

    @league.command(
        name="record", description=N_("A player's or a pair's calls, contracts and results")
    )
    @app_commands.describe(game=N_("Which game"), user=N_("Whose record (yours if left out)"))
    @app_commands.autocomplete(game=playable_games)
    async def league_record(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        user: discord.Member | None = None,
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        who = user or interaction.user
        standings = self.bot.storage.entrant_standings
        embed = discord.Embed(
            title=t("{name} in the {game} league").format(
                name=who.display_name, game=games.title(game, self.bot.games)
            ),
            description=stats_text(
                game, await standings.player_stats(guild, game, who.id), self.bot, t
            ),
            colour=LEAGUE_COLOUR,
        )
        for entrant in await self.bot.storage.entrants.of_user(guild, game, who.id):
            line = await standings.standing(guild, game, entrant.id)
            value = standing_text(line, t) if line is not None else t("No matches yet.")
            if line is not None:
                value += "\n" + t("Streak {streak}, best {best}").format(
                    streak=f"{line.streak:+d}", best=line.best_streak
                )
            value += "\n" + stats_text(
                game, await standings.entrant_stats(guild, game, entrant.id), self.bot, t
            )
            embed.add_field(name=entrant.name, value=value[:1000], inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @league.command(name="export", description=N_("The season's matches and table as CSV files"))
    @app_commands.describe(
        game=N_("Which game"),
        players=N_("Players at the table (which kind of entrant; the usual one if left out)"),
        season=N_("Season number (the current one if left out)"),
    )
    @app_commands.autocomplete(game=playable_games)
    async def league_export(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: int | None = None,
        season: int | None = None,
    ) -> None:
        begun = await self._begin(interaction, game)
        if begun is None:
            return
        t, guild, game = begun
        await interaction.response.defer(ephemeral=True, thinking=True)
        storage = self.bot.storage
        number = season or await storage.leagues.current_season(guild, game)
        size = self._size(game, players)
        table = await season_table(storage, guild, game, size, season=number)
        matches = await season_matches(storage, guild, game, number)
        ids = {line.line.entrant_id for line in table}
        ids |= {s.entrant_id for m in matches for s in m.seats if s.entrant_id is not None}
        entrants = await storage.entrants.many(ids)
        names = {s.user_id: s.name for m in matches for s in m.seats if s.user_id is not None}
        files = [
            discord.File(
                io.BytesIO(matches_csv(matches, entrants, t)),
                f"{game}-season-{number}-matches.csv",
            ),
            discord.File(
                io.BytesIO(standings_csv(table, entrants, names, t)),
                f"{game}-season-{number}-table.csv",
            ),
        ]
        await interaction.followup.send(
            t("Season {n}: {matches} matches, {entrants} entrants.").format(
                n=number, matches=len(matches), entrants=len(table)
            ),
            files=files,
            ephemeral=True,
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    await bot.add_cog(EntrantsCog(bot))
