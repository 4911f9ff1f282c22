"""Plain records of finished matches and leagues that cross the storage boundary."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

T = TypeVar("T")

LeaderboardOrder = Literal["rating", "wins"]


class MatchStatus(StrEnum):
    FINISHED = "finished"
    ABANDONED = "abandoned"
    """Stopped before its end (by vote or by the host): recorded, never rated."""


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """Who played a seat. ``user_id`` is None for a computer; ``away`` marks a user whose
    seat a computer finished after repeated timeouts (the user is still the one rated)."""

    seat: int
    name: str
    user_id: int | None = None
    computer: str | None = None
    team: int | None = None
    away: bool = False
    won: bool = False
    entrant_id: int | None = None
    """The league entrant the seat played for, when known before recording (a match
    night's pairing); None: storage finds it from the team's members (open play)."""
    substitute: bool = False
    """The player is not a member of ``entrant_id``: a substitute standing in for a night."""

    @property
    def is_computer(self) -> bool:
        return self.computer is not None or self.user_id is None


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated player's rating (openskill ordinal, mu - 3 sigma) before and after a match."""

    seat: int
    user_id: int
    before: float
    after: float
    mu: float
    sigma: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(slots=True)
class MatchRecord:
    """A match as the table manager hands it over at its end (``id`` 0 until stored).

    ``winners`` are seats; ``hand_results`` is the engine's list as is; ``result`` the
    engine's final ``result`` (None for an abandoned match).
    """

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    status: MatchStatus
    seats: list[MatchSeat]
    ended_at: float
    table_id: int | None = None
    guild_id: int | None = None
    channel_id: int | None = None
    deals: list[dict[str, Any]] = field(default_factory=list)
    teams: list[list[int]] | None = None
    winners: list[int] = field(default_factory=list)
    scores: list[Any] = field(default_factory=list)
    result: dict[str, Any] | None = None
    hand_results: list[dict[str, Any]] = field(default_factory=list)
    actions: int = 0
    started_at: float | None = None
    """None: the storage takes the time of the table's first logged action."""
    id: int = 0
    season: int | None = None
    """The league season the match counted in; None when it did not count."""
    rated: bool = False
    rating_changes: list[RatingChange] = field(default_factory=list)
    tallies: list[tuple[int, str, int, int]] = field(default_factory=list)
    """Calls, contracts and units won, as (seat, stat, attempted, made): what the game's
    plugin reads in the hand results (``leagues.stats``); summed per player."""
    side_tallies: list[tuple[int, str, int, int]] = field(default_factory=list)
    """The same per side, as (side, stat, attempted, made), a side being a team (its index)
    or, without teams, a seat: summed per entrant."""

    @property
    def computers(self) -> bool:
        """Whether a computer player held a seat (a takeover of an away user does not count)."""
        return any(s.is_computer for s in self.seats)

    @property
    def duration(self) -> float:
        return max(0.0, self.ended_at - (self.started_at or self.ended_at))


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    """What recording did: the match id, whether and where it counted, rating changes."""

    match_id: int
    rated: bool
    season: int | None
    changes: list[RatingChange]
    already_recorded: bool = False


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One line of a match history."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    status: MatchStatus
    ended_at: float
    duration: float
    winners: list[int]
    scores: list[Any]
    seats: list[MatchSeat]
    rated: bool
    season: int | None
    computers: bool
    rating_changes: list[RatingChange] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Season:
    guild_id: int
    game: str
    number: int
    started_at: float
    ended_at: float | None = None
    name: str | None = None
    ends_at: float | None = None
    """When the season was set to end (the first match from then on opens the next)."""

    @property
    def current(self) -> bool:
        return self.ended_at is None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonLine:
    """A line of a league season's table, a player's (``Standing``) or an entrant's
    (``storage.entrant_records.EntrantStanding``). ``rating`` is the openskill ordinal."""

    guild_id: int
    game: str
    season: int
    name: str
    matches: int
    wins: int
    losses: int
    draws: int
    streak: int
    """Positive: wins in a row now; negative: losses in a row."""
    best_streak: int
    points: int
    mu: float
    sigma: float
    rating: float
    last_match_id: int
    rank: int = 0
    """Place in the table or on the leaderboard page it was read from (1-based); 0
    elsewhere (or unlisted)."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing(SeasonLine):
    """A player's line in a league season."""

    user_id: int


@dataclass(frozen=True, slots=True)
class PlayerGameStats:
    """A player's record in one game of a guild: this season and all seasons together."""

    game: str
    season: Standing | None
    matches: int
    wins: int
    losses: int
    draws: int
    points: int
    seasons: int
    abandoned: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.matches if self.matches else 0.0


@dataclass(frozen=True, slots=True)
class LeagueSettings:
    """Per-guild league rules. ``computers_count``: whether a match in which a computer
    held a seat counts for standings and ratings (computers themselves are never rated)."""

    guild_id: int
    computers_count: bool = True
    points_win: int = 3
    points_draw: int = 1
    points_loss: int = 0
    provisional_matches: int = 10
    """An entrant's rating is provisional (shown with "?") until this many rated matches."""
    listed_matches: int = 3
    """The table lists an entrant with at least this many rated matches ..."""
    listed_days: int = 30
    """... the last of them within this many days."""


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    items: list[T]
    page: int
    per_page: int
    has_next: bool
    total: int | None = None
    """Known for leaderboards (players in the season); None for histories."""

    @property
    def has_previous(self) -> bool:
        return self.page > 0
