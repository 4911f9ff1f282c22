-- Match records, league seasons, standings and per-guild league settings.
-- SQLite dialect; postgresql/0002_matches_and_leagues.sql is its twin.

CREATE TABLE matches (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id      INTEGER UNIQUE,               -- the table it was played at (its action log)
    guild_id      INTEGER,                      -- NULL: not in a guild (console, DM)
    channel_id    INTEGER,
    game          TEXT    NOT NULL,
    players       INTEGER NOT NULL,
    options       TEXT    NOT NULL,             -- JSON object
    seed          INTEGER NOT NULL,
    deals         TEXT    NOT NULL,             -- JSON list of stacked deals
    status        TEXT    NOT NULL,             -- finished | abandoned
    season        INTEGER,                      -- league season it counted in, NULL if none
    rated         INTEGER NOT NULL,             -- 1: counted for standings and ratings
    computers     INTEGER NOT NULL,             -- 1: a computer player held a seat
    teams         TEXT,                         -- JSON list of seat lists, NULL: individual
    winners       TEXT    NOT NULL,             -- JSON list of seats
    scores        TEXT    NOT NULL,             -- JSON list
    result        TEXT,                         -- JSON: the engine's result
    hand_results  TEXT    NOT NULL,             -- JSON: the engine's hand_results
    hands         INTEGER NOT NULL,
    actions       INTEGER NOT NULL,
    started_at    REAL    NOT NULL,
    ended_at      REAL    NOT NULL,
    duration      REAL    NOT NULL
);

-- A guild's history, newest first, optionally one game.
CREATE INDEX matches_by_guild ON matches (guild_id, id);
CREATE INDEX matches_by_guild_game ON matches (guild_id, game, id);

CREATE TABLE match_players (
    match_id      INTEGER NOT NULL REFERENCES matches (id),
    seat          INTEGER NOT NULL,
    team          INTEGER,
    user_id       INTEGER,                      -- NULL for a computer
    name          TEXT    NOT NULL,
    computer      TEXT,                         -- the computer level, NULL for a user
    away          INTEGER NOT NULL,             -- a computer finished the match for the user
    won           INTEGER NOT NULL,
    guild_id      INTEGER,                      -- copied from matches for the history index
    game          TEXT    NOT NULL,
    rating_before REAL,                         -- NULL when not rated
    rating_after  REAL,
    mu            REAL,
    sigma         REAL,
    PRIMARY KEY (match_id, seat)
);

-- A player's history in a guild, newest first.
CREATE INDEX match_players_by_user ON match_players (user_id, guild_id, match_id)
    WHERE user_id IS NOT NULL;

CREATE TABLE seasons (
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    number        INTEGER NOT NULL,             -- 1, 2, 3 ... per guild and game
    name          TEXT,
    started_at    REAL    NOT NULL,
    ended_at      REAL,                         -- NULL: the current season
    PRIMARY KEY (guild_id, game, number)
);

CREATE TABLE standings (
    guild_id      INTEGER NOT NULL,
    game          TEXT    NOT NULL,
    season        INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,             -- display name at the latest match
    matches       INTEGER NOT NULL,
    wins          INTEGER NOT NULL,
    losses        INTEGER NOT NULL,
    draws         INTEGER NOT NULL,
    streak        INTEGER NOT NULL,             -- +n wins in a row, -n losses in a row
    best_streak   INTEGER NOT NULL,
    points        INTEGER NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    rating        REAL    NOT NULL,             -- openskill ordinal: mu - 3 sigma
    last_match_id INTEGER NOT NULL,
    updated_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, season, user_id)
);

-- Leaderboards: one index per order, so a page is an index range, never a sort.
CREATE INDEX standings_by_rating ON standings (guild_id, game, season, rating DESC, user_id);
CREATE INDEX standings_by_wins ON standings (guild_id, game, season, wins DESC, rating DESC, user_id);
-- A player's stats across games.
CREATE INDEX standings_by_user ON standings (user_id, guild_id);

CREATE TABLE league_settings (
    guild_id        INTEGER PRIMARY KEY,
    computers_count INTEGER NOT NULL,           -- 1: matches with computers count
    points_win      INTEGER NOT NULL,
    points_draw     INTEGER NOT NULL,
    points_loss     INTEGER NOT NULL,
    updated_at      REAL    NOT NULL
);
