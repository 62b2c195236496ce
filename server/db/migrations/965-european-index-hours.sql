-- A European index keeps Frankfurt's hours (server/market/market-hours.ts, class 'eu-index'), not New York's.
ALTER TABLE instruments DROP CONSTRAINT instruments_market_class_check;
ALTER TABLE instruments ADD CONSTRAINT instruments_market_class_check
  CHECK (market_class IN ('fx', 'metal', 'index', 'eu-index', 'energy', 'crypto'));
UPDATE instruments SET market_class = 'eu-index' WHERE code = 'GER40' AND market_class = 'index';
