-- Fixed-term "mining" funds (SPEC §3): the funds on offer, the users' subscriptions and their daily income items.
-- Money NUMERIC(24, 8) like the ledger. See docs/funds.md.
CREATE TABLE funds (
  id SERIAL PRIMARY KEY,
  title TEXT NOT NULL UNIQUE,
  image TEXT NOT NULL DEFAULT '',
  currency_code TEXT NOT NULL,                      -- a USD-pegged code, booked 1:1 against the USD balance
  lock_dividend_days INTEGER NOT NULL,
  dividend_percentage NUMERIC(12, 4) NOT NULL,      -- percent of the amount paid per fund day
  staring_sub_amount NUMERIC(24, 8) NOT NULL,       -- minimum (the spec's spelling)
  max_sub_amount NUMERIC(24, 8) NOT NULL,
  "desc" TEXT NOT NULL DEFAULT '',
  liquidated_damages NUMERIC(12, 4) NOT NULL,       -- early-redemption penalty, percent of the amount
  sort INTEGER NOT NULL DEFAULT 0,
  enabled BOOLEAN NOT NULL DEFAULT TRUE,
  CHECK (lock_dividend_days > 0),
  CHECK (dividend_percentage >= 0 AND liquidated_damages >= 0 AND liquidated_damages <= 100),
  CHECK (staring_sub_amount > 0 AND max_sub_amount >= staring_sub_amount)
);

-- One subscription: the terms are copied from the fund at purchase, so an operator's later change never alters a
-- running one. day_ms is the fund-day length in force at purchase (FUND_DAY_MS).
CREATE TABLE fund_subscriptions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  fund_id INTEGER NOT NULL REFERENCES funds(id),
  status SMALLINT NOT NULL,                         -- 1 doing, 2 refunding, 3 refunded, 4 finished
  share_amount NUMERIC(24, 8) NOT NULL,
  day_profit NUMERIC(24, 8) NOT NULL,
  lock_days INTEGER NOT NULL,
  liquidated_damages NUMERIC(12, 4) NOT NULL,
  day_ms BIGINT NOT NULL,
  days_paid INTEGER NOT NULL DEFAULT 0,
  paid_profit NUMERIC(24, 8) NOT NULL DEFAULT 0,    -- income credited so far
  penalty NUMERIC(24, 8) NOT NULL DEFAULT 0,        -- charged on early redemption
  sub_time BIGINT NOT NULL,                         -- ms epoch, injected clock
  next_due_at BIGINT NOT NULL,                      -- sub_time + (days_paid + 1) × day_ms
  ended_at BIGINT,
  CHECK (status IN (1, 2, 3, 4)),
  CHECK (share_amount > 0 AND days_paid >= 0 AND days_paid <= lock_days)
);
CREATE INDEX fund_subscriptions_user ON fund_subscriptions (user_id, id DESC);
CREATE INDEX fund_subscriptions_due ON fund_subscriptions (next_due_at) WHERE status = 1;

-- One income item per (subscription, fund day): the unique key makes a second payment of a day impossible, whatever
-- races or restarts happen.
CREATE TABLE fund_income (
  id SERIAL PRIMARY KEY,
  sub_id INTEGER NOT NULL REFERENCES fund_subscriptions(id) ON DELETE CASCADE,
  day INTEGER NOT NULL,                             -- 1 .. lock_days
  interest NUMERIC(24, 8) NOT NULL,
  created_at BIGINT NOT NULL,                       -- the day's due time
  UNIQUE (sub_id, day)
);
