-- "This wasn't me" (docs/security.md "Second factor"): the notice that a second factor was turned on carries a link
-- whose one-time token freezes the account's withdrawals, ends its sessions and removes that factor. Only the
-- token's sha256 is kept.
CREATE TABLE disown_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at BIGINT
);
CREATE INDEX disown_tokens_user ON disown_tokens (user_id);

-- Withdrawals frozen by the owner's "this wasn't me" (0: not frozen); an operator lifts it (user-unfreeze).
ALTER TABLE users ADD COLUMN withdrawals_frozen_at BIGINT NOT NULL DEFAULT 0;
