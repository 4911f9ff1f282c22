"""The storage interface the rest of the bot sees. SQLite (``storage.sqlite``) and
PostgreSQL (``storage.postgres``) implement the same protocols.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from storage.guild_settings import GuildSettings
from storage.match_records import (
    LeaderboardOrder,
    LeagueSettings,
    MatchOutcome,
    MatchRecord,
    MatchSummary,
    Page,
    PlayerGameStats,
    Season,
    Standing,
)
from storage.nights import SqlNightRepository
from storage.records import (
    HandReport,
    LoggedAction,
    QuarantinedTable,
    SeatRecord,
    TableRecord,
    TableStatus,
)
from storage.shards import ShardSet

if TYPE_CHECKING:
    from storage.duplicate import SqlDuplicateRepository
    from storage.entrant_records import Entrant, EntrantMatch, EntrantStanding, StatLine


class TableRepository(Protocol):
    async def create(self, table: TableRecord) -> TableRecord:
        """Store a new table and return it with its ``id``.

        A second open table in the same channel raises ``ChannelTaken``.
        """

    async def get(self, table_id: int) -> TableRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> TableRecord | None: ...

    async def list_open(self, shards: ShardSet | None = None) -> list[TableRecord]:
        """Every table in the lobby or running (restart recovery); with ``shards``, only
        those of guilds on these shards. A row that does not read is quarantined
        (``quarantine``) and left out, so its channel is free."""

    async def update_seats(self, table_id: int, seats: Sequence[SeatRecord | None]) -> None: ...

    async def update_status(
        self, table_id: int, status: TableStatus, *, host_id: int | None = None
    ) -> None: ...

    async def start(
        self, table_id: int, seats: Sequence[SeatRecord | None], seed: int, players: int
    ) -> None:
        """Mark a table running with its final seats and seed, in one transaction."""

    async def save_snapshot(self, table_id: int, snapshot: dict[str, Any], seq: int) -> None: ...

    async def update_settings(self, table_id: int, settings: dict[str, Any]) -> None:
        """Replace the table's settings (its JSON object: timers, lobby kicks)."""

    async def quarantine(self, table_id: int, reason: str) -> None:
        """Set a damaged table aside (``TableStatus.QUARANTINED``) with the reason: its
        channel is free and its rows stay, untouched, for ``export``."""

    async def list_quarantined(
        self,
        *,
        guild_id: int | None = None,
        channel_id: int | None = None,
        untold: bool = False,
        shards: ShardSet | None = None,
    ) -> list[QuarantinedTable]:
        """Quarantined tables, newest first: of a guild, of a channel, only those whose
        channel was not told yet, of these shards' guilds (each filter when given)."""

    async def mark_told(self, table_id: int) -> None:
        """The quarantined table's channel has been told."""

    async def export(self, table_id: int) -> dict[str, Any] | None:
        """The table's stored row (every column as stored, unparsed) and its action log,
        JSON-able, for a bug report; None if there is no such table."""


class ActionLog(Protocol):
    async def append(self, action: LoggedAction) -> None:
        """Durably store an action; returns only once it is committed."""

    def enqueue(self, action: LoggedAction) -> asyncio.Future[None]:
        """Queue an action for the next group commit; the future is done once it is
        committed. Once one of a table's actions fails, its later ones fail unwritten (the
        log stays a prefix) until ``forgive``."""

    def forgive(self, table_id: int) -> None:
        """Accept a table's actions again after a failure (its state was reloaded)."""

    async def settle(self, futures: Sequence[asyncio.Future[None]]) -> list[BaseException | None]:
        """Wait until ``enqueue``'s futures are committed (at once on the caller's thread
        where the backend can: SQLite on the loop); each one's outcome, None or the
        exception, as ``gather(..., return_exceptions=True)`` gives it."""

    async def append_many(self, actions: Sequence[LoggedAction]) -> None:
        """Store many actions in one transaction (imports, benchmarks, tests)."""

    async def remove(self, table_id: int, seq: int) -> None:
        """Take back an entry the engine then refused (never expected; keeps the log clean)."""

    async def for_table(self, table_id: int, after_seq: int = 0) -> list[LoggedAction]: ...

    async def for_tables(self, table_ids: Sequence[int]) -> dict[int, list[LoggedAction]]:
        """Every table's log at once."""

    async def packed_logs(self, table_ids: Sequence[int]) -> dict[int, str]:
        """Each table's log after its snapshot (``snapshot_seq``), packed into one string
        per table (decode with ``storage.records.unpack_log``): restart recovery reads
        thousands of logs this way instead of millions of rows."""


