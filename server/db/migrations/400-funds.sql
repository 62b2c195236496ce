-- Fixed-term "mining" funds (docs/contract.md §3, §4, §9): the funds on offer, the traders' subscriptions, and one income row per
-- subscription and fund day — UNIQUE, so a day is paid exactly once whatever runs the job, however often.
CREATE TABLE funds (
  id SERIAL PRIMARY KEY,
  title TEXT NOT NULL,
  image TEXT NOT NULL DEFAULT '',
  currency_code TEXT NOT NULL,              -- a USD stablecoin: subscriptions are debited 1:1 from the USD balance
  lock_dividend_days INTEGER NOT NULL CHECK (lock_dividend_days > 0),
  dividend_percentage NUMERIC(12, 6) NOT NULL CHECK (dividend_percentage > 0), -- per day, percent of the amount
  staring_sub_amount NUMERIC(24, 8) NOT NULL CHECK (staring_sub_amount > 0),   -- minimum
  max_sub_amount NUMERIC(24, 8) NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  liquidated_damages NUMERIC(12, 6) NOT NULL CHECK (liquidated_damages >= 0 AND liquidated_damages <= 100), -- penalty %
  sort INTEGER NOT NULL DEFAULT 0,
  enabled SMALLINT NOT NULL DEFAULT 1,
  CHECK (max_sub_amount >= staring_sub_amount),
  UNIQUE (title)
);

CREATE TABLE fund_subscriptions (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  fund_id INTEGER NOT NULL REFERENCES funds(id),
  share_amount NUMERIC(24, 8) NOT NULL CHECK (share_amount > 0),
  day_profit NUMERIC(24, 8) NOT NULL,       -- dividend_percentage × amount / 100, 4 decimals, fixed at subscription
  lock_days INTEGER NOT NULL,               -- copied: a later change of the fund never changes a subscription
  penalty_percentage NUMERIC(12, 6) NOT NULL,
  status SMALLINT NOT NULL DEFAULT 1,       -- 1 doing, 2 refunding, 3 refunded, 4 finished
  sub_time BIGINT NOT NULL,                 -- ms; fund day k is due at sub_time + k × FUND_DAY_MS
  ended_at BIGINT,
  CHECK (status IN (1, 2, 3, 4))
);
CREATE INDEX fund_subscriptions_user ON fund_subscriptions (user_id, id DESC);
CREATE INDEX fund_subscriptions_doing ON fund_subscriptions (status) WHERE status = 1;

CREATE TABLE fund_incomes (
  id BIGSERIAL PRIMARY KEY,
  subscription_id BIGINT NOT NULL REFERENCES fund_subscriptions(id) ON DELETE CASCADE,
  day INTEGER NOT NULL,                     -- 1 … lock_days
  interest NUMERIC(24, 8) NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (subscription_id, day)
);
