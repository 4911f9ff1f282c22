"""Served interactions are freed by reference counting (issue 37): the heap keeper may
freeze interactions in flight, and a frozen cycle would outlive its answer until the
hourly sweep; the backlog breaks an answered interaction's cycles."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.harness import BotRunner
from tests.e2e.players import Players, table_id_of


@pytest.fixture
def collector_off() -> Iterator[None]:
    """No automatic collection, so only reference counting frees anything meanwhile."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def interactions_in_cyclic_garbage() -> list[object]:
    """Interactions (and their responses) only the cycle collector would free."""
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = [
        o for o in gc.garbage if isinstance(o, discord.Interaction | discord.InteractionResponse)
    ]
    gc.set_debug(0)
    gc.garbage.clear()
    return found


async def test_answered_clicks_and_commands_leave_no_interaction_cycle(
    fake: FakeDiscord, runner: BotRunner, collector_off: None
) -> None:
    users = [runner.user(n) for n in ("alice", "bob")]
    opened = await users[0].slash("play", game="toy", players=2)
    assert opened.message is not None
    lobby = opened.message
    await users[1].click(lobby, "Join")
    await users[0].click(lobby, "Start")
    players = Players(runner, users, table_id_of(lobby))
    await players.open_hands()
    assert await players.play_until_over(random.Random(3), max_actions=4) == 4
    assert interactions_in_cyclic_garbage() == []