class LanguageRepository(Protocol):
    """Chosen languages: a server's default (``guild``) and a player's own (``user``)."""

    async def all(self) -> tuple[dict[int, str], dict[int, str]]:
        """Every choice as ``(by guild id, by user id)`` (loaded once at start)."""

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        """Set a server's language; ``None`` clears it."""

    async def set_user(self, user_id: int, language: str | None) -> None:
        """Set a player's language; ``None`` clears it."""


class HandReportRepository(Protocol):
    """Players' reports of a hand, with what replays it (``HandReport``)."""

    async def add(self, report: HandReport) -> int:
        """Store a report; returns its id."""

    async def for_guild(self, guild_id: int | None, limit: int = 20) -> list[HandReport]:
        """A server's latest reports, newest first."""

    async def get(self, report_id: int) -> HandReport | None: ...


class MatchRepository(Protocol):
    async def record_finished(self, record: MatchRecord) -> MatchOutcome:
        """Store a finished or abandoned match in one transaction, with its league results
        when it counts; idempotent per ``table_id``."""

    async def record_many(self, records: Sequence[MatchRecord]) -> list[MatchOutcome]:
        """Record many matches in order in one transaction (imports, benchmarks)."""

    async def get(self, match_id: int) -> MatchRecord | None: ...

    async def get_by_table(self, table_id: int) -> MatchRecord | None: ...

    async def history(
        self,
        guild_id: int | None,
        *,
        user_id: int | None = None,
        game: str | None = None,
        page: int = 0,
        per_page: int = 10,
        before: int | None = None,
    ) -> Page[MatchSummary]: ...

    async def count(self, guild_id: int | None = None) -> int: ...


class LeagueRepository(Protocol):
    async def settings(self, guild_id: int) -> LeagueSettings: ...

    async def save_settings(self, settings: LeagueSettings) -> None: ...

    async def seasons(self, guild_id: int, game: str) -> list[Season]: ...

    async def current_season(self, guild_id: int, game: str) -> int: ...

    async def start_season(
        self,
        guild_id: int,
        game: str,
        *,
        name: str | None = None,
        at: float | None = None,
        ends_at: float | None = None,
    ) -> Season: ...

    async def leaderboard(
        self,
        guild_id: int,
        game: str,
        *,
        season: int | None = None,
        by: LeaderboardOrder = "rating",
        page: int = 0,
        per_page: int = 10,
    ) -> Page[Standing]: ...

    async def standing(
        self, guild_id: int, game: str, user_id: int, *, season: int | None = None
    ) -> Standing | None: ...

    async def player_stats(self, guild_id: int, user_id: int) -> list[PlayerGameStats]: ...


