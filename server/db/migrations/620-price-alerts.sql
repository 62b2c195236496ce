-- Price alerts (docs/alerts.md): "above / below a price" per user and instrument. status 0 is active,
-- 1 fired: the market writer fires an alert with one conditional UPDATE (status 0 → 1), so it fires once whoever
-- sees the crossing tick, and active alerts are what a starting writer loads into its tick index.
CREATE TABLE price_alerts (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instrument_id INTEGER NOT NULL REFERENCES instruments(id) ON DELETE CASCADE,
  condition TEXT NOT NULL CHECK (condition IN ('above', 'below')),
  price NUMERIC(30, 12) NOT NULL CHECK (price > 0),
  note TEXT NOT NULL DEFAULT '',
  status SMALLINT NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
  created_at BIGINT NOT NULL,                        -- ms epoch, injected clock
  fired_at BIGINT,
  fired_price NUMERIC(30, 12)
);
CREATE INDEX price_alerts_user ON price_alerts (user_id, status);
CREATE INDEX price_alerts_active ON price_alerts (status) WHERE status = 0;

-- The browsers a user receives Web Push on: the PushManager subscription of each (endpoint and its keys) and the
-- language the notification text is written in. One endpoint belongs to one user: a new sign-in on that browser
-- takes it over.
CREATE TABLE push_subscriptions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
