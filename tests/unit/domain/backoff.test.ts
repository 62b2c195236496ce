// The one retry back-off (the network sources, the sender, the feed socket): exponential, capped, with equal jitter from the injected randomness.
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../domain/backoff.ts';

const opts = { baseMs: 1000, maxMs: 30_000 };

describe('backoffDelay', () => {
  it('doubles per attempt up to the ceiling, between half and all of it', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((a) => backoffDelay(a, opts, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((a) => backoffDelay(a, opts, () => 0))).toEqual([500, 1000, 15_000]);
    expect(backoffDelay(2, opts, () => 0.5)).toBe(3000);
  });

  it('stays finite for a source that has been down for a very long time', () => {
    expect(backoffDelay(10_000, opts, () => 1)).toBe(30_000);
  });
});
