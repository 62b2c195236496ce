-- "Copy open positions" at the start (docs/copy-trading.md "Mirroring, exactly once"): the follower's choice, kept
-- on the copy so the reconciliation job finishes the opens a crash left undone.
ALTER TABLE copies ADD COLUMN copy_open SMALLINT NOT NULL DEFAULT 0;
