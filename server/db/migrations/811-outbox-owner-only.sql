-- A password-reset code left in the outbox (no gateway for its channel) is for its owner only: the back office's
-- `outbox` command never shows its body (docs/security.md "Codes and notices in transit").
ALTER TABLE outbox ADD COLUMN owner_only BOOLEAN NOT NULL DEFAULT FALSE;
