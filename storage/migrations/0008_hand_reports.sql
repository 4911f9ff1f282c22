-- "Report this hand" (issue 31): a player's sentence about a finished hand, stored with
-- the evidence to replay it: the game, player count, options and seed the match was set
-- up with, its action log up to the report (JSON: [[seq, seat, action_id], ...]) and the
-- move number (the log position) it was made at.

CREATE TABLE hand_reports (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    table_id    INTEGER NOT NULL,
    hand_number INTEGER NOT NULL,
    move_number INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    text        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER NOT NULL,
    seed        INTEGER NOT NULL,
    options     TEXT    NOT NULL,
    actions     TEXT    NOT NULL,
    at          REAL    NOT NULL
);

CREATE INDEX hand_reports_guild ON hand_reports (guild_id, id);
