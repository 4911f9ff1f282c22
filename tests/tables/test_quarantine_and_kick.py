"""Issue 29: a damaged table is quarantined (its channel freed, the reason kept, its rows
exportable), and a kick is final for the match."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import SqliteStorage, TableStatus
from tables.clock import FakeClock
from tables.config import TableSettings
from tables.errors import Kicked, NotHost, TableQuarantined
from tables.manager import TableManager
from tests.tables.conftest import Recorder
from tests.tables.toy_game import GAMES


async def running_toy(manager: TableManager, channel: int) -> int:
    state = await manager.create(
        channel_id=channel, game="toy", host_id=1, host_name="a", players=2
    )
    await manager.join(state.id, 2, "b")
    await manager.start(state.id, 1)
    return state.id


def corrupt(db_path: Path, sql: str, *params: object) -> None:
    """Damage the database behind the bot's back (a bug, a bad restore, a hand edit)."""
    conn = sqlite3.connect(db_path)
    conn.execute(sql, params)
    conn.commit()
    conn.close()


@pytest.mark.parametrize("warm", [True, False])
async def test_a_log_that_does_not_replay_quarantines_the_table_and_frees_the_channel(
    db_path: Path, warm: bool
) -> None:
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    broken = await running_toy(first, channel=3)
    await first.close()
    await store.close()
    corrupt(db_path, "INSERT INTO actions VALUES (?, 1, 0, 'play:ZZ', 0, 'player')", broken)

    store = await SqliteStorage.open(db_path)
    second = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    heard = Recorder(second)
    report = await second.recover(warm=warm)
    if not warm:  # found out on the table's first use: the user hears why
        assert report.failed == []
        with pytest.raises(TableQuarantined):
            await second.join(broken, 5, "e")
    else:
        assert report.failed == [broken]
    assert heard.kinds(broken) == ["quarantined"]
    # Freed in memory and in the database: /play and /table stop agree again.
    assert second.table_in_channel(3) is None
    assert await store.tables.open_in_channel(3) is None
    (set_aside,) = await second.quarantined(channel_id=3)
    assert set_aside.id == broken and set_aside.reason.startswith("log does not replay")
    assert not set_aside.told and [q.id for q in await second.quarantined(untold=True)] == [broken]
    again = await second.create(channel_id=3, game="toy", host_id=1, host_name="a")
    assert again.status is TableStatus.LOBBY
    exported = await second.export_quarantined(broken, guild_id=None)
    assert exported["table"]["status"] == "quarantined"
    assert [a["action_id"] for a in exported["actions"]] == ["play:ZZ"]
    await second.quarantine_told(broken)
    assert await second.quarantined(untold=True) == []
    await second.close()
    await store.close()


async def test_an_unreadable_row_is_quarantined_instead_of_blocking_its_channel(
    db_path: Path,
) -> None:
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    broken = await running_toy(first, channel=4)
    fine = await running_toy(first, channel=5)
    await first.close()
    await store.close()
    corrupt(db_path, "UPDATE tables SET seats = '[{\"nom\": 1}' WHERE id = ?", broken)

    store = await SqliteStorage.open(db_path)
    second = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    report = await second.recover()
    assert report.tables == 1 and second.open_tables() == [fine]
    (set_aside,) = await second.quarantined()
    assert set_aside.id == broken and set_aside.reason.startswith("unreadable row")
    assert await store.tables.open_in_channel(4) is None
    await second.create(channel_id=4, game="toy", host_id=1, host_name="a")
    exported = await second.export_quarantined(broken, guild_id=None)
    assert exported["table"]["seats"] == '[{"nom": 1}'  # as stored, for the bug report
    await second.close()
    await store.close()


async def test_a_player_kicked_from_a_running_match_cannot_click_the_seat_back(
    manager: TableManager,
) -> None:
    table = await running_toy(manager, channel=6)
    with pytest.raises(NotHost):
        await manager.kick(table, 1, by=2)
    await manager.kick(table, 2, by=1)
    seat = manager.state(table).seats[1]
    assert seat.away and seat.user_id == 2
    for action in ("pass", "bid:1", "nonsense"):  # legal, illegal or unknown: all refused
        with pytest.raises(Kicked):
            await manager.act(table, 2, action)
        assert manager.state(table).seats[1].away
    with pytest.raises(Kicked):
        await manager.come_back(table, 2)


async def test_a_player_kicked_from_a_lobby_may_not_rejoin_even_after_a_restart(
    db_path: Path,
) -> None:
    store = await SqliteStorage.open(db_path)
    first = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    lobby = await first.create(channel_id=7, game="toy", host_id=1, host_name="a", players=4)
    await first.join(lobby.id, 2, "b")
    await first.kick(lobby.id, 2, by=1)
    assert first.state(lobby.id).seats[1].empty
    with pytest.raises(Kicked):
        await first.join(lobby.id, 2, "b")
    await first.join(lobby.id, 3, "c")  # others still may
    await first.close()
    await store.close()

    store = await SqliteStorage.open(db_path)
    second = TableManager(store, TableSettings(), FakeClock(), games=GAMES)
    await second.recover()
    with pytest.raises(Kicked):
        await second.join(lobby.id, 2, "b")
    await second.close()
    await store.close()
