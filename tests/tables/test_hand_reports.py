"""Hand reports (issue 31): stored with their evidence, exported, replayed to the same state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from storage import SqliteStorage
from tables import reports
from tables.console import run
from tables.manager import TableManager
from tests.tables.conftest import play_humans
from tests.tables.toy_game import GAMES


async def a_hand_played(manager: TableManager) -> int:
    state = await manager.create(
        channel_id=1, game="toy", host_id=1, host_name="ann", players=2, seed=5
    )
    await manager.join(state.id, 2, "bob")
    await manager.start(state.id, 1)
    rng = random.Random(2)
    match = manager.match_of(state.id)
    assert match is not None
    while not match.hand_results:
        assert await play_humans(manager, state.id, rng, steps=1) == 1
    await play_humans(manager, state.id, rng, steps=1)  # a move into the next hand
    return state.id


async def test_a_reported_hand_exports_and_replays_in_the_console_to_the_same_state(
    manager: TableManager, storage: SqliteStorage, tmp_path: Path
) -> None:
    table = await a_hand_played(manager)
    report = await reports.file_report(manager, table, 2, 1, "  The computer   cheated!  ")
    assert report.id > 0 and report.text == "The computer cheated!"
    assert report.move_number == manager.state(table).seq
    stored = await storage.hand_reports.get(report.id)
    assert stored == report
    assert [r.id for r in await storage.hand_reports.for_guild(None)] == [report.id]

    exported = json.loads(json.dumps(reports.export(report)))
    live = manager.match_of(table)
    assert live is not None
    assert reports.replay(exported, GAMES).public_view() == live.public_view()
    assert reports.replay(exported, GAMES).view(1) == live.view(1)

    path = tmp_path / "report.json"
    path.write_text(json.dumps(exported))
    shown: list[str] = []

    async def no_input(prompt: str) -> str | None:
        return None

    code = await run(["--replay", str(path), "--seat", "1"], no_input, shown.append, GAMES)
    text = "\n".join(shown)
    assert code == 0, text  # 0: the console rebuilt exactly the reported state
    assert "The computer cheated!" in text and "Your hand" in text


async def test_an_empty_report_is_refused_and_stores_nothing(
    manager: TableManager, storage: SqliteStorage
) -> None:
    table = await a_hand_played(manager)
    with pytest.raises(reports.EmptyReport):
        await reports.file_report(manager, table, 2, 1, "   ")
    assert await storage.hand_reports.for_guild(None) == []


async def test_a_file_that_is_not_a_report_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}')
    shown: list[str] = []

    async def no_input(prompt: str) -> str | None:
        return None

    assert await run(["--replay", str(path)], no_input, shown.append, GAMES) == 2
    assert shown == ["That file does not replay: not a hand report export"]
