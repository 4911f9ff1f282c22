-- The level of computers a server's tables get when nobody names one (/config computer_level,
-- issue 35); NULL: the bot's default. SQLite dialect; postgresql/0012_guild_computer_level.sql
-- is its twin.

ALTER TABLE guild_settings ADD COLUMN computer_level TEXT;
