"""Which language a message is written in: a player's choice, else the server's, else the
Discord locale, else English. Choices are kept in memory and written through to storage."""

from __future__ import annotations

from typing import Protocol

from i18n import LANGUAGES, SOURCE_LANGUAGE, normalise


def resolve_language(player: str | None, server: str | None, discord_locale: str | None) -> str:
    """The language for one reader, in order: player > server > Discord locale > English."""
    for choice in (player, server):
        if choice in LANGUAGES:
            return choice
    return normalise(discord_locale) if discord_locale else SOURCE_LANGUAGE


class LanguageStore(Protocol):
    async def all(self) -> tuple[dict[int, str], dict[int, str]]: ...

    async def set_guild(self, guild_id: int, language: str | None) -> None: ...

    async def set_user(self, user_id: int, language: str | None) -> None: ...


class LanguageChoices:
    """The chosen languages, read once from storage and then answered from memory (every
    message asks, so a lookup must not touch the database)."""

    def __init__(self, store: LanguageStore | None = None) -> None:
        self.store = store
        self.guilds: dict[int, str] = {}
        self.users: dict[int, str] = {}

    async def load(self) -> None:
        if self.store is not None:
            self.guilds, self.users = await self.store.all()

    async def set_guild(self, guild_id: int, language: str | None) -> None:
        _check(language)
        if language is None:
            self.guilds.pop(guild_id, None)
        else:
            self.guilds[guild_id] = language
        if self.store is not None:
            await self.store.set_guild(guild_id, language)

    async def set_user(self, user_id: int, language: str | None) -> None:
        _check(language)
        if language is None:
            self.users.pop(user_id, None)
        else:
            self.users[user_id] = language
        if self.store is not None:
            await self.store.set_user(user_id, language)

    def for_server(self, guild_id: int | None, guild_locale: str | None) -> str:
        """A server's language (for the table message): its choice, else its Discord locale."""
        chosen = self.guilds.get(guild_id) if guild_id is not None else None
        return resolve_language(None, chosen, guild_locale)

    def for_player(self, user_id: int, guild_id: int | None, user_locale: str | None) -> str:
        """A player's language (for their ephemeral messages)."""
        chosen_server = self.guilds.get(guild_id) if guild_id is not None else None
        return resolve_language(self.users.get(user_id), chosen_server, user_locale)


def _check(language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
