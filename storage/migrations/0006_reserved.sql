-- Reserved: the ship branch adds migration 0006 (issue 29 items 1 and 7). This file only
-- keeps the numbers without a gap on the discord branch; drop it when ship's 0006 lands.
SELECT 1;
