"""Duplicate events in storage (storage/duplicate.py, migration 0011), on both backends:
an event reads back as written, a deal's second start is refused (one try), a finished
try keeps its result, hash and actions, and revealing closes the event."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage.duplicate import AlreadyEntered, DuplicateEntry, DuplicateEvent
from tests.backends import BACKENDS, open_backend


@pytest.mark.parametrize("kind", BACKENDS)
async def test_duplicate_event_and_entries_round_trip(kind: str, tmp_path: Path) -> None:
    async with open_backend(kind, tmp_path) as store:
        repo = store.duplicate
        event = await repo.create(
            DuplicateEvent(
                game="304", players=4, options={"a": 1}, level="search", seeds=[1, 2**61],
                seats=[0, 1], salt="s", commitment="c", channel_id=5, organiser_id=6,
                opened_at=10.0, closes_at=20.0, guild_id=77,
            )
        )  # fmt: skip
        again = await repo.get(event.id)
        assert again == event and again is not None and again.deals == 2
        assert [e.id for e in await repo.open_events(77)] == [event.id]
        assert await repo.open_events(None) == []
        assert await repo.due(15.0) == [] and [e.id for e in await repo.due(20.0)] == [event.id]

        entry = DuplicateEntry(event.id, 42, 0, "ana", "playing", started_at=11.0)
        await repo.start_entry(entry)
        with pytest.raises(AlreadyEntered):
            await repo.start_entry(entry)
        await repo.set_table(event.id, 42, 0, 900)
        await repo.finish_entry(
            event.id, 42, 0, score=97, deal_hash="h", actions=[[0, "play:JS"]], at=12.0
        )
        (done,) = await repo.entries_of(event.id, 42)
        assert (done.status, done.table_id, done.score, done.deal_hash) == ("done", 900, 97, "h")
        assert done.actions == [[0, "play:JS"]] and done.finished_at == 12.0
        assert await repo.entries(event.id) == [done]

        await repo.reveal(event.id)
        revealed = await repo.get(event.id)
        assert revealed is not None and revealed.revealed
        assert await repo.due(30.0) == [] and await repo.open_events(77) == []
