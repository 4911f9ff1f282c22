"""Which guilds a bot process serves when it runs sharded (several processes, one
PostgreSQL). Discord puts a guild on shard ``(guild_id >> 22) % shard_count``; direct
messages (no guild) go to shard 0. A process recovers only the tables of its shards, and
claims its shards in the database so that a second process with the same shard ids fails
loudly instead of running the same tables twice.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, shard_count: int) -> int:
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


@dataclass(frozen=True, slots=True)
class ShardSet:
    ids: tuple[int, ...]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not self.ids or any(not 0 <= i < self.count for i in self.ids):
            raise ValueError(f"bad shards {self.ids} of {self.count}")

    @classmethod
    def from_settings(cls, shard_ids: list[int] | None, shard_count: int | None) -> ShardSet | None:
        """The process's shards from ``Settings.shard_ids/shard_count``; None: unsharded."""
        if shard_count is None or shard_count <= 1:
            return None
        ids = tuple(shard_ids) if shard_ids else tuple(range(shard_count))
        return cls(ids, shard_count)

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.count) in self.ids

    def sql_filter(self) -> tuple[str, tuple[int, ...]]:
        """A WHERE clause on ``guild_id`` selecting this process's guilds, and its params."""
        marks = ",".join("?" * len(self.ids))
        return f"((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks})", (self.count, *self.ids)


class ShardTaken(Exception):
    """Another running process has claimed one of these shards."""
