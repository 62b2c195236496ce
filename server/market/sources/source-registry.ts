// The simulator needs the catalog and stored history, so the market builds it and it has no factory here.
import { SIMULATOR_SOURCE, type PriceSource, type SourceDeps } from './price-source.ts';
import { replaySourceFromEnv } from './replay-source.ts';
import { fixSourceFromEnv } from './fix/fix-source.ts';
import { exchangeSourceFromEnv } from './exchange/exchange-source.ts';

export const SOURCE_FACTORIES: Readonly<Record<string, (deps: SourceDeps) => PriceSource>> = {
  replay: replaySourceFromEnv,
  fix: fixSourceFromEnv,
  exchange: exchangeSourceFromEnv,
};

/** Unset or empty = the simulator alone; unknown or repeated names throw. */
export function priceSourcesEnv(raw: string | undefined): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) return [SIMULATOR_SOURCE];
  const allowed = [SIMULATOR_SOURCE, ...Object.keys(SOURCE_FACTORIES)];
  const seen = new Set<string>();
  for (const n of names) {
    if (!allowed.includes(n)) throw new Error(`PRICE_SOURCES: unknown source "${n}" (known: ${allowed.join(', ')})`);
    if (seen.has(n)) throw new Error(`PRICE_SOURCES names "${n}" twice`);
    seen.add(n);
  }
  return names;
}
