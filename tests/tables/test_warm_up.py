"""Restart warm-up (issue 37): it serves the event loop between tables and inside long
logs, stands aside for a click on a table it has not reached, and rebuilds exactly the
match that was running, whatever the snapshot settings."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import tables.manager as manager_module
from rules import registry
from storage import SqliteStorage
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager, has_state_snapshot
from tests.tables.test_recovery import fingerprint, open_tables
from tests.tables.toy_game import GAMES


async def _restart(
    db_path: Path, game: str, count: int, settings: TableSettings
) -> tuple[SqliteStorage, TableManager, dict[int, object]]:
    """``count`` tables of ``game`` played part way, the process stopped, a new manager
    recovered without warming up; returns it with each running table's fingerprint."""
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, settings, FakeClock(), games=GAMES)
    tables = await open_tables(first, game, random.Random(5), count=count)
    before = {t: fingerprint(first, t) for t, _ in tables if first.state(t).status.is_open}
    await first.close()
    await store.close()
    store = await SqliteStorage.open(db_path)
    second = TableManager(store, settings, FakeClock(), games=GAMES)
    await second.recover(warm=False)
    return store, second, before


async def test_a_click_during_the_warm_up_is_served_before_the_warm_up_ends(
    db_path: Path,
) -> None:
    """The click's table is rebuilt at once; the warm-up has not got through the rest."""
    store, manager, before = await _restart(db_path, "toy", 12, TableSettings())
    running = sorted(before)
    warm = manager.start_warm_up()
    await asyncio.sleep(0)  # the warm-up is under way
    last = running[-1]
    assert manager.state(last).restoring
    await manager.ready(last)
    assert fingerprint(manager, last) == before[last]
    assert any(manager.state(t).restoring for t in running), "the click waited for all"
    assert await warm == []
    assert all(fingerprint(manager, t) == before[t] for t in running)
    await manager.close()
    await store.close()


@pytest.mark.parametrize("game", ["telefunken", "304"])
async def test_logs_replayed_in_slices_rebuild_the_same_matches_with_clicks_between(
    game: str, db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slice of no time: every replay yields after each action, and clicks on the table
    being replayed and on others interleave with it (none waits for ever)."""
    monkeypatch.setattr(manager_module, "REPLAY_SLICE", 0.0)
    store, manager, before = await _restart(db_path, game, 4, TableSettings(snapshot_every=0))
    running = sorted(before)
    warm = manager.start_warm_up()
    await asyncio.sleep(0)
    clicks = [asyncio.ensure_future(manager.ready(t)) for t in reversed(running)]
    await asyncio.wait_for(asyncio.gather(warm, *clicks), timeout=120)  # (a hang guard)
    assert warm.result() == []
    for table_id in running:
        assert fingerprint(manager, table_id) == before[table_id]
    await manager.close()
    await store.close()


def test_only_engines_that_restore_their_state_get_snapshots_stored() -> None:
    """304 and Tonk snapshot their action log (restore replays it): storing it would save
    no restart time; Telefunken's snapshot is its state."""
    stored = {g: has_state_snapshot(registry.get(g).new_match(4, seed=1)) for g in ("304", "tonk")}
    assert stored == {"304": False, "tonk": False}
    assert has_state_snapshot(registry.get("telefunken").new_match(4, seed=1))


async def test_a_log_snapshot_stored_by_an_older_version_still_restores(db_path: Path) -> None:
    store, manager, before = await _restart(db_path, "304", 3, TableSettings(snapshot_every=0))
    table_id = sorted(before)[0]
    await manager.ready(table_id)
    match = manager.match_of(table_id)
    assert match is not None
    seq = manager.state(table_id).seq
    await store.tables.save_snapshot(table_id, match.snapshot(), seq)  # the whole log
    await manager.close()
    await store.close()
    store = await SqliteStorage.open(db_path)
    third = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    await third.recover(warm=False)
    record = await store.tables.get(table_id)
    assert record is not None and record.snapshot_seq == seq > 0
    await third.ready(table_id)
    assert fingerprint(third, table_id) == before[table_id]
    await third.close()
    await store.close()
