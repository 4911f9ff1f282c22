"""The storage interface the rest of the bot sees. SQLite implements it today; a PostgreSQL
backend (issue 9) implements the same protocols, and match records or leagues arrive as
further repositories on ``Storage``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from storage.records import LoggedAction, SeatRecord, TableRecord, TableStatus


class TableRepository(Protocol):
    async def create(self, table: TableRecord) -> TableRecord:
        """Store a new table and return it with its ``id``.

        A second open table in the same channel raises ``ChannelTaken``.
        """

    async def get(self, table_id: int) -> TableRecord | None: ...

    async def open_in_channel(self, channel_id: int) -> TableRecord | None: ...

    async def list_open(self) -> list[TableRecord]:
        """Every table in the lobby or running (restart recovery)."""

    async def update_seats(self, table_id: int, seats: Sequence[SeatRecord | None]) -> None: ...

    async def update_status(
        self, table_id: int, status: TableStatus, *, host_id: int | None = None
    ) -> None: ...

    async def start(
        self, table_id: int, seats: Sequence[SeatRecord | None], seed: int, players: int
    ) -> None:
        """Mark a table running with its final seats and seed, in one transaction."""

    async def save_snapshot(self, table_id: int, snapshot: dict[str, Any], seq: int) -> None: ...


class ActionLog(Protocol):
    async def append(self, action: LoggedAction) -> None:
        """Durably store an action; returns only once it is committed."""

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


class Storage(Protocol):
    @property
    def tables(self) -> TableRepository: ...

    @property
    def languages(self) -> LanguageRepository: ...

    @property
    def actions(self) -> ActionLog: ...

    async def close(self) -> None: ...


class StorageError(Exception):
    """A storage failure the caller can act on."""


class ChannelTaken(StorageError):
    """The channel already has an open table."""
