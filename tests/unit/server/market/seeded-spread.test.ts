// The mark-ups a new install starts with (docs/market-data.md "Spread"): one per seeded instrument, each a whole
// positive number of price steps within the sanity limit that `feed-spread` would hold an operator to.
import { describe, expect, it } from 'vitest';
import { dec } from '../../../../domain/decimal.ts';
import { INSTRUMENTS, SEEDED_SPREAD_POINTS } from '../../../../server/market/instrument-catalogue.ts';
import { SANE_PCT_DEFAULT } from '../../../../server/ops/commands/desk-limits.ts';

describe('the seeded mark-ups', () => {
  it('name each seeded instrument once, and no other', () => {
    expect(Object.keys(SEEDED_SPREAD_POINTS).sort()).toEqual(INSTRUMENTS.map((d) => d.code).sort());
  });

  it('are whole positive price steps within the sanity limit at the base price', () => {
    for (const d of INSTRUMENTS) {
      const points = SEEDED_SPREAD_POINTS[d.code] ?? 0;
      expect(Number.isInteger(points) && points > 0, d.code).toBe(true);
      const size = dec(points).div(dec(10).pow(d.pricePrecision));
      expect(size.lte(dec(d.basePrice).times(SANE_PCT_DEFAULT).div(100)), d.code).toBe(true);
    }
  });
});
