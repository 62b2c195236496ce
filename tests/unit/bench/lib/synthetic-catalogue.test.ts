// The bench's synthetic instruments (bench/lib/synthetic-catalogue.ts): SIM_INSTRUMENTS and SIM_HZ make a catalogue
// of SYN0001… that tick at SIM_HZ, none without SIM_INSTRUMENTS, and a bad value is refused by name.
import { describe, expect, it } from 'vitest';
import {
  SYNTHETIC_CATEGORY_ID,
  SYNTHETIC_ID_BASE,
  syntheticCatalogueFromEnv,
} from '../../../../bench/lib/synthetic-catalogue.ts';

describe('the synthetic catalogue', () => {
  it('makes SIM_INSTRUMENTS instruments in their own category, in memory, ticking at SIM_HZ', () => {
    const c = syntheticCatalogueFromEnv({ SIM_INSTRUMENTS: '151', SIM_HZ: '5' });
    expect(c?.category.id).toBe(SYNTHETIC_CATEGORY_ID);
    expect(c?.instruments).toHaveLength(151);
    const first = c?.instruments[0];
    const last = c?.instruments[150];
    expect(first).toMatchObject({ id: SYNTHETIC_ID_BASE + 1, code: 'SYN0001', basePrice: '51.0000', tickHz: 5 });
    expect(last).toMatchObject({ code: 'SYN0151', basePrice: '51.0000', categoryId: SYNTHETIC_CATEGORY_ID });
    expect(c?.instruments.every((i) => i.inMemory && i.cls === 'crypto')).toBe(true);
    expect(syntheticCatalogueFromEnv({ SIM_INSTRUMENTS: '2' })?.instruments[0]?.tickHz).toBe(20);
  });

  it('adds none without SIM_INSTRUMENTS, and refuses a value that is not a count', () => {
    expect(syntheticCatalogueFromEnv({})).toBeUndefined();
    expect(() => syntheticCatalogueFromEnv({ SIM_INSTRUMENTS: 'many' })).toThrow(/SIM_INSTRUMENTS/);
    expect(() => syntheticCatalogueFromEnv({ SIM_INSTRUMENTS: '3', SIM_HZ: '0' })).toThrow(/SIM_HZ/);
  });
});
