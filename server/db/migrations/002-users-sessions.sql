-- Users (real and demo) and their login sessions. Times are ms epoch from the injected clock.
CREATE TABLE users (
  id SERIAL PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,                 -- public 8-digit user number
  email TEXT UNIQUE,                        -- lower-case; NULL for mobile and demo users
  mobile TEXT UNIQUE,                       -- digits only, unique whatever the area code (login has no area code)
  area_id INTEGER REFERENCES area_codes(id),
  password_hash TEXT NOT NULL,              -- scrypt; '' for demo users (no password login)
  is_demo SMALLINT NOT NULL DEFAULT 0,
  demo_id TEXT UNIQUE,                      -- the client's demo id a demo user is bound to
  invite_code TEXT NOT NULL UNIQUE,         -- this user's own code to share
  invited_by INTEGER REFERENCES users(id),
  created_at BIGINT NOT NULL,
  CHECK (is_demo IN (0, 1))
);

CREATE TABLE sessions (
  id SERIAL PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL UNIQUE,          -- sha256 of the token, hex; the token itself is never stored
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
