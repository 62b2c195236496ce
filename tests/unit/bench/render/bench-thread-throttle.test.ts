// @vitest-environment node
// The multi-core phone's per-thread throttle (bench/render/thread-throttle.ts): the quota that gives a thread 1/rate
// of a core. That the kernel then slows the worker as much as the main thread is shown by the bench's own calibration
// loop on the multi-core browser (bench/README.md), not here.
import { describe, expect, it } from 'vitest';
import { PERIOD_US, quotaFor } from '../../../../bench/render/thread-throttle.ts';

describe('per-thread throttle', () => {
  it('gives a thread 1/rate of a core per period, and no limit at 1×', () => {
    expect(quotaFor(4)).toBe(PERIOD_US / 4);
    expect(quotaFor(6)).toBe(Math.round(PERIOD_US / 6));
    expect(quotaFor(1)).toBe(-1);
    expect(quotaFor(0.5)).toBe(-1);
    expect(quotaFor(100)).toBe(1000); // the kernel's minimum quota
  });
});
