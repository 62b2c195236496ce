-- The dealer's book (docs/trading.md "Swaps", "Margin call", "Negative-balance protection"; docs/back-office.md
-- "The dealer's view"): each instrument's swap terms, one row per charged (position, rollover) — the idempotency key
-- that makes a rollover charge exactly once across restarts and fail-overs of the market writer —, the accrued swap
-- on each order, the losses the house absorbed under negative-balance protection, and the margin-call state per user.
CREATE TABLE instrument_swaps (
  instrument_id INTEGER PRIMARY KEY REFERENCES instruments(id) ON DELETE CASCADE,
  long_rate NUMERIC NOT NULL DEFAULT 0,          -- per night, points per lot or percent a year; negative = trader pays
  short_rate NUMERIC NOT NULL DEFAULT 0,
  mode TEXT NOT NULL DEFAULT 'points',
  rollover_time TEXT NOT NULL DEFAULT '17:00',   -- wall-clock HH:MM in time_zone
  time_zone TEXT NOT NULL DEFAULT 'America/New_York',
  triple_day SMALLINT NOT NULL DEFAULT 3,        -- 0 Sunday … 6 Saturday
  updated_at BIGINT NOT NULL,
  updated_by TEXT NOT NULL DEFAULT '',
  CHECK (mode IN ('points', 'percent')),
  CHECK (triple_day BETWEEN 0 AND 6)
);

CREATE TABLE swap_charges (
  id SERIAL PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rollover_at BIGINT NOT NULL,                   -- the rollover instant, ms epoch
  nights SMALLINT NOT NULL,
  amount NUMERIC(24, 8) NOT NULL,                -- as computed (negative = charged)
  charged NUMERIC(24, 8) NOT NULL,               -- what moved: a debit is capped at the available balance
  created_at BIGINT NOT NULL,
  UNIQUE (order_id, rollover_at)
);

ALTER TABLE orders ADD COLUMN swap NUMERIC(24, 8) NOT NULL DEFAULT 0;  -- accrued swap (sum of charged)

-- Negative-balance protection: the part of a loss a close did not realise because the account could not pay it.
CREATE TABLE house_absorbed (
  id SERIAL PRIMARY KEY,
  order_id INTEGER REFERENCES orders(id) ON DELETE SET NULL,
  user_id INTEGER NOT NULL,
  instrument_id INTEGER NOT NULL,
  kind TEXT NOT NULL,                            -- close (a loss beyond the account) | swap (a charge beyond it)
  amount NUMERIC(24, 8) NOT NULL,                -- positive: what the house bore
  created_at BIGINT NOT NULL
);
CREATE INDEX house_absorbed_time ON house_absorbed (created_at);

-- Margin call: whether the user has been told of the current crossing (re-armed when the rate rises above the level).
CREATE TABLE margin_call_state (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  called BOOLEAN NOT NULL,
  changed_at BIGINT NOT NULL
);
