-- Chart settings: which indicators a signed-in user's charts show and their parameters, one JSON document
-- per user (domain/indicators.ts IndicatorSettings, checked by the route before it is written). No row = defaults.
CREATE TABLE chart_settings (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  indicators TEXT NOT NULL
);
