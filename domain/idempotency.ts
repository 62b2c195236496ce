// The order submit's idempotency key (docs/trading.md "Idempotency"), stated once for client and server.

/** Lower case: how Node hands headers over. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** JSON-schema text; the client's keys are 22 base64url characters. */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
