-- Match nights and knockouts (issue 32): a night, the entrants who checked in (and who
-- played for them: a substitute is recorded as such), and its fixtures round by round.
-- A fixture is one result (a best-of-N series); each of its games is a row of matches.
-- SQLite dialect; postgresql/0010_league_nights.sql is its twin.

CREATE TABLE league_nights (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,            -- where check-in and results are posted
    message_id       INTEGER,                     -- the check-in message, once posted
    game             TEXT    NOT NULL,
    format           TEXT    NOT NULL,            -- swiss | round_robin | knockout
    players          INTEGER NOT NULL,            -- seats at each table (two entrants)
    rounds           INTEGER NOT NULL,            -- Swiss: rounds to play; others: 0 (computed)
    best_of          INTEGER NOT NULL,
    walkover_seconds REAL    NOT NULL,            -- a side not complete this long loses
    options          TEXT    NOT NULL,            -- JSON: the game options of every table
    organiser_id     INTEGER NOT NULL,
    status           TEXT    NOT NULL,            -- checkin | running | finished
    round            INTEGER NOT NULL,            -- the round being played, 0 before the first
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);

CREATE INDEX league_nights_open ON league_nights (guild_id, status);

CREATE TABLE night_entrants (
    night_id    INTEGER NOT NULL REFERENCES league_nights (id),
    entrant_id  INTEGER NOT NULL,                 -- the league's entrant (pair, trio, player)
    name        TEXT    NOT NULL,
    seed        INTEGER NOT NULL,                 -- check-in order unless seeded otherwise
    PRIMARY KEY (night_id, entrant_id)
);

CREATE TABLE night_lineups (
    night_id        INTEGER NOT NULL REFERENCES league_nights (id),
    entrant_id      INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    name            TEXT    NOT NULL,
    substitute_for  INTEGER,                      -- the member this user stands in for
    checked_in      INTEGER NOT NULL,             -- 1: here
    PRIMARY KEY (night_id, user_id)
);

CREATE TABLE night_fixtures (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    night_id    INTEGER NOT NULL REFERENCES league_nights (id),
    round       INTEGER NOT NULL,
    slot        INTEGER NOT NULL,                 -- bracket / board order within the round
    entrant_a   INTEGER NOT NULL,
    entrant_b   INTEGER,                          -- NULL: a bye
    status      TEXT    NOT NULL,                 -- waiting | playing | done
    winner      INTEGER,                          -- NULL while open, or nobody (double walkover)
    walkover    INTEGER NOT NULL,                 -- 1: decided by absence, not played
    games       TEXT    NOT NULL,                 -- JSON list: each game's winning entrant
    match_ids   TEXT    NOT NULL,                 -- JSON list: each game's match record
    table_id    INTEGER,                          -- the table of the game being played
    channel_id  INTEGER,                          -- its thread
    due_at      REAL,                             -- walkover time while waiting
    UNIQUE (night_id, round, slot)
);

CREATE INDEX night_fixtures_by_table ON night_fixtures (table_id);

-- A season with an end set in advance (``/season new days:``): the first match recorded at
-- or after ``ends_at`` closes it (ended_at = ends_at) and opens the next.
ALTER TABLE seasons ADD COLUMN ends_at REAL;
