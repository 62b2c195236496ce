-- Trading engine: orders (pending 0, holding 1, closed 3), the per-user event sequence of FOREX_TRADE/FOREX_CLOSED
-- pushes, and submit idempotency keys. Money NUMERIC(24, 8) like the ledger; prices plain NUMERIC (exact text).
CREATE TABLE orders (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instrument_id INTEGER NOT NULL REFERENCES instruments(id),
  order_type SMALLINT NOT NULL,                     -- 1 buy up, 2 buy low
  quantity NUMERIC(24, 8) NOT NULL,                 -- lots
  multiple INTEGER NOT NULL DEFAULT 0,              -- 0 in fixed-margin mode
  price NUMERIC NOT NULL,                           -- fill price; the target price while pending
  origin_price NUMERIC NOT NULL,                    -- market price at submit
  update_price NUMERIC NOT NULL,                    -- price of the last change (fill, edit, close)
  fact_profits NUMERIC(24, 8) NOT NULL DEFAULT 0,   -- realised P&L once closed
  caution_money NUMERIC(24, 8) NOT NULL,            -- margin held in lock_balance while open
  trade_fee NUMERIC(24, 8) NOT NULL,
  target_loss_price NUMERIC NOT NULL DEFAULT 0,     -- 0 = none
  target_profit_price NUMERIC NOT NULL DEFAULT 0,   -- 0 = none
  status SMALLINT NOT NULL,
  close_reason TEXT NOT NULL DEFAULT '',            -- user | stop_profit | stop_loss | stop_out | cancel
  created_at BIGINT NOT NULL,                       -- ms epoch, injected clock
  filled_at BIGINT,
  completed_at BIGINT,
  CHECK (order_type IN (1, 2)),
  CHECK (status IN (0, 1, 3)),
  CHECK (quantity > 0),
  CHECK (caution_money >= 0 AND trade_fee >= 0)
);
-- Open orders are loaded into the in-memory trigger index at start; lists page by user and status.
CREATE INDEX orders_open ON orders (status) WHERE status IN (0, 1);
CREATE INDEX orders_user_status ON orders (user_id, status, id DESC);

-- One increasing sequence per user for pushed order events; bumped in the same transaction as the change,
-- so it never goes backwards across restarts.
CREATE TABLE order_event_seq (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  seq BIGINT NOT NULL
);

-- A submit carrying an idempotency-key header: the first result is kept and returned to every retry.
CREATE TABLE order_idempotency (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  idem_key TEXT NOT NULL,
  order_id INTEGER REFERENCES orders(id) ON DELETE CASCADE,
  response TEXT NOT NULL DEFAULT '',                -- JSON of the first answer's data
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, idem_key)
);
