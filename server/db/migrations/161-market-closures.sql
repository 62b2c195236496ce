-- Scheduled market closures (docs/market-data.md "Scheduled closures"): a halt the market writer's job applies at
-- starts_at and lifts at ends_at (ms epoch, the injected clock), one row per instrument. created_by and cancelled_by
-- name the member as the desk's tables do ("Name (login)" or "break-glass"). state is the job's, kept here so a
-- restart or a new writer repeats nothing: 'scheduled' until it began, 'applied' while it runs (whether its halt
-- still stands or staff changed it), 'ended' once over, cancelled or lifted.
CREATE TABLE market_closures (
  id SERIAL PRIMARY KEY,
  instrument_id INTEGER NOT NULL REFERENCES instruments(id) ON DELETE CASCADE,
  starts_at BIGINT NOT NULL,
  ends_at BIGINT NOT NULL,
  reason TEXT NOT NULL,
  created_by TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  cancelled_by TEXT,
  cancelled_at BIGINT,
  state TEXT NOT NULL DEFAULT 'scheduled' CHECK (state IN ('scheduled', 'applied', 'ended')),
  CHECK (ends_at > starts_at),
  CHECK ((cancelled_by IS NULL) = (cancelled_at IS NULL))
);
-- The job's due rows.
CREATE INDEX market_closures_open ON market_closures (starts_at) WHERE state <> 'ended';
-- An instrument's closures: the overlap check, the specification sheet.
CREATE INDEX market_closures_instrument ON market_closures (instrument_id, ends_at);

-- The closure whose halt this is. Any other halt or resume clears it, so the job lifts only a halt it set itself.
ALTER TABLE feed_rules ADD COLUMN halt_closure_id INTEGER REFERENCES market_closures(id) ON DELETE SET NULL;
