-- A damaged table (its row does not read, its log does not replay) is set aside (issue
-- 29). PostgreSQL twin of ../0007_quarantined_tables.sql.

ALTER TABLE tables ADD COLUMN quarantine_reason TEXT;
ALTER TABLE tables ADD COLUMN quarantined_at DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN quarantine_told INTEGER NOT NULL DEFAULT 0;

CREATE INDEX tables_quarantined ON tables (channel_id) WHERE status = 'quarantined';
