-- The second factor's escalating brake (docs/security.md "Lock-out rules"): consecutive wrong codes per account and
-- per account-and-address, and until when each must wait. Keys are sha256 of "account" and "account|address".
CREATE TABLE factor_brakes (
  key TEXT PRIMARY KEY,
  failures INTEGER NOT NULL,
  last_at BIGINT NOT NULL,
  blocked_until BIGINT NOT NULL
);
