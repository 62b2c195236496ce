// The statistics deposits cannot game (docs/copy-trading.md): the time-weighted return chains the pieces between
// flows, so a deposit in the middle changes nothing; the drawdown follows the index, not the money; the risk score's
// formula at its corners.
import { describe, expect, it } from 'vitest';
import { indexCurve, performance, riskScore, type EquityEvent } from '../../../domain/copy-statistics.ts';

const flow = (at: number, value: string): EquityEvent => ({ at, kind: 'flow', value });
const result = (at: number, value: string): EquityEvent => ({ at, kind: 'result', value });

describe('time-weighted return', () => {
  it('is the same with a deposit in the middle: +10 % then +10 % is 21 % either way', () => {
    const plain = performance([flow(0, '1000'), result(1, '100'), result(2, '110')]);
    const deposited = performance([flow(0, '1000'), result(1, '100'), flow(2, '1100'), result(3, '220')]);
    expect(plain.twr.toFixed()).toBe('0.21');
    expect(deposited.twr.toFixed()).toBe('0.21');
  });

  it('takes a withdrawal out too, and counts from the window start', () => {
    const e = [flow(0, '1000'), result(1, '-100'), flow(2, '-450'), result(3, '45')];
    expect(performance(e).twr.toFixed()).toBe('-0.01'); // 0.9 × 1.1 − 1
    expect(performance(e, 2).twr.toFixed()).toBe('0.1');
  });

  it('measures the drawdown on the index, not the money', () => {
    const p = performance([flow(0, '1000'), result(1, '200'), result(2, '-300'), flow(3, '5000'), result(4, '60')]);
    expect(p.maxDrawdown.toFixed()).toBe('0.25'); // 1.2 → 0.9
  });
});

describe('risk score', () => {
  it('is 1 for a flat, unlevered, spread book and 10 at every maximum', () => {
    expect(riskScore({ dailyReturns: ['0', '0', '0'], leverage: '0', concentration: '0' })).toBe(1);
    expect(riskScore({ dailyReturns: ['0.2', '-0.2', '0.2'], leverage: '50', concentration: '1' })).toBe(10);
    // v = 0 (one day), l = 10 → 0.15, c = 0.5 → 0.1: 1 + round(9 × 0.25) = 3
    expect(riskScore({ dailyReturns: ['0.01'], leverage: '10', concentration: '0.5' })).toBe(3);
  });
});

describe('equity curve', () => {
  it('is the time-weighted index at each step end, unmoved by a deposit, flat before the first event', () => {
    // From 10: +10 % on day 1 (t 15), a deposit on day 2 (t 25), +10 % of the new equity on day 3 (t 35).
    const e = [flow(0, '1000'), result(15, '100'), flow(25, '1100'), result(35, '220'), result(61, '-242')];
    expect(indexCurve(e, 10, 10, 4).map((v) => v.toFixed())).toEqual(['1.1', '1.1', '1.21', '1.21']);
    expect(indexCurve([flow(0, '1000')], 10, 10, 3).map((v) => v.toFixed())).toEqual(['1', '1', '1']);
  });
});
