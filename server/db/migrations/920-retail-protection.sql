-- Retail-client protection (docs/retail-protection.md): each instrument's asset class and the leverage cap per
-- class, the client's category (retail unless staff say otherwise, with the reason), the appropriateness
-- questionnaire's record, and the history of the loss figure shown in the risk warning.
ALTER TABLE instruments ADD COLUMN asset_class TEXT NOT NULL DEFAULT 'other';
ALTER TABLE instruments ADD CONSTRAINT instruments_asset_class_check
  CHECK (asset_class IN ('major_fx', 'minor', 'other', 'share', 'crypto'));
-- ESMA's majors: any two of USD, EUR, JPY, GBP, CAD, CHF; gold and major indices with the other currency pairs.
UPDATE instruments SET asset_class = 'major_fx'
  WHERE market_class = 'fx' AND substr(code, 1, 3) IN ('USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF')
    AND substr(code, 4, 3) IN ('USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF');
UPDATE instruments SET asset_class = 'minor' WHERE market_class = 'fx' AND asset_class <> 'major_fx';
UPDATE instruments SET asset_class = 'minor' WHERE code IN ('XAUUSD', 'US30', 'NAS100', 'SPX500', 'GER40');
UPDATE instruments SET asset_class = 'crypto' WHERE market_class = 'crypto';

CREATE TABLE leverage_caps (
  asset_class TEXT PRIMARY KEY,
  cap INTEGER NOT NULL,
  CHECK (asset_class IN ('major_fx', 'minor', 'other', 'share', 'crypto')),
  CHECK (cap BETWEEN 1 AND 1000)
);
INSERT INTO leverage_caps (asset_class, cap) VALUES
  ('major_fx', 30), ('minor', 20), ('other', 10), ('share', 5), ('crypto', 2);

ALTER TABLE users ADD COLUMN client_category TEXT NOT NULL DEFAULT 'retail';
ALTER TABLE users ADD CONSTRAINT users_client_category_check
  CHECK (client_category IN ('retail', 'professional', 'internal'));
ALTER TABLE users ADD COLUMN category_reason TEXT NOT NULL DEFAULT '';

-- One record per user; staff reset it by deleting it (audited). answers: JSON {question: option}.
CREATE TABLE appropriateness (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  answers TEXT NOT NULL,
  score SMALLINT NOT NULL,
  passed BOOLEAN NOT NULL,
  acknowledged_at BIGINT,                      -- a failing score's recorded "I understand"; NULL when not given
  taken_at BIGINT NOT NULL
);

-- Each computation of the share of retail accounts that lost money (docs/retail-protection.md "The loss figure").
CREATE TABLE loss_figures (
  id SERIAL PRIMARY KEY,
  computed_at BIGINT NOT NULL,
  period_from BIGINT NOT NULL,
  period_to BIGINT NOT NULL,
  accounts INTEGER NOT NULL,
  losing INTEGER NOT NULL,
  percent INTEGER NOT NULL,                    -- losing / accounts × 100, rounded half up
  method TEXT NOT NULL,
  computed_by TEXT NOT NULL,
  CHECK (losing BETWEEN 0 AND accounts),
  CHECK (percent BETWEEN 0 AND 100)
);
