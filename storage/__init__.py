"""Storage: the only package with SQL. ``open_storage(url)`` picks the backend."""

from __future__ import annotations

from pathlib import Path

from storage.entrant_records import (
    Entrant,
    EntrantMatch,
    EntrantRefused,
    EntrantStanding,
    SeatEntrant,
    StatLine,
)
from storage.guild_settings import GuildSettings
from storage.match_records import (
    LeagueSettings,
    MatchOutcome,
    MatchRecord,
    MatchSeat,
    MatchStatus,
    MatchSummary,
    Page,
    PlayerGameStats,
    RatingChange,
    Season,
    Standing,
)
from storage.records import (
    LoggedAction,
    QuarantinedTable,
    SeatRecord,
    TableRecord,
    TableStatus,
    unpack_log,
)
from storage.repositories import (
    ActionLog,
    ChannelTaken,
    LanguageRepository,
    LeagueRepository,
    MatchRepository,
    Storage,
    StorageError,
    StorageUnavailable,
    TableRepository,
)
from storage.shards import ShardSet, ShardTaken
from storage.sqlite import SqliteStorage

__all__ = [
    "ActionLog",
    "ChannelTaken",
    "Entrant",
    "EntrantMatch",
    "EntrantRefused",
    "EntrantStanding",
    "GuildSettings",
    "LanguageRepository",
    "LeagueRepository",
    "LeagueSettings",
    "LoggedAction",
    "MatchOutcome",
    "MatchRecord",
    "MatchRepository",
    "MatchSeat",
    "MatchStatus",
    "MatchSummary",
    "Page",
    "PlayerGameStats",
    "QuarantinedTable",
    "RatingChange",
    "Season",
    "SeatEntrant",
    "SeatRecord",
    "ShardSet",
    "ShardTaken",
    "SqliteStorage",
    "Standing",
    "StatLine",
    "Storage",
    "StorageError",
    "StorageUnavailable",
    "TableRecord",
    "TableRepository",
    "TableStatus",
    "open_storage",
    "unpack_log",
]


async def open_storage(url: str | Path) -> Storage:
    """A storage backend for ``url``: ``sqlite:///path`` (or a plain file path) for the
    embedded store, ``postgresql://user:pass@host:port/db`` (or ``postgres://``) for
    PostgreSQL, which several bot processes (shards) can share.
    """
    text = str(url)
    if text.startswith("sqlite:///"):
        return await SqliteStorage.open(text.removeprefix("sqlite:///"))
    if text.startswith(("postgresql://", "postgres://")):
        from storage.postgres import PgStorage  # asyncpg is imported only when used

        return await PgStorage.open(text)
    if "://" in text:
        raise StorageUnavailable(
            f"no storage backend for {text.split('://')[0]!r} URLs: use sqlite:///path/to/file "
            "or postgresql://user:password@host:port/database"
        )
    return await SqliteStorage.open(text)
