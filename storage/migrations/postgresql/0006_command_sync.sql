-- Slash-command sync (issue 28): the hash of the command tree last synced with Discord,
-- per target ("global" or "guild:<id>"), so a start syncs only when the tree changed.
-- PostgreSQL twin of ../0006_command_sync.sql.

CREATE TABLE command_sync (
    target     TEXT              PRIMARY KEY,
    tree_hash  TEXT              NOT NULL,
    synced_at  DOUBLE PRECISION  NOT NULL
);
