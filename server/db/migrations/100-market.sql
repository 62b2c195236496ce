-- Market: instrument categories (names per language), the instrument catalogue (docs/contract.md §3 Instrument terms plus the
-- simulator's parameters), and kline bars for the six periods (stored in chunks).
CREATE TABLE categories (
  id INTEGER PRIMARY KEY,
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE
);

-- NameShowTrans per language code (hk, en, …); a language without a row falls back to 'en'.
CREATE TABLE category_names (
  category_id INTEGER NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (category_id, lang)
);

CREATE TABLE instruments (
  id INTEGER PRIMARY KEY,                       -- Instrument.Id (the client's forex_id)
  code TEXT NOT NULL UNIQUE,                    -- Code, e.g. EURUSD
  show_code TEXT NOT NULL,                      -- ShowCode, e.g. EUR/USD
  logo TEXT NOT NULL,                           -- Logo URL, e.g. /logos/eurusd.svg
  category_id INTEGER NOT NULL REFERENCES categories(id),
  market_class TEXT NOT NULL,                   -- hours and volatility class: fx, metal, index, energy, crypto
  price_precision SMALLINT NOT NULL,            -- PricePrecision (decimals)
  pip NUMERIC NOT NULL,                         -- Pip: lot step
  min_cont NUMERIC NOT NULL,                    -- ForexMinCont: minimum lots
  cont_num NUMERIC NOT NULL,                    -- ForexContNum: units per lot (fixed mode: USD margin per lot)
  margin_mode SMALLINT NOT NULL,                -- MarginMode: 1 fixed margin per lot, 2 leveraged
  multiples INTEGER[] NOT NULL DEFAULT '{}',    -- HasForexMultiple values; empty = no leverage offered
  fee_rate NUMERIC NOT NULL,                    -- ForexFeeRate
  base_price NUMERIC NOT NULL,                  -- where a fresh simulated history ends
  annual_vol DOUBLE PRECISION NOT NULL,         -- simulator: annualised volatility
  tick_hz DOUBLE PRECISION NOT NULL,            -- simulator: mean ticks per second while open
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  CHECK (market_class IN ('fx', 'metal', 'index', 'energy', 'crypto')),
  CHECK (margin_mode IN (1, 2)),
  CHECK (price_precision BETWEEN 0 AND 10),
  CHECK (base_price > 0 AND pip > 0 AND min_cont > 0 AND cont_num > 0 AND fee_rate >= 0)
);
CREATE INDEX instruments_category ON instruments (category_id, sort);

-- Kline bars in chunks of up to 60 consecutive bars of one instrument and period: history is written and read a
-- chunk at a time (a row per bar made a fresh history ~100k rows, seconds of start-up in embedded PostgreSQL).
-- Bars ascending; time = bar open in epoch seconds aligned to the period (UTC); prices are whole ticks
-- (price × 10^price_precision, exact integers; chart data, never money). `bars` is a flat JSON array of 6 integers per
-- bar, as deltas to keep it short: [time − previous time, open − previous close, high − open, open − low,
-- close − open, volume], the first bar's "previous" values being 0 (server/market/kline-repository.ts).
CREATE TABLE kline_chunks (
  instrument_id INTEGER NOT NULL,
  period INTEGER NOT NULL,                      -- seconds: 60, 300, 900, 1800, 3600, 86400
  chunk_start BIGINT NOT NULL,                  -- epoch seconds, a multiple of period × 60
  price_precision SMALLINT NOT NULL,            -- scale of the ticks in `bars`
  n INTEGER NOT NULL,                           -- number of bars
  bars TEXT NOT NULL,
  PRIMARY KEY (instrument_id, period, chunk_start)
);
