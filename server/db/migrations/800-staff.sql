-- The back office's people (docs/back-office.md): staff accounts with a role, their sessions, the append-only audit
-- log of every staff action, and the second approvals that large money waits for ("four eyes").
CREATE TABLE staff (
  id SERIAL PRIMARY KEY,
  login TEXT NOT NULL UNIQUE,               -- lower-case, what they sign in with
  name TEXT NOT NULL,                       -- the person, as the audit log shows them
  role TEXT NOT NULL,
  password_hash TEXT NOT NULL,              -- scrypt, as traders' (server/auth/password.ts)
  active BOOLEAN NOT NULL DEFAULT TRUE,     -- a disabled member cannot sign in; their sessions are revoked
  created_at BIGINT NOT NULL,
  CHECK (role IN ('support', 'finance', 'dealer', 'admin'))
);

-- A session token is kept only as its sha256; it ends after STAFF_IDLE_MINUTES without a request, or when revoked.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff(id),
  created_at BIGINT NOT NULL,
  last_seen BIGINT NOT NULL,
  address TEXT NOT NULL,
  revoked_at BIGINT
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- Who did what, when, from where, with the values before and after; written in the same transaction as the change.
CREATE TABLE audit_log (
  id BIGSERIAL PRIMARY KEY,
  at BIGINT NOT NULL,
  staff_id INTEGER,                         -- NULL for break-glass and the shell's first administrator
  actor TEXT NOT NULL,                      -- "Name (login)", "break-glass" or "shell"
  role TEXT NOT NULL,
  address TEXT NOT NULL,
  action TEXT NOT NULL,                     -- the command's name
  params TEXT NOT NULL,                     -- JSON of the parameters (never secrets)
  before_value TEXT,                        -- JSON, when the command reads what it changes
  after_value TEXT                          -- JSON: what the command answered
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_staff ON audit_log (staff_id, at);

-- Append-only for everyone who connects, the app's own user included: UPDATE, DELETE and TRUNCATE fail.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Money above the per-currency threshold waits here for a second finance member (never the first).
CREATE TABLE second_approvals (
  id SERIAL PRIMARY KEY,
  kind TEXT NOT NULL,                       -- 'withdraw-paid' or 'user-credit'
  subject_id BIGINT NOT NULL,               -- the withdrawal id, or the credited user's id
  params TEXT NOT NULL,                     -- JSON: what the first approver asked for
  summary TEXT NOT NULL,                    -- what the second approver reads
  first_staff_id INTEGER NOT NULL,
  first_at BIGINT NOT NULL,
  second_staff_id INTEGER,
  done_at BIGINT,
  status TEXT NOT NULL DEFAULT 'waiting',   -- waiting, approved, dropped
  CHECK (kind IN ('withdraw-paid', 'user-credit')),
  CHECK (status IN ('waiting', 'approved', 'dropped')),
  CHECK (second_staff_id IS NULL OR second_staff_id <> first_staff_id)
);
CREATE UNIQUE INDEX second_approvals_one_waiting ON second_approvals (kind, subject_id) WHERE status = 'waiting' AND kind = 'withdraw-paid';
