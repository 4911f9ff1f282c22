-- Per-guild server settings (/config): default game options, turn timer, threads, pings,
-- which channels allow tables. SQLite dialect; postgresql/0003_guild_settings.sql is its twin.
-- Whether matches with computers count lives in league_settings (0002).

CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    game_options    TEXT    NOT NULL,           -- JSON object: game -> {option: value}
    turn_seconds    INTEGER,                    -- NULL: the bot's default
    slow_games      INTEGER NOT NULL,           -- 1: tables may be opened as slow games
    threads         INTEGER NOT NULL,           -- 1: a table may open a thread
    pings           INTEGER NOT NULL,           -- 1: turn reminders mention the player
    table_channels  TEXT    NOT NULL,           -- JSON list of channel ids; [] = every channel
    updated_at      REAL    NOT NULL
);
