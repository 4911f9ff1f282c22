"""``/night``: match nights and knockouts in Discord (issue 32).

An organiser opens a night; members check in with its button; the organiser starts it;
each fixture's games are tables in a thread of the night's channel; the round's results,
the next round and the final standings are posted in the channel. Everything the night
decides is in ``tables.nights``; this cog only says it (``NightHost``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import games
from cogs.backlog import TooLate, defer_or_give_up
from cogs.bot import CardTableBot
from cogs.controller import display_name, is_admin, user_locale
from cogs.option_autocomplete import playable_games
from cogs.play_cog import parse_options
from cogs.responder import reply
from i18n import N_, translator
from storage.nights import Fixture, Night
from tables.errors import TableError
from tables.nights import NightNews, NightRunner

Translate = Callable[[str], str]

NIGHT_TEMPLATE = r"ct:n:(?P<night>\d+):(?P<what>in|go)"
"""``ct:n:<night>:in`` checks the clicker in; ``ct:n:<night>:go`` starts the night."""

MESSAGE_LIMIT = 1900
"""Characters a posted message may hold (Discord's limit is 2,000)."""

FORMAT_TITLES = {
    "swiss": N_("Swiss"),
    "round_robin": N_("round robin"),
    "knockout": N_("knockout"),
}


DUPLICATE_NOTE = N_(
    "Duplicate: each game is played at two tables from the same deals with the seats"
    " turned (computers hold your cards at the other table); what each side made with the"
    " same cards decides the game."
)

STATUS_TITLES = {
    "checkin": N_("checking in"),
    "running": N_("under way"),
    "finished": N_("over"),
}


def chunks(lines: Sequence[str], limit: int = MESSAGE_LIMIT) -> list[str]:
    """Lines joined into as few messages as fit (a night of 100 entrants is long)."""
    out: list[str] = []
    current = ""
    for line in lines:
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line[:limit]
    if current:
        out.append(current)
    return out


def fixture_line(fixture: Fixture, names: dict[int, str], t: Translate, decided: bool) -> str:
    a = names.get(fixture.a, "?")
    if fixture.b is None:
        return t("{a} has a bye").format(a=a)
    b = names.get(fixture.b, "?")
    if not decided:
        return t("{a} v {b}").format(a=a, b=b)
    if fixture.walkover:
        if fixture.winner is None:
            return t("{a} v {b}: neither side came (no winner)").format(a=a, b=b)
        loser = b if fixture.winner == fixture.a else a
        return t("{winner} win by walkover against {loser}").format(
            winner=names.get(fixture.winner, "?"), loser=loser
        )
    first = fixture.winner if fixture.winner is not None else fixture.a
    second = fixture.b if first == fixture.a else fixture.a
    won = sum(1 for g in fixture.games if g == first)
    lost = sum(1 for g in fixture.games if g == second)
    if fixture.swings:  # a duplicate night: each game's comparison, from the winner's side
        sign = 1 if first == fixture.a else -1
        swings = ", ".join(f"{sign * s:+g}" for s in fixture.swings)
        return t("{winner} beat {loser} with the same cards ({won}–{lost}; swing {swings})").format(
            winner=names.get(first, "?"), loser=names.get(second, "?"), won=won, lost=lost,
            swings=swings,
        )  # fmt: skip
    return t("{winner} beat {loser} ({won}–{lost})").format(
        winner=names.get(first, "?"), loser=names.get(second, "?"), won=won, lost=lost
    )


def news_lines(news: NightNews, t: Translate) -> list[str]:
    names = news.names
    if news.kind == "round":
        head = t("Match night {night}, round {round}:").format(
            night=news.night.id, round=news.round
        )
        return [head, *(fixture_line(f, names, t, decided=False) for f in news.fixtures)]
    if news.kind == "results":
        head = t("Round {round} results:").format(round=news.round)
        return [head, *(fixture_line(f, names, t, decided=True) for f in news.fixtures)]
    if news.kind == "walkover":
        return [fixture_line(f, names, t, decided=True) for f in news.fixtures]
    if news.kind == "over":
        lines = [t("Match night {night} is over. Final standings:").format(night=news.night.id)]
        for rank, (entrant, points) in enumerate(news.standings, start=1):
            lines.append(
                t("{rank}. {name} — {points} points").format(
                    rank=rank, name=names.get(entrant, "?"), points=f"{points:g}"
                )
            )
        if news.champion is not None:
            lines.append(t("Champions: {name}").format(name=names.get(news.champion, "?")))
        return lines
    return []


def night_view(night_id: int, t: Translate) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NightButton.make(night_id, "in", t("Check in")))
    view.add_item(NightButton.make(night_id, "go", t("Start the night")))
    return view


class NightButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=NIGHT_TEMPLATE):
    """Check in, or start the night (the night and the step are in the custom_id)."""

    def __init__(self, night: int, what: str, button: discord.ui.Button[Any]) -> None:
        super().__init__(button)
        self.night, self.what = night, what

    @classmethod
    def make(cls, night: int, what: str, label: str) -> NightButton:
        style = discord.ButtonStyle.success if what == "in" else discord.ButtonStyle.primary
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=f"ct:n:{night}:{what}", style=style
        )
        return cls(night, what, button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NightButton:
        assert isinstance(item, discord.ui.Button)
        return cls(int(match["night"]), match["what"], item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = interaction.client
        assert isinstance(bot, CardTableBot)
        cog = bot.get_cog("NightCog")
        assert isinstance(cog, NightCog)
        t = translator(user_locale(interaction))
        if interaction.guild_id is None:
            await reply(interaction, content=t("Leagues are per server."))
            return
        # Checking in may open a late pair's table, starting opens a round of them: more
        # than Discord's three seconds, so the click is acknowledged first.
        try:
            await defer_or_give_up(interaction, update=False, ephemeral=True)
        except TooLate:
            return
        try:
            if self.what == "in":
                name = await cog.runner.check_in(
                    self.night, interaction.user.id, display_name(interaction), interaction.guild_id
                )
                text = t("You are checked in for {entrant}.").format(entrant=name)
            else:
                await cog.runner.start(
                    self.night,
                    interaction.guild_id,
                    interaction.user.id,
                    is_admin=is_admin(interaction),
                )
                text = t("The night has started.")
        except TableError as exc:
            text = exc.translated(t)
        await reply(interaction, content=text)


class NightCog(commands.Cog):
    night = app_commands.Group(name="night", description=N_("Match nights and knockouts"))

    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot
        assert bot.manager is not None
        self.runner = NightRunner(bot.storage, bot.manager, self)

    async def cog_load(self) -> None:
        await self.runner.recover()

    async def cog_unload(self) -> None:
        self.runner.close()

    # -- NightHost ----------------------------------------------------------------------

    def _t(self, night: Night) -> Translate:
        return translator(self.bot.table_messages.locale_for(night.guild_id))

    async def open_channel(
        self, night: Night, fixture: Fixture, names: dict[int, str], turned: bool = False
    ) -> int:
        channel = self.bot.get_channel(night.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return night.channel_id
        t = self._t(night)
        title = t("Round {round}: {a} v {b}").format(
            round=fixture.round, a=names.get(fixture.a, "?"), b=names.get(fixture.b or 0, "?")
        )
        if turned:  # a duplicate night's second table: the same cards, the seats turned
            title = t("{title} (seats turned)").format(title=title)
        thread = await channel.create_thread(
            name=title[:100], type=discord.ChannelType.public_thread
        )
        return thread.id

    async def announce(self, news: NightNews) -> None:
        t = self._t(news.night)
        if news.kind == "table" and news.table_id is not None:
            mentions = " ".join(f"<@{user}>" for user in news.mentions)
            text = t("your table for round {round} is ready.").format(round=news.round)
            await self.bot.table_messages.post(
                news.table_id,
                content=f"{mentions} {text}",
                allowed_mentions=discord.AllowedMentions(users=True),
            )
            return
        channel = self.bot.get_partial_messageable(news.night.channel_id)
        for text in chunks(news_lines(news, t)):
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())

    # -- commands -----------------------------------------------------------------------

    @night.command(name="open", description=N_("Open a match night: members check in"))
    @app_commands.describe(
        game=N_("Which game"),
        format=N_("Swiss, round robin or knockout"),
        rounds=N_("Rounds of a Swiss night"),
        best_of=N_("Games in each fixture (best of 1, 3, 5...)"),
        walkover_minutes=N_("Minutes a side may be late before it loses by walkover"),
        players=N_("Seats at each table (the game's usual number if left out)"),
        options=N_("Rule options as name=value, separated by commas"),
        duplicate=N_("Each game at two tables with the seats turned: the same cards decide"),
    )
    @app_commands.autocomplete(game=playable_games)
    @app_commands.choices(
        format=[
            app_commands.Choice(name="swiss", value="swiss"),
            app_commands.Choice(name="round robin", value="round_robin"),
            app_commands.Choice(name="knockout", value="knockout"),
        ],
    )
    async def night_open(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        format: str = "swiss",
        rounds: int = 3,
        best_of: int = 1,
        walkover_minutes: float = 10.0,
        options: str | None = None,
        players: int | None = None,
        duplicate: bool = False,
    ) -> None:
        t = translator(user_locale(interaction))
        if interaction.guild_id is None or interaction.channel_id is None:
            await reply(interaction, content=t("Leagues are per server."))
            return
        if not is_admin(interaction):
            await reply(
                interaction, content=t("Only members who can manage the server can do that.")
            )
            return
        if not isinstance(interaction.channel, discord.TextChannel):
            # Each fixture's tables need a thread of their own: one channel holds one table.
            text = t("Open a night in a text channel: its tables are played in threads.")
            await reply(interaction, content=text)
            return
        try:
            game = games.named(game, self.bot.games)
            night = await self.runner.open(
                guild_id=interaction.guild_id,
                channel_id=interaction.channel_id,
                game=game,
                organiser_id=interaction.user.id,
                format=format,
                rounds=rounds,
                best_of=best_of,
                walkover_seconds=walkover_minutes * 60,
                options=parse_options(options),
                players=players,
                duplicate=duplicate,
            )
        except TableError as exc:
            await reply(interaction, content=exc.translated(t))
            return
        server = self._t(night)
        text = server(
            N_(
                "Match night {night}: {game}, {format}, best of {best_of}. Check in with the"
                " button; {organiser} starts the night."
            )
        ).format(
            night=night.id,
            game=games.title(night.game, self.bot.games),
            format=server(FORMAT_TITLES[night.format]),
            best_of=night.best_of,
            organiser=f"<@{night.organiser_id}>",
        )
        if night.duplicate:
            text += "\n" + server(DUPLICATE_NOTE)
        await interaction.response.send_message(
            text,
            view=night_view(night.id, server),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        message = await interaction.original_response()
        await self.runner.set_message(night.id, message.id)

    @night.command(name="status", description=N_("Who is here and how the round stands"))
    @app_commands.describe(night=N_("The night's number"))
    async def night_status(self, interaction: discord.Interaction[Any], night: int) -> None:
        t = translator(user_locale(interaction))
        if interaction.guild_id is None:
            await reply(interaction, content=t("Leagues are per server."))
            return
        try:
            report = await self.runner.report(night, interaction.guild_id)
        except TableError as exc:
            await reply(interaction, content=exc.translated(t))
            return
        lines = [
            t("Match night {night}: {status}, round {round}.").format(
                night=night,
                status=t(STATUS_TITLES.get(report.night.status, "")),
                round=report.night.round,
            )
        ]
        for entrant, absent in report.missing.items():
            name = report.names.get(entrant, "?")
            if absent:
                waiting = " ".join(f"<@{user}>" for user in absent)
                lines.append(t("{name}: waiting for {members}").format(name=name, members=waiting))
            else:
                lines.append(t("{name}: ready").format(name=name))
        for fixture in report.fixtures:
            lines.append(fixture_line(fixture, report.names, t, decided=fixture.status == "done"))
        await reply(interaction, content="\n".join(lines)[:MESSAGE_LIMIT])

    @night.command(name="sub", description=N_("A substitute stands in for a member tonight"))
    @app_commands.describe(
        night=N_("The night's number"),
        absent=N_("The member who cannot play"),
        substitute=N_("Who plays in their place"),
    )
    async def night_sub(
        self,
        interaction: discord.Interaction[Any],
        night: int,
        absent: discord.Member,
        substitute: discord.Member,
    ) -> None:
        t = translator(user_locale(interaction))
        if interaction.guild_id is None:
            await reply(interaction, content=t("Leagues are per server."))
            return
        try:  # a substitute may complete a waiting fixture: its table opens before the answer
            await defer_or_give_up(interaction, update=False, ephemeral=True)
        except TooLate:
            return
        try:
            entrant = await self.runner.substitute(
                night,
                interaction.guild_id,
                interaction.user.id,
                absent.id,
                substitute.id,
                substitute.display_name,
                absent.display_name,
            )
        except TableError as exc:
            await reply(interaction, content=exc.translated(t))
            return
        await reply(
            interaction,
            content=t("{substitute} stands in for {absent} in {entrant} tonight.").format(
                substitute=substitute.display_name, absent=absent.display_name, entrant=entrant
            ),
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    bot.add_dynamic_items(NightButton)
    await bot.add_cog(NightCog(bot))
