"""Per-guild server settings (``/config``): the record and its repository (dialect-neutral
SQL over ``storage.db``). Whether matches with computers count is a league setting
(``storage.leagues``); everything else a server configures is here."""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any

from storage.db import Db

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    game_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Default rule options per game (validated by the engine's ``Options`` when set)."""
    turn_seconds: int | None = None
    """The turn timer; None: the bot's default."""
    slow_games: bool = True
    threads: bool = True
    pings: bool = True
    pictures: bool = True
    """Card pictures in the table message and the hand view."""
    table_channels: tuple[int, ...] = ()
    """Channels where tables may be opened; empty: every channel."""
    computer_level: str | None = None
    """The level of computers added without naming one (``rules.plugin.LEVELS``); None:
    the bot's default."""

    def allows_tables_in(self, channel_id: int) -> bool:
        return not self.table_channels or channel_id in self.table_channels


class SqlGuildSettingsRepository:
    def __init__(self, db: Db) -> None:
        self._db = db

    async def get(self, guild_id: int) -> GuildSettings:
        row = await self._db.fetchone(
            "SELECT game_options, turn_seconds, slow_games, threads, pings, table_channels,"
            " pictures, computer_level"
            " FROM guild_settings WHERE guild_id = ?",
            guild_id,
        )
        if row is None:
            return GuildSettings(guild_id)
        try:
            return GuildSettings(
                guild_id,
                game_options=dict(json.loads(row[0])),
                turn_seconds=None if row[1] is None else int(row[1]),
                slow_games=bool(row[2]),
                threads=bool(row[3]),
                pings=bool(row[4]),
                table_channels=tuple(int(c) for c in json.loads(row[5])),
                pictures=bool(row[6]),
                computer_level=None if row[7] is None else str(row[7]),
            )
        except (TypeError, ValueError) as exc:
            log.warning("settings of guild %s unreadable, defaults used: %s", guild_id, exc)
            return GuildSettings(guild_id)

    async def save(self, settings: GuildSettings) -> None:
        async with self._db.transaction() as tx:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, game_options, turn_seconds, slow_games,"
                " threads, pings, table_channels, pictures, computer_level, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?)"
                " ON CONFLICT (guild_id) DO UPDATE SET game_options = excluded.game_options,"
                " turn_seconds = excluded.turn_seconds, slow_games = excluded.slow_games,"
                " threads = excluded.threads, pings = excluded.pings,"
                " table_channels = excluded.table_channels, pictures = excluded.pictures,"
                " computer_level = excluded.computer_level, updated_at = excluded.updated_at",
                settings.guild_id,
                json.dumps(settings.game_options, sort_keys=True),
                settings.turn_seconds,
                int(settings.slow_games),
                int(settings.threads),
                int(settings.pings),
                json.dumps(list(settings.table_channels)),
                int(settings.pictures),
                settings.computer_level,
                time.time(),
            )
