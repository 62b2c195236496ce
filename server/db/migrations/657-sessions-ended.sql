-- A session ended from another device (docs/security.md "Sessions and devices"): its token's hash and when, kept until
-- the token would have expired, so the device still holding it is told "signed out from another device at …" and
-- not "login expired".
CREATE TABLE sessions_ended (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  ended_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_ended_expiry ON sessions_ended (expires_at);
