"""Hand reports (issue 31) on both backends: stored with their evidence, read back whole,
listed per server newest first."""

from __future__ import annotations

from storage import Storage
from storage.records import HandReport


def report(guild: int | None, text: str, table: int = 3) -> HandReport:
    return HandReport(
        guild_id=guild,
        channel_id=20,
        table_id=table,
        hand_number=2,
        move_number=41,
        user_id=7,
        text=text,
        game="toy",
        players=4,
        seed=2**40 + 5,
        options={"target": 3, "jokers": True},
        deals=[{"hands": [["AS"], ["KS"]]}],
        deal_version=2,
        actions=[(1, 0, "bid:7"), (2, 1, "pass")],
        at=1_800_000_000.5,
    )


async def test_reports_round_trip_and_list_per_server_newest_first(store: Storage) -> None:
    first = await store.hand_reports.add(report(10, "The computer cheated."))
    second = await store.hand_reports.add(report(10, "Wrong score.", table=4))
    elsewhere = await store.hand_reports.add(report(11, "Other server."))
    outside = await store.hand_reports.add(report(None, "The console."))
    read = await store.hand_reports.get(first)
    assert read is not None and read == HandReport(**{**report(10, "").__dict__,
                                                       "text": "The computer cheated.",
                                                       "id": first})  # fmt: skip
    assert [r.id for r in await store.hand_reports.for_guild(10)] == [second, first]
    assert [r.id for r in await store.hand_reports.for_guild(11)] == [elsewhere]
    assert [r.id for r in await store.hand_reports.for_guild(None)] == [outside]
    assert [r.id for r in await store.hand_reports.for_guild(10, limit=1)] == [second]
    assert await store.hand_reports.get(9999) is None
