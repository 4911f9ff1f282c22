"""'Report this hand' (issue 31): the button's modal.

A click on ``ct:t:<table>:report:<hand>`` opens a modal for one sentence; its submission is
stored with the evidence (``tables.reports.file_report``: action log, seed, options, move
number), which ``/reports`` (``cogs.reports``) lists and exports for server admins.
"""

from __future__ import annotations

from typing import Any

import discord

from cogs.responder import reply
from i18n import translator
from tables import reports
from tables.errors import TableError
from tables.manager import TableManager

MODAL_ID = "ct:r:{table}:{hand}"


class ReportModal(discord.ui.Modal):
    """One sentence about hand ``hand`` of table ``table``."""

    def __init__(self, manager: TableManager, table: int, hand: int, locale: str | None) -> None:
        t = translator(locale)
        self.locale = locale
        super().__init__(
            title=t("Report hand {n}").format(n=hand)[:45],
            custom_id=MODAL_ID.format(table=table, hand=hand),
            timeout=15 * 60,
        )
        self.manager, self.table, self.hand = manager, table, hand
        self.sentence: discord.ui.TextInput[ReportModal] = discord.ui.TextInput(
            label=t("What went wrong?")[:45],
            style=discord.TextStyle.paragraph,
            placeholder=t("e.g. the computer played a card it could not have held")[:100],
            max_length=reports.REPORT_TEXT_MAX,
            required=True,
        )
        self.add_item(self.sentence)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        t = translator(self.locale)
        try:
            report = await reports.file_report(
                self.manager, self.table, interaction.user.id, self.hand, self.sentence.value
            )
        except TableError as exc:
            await reply(interaction, content=exc.translated(t))
            return
        await reply(
            interaction,
            content=t("Thank you: report {id} is stored with the hand's log.").format(id=report.id),
        )


async def open_report(
    interaction: discord.Interaction[Any],
    manager: TableManager,
    table: int,
    hand: str | None,
    locale: str | None,
) -> None:
    """The report button's answer: the modal (a modal is itself the acknowledgement);
    ``locale``: the clicking user's language."""
    t = translator(locale)
    record = await manager.storage.tables.get(table)  # finished tables are reported too
    seats = record.seats if record is not None else []
    if not (hand or "").isdigit() or not any(
        s is not None and s.user_id == interaction.user.id for s in seats
    ):
        await reply(interaction, content=t("Only a player at this table can report its hands."))
        return
    if interaction.response.is_done():  # acknowledged late by the backlog: no modal now
        await reply(interaction, content=t("Please click again."))
        return
    await interaction.response.send_modal(ReportModal(manager, table, int(hand or 0), locale))
