-- Slash-command sync (issue 28): the hash of the command tree last synced with Discord,
-- per target ("global" or "guild:<id>"), so a start syncs only when the tree changed.

CREATE TABLE command_sync (
    target     TEXT    PRIMARY KEY,
    tree_hash  TEXT    NOT NULL,
    synced_at  REAL    NOT NULL
);
