"""From a table and its engine match to the ``MatchRecord`` that storage keeps.

Every engine's result has the same typed core (``rules.results.MatchResult``): the
winning seats and the final score; the record keeps the engine's whole ``result`` dict
beside them.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from leagues.stats import TallyReader, match_tallies
from rules.contract import GameSpec, Match
from rules.registry import GameRegistry
from rules.results import MatchResult
from storage import (
    MatchOutcome,
    MatchRecord,
    MatchSeat,
    MatchStatus,
    SeatEntrant,
    Storage,
    TableRecord,
)

log = logging.getLogger(__name__)

ENTRANTS_SETTING = "league_entrants"
"""The table setting a match night writes when it opens a table for a pairing:
``{"<seat>": {"entrant": <id>, "substitute": <bool>}}``; recording reads it."""


def seat_entrants(settings: Mapping[str, Any]) -> dict[int, SeatEntrant]:
    """The entrant of each seat named in a table's settings (``ENTRANTS_SETTING``); an
    unreadable entry is left out (the team's players then decide, as in open play)."""
    named = settings.get(ENTRANTS_SETTING)
    found: dict[int, SeatEntrant] = {}
    if not isinstance(named, Mapping):
        return found
    for seat, entry in named.items():
        try:
            found[int(seat)] = SeatEntrant(int(entry["entrant"]), bool(entry.get("substitute")))
        except (KeyError, TypeError, ValueError, AttributeError):
            log.warning("table setting %s: seat %r unreadable, left out", ENTRANTS_SETTING, seat)
    return found


def winning_seats(result: MatchResult | None, players: int) -> list[int]:
    """The seats that won (empty: no winner, or no result)."""
    if result is None:
        return []
    return sorted(s for s in result.winners if 0 <= s < players)


def final_scores(result: MatchResult | None) -> list[int]:
    """The final score per team or per seat, in the game's unit."""
    return [] if result is None else list(result.score.values)


def build_match_record(
    table: TableRecord,
    spec: GameSpec[Any],
    match: Match[Any],
    *,
    ended_at: float,
    actions: int,
    started_at: float | None = None,
    entrants: Mapping[int, SeatEntrant] | None = None,
    tallies: TallyReader | None = None,
) -> MatchRecord:
    """The record of a match that ended (``match.is_over``) or was abandoned (not over).

    ``entrants`` (seat -> entrant) names the entrant each seat played for when a match
    night paired them, a substitute marked as such; left out, storage finds each team's
    entrant from its players (``seat_entrants`` of the table's settings by default).
    ``tallies`` is the game plugin's reader of calls and
    contracts (``GamePlugin.tally_reader``); units won are counted without it."""
    teams = spec.teams(table.players)
    typed = match.typed_result() if match.is_over else None
    result = match.result if typed is not None else None
    winners = winning_seats(typed, table.players)
    team_of = {seat: index for index, team in enumerate(teams or ()) for seat in team}
    seats = []
    playing_for = seat_entrants(table.settings) if entrants is None else entrants
    for index, seat in enumerate(table.seats):
        if seat is None:
            seats.append(MatchSeat(index, "", computer="empty", team=team_of.get(index)))
            continue
        computer = seat.computer
        seats.append(
            MatchSeat(
                seat=index,
                name=seat.name,
                user_id=seat.user_id if computer is None else None,
                computer=computer,
                team=team_of.get(index),
                away=seat.away,
                won=index in winners,
                entrant_id=playing_for[index].entrant_id if index in playing_for else None,
                substitute=playing_for[index].substitute if index in playing_for else False,
            )
        )
    hands = list(match.hand_results)
    seat_tallies, side_tallies = (
        match_tallies(hands, table.players, teams, tallies) if match.is_over else ([], [])
    )
    return MatchRecord(
        table_id=table.id or None,
        guild_id=table.guild_id,
        channel_id=table.channel_id,
        game=table.game,
        players=table.players,
        options=dict(table.options),
        seed=table.seed,
        deals=list(table.deals),
        status=MatchStatus.FINISHED if match.is_over else MatchStatus.ABANDONED,
        seats=seats,
        teams=[list(t) for t in teams] if teams else None,
        winners=winners,
        scores=final_scores(typed),
        result=dict(result) if result is not None else None,
        hand_results=hands,
        tallies=seat_tallies,
        side_tallies=side_tallies,
        actions=actions,
        started_at=started_at,
        ended_at=ended_at,
    )


async def record_match(
    storage: Storage,
    table: TableRecord,
    spec: GameSpec[Any],
    match: Match[Any],
    *,
    ended_at: float,
    actions: int,
    games: GameRegistry | None = None,
) -> MatchOutcome | None:
    """Record a match that ended or was abandoned (the table manager's one call).

    A failure is logged and swallowed: closing a table must never fail because its league
    record could not be written.
    """
    try:
        reader = games.plugin(table.game).tally_reader if games and table.game in games else None
        record = build_match_record(
            table,
            spec,
            match,
            ended_at=ended_at,
            actions=actions,
            tallies=reader,
        )
        return await storage.matches.record_finished(record)
    except Exception:
        log.exception("table %s: the match record could not be written", table.id)
        return None
