"""From a table and its engine match to the ``MatchRecord`` that storage keeps.

Engines word their ``result`` differently: ``winners`` (seats) in most, a team index in
some (``winner_team`` / ``winner``); scores as ``scores``, ``balls``, ``tokens`` or
``points``. ``winning_seats`` and ``final_scores`` read them all.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from rules.contract import GameSpec, Match
from storage import MatchOutcome, MatchRecord, MatchSeat, MatchStatus, Storage, TableRecord

log = logging.getLogger(__name__)

SCORE_KEYS = ("scores", "balls", "tokens", "points")


def winning_seats(
    result: Mapping[str, Any] | None,
    players: int,
    teams: Sequence[Sequence[int]] | None,
) -> list[int]:
    """The seats that won, from an engine's ``result`` (empty: no winner, or no result)."""
    if not result:
        return []
    seats = result.get("winners")
    if isinstance(seats, list) and all(isinstance(s, int) for s in seats):
        return sorted(s for s in seats if 0 <= s < players)
    for key in ("winner_team", "winner"):
        index = result.get(key)
        if isinstance(index, int) and not isinstance(index, bool):
            if teams:
                return sorted(teams[index]) if 0 <= index < len(teams) else []
            return [index] if 0 <= index < players else []
    return []


def final_scores(result: Mapping[str, Any] | None) -> list[Any]:
    if not result:
        return []
    for key in SCORE_KEYS:
        value = result.get(key)
        if isinstance(value, list):
            return list(value)
    return []


def build_match_record(
    table: TableRecord,
    spec: GameSpec[Any],
    match: Match[Any],
    *,
    ended_at: float,
    actions: int,
    started_at: float | None = None,
) -> MatchRecord:
    """The record of a match that ended (``match.is_over``) or was abandoned (not over)."""
    teams = spec.teams(table.players)
    result = match.result if match.is_over else None
    winners = winning_seats(result, table.players, teams)
    team_of = {seat: index for index, team in enumerate(teams or ()) for seat in team}
    seats = []
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
            )
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
        scores=final_scores(result),
        result=dict(result) if result is not None else None,
        hand_results=list(match.hand_results),
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
) -> MatchOutcome | None:
    """Record a match that ended or was abandoned (the table manager's one call).

    A failure is logged and swallowed: closing a table must never fail because its league
    record could not be written.
    """
    try:
        record = build_match_record(table, spec, match, ended_at=ended_at, actions=actions)
        return await storage.matches.record_finished(record)
    except Exception:
        log.exception("table %s: the match record could not be written", table.id)
        return None
