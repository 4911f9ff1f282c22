"""Storage: the only package with SQL. ``open_storage(url)`` picks the backend."""

from __future__ import annotations

from pathlib import Path

from storage.records import LoggedAction, SeatRecord, TableRecord, TableStatus, unpack_log
from storage.repositories import (
    ActionLog,
    ChannelTaken,
    LanguageRepository,
    Storage,
    StorageError,
    TableRepository,
)
from storage.sqlite import SqliteStorage

__all__ = [
    "ActionLog",
    "ChannelTaken",
    "LanguageRepository",
    "LoggedAction",
    "SeatRecord",
    "SqliteStorage",
    "Storage",
    "StorageError",
    "TableRecord",
    "TableRepository",
    "TableStatus",
    "open_storage",
    "unpack_log",
]


async def open_storage(url: str | Path) -> Storage:
    """A storage backend for ``url``: ``sqlite:///path``, or a plain file path.

    ``postgresql://`` URLs belong to the PostgreSQL backend (issue 9).
    """
    text = str(url)
    if text.startswith("sqlite:///"):
        return await SqliteStorage.open(text.removeprefix("sqlite:///"))
    if "://" in text:
        raise ValueError(f"no storage backend for {text.split('://')[0]!r} URLs")
    return await SqliteStorage.open(text)
