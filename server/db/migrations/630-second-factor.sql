-- The second factor (server/auth/second-factor.ts), one table for traders and staff: a TOTP secret per owner, the
-- step of the last accepted code (a code is never accepted twice), and single-use recovery codes kept as hashes.
CREATE TABLE second_factors (
  owner_kind TEXT NOT NULL,                 -- 'user' (traders) or 'staff' (back office)
  owner_id INTEGER NOT NULL,                -- users.id or staff.id
  secret TEXT NOT NULL,                     -- base32 TOTP secret; never in a log, a URL or an error text
  enabled_at BIGINT,                        -- NULL while the set-up waits for its first code
  last_step BIGINT,                         -- the 30 s step of the last accepted code
  created_at BIGINT NOT NULL,
  PRIMARY KEY (owner_kind, owner_id),
  CHECK (owner_kind IN ('user', 'staff'))
);

CREATE TABLE recovery_codes (
  owner_kind TEXT NOT NULL,
  owner_id INTEGER NOT NULL,
  code_hash TEXT NOT NULL,                  -- sha256 of the normalised code, hex
  used_at BIGINT,                           -- NULL until used; a used code is refused
  PRIMARY KEY (owner_kind, owner_id, code_hash),
  FOREIGN KEY (owner_kind, owner_id) REFERENCES second_factors (owner_kind, owner_id) ON DELETE CASCADE
);
