-- Copy trading (docs/copy-trading.md): the providers, each follower's copies (a copy trades in its own copy account,
-- a hidden user with its own accounts row and ledger), the links between a copy's positions and the provider's, one
-- row per mirrored action — UNIQUE (provider order, copy, action), written in the follower's transaction, so a
-- replay after a kill -9 neither loses nor doubles one — the copy's money lines, the fee settlements (one per copy and
-- period) and the high-water mark's shortfall kept per follower and provider across a stop and a restart.
CREATE TABLE copy_providers (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  display_name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  fee_percent SMALLINT NOT NULL,
  min_amount NUMERIC(24, 8) NOT NULL,
  is_demo SMALLINT NOT NULL,                -- the provider's world; a copy account takes its follower's
  is_sample SMALLINT NOT NULL DEFAULT 0,    -- a seeded sample trader: shown, never copied
  suspended_at BIGINT,                      -- set by staff: nothing new is copied
  created_at BIGINT NOT NULL,
  CHECK (fee_percent BETWEEN 0 AND 30),
  CHECK (min_amount >= 100),
  CHECK (is_demo IN (0, 1) AND is_sample IN (0, 1))
);

CREATE TABLE copies (
  id SERIAL PRIMARY KEY,
  follower_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id INTEGER NOT NULL REFERENCES copy_providers(user_id) ON DELETE CASCADE,
  account_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE, -- the copy account
  status SMALLINT NOT NULL DEFAULT 1,       -- 1 active, 2 paused, 3 stopped
  multiplier NUMERIC(4, 1) NOT NULL,
  stop_loss_percent SMALLINT NOT NULL,
  slippage_percent NUMERIC(6, 3) NOT NULL,
  leverage_cap INTEGER NOT NULL,
  fee_percent SMALLINT NOT NULL,            -- the provider's at the start: a later change never reaches a running copy
  net_invested NUMERIC(24, 8) NOT NULL,
  high_water_mark NUMERIC(24, 8) NOT NULL,
  fees_paid NUMERIC(24, 8) NOT NULL DEFAULT 0,
  started_at BIGINT NOT NULL,
  ended_at BIGINT,
  end_reason TEXT NOT NULL DEFAULT '',      -- '' | user | copy_stop_loss
  CHECK (status IN (1, 2, 3)),
  CHECK (multiplier BETWEEN 0.1 AND 3),
  CHECK (stop_loss_percent BETWEEN 5 AND 95),
  CHECK (follower_id <> provider_id)
);
-- One running copy per follower and provider; the mirroring reads the provider's running copies.
CREATE UNIQUE INDEX copies_running ON copies (follower_id, provider_id) WHERE status IN (1, 2);
CREATE INDEX copies_of_provider ON copies (provider_id) WHERE status IN (1, 2);
CREATE INDEX copies_of_follower ON copies (follower_id, id DESC);

CREATE TABLE copy_links (
  copy_id INTEGER NOT NULL REFERENCES copies(id) ON DELETE CASCADE,
  provider_order_id INTEGER NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  follower_order_id INTEGER NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  provider_price NUMERIC NOT NULL,          -- the provider's entry, shown beside the follower's
  provider_lots NUMERIC NOT NULL,           -- the provider's lots the link last matched: a partial close shows below it
  provider_stops TEXT NOT NULL,             -- '<stop-profit>/<stop-loss>' last mirrored: an edit shows as a difference
  stops_version INTEGER NOT NULL DEFAULT 0, -- mirrored stops edits so far: the next one's key is stops:<version + 1>
  unlinked_at BIGINT,                       -- a hand close, the copy's stop, a stop-out: the provider no longer reaches it
  unlink_reason TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (copy_id, provider_order_id)
);
CREATE INDEX copy_links_provider ON copy_links (provider_order_id) WHERE unlinked_at IS NULL;

CREATE TABLE copy_actions (
  id BIGSERIAL PRIMARY KEY,
  provider_order_id INTEGER NOT NULL,
  copy_id INTEGER NOT NULL REFERENCES copies(id) ON DELETE CASCADE,
  action TEXT NOT NULL,                     -- open | close | part:<provider lots left> | stops:<link's edit number>
  outcome TEXT NOT NULL,                    -- done | skipped
  reason TEXT NOT NULL DEFAULT '',          -- a skip's: below_min_lot, insufficient_margin, slippage, market_closed …
  detail TEXT NOT NULL DEFAULT '',          -- JSON: lots, prices
  created_at BIGINT NOT NULL,
  UNIQUE (provider_order_id, copy_id, action)
);
CREATE INDEX copy_actions_copy ON copy_actions (copy_id, id DESC);

CREATE TABLE copy_transfers (
  id BIGSERIAL PRIMARY KEY,
  copy_id INTEGER NOT NULL REFERENCES copies(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,                       -- start | add | withdraw | stop | fee
  amount NUMERIC(24, 8) NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX copy_transfers_copy ON copy_transfers (copy_id, id);

CREATE TABLE copy_fee_settlements (
  copy_id INTEGER NOT NULL REFERENCES copies(id) ON DELETE CASCADE,
  period TEXT NOT NULL,                     -- month:YYYY-MM | stop | withdraw:<transfer id>
  equity NUMERIC(24, 8) NOT NULL,
  mark_before NUMERIC(24, 8) NOT NULL,
  fee NUMERIC(24, 8) NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (copy_id, period)
);

CREATE TABLE copy_marks (
  follower_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id INTEGER NOT NULL REFERENCES copy_providers(user_id) ON DELETE CASCADE,
  shortfall NUMERIC(24, 8) NOT NULL,        -- mark − equity when a copy stopped below its mark
  PRIMARY KEY (follower_id, provider_id)
);
