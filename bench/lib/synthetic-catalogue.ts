// The bench's synthetic instruments: open 24/7 and ticking at the bench's rate, so every visible row moves on any day.
import { numberText } from '../../domain/decimal-text.ts';
import {
  type InstrumentDef,
  instrumentFromDef,
  type AddedCatalogue,
} from '../../server/market/instrument-catalogue.ts';

/** Far above the seeded catalogue's ids. */
export const SYNTHETIC_ID_BASE = 100_000;
export const SYNTHETIC_CATEGORY_ID = 90;
const LOGO = '/logos/synthetic.svg';

export const syntheticCode = (n: number): string => `SYN${String(n).padStart(4, '0')}`;

/** Spread over 50–199 so rows differ. */
export const syntheticBasePrice = (n: number): number => 50 + (n % 150);

export function syntheticCatalogue(count: number, hz: number): AddedCatalogue {
  const instruments = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const code = syntheticCode(n);
    const def: InstrumentDef = {
      id: SYNTHETIC_ID_BASE + n,
      code,
      showCode: code,
      categoryId: SYNTHETIC_CATEGORY_ID,
      cls: 'crypto',
      pricePrecision: 4,
      pip: '0.01',
      minCont: '0.01',
      contNum: '100',
      marginMode: 2,
      multiples: [10, 20, 50, 100],
      feeRate: '0.002',
      basePrice: numberText(syntheticBasePrice(n), 4),
      annualVol: 0.4,
      tickHz: hz,
      spreadPoints: 0,
    };
    return instrumentFromDef(def, LOGO, SYNTHETIC_ID_BASE + i, true);
  });
  return { category: { id: SYNTHETIC_CATEGORY_ID, sort: 90, names: { en: 'Synthetic', hk: '合成' } }, instruments };
}

/** SIM_INSTRUMENTS (none by default) and SIM_HZ (default 20): the bench's knobs. */
export function syntheticCatalogueFromEnv(env: NodeJS.ProcessEnv): AddedCatalogue | undefined {
  const count = Number(env.SIM_INSTRUMENTS ?? 0);
  const hz = Number(env.SIM_HZ ?? 20);
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`SIM_INSTRUMENTS must be a count, got "${env.SIM_INSTRUMENTS}"`);
  if (!Number.isInteger(hz) || hz < 1) throw new Error(`SIM_HZ must be a whole number ≥ 1, got "${env.SIM_HZ}"`);
  return count > 0 ? syntheticCatalogue(count, hz) : undefined;
}
