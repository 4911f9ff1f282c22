-- Duplicate between tables at a match night (issue 33): a night may play each fixture's
-- games as two linked tables with the seats turned (tables/linked.py), the comparison of
-- the two deciding each game. The second table is kept beside the first, and each game's
-- comparison (the swing, team A's gain on team B with the same cards) with its result.
-- PostgreSQL twin of ../0013_duplicate_nights.sql (same columns and index).

ALTER TABLE league_nights ADD COLUMN duplicate INTEGER NOT NULL DEFAULT 0;  -- 1: two tables a game
ALTER TABLE night_fixtures ADD COLUMN other_table_id BIGINT;  -- the turned table of the game
ALTER TABLE night_fixtures ADD COLUMN other_channel_id BIGINT;  -- its thread
ALTER TABLE night_fixtures ADD COLUMN swings TEXT NOT NULL DEFAULT '[]';  -- JSON: each game's

CREATE INDEX night_fixtures_by_other_table ON night_fixtures (other_table_id);
