-- Account security (docs/security.md "Sessions and devices", "Payout holds"): a session remembers the device and
-- address it was opened from and when it was last seen; the devices an account has signed in from (a sign-in from a
-- new one is noticed); a payout method is usable only from a moment on; an account's withdrawals can be held (after
-- a password change or a second-factor reset).
ALTER TABLE sessions ADD COLUMN device TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;

CREATE TABLE user_devices (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  device TEXT NOT NULL,                     -- "Chrome 120 · Windows 10" as parsed from the user agent
  first_seen BIGINT NOT NULL,
  PRIMARY KEY (user_id, device)
);

ALTER TABLE payout_methods ADD COLUMN usable_from BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN withdrawals_held_until BIGINT NOT NULL DEFAULT 0;
