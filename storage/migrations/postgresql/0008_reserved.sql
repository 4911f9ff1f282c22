-- Reserved for the hand reports of another branch (migration 0008): this placeholder keeps
-- the numbers without a gap until that migration is merged, which replaces this file.
SELECT 1;
