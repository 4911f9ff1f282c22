"""A table stored before issue 27's project-owned shuffle (its settings carry no
``deal_version``) was dealt by CPython's ``random.shuffle``: after a restart it is dealt the
same way again, so its log replays to the same table (``rules.shuffle``, docs/deals.md)."""

from __future__ import annotations

import random
import zlib
from pathlib import Path

import pytest

from rules.shuffle import DEAL_VERSION, LEGACY_DEAL_VERSION
from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.manager import TableManager
from tests.tables.conftest import play_humans
from tests.tables.test_recovery import fingerprint
from tests.tables.toy_game import GAMES as KNOWN


@pytest.mark.parametrize("game", [name for name in KNOWN.names() if name != "toy"])
async def test_an_old_format_table_row_restores_equal_to_the_original(
    game: str, db_path: Path
) -> None:
    spec = KNOWN.get(game)
    players = spec.player_counts[0]
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, TableSettings(), FakeClock(), games=KNOWN)
    state = await first.create(
        channel_id=1, game=game, host_id=1, host_name="u1", players=players, seed=11
    )
    for seat in range(1, players):
        await first.join(state.id, seat + 1, f"u{seat + 1}")
    # The row as an older version wrote it: no deal version in its settings.
    record = first._tables[state.id].record
    assert record.settings.pop("deal_version") == DEAL_VERSION
    await store.tables.update_settings(state.id, record.settings)
    await first.start(state.id, 1)
    match = first.match_of(state.id)
    assert match is not None
    legacy = spec.new_match(players, record.options, seed=11, deal_version=LEGACY_DEAL_VERSION)
    current = spec.new_match(players, record.options, seed=11, deal_version=DEAL_VERSION)
    views = [match.view(s) for s in range(players)]
    assert views == [legacy.view(s) for s in range(players)]
    assert views != [current.view(s) for s in range(players)]  # the two shuffles differ
    await play_humans(first, state.id, random.Random(zlib.crc32(game.encode())), steps=25)
    assert first.state(state.id).status is TableStatus.RUNNING
    before = fingerprint(first, state.id)
    await first.close()
    await store.close()  # the process "stops" here

    store = await SqliteStorage.open(db_path)
    second = TableManager(store, TableSettings(), FakeClock(), games=KNOWN)
    report = await second.recover()
    assert report.failed == []
    await second.ready(state.id)
    assert fingerprint(second, state.id) == before
    await second.close()
    await store.close()
