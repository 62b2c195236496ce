-- A news item an operator deletes is hidden, not removed (docs/content.md "Creating and deleting news"): the seeders
-- add every seeded story whose slug is missing at each start, so a removed row would come back at the next restart,
-- and the hidden item's texts stay for the audit trail. NULL: shown; otherwise the time (ms) it was deleted.
ALTER TABLE news ADD COLUMN hidden_at BIGINT;
