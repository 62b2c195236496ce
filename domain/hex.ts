// Bytes as lower-case hex (random ids: idempotency keys, device ids), the one encoder.
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** 16 random bytes: an idempotency key (domain/idempotency.ts says what the server accepts), a demo account's id. */
export function randomHex(): string {
  return hexOf(globalThis.crypto.getRandomValues(new Uint8Array(16)));
}
