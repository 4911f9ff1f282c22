-- Duplicate events (issue 33): every entrant plays the same seeded deals from the same
-- seat with computers, one try per deal, scored against everyone who held the same cards.
-- The seeds stay secret until the event closes; commitment = sha256 of the salt and the
-- seeds (leagues.duplicate.commitment), published when the event opens.

CREATE TABLE duplicate_events (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER,                      -- NULL: not in a guild (console)
    channel_id    INTEGER NOT NULL,             -- where the event table is posted
    organiser_id  INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    players       INTEGER NOT NULL,
    options       TEXT    NOT NULL,             -- JSON object
    level         TEXT    NOT NULL,             -- the computers' level
    seeds         TEXT    NOT NULL,             -- JSON list of ints: secret until revealed
    seats         TEXT    NOT NULL,             -- JSON list: the entrants' seat per deal
    salt          TEXT    NOT NULL,
    commitment    TEXT    NOT NULL,
    opened_at     REAL    NOT NULL,
    closes_at     REAL    NOT NULL,
    revealed      INTEGER NOT NULL DEFAULT 0    -- 1: closed, seeds and table published
);

CREATE INDEX duplicate_events_open ON duplicate_events (revealed, closes_at);

CREATE TABLE duplicate_entries (
    event_id      INTEGER NOT NULL REFERENCES duplicate_events (id),
    user_id       INTEGER NOT NULL,
    deal          INTEGER NOT NULL,             -- 0-based index into the event's seeds
    name          TEXT    NOT NULL,
    table_id      INTEGER,                      -- the table the deal was played at
    status        TEXT    NOT NULL,             -- playing | done (a started try is the try)
    score         INTEGER,                      -- players.par.hand_measure of the hand
    deal_hash     TEXT,                         -- sha256 of the dealt cards (all the same)
    actions       TEXT,                         -- JSON list of [seat, action id]: the hand
    started_at    REAL    NOT NULL,
    finished_at   REAL,
    PRIMARY KEY (event_id, user_id, deal)
);
