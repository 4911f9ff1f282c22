-- League entrants (issue 32): fixed partnerships (or single players) that a league ranks,
-- their members, their season lines and ratings, which entrant held which seat of a
-- recorded match (a substitute standing in marked as such), and call and contract stats.
-- SQLite dialect; postgresql/0009_league_entrants.sql is its twin.

CREATE TABLE entrants (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    size          INTEGER NOT NULL,             -- members: 1 a player, 2 a pair, 3 a trio
    name          TEXT    NOT NULL,
    name_key      TEXT    NOT NULL,             -- the name case-folded: unique per league
    captain_id    INTEGER,
    created_at    REAL    NOT NULL,
    retired_at    REAL                          -- NULL: active
);
CREATE UNIQUE INDEX entrants_by_name ON entrants (guild_id, game, size, name_key)
    WHERE retired_at IS NULL;
CREATE INDEX entrants_by_league ON entrants (guild_id, game, size, id);

CREATE TABLE entrant_members (
    entrant_id    INTEGER NOT NULL REFERENCES entrants (id),
    user_id       INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,             -- copied from entrants: one active entrant
    game          TEXT    NOT NULL,             -- per player and kind of league
    size          INTEGER NOT NULL,
    active        INTEGER NOT NULL,             -- 0 once the entrant is retired
    joined_at     REAL    NOT NULL,
    PRIMARY KEY (entrant_id, user_id)
);
CREATE UNIQUE INDEX entrant_members_one_each ON entrant_members (guild_id, game, size, user_id)
    WHERE active = 1;
CREATE INDEX entrant_members_by_user ON entrant_members (user_id, guild_id);

-- Which entrant held a seat of a recorded match; substitute = 1: a non-member standing in.
ALTER TABLE match_players ADD COLUMN entrant_id INTEGER;
ALTER TABLE match_players ADD COLUMN substitute INTEGER NOT NULL DEFAULT 0;
CREATE INDEX match_players_substitutes ON match_players (entrant_id, match_id)
    WHERE substitute = 1;

-- One row per entrant of a recorded match (its seats' team).
CREATE TABLE match_entrants (
    match_id      INTEGER NOT NULL REFERENCES matches (id),
    entrant_id    INTEGER NOT NULL,
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    season        INTEGER,
    team          INTEGER NOT NULL,             -- index of its group of seats in the match
    outcome       TEXT    NOT NULL,             -- win | loss | draw
    rated         INTEGER NOT NULL,
    rating_before REAL,                         -- NULL when not rated
    rating_after  REAL,
    substitutes   INTEGER NOT NULL,             -- seats held by a stand-in
    ended_at      REAL    NOT NULL,
    PRIMARY KEY (match_id, entrant_id)
);
CREATE INDEX match_entrants_by_entrant ON match_entrants (entrant_id, match_id);
-- A season's results (tie-breaks, exports).
CREATE INDEX match_entrants_by_season ON match_entrants (guild_id, game, season, match_id);

CREATE TABLE entrant_standings (
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    season        INTEGER NOT NULL,
    entrant_id    INTEGER NOT NULL,
    size          INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    matches       INTEGER NOT NULL,
    rated_matches INTEGER NOT NULL,
    wins          INTEGER NOT NULL,
    losses        INTEGER NOT NULL,
    draws         INTEGER NOT NULL,
    streak        INTEGER NOT NULL,             -- +n wins in a row, -n losses in a row
    best_streak   INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    series_won    INTEGER NOT NULL,             -- best-of-N series (match nights) won
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    rating        REAL    NOT NULL,             -- openskill ordinal: mu - 3 sigma
    last_match_id INTEGER NOT NULL,
    last_rated_at REAL,                         -- NULL: never rated
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, season, entrant_id)
);
-- A page of the table is one range of this index; it carries the listing rule's columns,
-- so the page, its count and a place are read from the index alone.
CREATE INDEX entrant_standings_by_rating
    ON entrant_standings (guild_id, game, season, size, rating DESC, entrant_id, rated_matches,
                          last_rated_at);

-- Calls and contracts (attempted / made) and units won, per entrant and season and per
-- player; ``stat`` is the plugin's name for it (a call, a contract, "won:<unit>").
CREATE TABLE entrant_stats (
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    season        INTEGER NOT NULL,
    entrant_id    INTEGER NOT NULL,
    stat          TEXT    NOT NULL,
    attempted     INTEGER NOT NULL,
    made          INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season, entrant_id, stat)
);
CREATE TABLE player_stats (
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    user_id       INTEGER NOT NULL,
    stat          TEXT    NOT NULL,
    attempted     INTEGER NOT NULL,
    made          INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id, stat)
);

-- Rating rules: provisional ("?") below provisional_matches rated matches; listed in the
-- table with at least listed_matches rated matches, the last one within listed_days.
ALTER TABLE league_settings ADD COLUMN provisional_matches INTEGER NOT NULL DEFAULT 10;
ALTER TABLE league_settings ADD COLUMN listed_matches INTEGER NOT NULL DEFAULT 3;
ALTER TABLE league_settings ADD COLUMN listed_days INTEGER NOT NULL DEFAULT 30;
