-- Uploaded images (payment proofs, ID photos), re-encoded without metadata, kept in the database: private to their
-- owner (and operators), backed up and deleted with the user, never a file under a guessable public URL.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,                      -- 128 random bits, base64url; the only handle a client ever sees
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  mime TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  data BYTEA NOT NULL,
  created_at BIGINT NOT NULL,
  CHECK (mime IN ('image/jpeg', 'image/png')),
  CHECK (bytes > 0)
);
CREATE INDEX uploads_user ON uploads (user_id, created_at);
