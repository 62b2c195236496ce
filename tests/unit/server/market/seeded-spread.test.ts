// The mark-ups a new install starts with (docs/market-data.md "Spread"): each a whole positive number of price
// steps within the sanity limit that `feed-spread` would hold an operator to.
import { describe, expect, it } from 'vitest';
import { dec } from '../../../../domain/decimal.ts';
import { INSTRUMENTS } from '../../../../server/market/instrument-catalogue.ts';
import { SANE_PCT_DEFAULT } from '../../../../server/ops/commands/price-desk.ts';

describe('the seeded mark-ups', () => {
  it('are whole positive price steps within the sanity limit at the base price', () => {
    for (const d of INSTRUMENTS) {
      const points = d.spreadPoints;
      expect(Number.isInteger(points) && points > 0, d.code).toBe(true);
      const size = dec(points).div(dec(10).pow(d.pricePrecision));
      expect(size.lte(dec(d.basePrice).times(SANE_PCT_DEFAULT).div(100)), d.code).toBe(true);
    }
  });
});
