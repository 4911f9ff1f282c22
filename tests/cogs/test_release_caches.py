"""Per-table caches of the Discord front end drop a table the manager released (issue 37)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from cogs.table_messages import TableMessages
from cogs.turn_pings import TurnPings
from tables.updates import TableUpdate


def _client() -> Any:
    return SimpleNamespace(get_guild=lambda _id: None)


async def test_the_table_message_editor_and_pings_forget_a_released_table() -> None:
    """Once the manager releases a table (``released``), nothing is kept for it."""
    manager: Any = SimpleNamespace(storage=SimpleNamespace(guilds=None))
    messages = TableMessages(_client(), manager)
    pings = TurnPings(_client(), manager, 30.0, messages.locale_for)
    table_id = 42
    messages.messages[table_id] = (1, 2)
    messages.last_key[table_id] = "k"
    messages.final[table_id] = {"match_id": 1}
    messages._next_edit[table_id] = 1.0
    messages._recovered.add(table_id)
    pings._last_ping[table_id] = 5
    pings._timers[table_id] = asyncio.get_running_loop().call_later(60, lambda: None)
    update = TableUpdate(table_id, "released")
    messages.on_update(update)
    pings.on_update(update)
    kept = (messages.messages, messages.last_key, messages.final, messages._next_edit)
    assert all(table_id not in d for d in kept)
    assert table_id not in messages._recovered and table_id not in messages._dirty
    assert table_id not in pings._last_ping and table_id not in pings._timers
