"""Group commit for the action log, shared by the SQLite and PostgreSQL backends.

Every ``append`` waits for the commit that holds its row; appends that arrive while a
commit is in flight share the next one, so busy tables cost one commit per batch. If a
batch fails, each row is committed alone so one bad row fails only its own append.
``enqueue`` queues a row without waiting (the table manager applies a whole chain of
moves, a player's and the computers' answers, then waits once): each table's rows stay a
prefix of what was queued, because once one of a table's rows fails, its later rows fail
unwritten until ``forgive``. A backend supplies the two inserts. It may also join writes
of its own to the next batch (``_join_next_commit``: SQLite's table snapshots), so they
cost no commit of their own and do not hold up the batches behind its single writer.
A backend whose commit is cheap enough to run on the event loop (SQLite's WAL without
fsync) may also commit what is queued at once (``commit_now``): a click's rows are then
durable without the loop passes a flusher task and a thread hop take, each of which waits
behind every other table's ready work on a busy loop (issue 37).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Sequence

from storage.records import LoggedAction


class EarlierRowFailed(Exception):
    """A row not written because an earlier row of its table failed."""

    def __init__(self, table_id: int, seq: int) -> None:
        super().__init__(f"table {table_id}: seq {seq} not written after an earlier row failed")


def _outcome(future: asyncio.Future[None]) -> BaseException | None:
    if future.cancelled():
        return asyncio.CancelledError()
    return future.exception()


PendingAppend = tuple[LoggedAction, "asyncio.Future[None]"]
PendingExtra = tuple[object, "asyncio.Future[None]"]


class GroupCommitLog(ABC):
    def __init__(self) -> None:
        self._pending: list[PendingAppend] = []
        self._extras: list[PendingExtra] = []
        self._flusher: asyncio.Task[None] | None = None
        self._failed_tables: set[int] = set()
        self._in_flight = False
        """A batch taken by the flusher is being written: a commit now would overtake it."""
        self.commits = 0
        """Commits made by the log (the benchmark reports actions per commit)."""

    @abstractmethod
    async def _insert_batch(
        self, actions: list[LoggedAction], extras: Sequence[object] = ()
    ) -> None:
        """Insert and commit all of ``actions`` (and the backend's own ``extras``, given
        to ``_join_next_commit``) in one transaction, or raise having rolled back."""

    @abstractmethod
    async def _insert_single(self, action: LoggedAction) -> None:
        """Insert and commit one action, or raise having rolled back."""

    def _write_at_once(self, actions: list[LoggedAction], extras: Sequence[object]) -> bool:
        """Insert and commit ``actions`` and ``extras`` in one transaction on the caller's
        thread, if this backend can without waiting; False (nothing written) if it cannot
        or the write failed: the flusher then writes them, and reports a failure."""
        return False

    def commit_now(self) -> bool:
        """Commit everything queued at once (``_write_at_once``) when no batch is being
        written; True if nothing queued is left uncommitted."""
        if not (self._pending or self._extras):
            return True
        if self._in_flight:
            return False
        batch, extras = self._pending, self._extras
        if self._failed_tables:
            batch = self._refuse_after_failures(batch)
        if not (batch or extras):
            self._pending = []
            return True
        if not self._write_at_once([action for action, _ in batch], [e for e, _ in extras]):
            self._pending = batch
            return False
        self._pending, self._extras = [], []
        self.commits += 1
        for _, future in (*batch, *extras):
            if not future.done():
                future.set_result(None)
        return True

    async def settle(self, futures: Sequence[asyncio.Future[None]]) -> list[BaseException | None]:
        """Wait until ``futures`` (from ``enqueue``) are committed, committing now where
        the backend can (``commit_now``); each one's outcome as ``gather(...,
        return_exceptions=True)`` gives it. Done at once, it takes no loop pass (gather
        would answer a pass later even when all are done)."""
        self.commit_now()
        if all(future.done() for future in futures):
            return [_outcome(future) for future in futures]
        return list(await asyncio.gather(*futures, return_exceptions=True))

    async def append(self, action: LoggedAction) -> None:
        await self.enqueue(action)

    def enqueue(self, action: LoggedAction) -> asyncio.Future[None]:
        """Queue ``action`` for the next group commit; the future is done once it is
        committed (or failed: then so do the table's later rows, see ``forgive``)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((action, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        return future

    def forgive(self, table_id: int) -> None:
        """Accept the table's rows again after one failed (its owner has gone back to
        what the log holds)."""
        self._failed_tables.discard(table_id)

    async def _join_next_commit(self, extra: object) -> None:
        """Write ``extra`` (the backend's ``_insert_batch`` knows what it is) in the next
        batch's transaction; returns once that is committed."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._extras.append((extra, future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush())
        await future

    async def drain(self) -> None:
        """Wait until every pending append is committed."""
        while self._flusher is not None and not self._flusher.done():
            await self._flusher

    async def _flush(self) -> None:
        while self._pending or self._extras:
            batch, self._pending = self._pending, []
            extras, self._extras = self._extras, []
            if self._failed_tables:
                batch = self._refuse_after_failures(batch)
            self._in_flight = True
            try:
                await self._insert_batch([action for action, _ in batch], [e for e, _ in extras])
                self.commits += 1
            except Exception:
                await self._insert_one_by_one(batch, extras)
                continue
            finally:
                self._in_flight = False
            for _, future in batch:
                if not future.done():
                    future.set_result(None)
            for _, future in extras:
                if not future.done():
                    future.set_result(None)

    def _refuse_after_failures(self, batch: list[PendingAppend]) -> list[PendingAppend]:
        """Fail, unwritten, the rows of tables whose earlier row failed (a gap in a
        table's log would make it unreadable); returns the rest."""
        kept: list[PendingAppend] = []
        for action, future in batch:
            if action.table_id in self._failed_tables:
                if not future.done():
                    future.set_exception(EarlierRowFailed(action.table_id, action.seq))
            else:
                kept.append((action, future))
        return kept

    async def _insert_one_by_one(
        self, batch: list[PendingAppend], extras: list[PendingExtra]
    ) -> None:
        for action, future in batch:
            if action.table_id in self._failed_tables:
                if not future.done():
                    future.set_exception(EarlierRowFailed(action.table_id, action.seq))
                continue
            try:
                await self._insert_single(action)
                self.commits += 1
            except Exception as exc:
                self._failed_tables.add(action.table_id)
                if not future.done():
                    future.set_exception(exc)
            else:
                if not future.done():
                    future.set_result(None)
        for extra, future in extras:
            try:
                await self._insert_batch([], [extra])
            except Exception as exc:
                if not future.done():
                    future.set_exception(exc)
            else:
                if not future.done():
                    future.set_result(None)
