// A failed delivery keeps its error for the operator, never the message's secrets: the values and the body are cut
// out, and so is any 6-digit run, whatever the provider echoed.
import { describe, expect, it } from 'vitest';
import { safeError } from '../../../../../server/notify/gateways/gateway.ts';

describe('safeError', () => {
  it('takes out the values, the body and any code-like number', () => {
    const err = new Error('550 rejected "Your code is 482913" for user@example.com (ref 1234567)');
    const text = safeError(err, ['482913', 'Your code is 482913']);
    expect(text).not.toMatch(/482913|1234567/);
    expect(text).toContain('550 rejected');
  });

  it('keeps status numbers and 5-digit provider codes', () => {
    expect(safeError(new Error('twilio HTTP 400 21211: invalid To'), [])).toBe('twilio HTTP 400 21211: invalid To');
  });

  it('is one short line', () => {
    const text = safeError(new Error(`a\n\nb ${'x'.repeat(1000)}`), []);
    expect(text.startsWith('a b ')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(301);
  });
});
