-- Tables (one per match, lobby included) and the durable action log.
-- SQLite dialect; a PostgreSQL backend keeps its own numbered twin of each file.

CREATE TABLE tables (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game          TEXT    NOT NULL,
    players       INTEGER NOT NULL,
    options       TEXT    NOT NULL,          -- JSON object
    seed          INTEGER NOT NULL,
    deals         TEXT    NOT NULL,          -- JSON list of stacked deals
    seats         TEXT    NOT NULL,          -- JSON list, one entry (or null) per seat
    settings      TEXT    NOT NULL,          -- JSON object: per-table timer settings
    status        TEXT    NOT NULL,          -- lobby | running | finished | stopped
    host_id       INTEGER,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    snapshot      TEXT,                      -- JSON engine snapshot, or NULL
    snapshot_seq  INTEGER NOT NULL DEFAULT 0 -- actions covered by the snapshot
);

-- At most one open table per channel (or thread), enforced by the database as well.
CREATE UNIQUE INDEX tables_one_open_per_channel
    ON tables (channel_id) WHERE status IN ('lobby', 'running');

CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'running');

CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES tables (id),
    seq        INTEGER NOT NULL,             -- 1, 2, 3 ... per table, no gaps
    seat       INTEGER NOT NULL,
    action_id  TEXT    NOT NULL,
    at         REAL    NOT NULL,             -- unix time the action was accepted
    by         TEXT    NOT NULL,             -- 'player', or the computer that chose it
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
