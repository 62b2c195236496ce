// The VAPID key a push subscription is made with (docs/alerts.md "Delivery"): the server's base64url text, with or
// without its padding, becomes the same 65 bytes Node's own decoder reads from it.
import { describe, expect, it } from 'vitest';
import { pushKeyBytes } from '../../../../../src/state/alerts/web-push.ts';

// An uncompressed P-256 point: 0x04, then 64 bytes that use every base64url digit, '-' and '_' among them.
const KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => (i * 61 + 250) % 256)]);

describe('pushKeyBytes', () => {
  it.each([
    ['unpadded', KEY.toString('base64url')],
    ['padded', KEY.toString('base64url') + '='],
  ])('decodes a %s key to its bytes, in a plain ArrayBuffer', (_, text) => {
    expect(text).toMatch(/[-_]/);
    const bytes = pushKeyBytes(text);
    expect(Buffer.from(bytes)).toEqual(KEY);
    expect(bytes.buffer).toBeInstanceOf(ArrayBuffer);
    expect(bytes.byteLength).toBe(65);
  });

  it('refuses a key that is not base64url', () => {
    expect(() => pushKeyBytes('not a key!')).toThrow();
  });
});
