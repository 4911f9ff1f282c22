"""Checkpoints of the SQLite write-ahead log, off the writer's path.

SQLite's own checkpoint (``wal_autocheckpoint``, every 1,000 pages) runs inside the commit
that passes the mark, on the one writer connection's thread: that commit copies the WAL's
pages into the database and makes both files durable (with ``synchronous=NORMAL`` the
checkpoint's two fsyncs are the only ones), and every table's group commit waits behind it
(commit waits up to 276 ms at 1,000 tables; ``bench/commit_wait.py``). Here the writer
never checkpoints (``wal_autocheckpoint=0``): a second connection, on its own thread, runs
PASSIVE checkpoints every ``every`` seconds while commits go on (a PASSIVE checkpoint takes
no lock a writer waits for).

The WAL starts over from its beginning at the first write after a checkpoint has copied
all of it; under sustained writes a commit lands while the checkpoint runs, so that may
never happen and the file would grow without end. Past ``limit_bytes`` the checkpointer
copies the few pages written since its pass with the writers held (the backend's write
lock: no commit meanwhile, so the next commit starts the WAL over) and
``journal_size_limit`` truncates the file back when it does. The WAL, the disk it uses and
what a restart reads stay near ``limit_bytes``; the writers' wait then is that short pass,
once per ``limit_bytes`` written. A checkpointer kept off the CPU (a loaded machine)
would let the WAL grow meanwhile, so the writer also looks at the file before it commits:
past ``CEILING`` times the limit, it runs the held pass itself first (``start_over``), and
the bound does not depend on how promptly this thread is scheduled.

Durability is SQLite's: a commit is in the WAL before it returns; the checkpoint syncs the
WAL before copying and the database after, with the writer's ``synchronous`` setting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

log = logging.getLogger(__name__)

EVERY = 1.0
"""Seconds between background checkpoints (each copies what was committed since)."""

LIMIT_BYTES = 64 * 1024 * 1024
"""The WAL's size past which a checkpoint holds the writers to start the WAL over."""

CEILING = 4
"""Times ``limit_bytes`` past which the writer starts the WAL over before it commits."""


@dataclass
class CheckpointStats:
    """What the checkpointer did (the benchmark prints it)."""

    passes: int = 0
    """Background checkpoints that found pages to copy."""
    seconds: float = 0.0
    longest: float = 0.0
    held: int = 0
    """Checkpoints run with the writers held (the WAL past its limit)."""
    held_seconds: float = 0.0
    longest_held: float = 0.0
    largest_wal_pages: int = 0
    """The most pages the WAL held when a checkpoint began."""
    failures: int = 0


class WalCheckpointer:
    """PASSIVE checkpoints from a connection of its own, every ``every`` seconds."""

    def __init__(
        self,
        conn: aiosqlite.Connection,
        write_lock: asyncio.Lock,
        *,
        page_size: int,
        every: float = EVERY,
        limit_bytes: int = LIMIT_BYTES,
        wal_path: Path | None = None,
    ) -> None:
        self._conn = conn
        self._wal_path = wal_path
        self._ceiling_bytes = CEILING * limit_bytes
        self._write_lock = write_lock
        self._every = every
        self._limit_pages = max(limit_bytes // page_size, 1)
        self.stats = CheckpointStats()
        self._task: asyncio.Task[None] | None = None

    @classmethod
    async def open(
        cls,
        path: str | Path,
        write_lock: asyncio.Lock,
        *,
        synchronous: str,
        page_size: int,
        every: float = EVERY,
        limit_bytes: int = LIMIT_BYTES,
    ) -> WalCheckpointer:
        conn = await aiosqlite.connect(str(path))
        try:
            # The checkpoint's syncs follow its own connection's setting: the writer's.
            await conn.execute(f"PRAGMA synchronous={synchronous}")
            await conn.execute("PRAGMA wal_autocheckpoint=0")
        except BaseException:
            await conn.close()
            raise
        return cls(
            conn,
            write_lock,
            page_size=page_size,
            every=every,
            limit_bytes=limit_bytes,
            wal_path=Path(f"{path}-wal"),
        )

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self._every)
            try:
                await self.checkpoint()
            except sqlite3.Error as exc:
                # (a full disk, an I/O error: the commits report theirs; try again later)
                self.stats.failures += 1
                log.warning("WAL checkpoint failed: %s", exc)

    async def checkpoint(self) -> None:
        """One background pass; past the limit, a second with the writers held."""
        started = time.perf_counter()
        pages, _copied = await self._passive()
        took = time.perf_counter() - started
        self.stats.largest_wal_pages = max(self.stats.largest_wal_pages, pages)
        if pages > 0:
            self.stats.passes += 1
            self.stats.seconds += took
            self.stats.longest = max(self.stats.longest, took)
        if pages <= self._limit_pages:
            return
        await self.start_over()

    def past_ceiling(self) -> bool:
        """Whether the WAL file has grown past ``CEILING`` times the limit (once it starts
        over, ``journal_size_limit`` cuts the file back to the limit)."""
        if self._wal_path is None:
            return False
        try:
            return self._wal_path.stat().st_size > self._ceiling_bytes
        except OSError:
            return False

    async def start_over(self) -> None:
        """Copy what is left of the WAL with the writers held, so the next commit starts
        it over from its beginning."""
        async with self._write_lock:
            started = time.perf_counter()
            pages, copied = await self._passive()
            took = time.perf_counter() - started
        self.stats.held += 1
        self.stats.held_seconds += took
        self.stats.longest_held = max(self.stats.longest_held, took)
        if copied < pages:
            # A reader kept its pages in the WAL; the next pass tries again.
            log.info("WAL checkpoint with writers held copied %d of %d pages", copied, pages)

    async def _passive(self) -> tuple[int, int]:
        """(pages in the WAL, pages copied into the database so far)."""
        async with self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)") as cursor:
            row = await cursor.fetchone()
        assert row is not None
        return int(row[1]), int(row[2])

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self._conn.close()
