-- USD accounts and the financial-records ledger: every change to the available balance writes one record,
-- so sum(financial_records.value) = accounts.balance for every user.
CREATE TABLE accounts (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  currency TEXT NOT NULL DEFAULT 'USD',
  balance NUMERIC(24, 8) NOT NULL DEFAULT 0,        -- available
  lock_balance NUMERIC(24, 8) NOT NULL DEFAULT 0,   -- frozen (open margins, pending withdrawals)
  updated_at BIGINT NOT NULL,
  CHECK (balance >= 0),
  CHECK (lock_balance >= 0)
);

CREATE TABLE financial_records (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  value NUMERIC(24, 8) NOT NULL,                    -- signed change of the available balance
  type SMALLINT NOT NULL,                           -- server/ledger/record-types.ts
  memo TEXT NOT NULL DEFAULT '',
  balance_after NUMERIC(24, 8) NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX financial_records_user ON financial_records (user_id, id DESC);
