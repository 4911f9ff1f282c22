-- A damaged table (its row does not read, its log does not replay) is set aside (issue
-- 29): status 'quarantined' frees its channel (the unique index covers lobby and running
-- only), the reason says why, and quarantine_told records that its channel was told once.
-- The row and its actions are kept as they are, for a bug report.

ALTER TABLE tables ADD COLUMN quarantine_reason TEXT;
ALTER TABLE tables ADD COLUMN quarantined_at REAL;
ALTER TABLE tables ADD COLUMN quarantine_told INTEGER NOT NULL DEFAULT 0;

CREATE INDEX tables_quarantined ON tables (channel_id) WHERE status = 'quarantined';
