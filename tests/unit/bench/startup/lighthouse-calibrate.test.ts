import { describe, expect, it } from 'vitest';
import {
  calibratedSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  TARGET_BENCHMARK_INDEX,
} from '../../../../bench/startup/lighthouse-runs.ts';

describe('Lighthouse CPU calibration', () => {
  it('slows a host by its benchmark index over the target phone', () => {
    expect(calibratedSlowdown(3500)).toBe(8);
    expect(calibratedSlowdown(1190)).toBe(2.7);
    expect(calibratedSlowdown(TARGET_BENCHMARK_INDEX * 4)).toBe(4);
  });

  it('keeps the multiplier within 1–20 and falls back to the default without an index', () => {
    expect(calibratedSlowdown(100)).toBe(1);
    expect(calibratedSlowdown(50_000)).toBe(20);
    expect(calibratedSlowdown(null)).toBe(DEFAULT_CPU_SLOWDOWN);
    expect(calibratedSlowdown(0)).toBe(DEFAULT_CPU_SLOWDOWN);
  });
});
