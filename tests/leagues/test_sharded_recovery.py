"""Several bot processes share one database: each recovers only its shards' tables, and
the manager records a match that finishes after a restart exactly once."""

from __future__ import annotations

import random

from storage import ShardSet, Storage, TableStatus
from tests.leagues.helpers import manager_over, play_out

SHARDS = 2
EVEN_GUILD, ODD_GUILD = 4 << 22, 5 << 22  # shard 0, shard 1


async def test_each_shard_recovers_only_its_guilds_tables(store: Storage) -> None:
    first, clock, _ = manager_over(store)
    tables = {}
    for channel, guild in ((1, EVEN_GUILD), (2, ODD_GUILD), (3, None)):
        state = await first.create(
            channel_id=channel, guild_id=guild, game="toy", host_id=9, host_name="Ann",
            players=2, seed=channel,
        )  # fmt: skip
        await first.join(state.id, 10, "Bob")
        await first.start(state.id, 9)
        await play_out(first, clock, state.id, random.Random(channel), steps=3)
        tables[channel] = state.id
    await first.close()

    shard0, _, _ = manager_over(store)
    report0 = await shard0.recover(ShardSet((0,), SHARDS))
    shard1, clock1, _ = manager_over(store)
    report1 = await shard1.recover(ShardSet((1,), SHARDS))
    assert sorted(shard0.open_tables()) == [tables[1], tables[3]]  # a DM table: shard 0
    assert shard1.open_tables() == [tables[2]]
    assert (report0.running, report1.running) == (2, 1)

    await play_out(shard1, clock1, tables[2], random.Random(2))
    record = await store.matches.get_by_table(tables[2])
    assert record is not None and record.actions == len(await store.actions.for_table(tables[2]))
    assert record.rated and {c.user_id for c in record.rating_changes} == {9, 10}
    await shard0.close()
    await shard1.close()


async def test_a_crash_between_recording_and_closing_counts_the_match_once(
    store: Storage,
) -> None:
    manager, clock, _ = manager_over(store)
    state = await manager.quick_play(
        channel_id=8, guild_id=EVEN_GUILD, game="toy", user_id=9, name="Ann", seed=4
    )
    await play_out(manager, clock, state.id, random.Random(4))
    await manager.close()
    # The process died after the record's commit and before the table's status update.
    await store.tables.update_status(state.id, TableStatus.RUNNING)
    restarted, _, updates = manager_over(store)
    report = await restarted.recover()
    assert report.running == 1 and restarted.open_tables() == []
    assert [u.data["match_id"] for u in updates if u.kind == "finished"] == [
        (await store.matches.history(EVEN_GUILD)).items[0].id
    ]
    assert await store.matches.count(EVEN_GUILD) == 1
    line = await store.leagues.standing(EVEN_GUILD, "toy", 9)
    assert line is not None and line.matches == 1
