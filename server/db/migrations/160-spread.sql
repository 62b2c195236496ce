-- The dealer's mark-up per instrument (docs/market-data.md "Spread"): two-sided prices, optional. spread_mode NULL or
-- spread_points 0 with 'fixed' = one price (the default); 'fixed' = a spread of spread_points price steps around the
-- made price (the mid by default); 'widen' = the source's own bid and ask, each moved out by half of spread_points.
ALTER TABLE feed_rules ADD COLUMN spread_mode TEXT CHECK (spread_mode IN ('fixed', 'widen'));
ALTER TABLE feed_rules ADD COLUMN spread_points INTEGER NOT NULL DEFAULT 0 CHECK (spread_points >= 0 AND spread_points <= 1000000);
