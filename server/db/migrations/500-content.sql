-- Content of docs/contract.md §2's remaining screens: news (HTML sanitised when stored) and the seeded traders that top up the
-- ranking (/api/follow/list) so it is never empty. Real traders are derived from closed orders at query time.
CREATE TABLE news (
  id SERIAL PRIMARY KEY,
  category_id INTEGER NOT NULL DEFAULT 1,
  lang TEXT NOT NULL DEFAULT '',                -- language of the text ('' = any); every item is listed for everyone
  slug TEXT NOT NULL UNIQUE,                    -- seed identity, so a restart never duplicates an item
  title TEXT NOT NULL,
  "desc" TEXT NOT NULL DEFAULT '',
  logo TEXT NOT NULL DEFAULT '',
  content TEXT NOT NULL DEFAULT '',             -- sanitised HTML (server/content/sanitise.ts) — never the raw input
  created_at BIGINT NOT NULL
);
CREATE INDEX news_list ON news (category_id, created_at DESC, id DESC);

CREATE TABLE seeded_traders (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,                    -- display name (the "user" field)
  code TEXT NOT NULL,                           -- the variety traded most, an instrument ShowCode
  multiple INTEGER NOT NULL,
  three_week_rate NUMERIC(12, 2) NOT NULL,      -- profit rate over 21 days, percent
  three_week_win NUMERIC(12, 2) NOT NULL,       -- win rate over 21 days, percent
  three_week_profit NUMERIC(24, 2) NOT NULL,    -- USD
  total_rate NUMERIC(12, 2) NOT NULL,
  total_trade_num INTEGER NOT NULL,
  followers INTEGER NOT NULL DEFAULT 0
);
