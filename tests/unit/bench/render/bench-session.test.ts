// The render bench's position (bench/render/session.ts) opens at a leverage the demo account is offered: at the
// weekend only crypto is open, under a retail cap below its lowest listed leverage.
import { describe, expect, it } from 'vitest';
import { benchLeverage } from '../../../../bench/render/session.ts';
import { offeredMultiples, type RetailProfile } from '../../../../domain/retail.ts';
import type { Instrument } from '../../../../domain/types.ts';

const btc = { Id: 7, HasForexMultiple: [10, 20, 50, 100].map((Value) => ({ Value })) } as Instrument;

const terms = (multiples: number[]): RetailProfile => ({
  category: 'retail',
  questionnaire: 'not_needed',
  leverage: [{ forex_id: btc.Id, asset_class: 'crypto', cap: 2, multiples }],
});

describe('benchLeverage', () => {
  it('takes the lowest leverage offered under the cap, not the instrument’s first', () => {
    expect(benchLeverage(btc, terms(offeredMultiples([10, 20, 50, 100], 2)))).toBe(2);
  });

  it('keeps the instrument’s first leverage when the account has no offer for it', () => {
    expect(benchLeverage(btc, { category: 'retail', questionnaire: 'not_needed', leverage: [] })).toBe(10);
  });
});
