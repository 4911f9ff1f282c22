"""A player's move and the computers' answers are applied, then committed together
(``TableManager._commit`` / ``_settle``): one commit per click, nothing acknowledged
before it is durable, and a refused write takes the table back to what its log holds."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Sequence

import pytest

from storage import SqliteStorage
from storage.records import LoggedAction
from tables.manager import SETTLE_EVERY, TableManager
from tests.tables.conftest import Recorder


async def quick_toy(manager: TableManager, seed: int = 3) -> int:
    state = await manager.quick_play(
        channel_id=1, game="toy", user_id=1, name="ann", players=2, seed=seed
    )
    return state.id


async def test_a_move_and_the_computer_s_answers_share_one_commit(
    manager: TableManager, storage: SqliteStorage
) -> None:
    table = await quick_toy(manager)
    recorder = Recorder(manager)
    rng = random.Random(5)
    for _ in range(6):
        state = manager.state(table)
        if state.status != "running":
            break
        before_seq, before_commits = state.seq, storage.actions.commits
        view = manager.seat_view(table, 1)
        await manager.act(table, 1, rng.choice(view.legal).id)
        after = manager.state(table)
        assert after.seq >= before_seq + 1
        assert storage.actions.commits - before_commits == 1  # however many answered
        # Acknowledged means durable: the log holds every applied action.
        logged = await storage.actions.for_table(table)
        assert [a.seq for a in logged] == list(range(1, after.seq + 1))
    answered = [by for _, _, by in recorder.actions(table) if by != "player"]
    assert len(answered) >= 3  # the computer did answer, within those single commits


class RefusingInserts:
    """Makes the log refuse the row with ``seq`` of ``table_id`` once."""

    def __init__(self, storage: SqliteStorage, table_id: int, seq: int) -> None:
        self.log = storage.actions
        self.target = (table_id, seq)
        self.batch, self.single = self.log._insert_batch, self.log._insert_single
        self.at_once = self.log._write_at_once

    def write_at_once(self, actions: list[LoggedAction], extras: Sequence[object]) -> bool:
        # As the loop's connection does with a row SQLite refuses: leave it to the flusher.
        if any((a.table_id, a.seq) == self.target for a in actions):
            return False
        return self.at_once(actions, extras)

    async def batch_insert(self, actions: list[LoggedAction], extras: object = ()) -> None:
        if any((a.table_id, a.seq) == self.target for a in actions):
            raise OSError("disk full")
        await self.batch(actions, extras)  # type: ignore[arg-type]

    async def single_insert(self, action: LoggedAction) -> None:
        if (action.table_id, action.seq) == self.target:
            raise OSError("disk full")
        await self.single(action)

    def __enter__(self) -> RefusingInserts:
        self.log._insert_batch = self.batch_insert  # type: ignore[method-assign]
        self.log._insert_single = self.single_insert  # type: ignore[method-assign]
        self.log._write_at_once = self.write_at_once  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        self.log._insert_batch = self.batch  # type: ignore[method-assign]
        self.log._insert_single = self.single  # type: ignore[method-assign]
        self.log._write_at_once = self.at_once  # type: ignore[method-assign]


async def test_a_refused_write_takes_the_table_back_to_its_log(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """The computer's answer (seq + 2) cannot be written: the click fails, the log keeps
    the player's move (no gap), and the table is rebuilt from the log on its next use,
    with the computers answering again."""
    table = await quick_toy(manager)
    view = manager.seat_view(table, 1)
    seq = manager.state(table).seq
    move = view.legal[0].id
    with RefusingInserts(storage, table, seq + 2), pytest.raises(OSError, match="disk full"):
        await manager.act(table, 1, move)
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, seq + 2))  # the move, nothing after
    assert logged[-1].action_id == move and logged[-1].by == "player"
    # Rebuilt in the background once the click's error has passed.
    assert manager._table(table).needs_replay
    await asyncio.gather(*manager._reloads)
    assert not manager._table(table).needs_replay
    state = manager.state(table)
    assert state.seq >= seq + 2  # the computer answered again, and that is in the log
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, state.seq + 1))
    await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, manager.state(table).seq + 1))


async def test_a_row_sqlite_refuses_on_the_loop_s_connection_fails_only_its_click(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """A click's rows are committed at once on the loop's connection (issue 37); a row
    SQLite itself refuses there (a trigger here, as a constraint or a full disk would)
    goes to the flusher, which fails it alone: the click fails, the log keeps the
    player's move and nothing after it, and the table is rebuilt from its log."""
    table = await quick_toy(manager)
    seq = manager.state(table).seq
    async with storage.db.transaction() as tx:
        await tx.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON actions"
            f" WHEN NEW.table_id = {table} AND NEW.seq = {seq + 2}"
            " BEGIN SELECT RAISE(ABORT, 'refused'); END"
        )
    before = storage.actions.commits
    move = manager.seat_view(table, 1).legal[0].id
    with pytest.raises(sqlite3.IntegrityError, match="refused"):
        await manager.act(table, 1, move)
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, seq + 2))
    assert storage.actions.commits - before == 1  # the move's row alone
    async with storage.db.transaction() as tx:
        await tx.execute("DROP TRIGGER refuse")
    await asyncio.gather(*manager._reloads)
    state = manager.state(table)
    assert state.seq >= seq + 2
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, state.seq + 1))


async def test_a_click_s_rows_are_durable_without_waiting_for_the_loop(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """With no other write in flight, ``commit_now`` commits a click's rows before the
    settle would wait: every future is already done, so the answer takes no loop pass
    for its commit (issue 37: each pass waits behind every other table's ready work)."""
    table = await quick_toy(manager)
    futures: list[asyncio.Future[None]] = []
    enqueue = storage.actions.enqueue

    def recording(action: LoggedAction) -> asyncio.Future[None]:
        future = enqueue(action)
        futures.append(future)
        return future

    storage.actions.enqueue = recording  # type: ignore[method-assign]
    commit_now = storage.actions.commit_now
    done_at_commit: list[bool] = []

    def checking() -> bool:
        done = commit_now()
        done_at_commit.append(done and all(f.done() for f in futures))
        return done

    storage.actions.commit_now = checking  # type: ignore[method-assign]
    await manager.act(table, 1, manager.seat_view(table, 1).legal[0].id)
    assert futures and done_at_commit and all(done_at_commit)
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, manager.state(table).seq + 1))


async def test_computers_playing_on_alone_commit_every_few_moves(
    manager: TableManager, storage: SqliteStorage
) -> None:
    """When the only human leaves, the computers play the match out in one run: it
    commits (and yields to the event loop) at least every SETTLE_EVERY moves, not once."""
    table = await quick_toy(manager)
    before = storage.actions.commits
    await manager.leave(table, 1)
    state = manager.state(table)
    assert state.status == "finished"
    played = state.seq
    commits = storage.actions.commits - before
    assert played > 2 * SETTLE_EVERY
    assert commits >= played // SETTLE_EVERY
    logged = await storage.actions.for_table(table)
    assert [a.seq for a in logged] == list(range(1, played + 1))
