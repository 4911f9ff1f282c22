"""``/reports`` (issue 31): players' hand reports (``cogs.report_modal``) for server admins.

``/reports`` lists the server's latest reports; ``/reports report:N`` sends one
as a JSON file that ``python bot.py console --replay FILE`` rebuilds.
"""

from __future__ import annotations

import io
import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.bot import CardTableBot
from cogs.controller import is_admin, user_locale
from cogs.responder import reply
from i18n import N_, translator
from tables import reports
from tables.errors import quote

log = logging.getLogger(__name__)

LISTED = 15
"""Reports ``/reports`` lists (newest first)."""


class ReportsCog(commands.Cog):
    def __init__(self, bot: CardTableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="reports", description=N_("Players' hand reports; export one as a file (admins)")
    )
    @app_commands.describe(report=N_("The id of a report to export as a file"))
    @app_commands.guild_only()
    async def reports(
        self, interaction: discord.Interaction[Any], report: int | None = None
    ) -> None:
        t = translator(user_locale(interaction))
        if not is_admin(interaction):
            await reply(interaction, content=t("Only a server admin can do that."))
            return
        assert self.bot.manager is not None  # loaded with the tables only
        storage = self.bot.manager.storage
        if report is not None:
            found = await storage.hand_reports.get(report)
            if found is None or found.guild_id != interaction.guild_id:
                await reply(interaction, content=reports.NoSuchReport().translated(t))
                return
            data = json.dumps(reports.export(found), indent=1, sort_keys=True).encode()
            await reply(
                interaction,
                content=t(
                    "Report {id}: replay it with python bot.py console --replay report-{id}.json"
                ).format(id=found.id),
                attachments=[discord.File(io.BytesIO(data), f"report-{found.id}.json")],
            )
            return
        listed = await storage.hand_reports.for_guild(interaction.guild_id, LISTED)
        if not listed:
            await reply(interaction, content=t("No hand of this server has been reported."))
            return
        lines = [
            t("{id}. table {table}, hand {hand}, <@{user}> <t:{at}:R>: {text}").format(
                id=r.id,
                table=r.table_id,
                hand=r.hand_number,
                user=r.user_id,
                at=int(r.at),
                text=quote(r.text, 120),
            )
            for r in listed
        ]
        await reply(
            interaction,
            content="\n".join(lines)[:1900],
            allowed_mentions=discord.AllowedMentions.none(),
        )


async def setup(bot: commands.Bot) -> None:
    assert isinstance(bot, CardTableBot)
    await bot.add_cog(ReportsCog(bot))
