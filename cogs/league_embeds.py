"""How a league's tables look in Discord: one embed of lines (a leaderboard's page, an
entrants' table, the season's log), in the league's colour, with the page it shows.

``cogs.league_cog`` (players' leaderboards) and ``cogs.entrants_cog`` (entrants' tables and
the log) both render through here, so the two kinds of table read alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from storage import Page

Translate = Callable[[str], str]

LEAGUE_COLOUR = 0xF9A825


def table_embed(
    title: str, lines: Sequence[str], empty: str, *, footer: str | None = None
) -> discord.Embed:
    """The lines one to a row under ``title``; ``empty`` when there are none."""
    embed = discord.Embed(
        title=title, description="\n".join(lines) if lines else empty, colour=LEAGUE_COLOUR
    )
    if footer is not None:
        embed.set_footer(text=footer)
    return embed


def page_footer(board: Page[Any], t: Translate) -> str:
    """ "Page 2 of 5": the page shown of as many as the table's rows fill (at least one)."""
    pages = max(1, -(-(board.total or 0) // board.per_page))
    return t("Page {page} of {pages}").format(page=board.page + 1, pages=pages)
