"""How one counted match changes its entrants' season lines and ratings. Pure: no SQL.

Every side of the match is rated in ONE openskill call (teiserver's lesson: rating teams
pairwise inflated ratings). An entrant is rated as one player with its own (mu, sigma),
whoever held its seats that night; a side of computers takes part at the model's default
rating, never stored, so computers are never rated. Winners share rank 0, the others rank 1;
a draw ranks every side 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from storage.match_records import LeagueSettings
from storage.standings import MODEL, StandingRow, count_result, outcome_of

__all__ = ["MODEL", "EntrantRow", "apply_sides", "listed", "provisional"]


@dataclass(slots=True)
class EntrantRow(StandingRow):
    """The mutable counters of one entrant's season line, as stored: a player's line, and
    the entrant's size, its rated matches, series won and when it was last rated."""

    size: int = field(kw_only=True)
    rated_matches: int = 0
    series_won: int = 0
    last_rated_at: float | None = None


def rate_sides(
    sides: Sequence[EntrantRow | None], ranks: Sequence[int]
) -> list[tuple[float, float] | None]:
    """New (mu, sigma) per side after one match, all sides in one openskill call; a side
    of computers (None) plays at the default rating and gets None back."""
    teams = [
        [MODEL.rating() if row is None else MODEL.rating(mu=row.mu, sigma=row.sigma)]
        for row in sides
    ]
    updated = MODEL.rate(teams, ranks=list(ranks))
    return [
        None if row is None else (float(new[0].mu), float(new[0].sigma))
        for row, new in zip(sides, updated, strict=True)
    ]


def apply_sides(
    sides: Sequence[EntrantRow | None],
    won: Sequence[bool],
    settings: LeagueSettings,
    at: float,
) -> list[tuple[float, float] | None]:
    """Update every entrant's line for one rated match; returns (before, after) ratings
    per side (None for a side of computers)."""
    draw = not any(won) or all(won)
    ranks = [0 if draw or w else 1 for w in won]
    new = rate_sides(sides, ranks)
    changes: list[tuple[float, float] | None] = []
    for row, w, rated in zip(sides, won, new, strict=True):
        if row is None or rated is None:
            changes.append(None)
            continue
        before = row.rating
        count_result(row, outcome_of(w, draw), settings)
        row.rated_matches += 1
        row.mu, row.sigma = rated
        row.last_rated_at = at
        changes.append((before, row.rating))
    return changes


def provisional(rated_matches: int, settings: LeagueSettings) -> bool:
    """Shown with "?" until the league's number of rated matches (lichess's rule)."""
    return rated_matches < settings.provisional_matches


def listed(
    rated_matches: int, last_rated_at: float | None, now: float, settings: LeagueSettings
) -> bool:
    """In the table only with enough rated matches, the last one recent enough."""
    return (
        rated_matches >= settings.listed_matches
        and last_rated_at is not None
        and last_rated_at >= now - settings.listed_days * 86_400.0
    )
