-- Price feeds (docs/market-data.md): which source symbol quotes which instrument, the dealing desk's rules
-- per instrument (price rule, stale and spike limits, halt), suspended sources, and the record of every change.
-- The simulator needs no row: it quotes every instrument no other configured source maps (by its code).

-- A source's symbol for an instrument, with the fixed offset added to that source's price for it (decimal text at
-- most the instrument's precision; 0 = none). One symbol per instrument per source, one instrument per symbol.
CREATE TABLE feed_mappings (
  source TEXT NOT NULL,
  symbol TEXT NOT NULL,
  instrument_id INTEGER NOT NULL REFERENCES instruments(id) ON DELETE CASCADE,
  price_offset NUMERIC NOT NULL DEFAULT 0,
  PRIMARY KEY (source, symbol),
  UNIQUE (source, instrument_id)
);

-- The desk's rules for an instrument; no row = the defaults (mid; the configured stale and spike limits; trading).
-- stale_ms / spike_pct NULL = the default; 0 = off. halt_reason NOT NULL = trading halted, with what traders see.
CREATE TABLE feed_rules (
  instrument_id INTEGER PRIMARY KEY REFERENCES instruments(id) ON DELETE CASCADE,
  price_rule TEXT NOT NULL DEFAULT 'mid' CHECK (price_rule IN ('mid', 'bid', 'ask', 'last')),
  stale_ms INTEGER CHECK (stale_ms >= 0),
  spike_pct NUMERIC CHECK (spike_pct >= 0),
  halt_reason TEXT
);

-- A source the operator suspended: its ticks are counted but never used until it is resumed.
CREATE TABLE feed_suspended (
  source TEXT PRIMARY KEY,
  reason TEXT NOT NULL DEFAULT ''
);

-- Every desk change: who (the operator's name as given), when (epoch ms), which command, and what it set.
CREATE TABLE feed_changes (
  id BIGSERIAL PRIMARY KEY,
  at BIGINT NOT NULL,
  by_whom TEXT NOT NULL,
  command TEXT NOT NULL,
  detail TEXT NOT NULL
);
CREATE INDEX feed_changes_at ON feed_changes (at DESC);
