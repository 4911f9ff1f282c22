"""Chosen languages (issue 14): a server's default and a player's own. Dialect-neutral SQL
over ``storage.db``, so SQLite and PostgreSQL share it."""

from __future__ import annotations

from storage.db import Db


class SqlLanguageRepository:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def all(self) -> tuple[dict[int, str], dict[int, str]]:
        guilds = await self.db.fetch("SELECT guild_id, language FROM guild_languages")
        users = await self.db.fetch("SELECT user_id, language FROM user_languages")
        return {int(r[0]): str(r[1]) for r in guilds}, {int(r[0]): str(r[1]) for r in users}

    async def _set(self, table: str, key: str, owner: int, language: str | None) -> None:
        async with self.db.transaction() as tx:
            # Table and column names are constants of this module, never user input.
            await tx.execute(f"DELETE FROM {table} WHERE {key} = ?", owner)
            if language is not None:
                await tx.execute(
                    f"INSERT INTO {table} ({key}, language) VALUES (?, ?)", owner, language
                )

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        await self._set("guild_languages", "guild_id", guild_id, language)

    async def set_user(self, user_id: int, language: str | None) -> None:
        await self._set("user_languages", "user_id", user_id, language)
