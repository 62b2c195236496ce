// @vitest-environment node
// The price desk's pure parts (server/market/price-desk/tick-rules.ts): every kind of bad input refused with its reason,
// one side of an incremental merged over the other, the price rules, and signed offsets.
import { describe, expect, it } from 'vitest';
import {
  checkTick,
  makePrice,
  offsetTicks,
  priceField,
  type SideQuote,
} from '../../../../../server/market/price-desk/tick-rules.ts';
import type { RawTick } from '../../../../../server/market/sources/price-source.ts';

const NOW = 1_700_000_000_000;
const LIMITS = { futureMs: 5000, pastMs: 60_000 };
const none = (): SideQuote => ({ bid: -1, ask: -1, last: -1 });

function check(fields: Partial<RawTick>, prev: SideQuote = none()): { why: string | null; q: SideQuote } {
  const q = none();
  const why = checkTick({ symbol: 'EUR/USD', sourceTime: NOW, ...fields }, 5, NOW, LIMITS, prev, q);
  return { why, q };
}

describe('checkTick', () => {
  it.each<[string, Partial<RawTick>, string]>([
    ['no price', {}, 'malformed'],
    ['a time that is not a number', { bid: '1.1', sourceTime: Number.NaN }, 'malformed'],
    ['a non-string price', { bid: 1.1 as unknown as string }, 'malformed'],
    ['negative', { bid: '-1.10000' }, 'bad_price'],
    ['zero', { ask: '0.00000' }, 'bad_price'],
    ['NaN', { last: 'NaN' }, 'bad_price'],
    ['an exponent', { bid: '1e5' }, 'bad_price'],
    ['crossed', { bid: '1.10010', ask: '1.10000' }, 'crossed'],
    ['too many decimals', { bid: '1.100001' }, 'precision'],
    ['from the future', { bid: '1.1', sourceTime: NOW + 5001 }, 'future_time'],
    ['from the far past', { bid: '1.1', sourceTime: NOW - 60_001 }, 'old_time'],
  ])('refuses %s', (_what, fields, reason) => {
    expect(check(fields).why).toBe(reason);
  });

  it('accepts a locked quote (bid = ask) and trailing zeros beyond the precision', () => {
    expect(check({ bid: '1.1000000', ask: '1.10000' })).toEqual({
      why: null,
      q: { bid: 110000, ask: 110000, last: -1 },
    });
  });

  it('merges one side over the side the source sent before, and refuses a merge that crosses', () => {
    const prev = { bid: 110000, ask: 110010, last: -1 };
    expect(check({ ask: '1.10020' }, prev).q).toEqual({ bid: 110000, ask: 110020, last: -1 });
    expect(check({ ask: '1.09990' }, prev).why).toBe('crossed');
  });
});

describe('makePrice', () => {
  const q = { bid: 110000, ask: 110003, last: 110001 };
  it('mid rounds half a tick up; bid, ask and last take their side', () => {
    expect(makePrice('mid', q)).toBe(110002);
    expect(makePrice('bid', q)).toBe(110000);
    expect(makePrice('ask', q)).toBe(110003);
    expect(makePrice('last', q)).toBe(110001);
  });
  it('a source that only trades is priced by last; last falls back to mid; nothing usable is -1', () => {
    expect(makePrice('mid', { bid: -1, ask: -1, last: 5 })).toBe(5);
    expect(makePrice('last', { bid: 10, ask: 12, last: -1 })).toBe(11);
    expect(makePrice('mid', { bid: 10, ask: -1, last: -1 })).toBe(-1);
  });
});

describe('offsets and fields', () => {
  it('reads signed offsets at the precision', () => {
    expect(offsetTicks('-0.0002', 5)).toBe(-20);
    expect(offsetTicks('+1.5', 1)).toBe(15);
    expect(offsetTicks('0.000001', 5)).toBeNull();
  });
  it('an absent field is -1, a present one ticks or a reason', () => {
    expect(priceField(undefined, 2)).toBe(-1);
    expect(priceField('12.34', 2)).toBe(1234);
    expect(priceField('12.345', 2)).toBe('precision');
  });
});
