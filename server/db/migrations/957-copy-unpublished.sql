-- A provider who withdrew themselves (docs/copy-trading.md "Providers"): not listed and no new copy may start; the
-- copies already running go on until their followers stop them. Publishing again clears it.
ALTER TABLE copy_providers ADD COLUMN unpublished_at BIGINT;
