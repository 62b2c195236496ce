-- Verification codes (sms/e-mail), picture captchas, and the outbox where the Notifier leaves messages.
CREATE TABLE verification_codes (
  id SERIAL PRIMARY KEY,
  channel TEXT NOT NULL,                    -- sms | email
  target TEXT NOT NULL,                     -- mobile digits or lower-case e-mail
  purpose SMALLINT NOT NULL,                -- 1 register, 2 reset / change password
  code TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,      -- wrong guesses; the code dies after a few
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT,
  CHECK (channel IN ('sms', 'email'))
);
CREATE INDEX verification_codes_target ON verification_codes (channel, target, created_at DESC);

CREATE TABLE captchas (
  id TEXT PRIMARY KEY,                      -- random, handed to the client as `id`, comes back as `key`
  answer TEXT NOT NULL,                     -- upper-case
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX captchas_expires ON captchas (expires_at);

CREATE TABLE outbox (
  id SERIAL PRIMARY KEY,
  channel TEXT NOT NULL,
  recipient TEXT NOT NULL,
  body TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX outbox_recipient ON outbox (recipient, id DESC);
