// @vitest-environment node
// The bench's regression rule (bench/lib/figures.ts) and its target checks (bench/lib/targets.ts): a figure fails
// only beyond base × (1 ± rel) ± abs in its bad direction; targets are met, missed or n/a.
import { describe, expect, it } from 'vitest';
import { compareFigures, figure, isRegression, type Figures } from '../../../../bench/lib/figures.ts';
import { check, verdictCounts } from '../../../../bench/lib/targets.ts';

describe('regression rule', () => {
  const tol = { rel: 0.25, abs: 2 };

  it('lower-is-better figures fail above base × (1 + rel) + abs', () => {
    expect(isRegression(20, 27, 'lower', tol)).toBe(false); // limit 27
    expect(isRegression(20, 27.01, 'lower', tol)).toBe(true);
    expect(isRegression(20, 5, 'lower', tol)).toBe(false); // better is never a regression
  });

  it('higher-is-better figures fail below base × (1 − rel) − abs', () => {
    expect(isRegression(100, 73, 'higher', tol)).toBe(false); // limit 73
    expect(isRegression(100, 72.9, 'higher', tol)).toBe(true);
  });

  it('the absolute allowance keeps a zero baseline from failing on any noise', () => {
    expect(isRegression(0, 2, 'lower', tol)).toBe(false);
    expect(isRegression(0, 3, 'lower', tol)).toBe(true);
  });

  it('an unbounded figure is worse than any finite baseline, and an unbounded baseline cannot get worse', () => {
    expect(isRegression(1, Infinity, 'lower', tol)).toBe(true);
    expect(isRegression(Infinity, 1e9, 'lower', tol)).toBe(false);
  });

  it('compares the figures present on both sides and lists the ones not measured now', () => {
    const base: Figures = {
      a: figure(10, 'ms', 'lower', tol),
      b: figure(90, 'score', 'higher', { rel: 0, abs: 5 }),
      c: figure(1, 'ms', 'lower', tol),
      d: figure(null, 'ms', 'lower', tol),
    };
    const now: Figures = {
      a: figure(30, 'ms', 'lower', tol),
      b: figure(86, 'score', 'higher', { rel: 0, abs: 5 }),
      c: figure(null, 'ms', 'lower', tol),
      e: figure(5, 'ms', 'lower', tol),
    };
    const { changes, missing } = compareFigures(base, now);
    expect(changes.map((c) => [c.key, c.regression])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(changes[0]?.limit).toBeCloseTo(14.5, 10);
    expect(changes[0]?.worseBy).toBe(20);
    expect(changes[1]?.worseBy).toBe(4); // 90 → 86 on a higher-is-better figure is 4 worse
    expect(missing).toEqual(['c']);
  });
});

describe('target checks', () => {
  it('meets, misses, or has nothing to say', () => {
    expect(check('x', 'x', 17.5, '<= 17.5 ms').verdict).toBe('met');
    expect(check('x', 'x', 17.6, '<= 17.5 ms').verdict).toBe('missed');
    expect(check('x', 'x', 95, '>= 95').verdict).toBe('met');
    expect(check('x', 'x', null, '<= 1').verdict).toBe('n/a');
  });

  it('counts verdicts', () => {
    const checks = [check('a', 'a', 1, '<= 2'), check('b', 'b', 3, '<= 2'), check('c', 'c', null, '<= 2')];
    expect(verdictCounts(checks)).toEqual({ met: 1, missed: 1, 'n/a': 1 });
  });
});
