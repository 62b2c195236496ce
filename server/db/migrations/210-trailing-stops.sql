-- Trailing stop: a holding order's distance behind the best price. While it is above 0 the engine moves
-- target_loss_price towards the price (never back); the stop-loss column itself is the current trailing stop, so a
-- restart reloads it as it was last committed. 0 = no trailing.
ALTER TABLE orders ADD COLUMN trail_distance NUMERIC NOT NULL DEFAULT 0;