class EntrantRepository(Protocol):
    """League entrants (``storage.entrants``): refusals raise ``EntrantRefused``."""

    async def create(
        self,
        guild_id: int,
        game: str,
        size: int,
        name: str,
        members: Sequence[int],
        *,
        captain_id: int | None = None,
        at: float | None = None,
    ) -> Entrant: ...

    async def get(self, entrant_id: int) -> Entrant | None: ...

    async def individual(
        self, guild_id: int, game: str, user_id: int, name: str, *, at: float | None = None
    ) -> Entrant: ...

    async def many(self, entrant_ids: Iterable[int]) -> dict[int, Entrant]: ...

    async def find(self, guild_id: int, game: str, size: int, name: str) -> Entrant | None: ...

    async def of_user(
        self, guild_id: int, game: str, user_id: int, *, size: int | None = None
    ) -> list[Entrant]: ...

    async def in_league(
        self, guild_id: int, game: str, *, size: int | None = None, retired: bool = False
    ) -> list[Entrant]: ...

    async def add_member(
        self, entrant_id: int, user_id: int, *, at: float | None = None
    ) -> Entrant: ...

    async def remove_member(self, entrant_id: int, user_id: int) -> Entrant: ...

    async def set_captain(self, entrant_id: int, user_id: int) -> Entrant: ...

    async def retire(self, entrant_id: int, *, at: float | None = None) -> Entrant: ...

    async def for_members(
        self, guild_id: int, game: str, user_ids: Sequence[int]
    ) -> Entrant | None: ...

    async def matches(
        self, entrant_id: int, *, before: int | None = None, limit: int = 50
    ) -> list[EntrantMatch]: ...

    async def match_sides(self, match_id: int) -> list[EntrantMatch]: ...

    async def substitute_appearances(self, entrant_id: int) -> list[tuple[int, int, int]]: ...


class EntrantStandingRepository(Protocol):
    """Entrants' season tables and stats (``storage.entrant_standings``)."""

    async def table(
        self,
        guild_id: int,
        game: str,
        size: int,
        *,
        season: int | None = None,
        page: int = 0,
        per_page: int = 10,
        now: float | None = None,
        everyone: bool = False,
    ) -> Page[EntrantStanding]: ...

    async def standing(
        self,
        guild_id: int,
        game: str,
        entrant_id: int,
        *,
        season: int | None = None,
        now: float | None = None,
    ) -> EntrantStanding | None: ...

    async def entrant_stats(
        self, guild_id: int, game: str, entrant_id: int, *, season: int | None = None
    ) -> list[StatLine]: ...

    async def player_stats(self, guild_id: int, game: str, user_id: int) -> list[StatLine]: ...

    async def season_results(
        self, guild_id: int, game: str, *, season: int | None = None, limit: int | None = None
    ) -> list[EntrantMatch]: ...

    async def record_walkover(
        self, guild_id: int, game: str, winner_id: int, loser_id: int, *, at: float
    ) -> None: ...

    async def add_series_won(
        self, guild_id: int, game: str, entrant_id: int, *, at: float, n: int = 1
    ) -> None: ...


class GuildSettingsRepository(Protocol):
    async def get(self, guild_id: int) -> GuildSettings:
        """The guild's settings (defaults when it never saved any)."""

    async def save(self, settings: GuildSettings) -> None: ...


class CommandSyncRepository(Protocol):
    async def synced_hash(self, target: str) -> str | None:
        """The hash of the command tree last synced to ``target``; None if never."""

    async def save(self, target: str, tree_hash: str) -> None: ...


class Storage(Protocol):
    @property
    def tables(self) -> TableRepository: ...

    @property
    def languages(self) -> LanguageRepository: ...

    @property
    def hand_reports(self) -> HandReportRepository: ...

    @property
    def actions(self) -> ActionLog: ...

    @property
    def matches(self) -> MatchRepository: ...

    @property
    def leagues(self) -> LeagueRepository: ...

    @property
    def guilds(self) -> GuildSettingsRepository: ...

    @property
    def entrants(self) -> EntrantRepository: ...

    @property
    def entrant_standings(self) -> EntrantStandingRepository: ...

    @property
    def command_sync(self) -> CommandSyncRepository: ...

    @property
    def duplicate(self) -> SqlDuplicateRepository:
        """Duplicate events and entries (one dialect-neutral class for both backends)."""

    @property
    def nights(self) -> SqlNightRepository: ...

    async def claim_shards(self, shards: ShardSet) -> None:
        """Claim this process's shards for as long as the storage is open; raises
        ``ShardTaken`` when another live process holds one."""

    async def close(self) -> None: ...


class StorageError(Exception):
    """A storage failure the caller can act on."""


class StorageUnavailable(StorageError):
    """The database cannot be used as it is (unreachable, unreadable, read-only, a schema
    this code does not know): the message is one line that says what to fix."""


class ChannelTaken(StorageError):
    """The channel already has an open table."""
