-- Pending-order expiry: when a pending order that has not filled is cancelled by the market writer
-- (server/engine/pending-expiry.ts). ms epoch; 0 = good till cancelled. Only pending orders with an expiry are swept.
ALTER TABLE orders ADD COLUMN expires_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_pending_expiry ON orders (expires_at) WHERE status = 0 AND expires_at > 0;
