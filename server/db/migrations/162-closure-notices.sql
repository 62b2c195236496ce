-- Who is told of a scheduled closure (docs/market-data.md "Scheduled closures"): closure-add and closure-cancel write
-- one row per real account holding an open position or a pending order on the instruments, in their own transaction
-- (one INSERT … SELECT, however many hold them); the market writer's job sends each row as an account notice after
-- that commit and deletes it, so the command never waits for thousands of messages. codes lists the instruments the
-- account holds among those closed; times are ms epoch from the injected clock.
CREATE TABLE closure_notices (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('closure_scheduled', 'closure_cancelled')),
  codes TEXT NOT NULL,
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  reason TEXT NOT NULL,
  created_at BIGINT NOT NULL
);

-- Whether closure-add told anyone of this closure: only then does its cancel tell the holders it is off.
ALTER TABLE market_closures ADD COLUMN announced BOOLEAN NOT NULL DEFAULT FALSE;
