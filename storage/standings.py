"""How one counted match changes its players' standings and ratings. Pure: no SQL.

Ratings use openskill's Plackett-Luce model. Teams are rated as teams (each member gets the
update of their team); in individual games every seat is its own team. Winners share rank 0
and everyone else rank 1 (results name winners, not a full order). Computers take part at the
model's default rating, which is never stored, so they move nobody's rating by their history
and are never rated themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from storage.match_records import LeagueSettings, MatchSeat, RatingChange

MODEL = PlackettLuce()
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating shown on leaderboards (openskill's ordinal)."""
    return mu - 3.0 * sigma


@dataclass(slots=True)
class StandingRow:
    """The mutable counters of one player's season line, as stored; an entrant's line
    (``storage.entrant_rating.EntrantRow``) carries these and a few more."""

    name: str
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    streak: int = 0
    best_streak: int = 0
    points: int = 0
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    last_match_id: int = 0
    updated_at: float = 0.0

    @property
    def rating(self) -> float:
        return ordinal(self.mu, self.sigma)


def outcome_of(won: bool, draw: bool) -> str:
    return "draw" if draw else "win" if won else "loss"


def count_result(row: StandingRow, outcome: str, settings: LeagueSettings) -> None:
    """Points, wins and the streak for one result (a rated match or a walkover)."""
    row.matches += 1
    if outcome == "draw":
        row.draws += 1
        row.points += settings.points_draw
        row.streak = 0
    elif outcome == "win":
        row.wins += 1
        row.points += settings.points_win
        row.streak = row.streak + 1 if row.streak > 0 else 1
    else:
        row.losses += 1
        row.points += settings.points_loss
        row.streak = row.streak - 1 if row.streak < 0 else -1
    row.best_streak = max(row.best_streak, row.streak)


def rated_groups(
    seats: Sequence[MatchSeat], teams: Sequence[Sequence[int]] | None
) -> list[list[int]]:
    """The groups of seats openskill rates: the teams, or one group per seat."""
    if teams:
        return [list(team) for team in teams if team]
    return [[s.seat] for s in seats]


def rate(
    seats: Sequence[MatchSeat],
    teams: Sequence[Sequence[int]] | None,
    winners: Sequence[int],
    rows: Mapping[int, StandingRow],
) -> dict[int, tuple[float, float]]:
    """New (mu, sigma) for every rated user (``rows`` keyed by user id) after the match.

    A draw (no winners, or every group winning) leaves ratings to openskill's tie update.
    """
    by_seat = {s.seat: s for s in seats}
    groups = rated_groups(seats, teams)
    winning = set(winners)
    ratings = []
    ranks: list[float] = []
    for group in groups:
        members = []
        for seat in group:
            player = by_seat.get(seat)
            row = rows.get(player.user_id) if player is not None and player.user_id else None
            if player is None or player.is_computer or row is None:
                members.append(MODEL.rating())
            else:
                members.append(MODEL.rating(mu=row.mu, sigma=row.sigma))
        ratings.append(members)
        ranks.append(0 if winning.intersection(group) else 1)
    updated = MODEL.rate(ratings, ranks=ranks)
    result: dict[int, tuple[float, float]] = {}
    for group, new in zip(groups, updated, strict=True):
        for seat, rating in zip(group, new, strict=True):
            player = by_seat.get(seat)
            if player is None or player.is_computer or player.user_id not in rows:
                continue
            assert player.user_id is not None
            result[player.user_id] = (float(rating.mu), float(rating.sigma))
    return result


def apply_match(
    seats: Sequence[MatchSeat],
    teams: Sequence[Sequence[int]] | None,
    winners: Sequence[int],
    rows: dict[int, StandingRow],
    settings: LeagueSettings,
) -> list[RatingChange]:
    """Update ``rows`` (every human's line, created beforehand) for one counted match."""
    new_ratings = rate(seats, teams, winners, rows)
    winning = set(winners)
    draw = not winning or all(s.seat in winning for s in seats)
    changes: list[RatingChange] = []
    for seat in seats:
        if seat.is_computer or seat.user_id is None:
            continue
        row = rows[seat.user_id]
        before = row.rating
        row.name = seat.name or row.name
        count_result(row, outcome_of(seat.seat in winning, draw), settings)
        row.mu, row.sigma = new_ratings[seat.user_id]
        changes.append(RatingChange(seat.seat, seat.user_id, before, row.rating, row.mu, row.sigma))
    return changes
