// Bytes as lower-case hex (random ids: idempotency keys, device ids), the one encoder.
export function hexOf(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
