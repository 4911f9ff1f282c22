-- Card pictures in the table message and the hand view (/config pictures), per guild;
-- on unless a server turns them off. SQLite dialect; postgresql/0004_guild_pictures.sql is
-- its twin.

ALTER TABLE guild_settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1;
