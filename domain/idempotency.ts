// The order submit's idempotency key as the client sends it and the server reads it (docs/trading.md
// "Idempotency"): the header's name and what a key may be, stated once for both sides.

/** The request header that carries the key (lower case: how Node hands headers over). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A key: 1–100 characters of A–Z a–z 0–9 _ - (JSON-schema text; the client's keys are 22 base64url characters). */
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_-]{1,100}$';
