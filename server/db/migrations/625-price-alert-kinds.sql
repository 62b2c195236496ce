-- Day-move alerts (docs/alerts.md): besides "above / below a price" (kind 'price', the level in
-- price), "rises / falls by N % in a day" (kind 'change', N in percent): condition 'above' is "rises by N %" (the day's
-- change % the market list shows ≥ +N), 'below' is "falls by N %" (≤ −N). Exactly one of price and percent is set.
-- fired_change keeps the day's change a change alert fired at (the list's 2-decimal figure).
ALTER TABLE price_alerts ALTER COLUMN price DROP NOT NULL;
ALTER TABLE price_alerts ADD COLUMN kind TEXT NOT NULL DEFAULT 'price' CHECK (kind IN ('price', 'change'));
ALTER TABLE price_alerts ADD COLUMN percent NUMERIC(6, 2) CHECK (percent > 0 AND percent <= 50);
ALTER TABLE price_alerts ADD COLUMN fired_change NUMERIC(8, 2);
ALTER TABLE price_alerts ADD CONSTRAINT price_alerts_kind_value CHECK (
  (kind = 'price' AND price IS NOT NULL AND percent IS NULL) OR (kind = 'change' AND percent IS NOT NULL AND price IS NULL)
);
