-- A submit's idempotency key remembers the parameters it was first used with (docs/trading.md "Idempotency"): the
-- same key with other parameters is refused, not answered with the first order. '' on keys claimed before this.
ALTER TABLE order_idempotency ADD COLUMN params TEXT NOT NULL DEFAULT '';
