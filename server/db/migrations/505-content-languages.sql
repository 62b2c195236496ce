-- Content carries its own languages (docs/content.md "Content languages"): a news item's title, summary and body,
-- and a fund's name and description, are stored once per language, keyed by (item, lang). A reader gets the text in
-- their language, else English, else the item's first language, and the answer says which language it served.
--
-- Today's text moves across unchanged: each news row's text under its own language ('' meant "any": it becomes
-- 'en'), each fund's title and description as 'en'. The stories seeded as separate items per language (the same
-- story told in hk, jp, fr …) become the languages of one item, the English one, so a reader sees each story once.
-- The seeders (server/db/seeds/news.ts, funds.ts) then add the seeded translations an item is missing, on every
-- start, never over an operator's text.
CREATE TABLE news_texts (
  news_id INTEGER NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,                           -- a language code of docs/contract.md §3
  title TEXT NOT NULL CHECK (title <> ''),      -- plain text
  "desc" TEXT NOT NULL DEFAULT '',              -- plain text
  content TEXT NOT NULL DEFAULT '',             -- sanitised HTML (server/content/sanitise.ts) — never the raw input
  seq BIGSERIAL,                                -- order written: the item's first language has the lowest
  updated_at BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (news_id, lang)
);

INSERT INTO news_texts (news_id, lang, title, "desc", content)
SELECT id,
       CASE WHEN lang IN ('hk', 'en', 'jp', 'kr', 'th', 'vn', 'fr', 'de', 'ru', 'spa', 'pt', 'ar', 'it', 'tr', 'id',
                          'my', 'hi', 'cs') THEN lang ELSE 'en' END,
       CASE WHEN title = '' THEN slug ELSE title END, "desc", content
  FROM news ORDER BY id;

-- The seeded translations of one story: each becomes a language of the English item (unless it has that language).
CREATE TEMPORARY TABLE news_merge (src TEXT PRIMARY KEY, dst TEXT NOT NULL) ON COMMIT DROP;
INSERT INTO news_merge (src, dst) VALUES
  ('hk-dollar-cpi', 'en-dollar-cpi'), ('spa-dolar-ipc', 'en-dollar-cpi'),
  ('hk-gold-demand', 'en-gold-record'), ('jp-gold-cb', 'en-gold-record'), ('fr-or-record', 'en-gold-record'),
  ('spa-oro-bancos', 'en-gold-record'),
  ('hk-btc-flows', 'en-btc-etf'), ('kr-btc-steady', 'en-btc-etf'), ('spa-cripto-etf', 'en-btc-etf'),
  ('hk-oil-cuts', 'en-oil-opec'), ('kr-oil-rise', 'en-oil-opec'), ('de-oel-opec', 'en-oil-opec'),
  ('hk-margin-guide', 'en-risk-guide'), ('fr-guide-marge', 'en-risk-guide'),
  ('hk-trading-hours', 'en-platform-hours'), ('de-handelszeiten', 'en-platform-hours'),
  ('jp-yen-warning', 'en-yen-intervention'),
  ('jp-nikkei-tech', 'en-indices-earnings'), ('de-dax-rekord', 'en-indices-earnings'),
  ('fr-bce-pause', 'en-ecb-decision');

UPDATE news_texts t
   SET news_id = d.id
  FROM news_merge m
  JOIN news s ON s.slug = m.src
  JOIN news d ON d.slug = m.dst
 WHERE t.news_id = s.id
   AND NOT EXISTS (SELECT 1 FROM news_texts x WHERE x.news_id = d.id AND x.lang = t.lang);

DELETE FROM news s
 USING news_merge m, news d
 WHERE s.slug = m.src AND d.slug = m.dst;

ALTER TABLE news DROP COLUMN lang;
ALTER TABLE news DROP COLUMN title;
ALTER TABLE news DROP COLUMN "desc";
ALTER TABLE news DROP COLUMN content;

CREATE TABLE fund_texts (
  fund_id INTEGER NOT NULL REFERENCES funds(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  title TEXT NOT NULL CHECK (title <> ''),      -- plain text
  description TEXT NOT NULL DEFAULT '',         -- plain text
  seq BIGSERIAL,
  updated_at BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (fund_id, lang)
);

-- funds.title stays: the fund's internal name (the seed's identity, the ledger memo, the operator's lists).
INSERT INTO fund_texts (fund_id, lang, title, description)
SELECT id, 'en', title, description FROM funds ORDER BY id;

ALTER TABLE funds DROP COLUMN description;
