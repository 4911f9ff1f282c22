"""The table state's public view is built once per action (issue 37: a table message edit
built it three times), and is never a stale one: after every action it equals the match's
own public view (restarts, which build a new match, are in test_recovery)."""

from __future__ import annotations

import random

from tables.manager import TableManager
from tests.tables.conftest import play_humans


async def test_the_public_view_follows_every_action_and_is_built_once_per_action(
    manager: TableManager,
) -> None:
    state = await manager.create(
        channel_id=5, game="toy", host_id=1, host_name="a", players=2, seed=11
    )
    await manager.join(state.id, 2, "b")
    await manager.start(state.id, 1)
    rng = random.Random(3)
    seen = 0
    while manager.state(state.id).status == "running":
        match = manager.match_of(state.id)
        assert match is not None
        first = manager.state(state.id).public
        assert first == match.public_view()
        assert manager.state(state.id).public is first  # the same seq: not built again
        if not await play_humans(manager, state.id, rng, steps=1):
            break
        seen += 1
        assert manager.state(state.id).public != first or match.public_view() == first
    assert seen > 3
    final = manager.match_of(state.id)
    assert final is not None and manager.state(state.id).public == final.public_view()
