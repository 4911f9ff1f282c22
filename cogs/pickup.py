"""Pickup queues: a server-wide queue per game; when enough players have queued, they get
a table together. No Discord here: the cog turns a full group into a table and pings."""

from __future__ import annotations

import time
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Entry:
    user_id: int
    name: str
    channel_id: int
    joined_at: float = field(default_factory=time.monotonic)


class AlreadyQueued(Exception):
    pass


class PickupQueues:
    def __init__(self) -> None:
        self._queues: dict[tuple[int, str], list[Entry]] = {}

    def join(self, guild_id: int, game: str, entry: Entry, needed: int) -> list[Entry] | None:
        """Queue ``entry``; when ``needed`` are queued, they leave the queue as a group."""
        queue = self._queues.setdefault((guild_id, game), [])
        if any(e.user_id == entry.user_id for e in queue):
            raise AlreadyQueued()
        queue.append(entry)
        if len(queue) >= needed:
            group, queue[:] = queue[:needed], queue[needed:]
            return group
        return None

    def take(self, guild_id: int, game: str) -> list[Entry]:
        """Everyone queued for the game (the queue empties): for filling with computers."""
        return self._queues.pop((guild_id, game), [])

    def leave(self, guild_id: int, game: str, user_id: int) -> bool:
        queue = self._queues.get((guild_id, game), [])
        kept = [e for e in queue if e.user_id != user_id]
        self._queues[(guild_id, game)] = kept
        return len(kept) < len(queue)

    def queued(self, guild_id: int) -> dict[str, list[Entry]]:
        return {g: list(q) for (gid, g), q in self._queues.items() if gid == guild_id and q}
