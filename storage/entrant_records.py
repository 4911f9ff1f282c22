"""Plain records of league entrants that cross the storage boundary: an entrant (a fixed
pair or trio, or one player), its line in a season's table, and its stats."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from storage.match_records import SeasonLine
from storage.repositories import StorageError


class EntrantRefused(StorageError):
    """A change to entrants that the league's rules refuse (a name taken, a player already
    in another entrant, a full pair): ``template`` is the catalog's English sentence with
    ``{param}`` fields, ``code`` a stable id, so the cog translates it."""

    def __init__(self, template: str, *, code: str, **params: Any) -> None:
        self.template, self.code, self.params = template, code, params
        super().__init__(template.format(**params))


@dataclass(frozen=True, slots=True)
class Entrant:
    """A league entrant: ``size`` members (1: a player on their own, 2: a pair, 3: a trio)
    in one guild's league of one game. ``members`` are user ids, the captain first."""

    id: int
    guild_id: int
    game: str
    size: int
    name: str
    captain_id: int | None
    members: tuple[int, ...]
    created_at: float
    retired_at: float | None = None

    @property
    def active(self) -> bool:
        return self.retired_at is None

    @property
    def complete(self) -> bool:
        """Whether it has all its members (only a complete entrant is paired or rated)."""
        return len(self.members) == self.size


@dataclass(frozen=True, slots=True)
class SeatEntrant:
    """Which entrant a seat of a match played for; ``substitute``: the player in the seat
    is not a member, standing in for the night (recorded as such, never made a member)."""

    entrant_id: int
    substitute: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class EntrantStanding(SeasonLine):
    """An entrant's line in a season's table: a season line, and the entrant's size, its
    rated matches, series won and when it was last rated; ``provisional`` below the
    league's number of rated matches (shown with "?")."""

    entrant_id: int
    size: int
    rated_matches: int
    series_won: int
    last_rated_at: float | None
    provisional: bool = True


@dataclass(frozen=True, slots=True)
class StatLine:
    """One stat of an entrant or a player: a call or contract ``attempted`` and ``made``
    times, or (``won:<unit>``) the units won, in ``made``."""

    stat: str
    attempted: int
    made: int


@dataclass(frozen=True, slots=True)
class EntrantMatch:
    """One entrant's side of a recorded match (head-to-head, exports, nights)."""

    match_id: int
    entrant_id: int
    team: int
    outcome: str
    """``win``, ``loss`` or ``draw``."""
    rated: bool
    rating_before: float | None
    rating_after: float | None
    substitutes: int
    ended_at: float
    season: int | None
