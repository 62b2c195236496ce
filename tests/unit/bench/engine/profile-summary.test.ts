// The CPU-profile summary used for the before/after profiles: self time per function, inclusive time counted
// once per sample even under recursion, idle kept apart, file totals.
import { describe, expect, it } from 'vitest';
import { summariseProfile, type CpuProfile } from '../../../../bench/engine/profile-summary.ts';

const frame = (functionName: string, url = 'file:///app/server/engine/engine.ts') => ({
  functionName,
  url,
  lineNumber: 9,
});
// root → onTick → floatingOf → Decimal (decimal.js); onTick → onTick (recursion); root → (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
    { id: 2, callFrame: frame('onTick'), children: [3, 6] },
    { id: 3, callFrame: frame('floatingOf'), children: [4] },
    { id: 4, callFrame: frame('Decimal', 'file:///app/node_modules/decimal.js/decimal.mjs') },
    { id: 5, callFrame: frame('(idle)', '') },
    { id: 6, callFrame: frame('onTick') },
  ],
  // deltas in µs: the time of sample i is timeDeltas[i + 1]; the last sample gets the mean delta
  samples: [4, 4, 3, 6, 5],
  timeDeltas: [0, 1_000_000, 1_000_000, 2_000_000, 500_000],
};

describe('summariseProfile', () => {
  const s = summariseProfile(profile, ['onTick', 'floatingOf', 'marginOf'], ['decimal.js']);
  it('adds up the sampled time and keeps idle apart', () => {
    expect(s.sampledS).toBe(1 + 1 + 2 + 0.5 + 0.9);
    expect(s.idleS).toBe(0.9);
  });
  it('counts a function once per sample however deep it recurses', () => {
    expect(s.inclusive).toEqual({ onTick: 1 + 1 + 2 + 0.5, floatingOf: 1 + 1 + 2, marginOf: 0 });
  });
  it('gives self time per function and per file, largest first, without idle', () => {
    expect(s.topSelf.map((r) => r.fn)).toEqual([
      'Decimal decimal.js/decimal.mjs:10',
      'floatingOf engine/engine.ts:10',
      'onTick engine/engine.ts:10',
    ]);
    expect(s.topSelf.map((r) => r.s)).toEqual([2, 2, 0.5]);
    expect(s.fileSelf).toEqual({ 'decimal.js': 2 });
  });
});
