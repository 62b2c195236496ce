// PRICE_SOURCES: the names of the market writer's price sources in priority order (default "simulator"), and the
// factory that builds each named source from its own settings (environment variables, docs/market-data.md).
// A new source adds one line to SOURCE_FACTORIES. The simulator is built by the market itself (it needs the
// catalog and the stored history), so it has no factory here.
import { SIMULATOR_SOURCE, type PriceSource, type SourceDeps } from './price-source.ts';
import { replaySourceFromEnv } from './replay-source.ts';
import { fixSourceFromEnv } from './fix/fix-source.ts';
import { exchangeSourceFromEnv } from './exchange/exchange-source.ts';

export type SourceFactory = (deps: SourceDeps) => PriceSource;

/** Every source PRICE_SOURCES may name besides the simulator. */
export const SOURCE_FACTORIES: Readonly<Record<string, SourceFactory>> = {
  replay: replaySourceFromEnv,
  fix: fixSourceFromEnv,
  exchange: exchangeSourceFromEnv,
};

const NAME = /^[a-z][a-z0-9-]{0,31}$/;

/** PRICE_SOURCES → names in priority order; unset or empty = the simulator alone. Unknown or repeated names throw. */
export function priceSourcesEnv(
  raw: string | undefined,
  known: readonly string[] = Object.keys(SOURCE_FACTORIES),
): string[] {
  const names = (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0) return [SIMULATOR_SOURCE];
  const allowed = [SIMULATOR_SOURCE, ...known];
  const seen = new Set<string>();
  for (const n of names) {
    if (!NAME.test(n) || !allowed.includes(n))
      throw new Error(`PRICE_SOURCES: unknown source "${n}" (known: ${allowed.join(', ')})`);
    if (seen.has(n)) throw new Error(`PRICE_SOURCES names "${n}" twice`);
    seen.add(n);
  }
  return names;
}
