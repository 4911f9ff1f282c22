"""A season's league table in its final order: every entrant's line from storage, ordered
by points and the tie-breaks (``leagues.tiebreaks``) over the season's recorded results.
The paged table by rating (``/league table``) reads one index range instead; this order
is for the season's log and its export."""

from __future__ import annotations

from dataclasses import dataclass

from leagues.tiebreaks import TableEntry, meetings_from, order_table
from storage import EntrantStanding, LeagueSettings, MatchSummary, Storage

PAGE = 100
MAX_SIDES = 200_000
"""Entrant sides of a season's matches read for its tie-breaks (100,000 matches of two)."""


@dataclass(frozen=True, slots=True)
class TableLine:
    """An entrant's line with the figures that placed it."""

    line: EntrantStanding
    entry: TableEntry


async def all_lines(
    storage: Storage, guild_id: int, game: str, size: int, season: int | None = None
) -> list[EntrantStanding]:
    """Every entrant's line in a season (listed or not), by rating."""
    lines: list[EntrantStanding] = []
    page = 0
    while True:
        found = await storage.entrant_standings.table(
            guild_id, game, size, season=season, page=page, per_page=PAGE, everyone=True
        )
        lines.extend(found.items)
        if not found.has_next:
            return lines
        page += 1


async def season_table(
    storage: Storage,
    guild_id: int,
    game: str,
    size: int,
    *,
    season: int | None = None,
    swiss: bool = False,
) -> list[TableLine]:
    """The season's table: points, head-to-head, Buchholz (``swiss``), rating."""
    settings: LeagueSettings = await storage.leagues.settings(guild_id)
    lines = await all_lines(storage, guild_id, game, size, season)
    by_id = {line.entrant_id: line for line in lines}
    worth = {"win": settings.points_win, "draw": settings.points_draw, "loss": settings.points_loss}
    results = await storage.entrant_standings.season_results(
        guild_id, game, season=season, limit=MAX_SIDES + 1
    )
    # A season bigger than a club's (a bench's million matches) is ordered by points and
    # rating only: its head-to-head would cost more memory than the bot should spend.
    meetings = (
        []
        if len(results) > MAX_SIDES
        else meetings_from(
            ((r.match_id, r.entrant_id, r.outcome) for r in results if r.entrant_id in by_id),
            worth,
        )
    )
    order = order_table(
        {e: line.points for e, line in by_id.items()},
        {e: line.rating for e, line in by_id.items()},
        meetings,
        swiss=swiss,
    )
    return [TableLine(by_id[entry.entrant_id], entry) for entry in order]


async def season_matches(
    storage: Storage, guild_id: int, game: str, season: int, *, limit: int = 20_000
) -> list[MatchSummary]:
    """The season's counted matches, oldest first (keyset pages of the guild's history,
    newest first, until the season is behind)."""
    found: list[MatchSummary] = []
    before: int | None = None
    while len(found) < limit:
        page = await storage.matches.history(guild_id, game=game, per_page=PAGE, before=before)
        for match in page.items:
            if match.season == season and match.rated:
                found.append(match)
        if not page.items or not page.has_next:
            break
        if all(m.season is not None and m.season < season for m in page.items):
            break
        before = page.items[-1].id
    return sorted(found[:limit], key=lambda m: m.id)
