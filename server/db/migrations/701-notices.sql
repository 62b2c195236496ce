-- The in-app notice list (docs/notifications.md "In-app notices"): each account notice (a new device, a password
-- change, a withdrawal…) once, whatever channels carried it; never a verification code. And the account's
-- anti-phishing phrase, printed in every e-mail and SMS about the account so a forged one is told apart.
CREATE TABLE notices (
  id BIGSERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,                    -- JSON of the template's values; rendered in the reader's language
  created_at BIGINT NOT NULL,
  read_at BIGINT
);
CREATE INDEX notices_user ON notices (user_id, id DESC);

ALTER TABLE users ADD COLUMN anti_phishing_phrase TEXT;
