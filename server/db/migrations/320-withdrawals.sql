-- Withdrawals (docs/contract.md §3, §7): the currencies one can withdraw in, the trader's saved payout methods, and requests.
-- A request moves its USD amount from balance to lock_balance; an operator pays it (the lock leaves) or rejects it
-- (the lock returns to the balance). Address and account are copied onto the request: deleting a method later
-- does not change what was asked for.
CREATE TABLE withdraw_currencies (
  id SERIAL PRIMARY KEY,
  type SMALLINT NOT NULL,                   -- 1 coin, 2 bank
  code TEXT NOT NULL,
  protocol TEXT NOT NULL DEFAULT '',        -- coin network; '' for bank currencies
  draw_rate NUMERIC(24, 8) NOT NULL,        -- fee_type 1: fixed USD fee; otherwise percent of the amount
  fee_type SMALLINT NOT NULL,
  usd_price NUMERIC(24, 8) NOT NULL CHECK (usd_price > 0), -- units of this currency one USD buys
  sort INTEGER NOT NULL DEFAULT 0,
  enabled SMALLINT NOT NULL DEFAULT 1,
  CHECK (type IN (1, 2)),
  CHECK (draw_rate >= 0),
  UNIQUE (type, code, protocol)
);

CREATE TABLE payout_methods (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type SMALLINT NOT NULL,                   -- 1 crypto address, 2 bank account
  currency_id INTEGER NOT NULL REFERENCES withdraw_currencies(id),
  dc_address TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  bank_address TEXT NOT NULL DEFAULT '',
  bank_swift TEXT NOT NULL DEFAULT '',
  branch_name TEXT NOT NULL DEFAULT '',
  payee_name TEXT NOT NULL DEFAULT '',
  payee_account TEXT NOT NULL DEFAULT '',
  remark TEXT NOT NULL DEFAULT '',
  created_at BIGINT NOT NULL,
  CHECK (type IN (1, 2))
);
CREATE INDEX payout_methods_user ON payout_methods (user_id, type, id);

CREATE TABLE withdrawals (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type SMALLINT NOT NULL,                   -- 1 coin, 2 bank
  currency_id INTEGER NOT NULL REFERENCES withdraw_currencies(id),
  number NUMERIC(24, 8) NOT NULL CHECK (number > 0),   -- USD taken from the balance (frozen until reviewed)
  fee NUMERIC(24, 8) NOT NULL CHECK (fee >= 0),        -- USD
  real_number NUMERIC(24, 8) NOT NULL CHECK (real_number > 0), -- what the trader receives, in the currency
  address TEXT NOT NULL DEFAULT '',
  payee_account TEXT NOT NULL DEFAULT '',
  payee_name TEXT NOT NULL DEFAULT '',
  bank_name TEXT NOT NULL DEFAULT '',
  memo TEXT NOT NULL DEFAULT '',            -- the trader's remark
  status SMALLINT NOT NULL DEFAULT 0,       -- 0 pending (frozen), 1 paid, 2 rejected (released)
  remark TEXT NOT NULL DEFAULT '',          -- the operator's reason for a rejection
  created_at BIGINT NOT NULL,
  reviewed_at BIGINT,
  CHECK (type IN (1, 2)),
  CHECK (status IN (0, 1, 2))
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, type, id DESC);
CREATE INDEX withdrawals_status ON withdrawals (status, id);
