"""Which slash-command tree was last synced with Discord, per target (issue 28).

Syncing on every start costs a REST call per process and start, counts against Discord's
daily limit for command creation, and with several shard processes races itself: the bot
syncs only when the tree's hash differs from the one stored here. Dialect-neutral SQL over
``storage.db``, so SQLite and PostgreSQL share it.
"""

from __future__ import annotations

import time

from storage.db import Db


class SqlCommandSyncRepository:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def synced_hash(self, target: str) -> str | None:
        row = await self.db.fetchone("SELECT tree_hash FROM command_sync WHERE target = ?", target)
        return None if row is None else str(row[0])

    async def save(self, target: str, tree_hash: str) -> None:
        async with self.db.transaction() as tx:
            await tx.execute(
                "INSERT INTO command_sync (target, tree_hash, synced_at) VALUES (?, ?, ?)"
                " ON CONFLICT (target) DO UPDATE SET tree_hash = excluded.tree_hash,"
                " synced_at = excluded.synced_at",
                target,
                tree_hash,
                time.time(),
            )
