-- Language choices (issue 14): a server's default and a player's own, as language codes
-- ("en", "es", "fa"). No row means "not chosen" (the Discord locale decides).

CREATE TABLE guild_languages (
    guild_id  INTEGER PRIMARY KEY,
    language  TEXT    NOT NULL
);

CREATE TABLE user_languages (
    user_id   INTEGER PRIMARY KEY,
    language  TEXT    NOT NULL
);
