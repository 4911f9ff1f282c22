-- "Report this hand" (issue 31): a player's sentence about a finished hand, stored with
-- the evidence to replay it (see ../0008_hand_reports.sql). PostgreSQL twin.

CREATE TABLE hand_reports (
    id          BIGSERIAL PRIMARY KEY,
    guild_id    BIGINT,
    channel_id  BIGINT  NOT NULL,
    table_id    BIGINT  NOT NULL,
    hand_number INTEGER NOT NULL,
    move_number INTEGER NOT NULL,
    user_id     BIGINT  NOT NULL,
    text        TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER NOT NULL,
    seed        BIGINT  NOT NULL,
    options     TEXT    NOT NULL,
    actions     TEXT    NOT NULL,
    at          DOUBLE PRECISION NOT NULL
);

CREATE INDEX hand_reports_guild ON hand_reports (guild_id, id);
