-- Deposits (docs/contract.md §3, §4): where traders send crypto, which bank accounts take wires, and the charges they submit.
-- usd_price: units of the currency one USD buys (as for withdrawals); a charge of N units credits N / usd_price USD.
CREATE TABLE deposit_networks (
  id SERIAL PRIMARY KEY,
  currency_code TEXT NOT NULL,
  protocol_code TEXT NOT NULL,
  address TEXT NOT NULL,
  usd_price NUMERIC(24, 8) NOT NULL CHECK (usd_price > 0),
  sort INTEGER NOT NULL DEFAULT 0,
  enabled SMALLINT NOT NULL DEFAULT 1,
  UNIQUE (currency_code, protocol_code)
);

CREATE TABLE deposit_bank_coins (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,                -- the currency of the wire, e.g. USD, HKD
  usd_price NUMERIC(24, 8) NOT NULL CHECK (usd_price > 0),
  sort INTEGER NOT NULL DEFAULT 0,
  enabled SMALLINT NOT NULL DEFAULT 1
);

CREATE TABLE deposit_banks (
  id SERIAL PRIMARY KEY,
  bank_coin_id INTEGER NOT NULL REFERENCES deposit_bank_coins(id),
  bank_name TEXT NOT NULL,
  bank_address TEXT NOT NULL,
  bank_swift TEXT NOT NULL,
  payee_name TEXT NOT NULL,
  payee_account TEXT NOT NULL UNIQUE,
  bank_remark TEXT NOT NULL DEFAULT '',
  enabled SMALLINT NOT NULL DEFAULT 1
);

CREATE TABLE charges (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type SMALLINT NOT NULL,                   -- 0 coin, 1 bank
  number NUMERIC(24, 8) NOT NULL CHECK (number > 0), -- units of currency_code the trader says they sent
  currency_code TEXT NOT NULL,
  usd_price NUMERIC(24, 8) NOT NULL,        -- the rate when submitted, so a later rate change cannot move it
  network_id INTEGER REFERENCES deposit_networks(id),
  bank_id INTEGER REFERENCES deposit_banks(id),
  address TEXT NOT NULL DEFAULT '',         -- the address the trader sent to (coin)
  proof_upload TEXT NOT NULL REFERENCES uploads(id),
  status SMALLINT NOT NULL DEFAULT 0,       -- 0 unchecked, 1 finished, 2 rejected, 3 invalid
  credited NUMERIC(24, 8),                  -- USD credited on approval
  remark TEXT NOT NULL DEFAULT '',          -- the operator's reason for a rejection
  created_at BIGINT NOT NULL,
  reviewed_at BIGINT,
  CHECK (type IN (0, 1)),
  CHECK (status IN (0, 1, 2, 3)),
  CHECK ((type = 0 AND network_id IS NOT NULL) OR (type = 1 AND bank_id IS NOT NULL))
);
CREATE INDEX charges_user ON charges (user_id, type, id DESC);
CREATE INDEX charges_status ON charges (status, id);
