// The synthetic instruments have no `instruments` row for `feed-map` to name, so the desk is configured directly.
import type { DeskConfig } from '../../server/market/price-desk/desk-config.ts';
import { MarketService } from '../../server/market/market-service.ts';
import type { RunningServer } from '../../server/compose.ts';
import { SYNTHETIC_ID_BASE } from '../lib/synthetic-catalogue.ts';

export const FAILOVER_STALE_MS = 1000;

/** The stand-in LP's name of synthetic instrument n. */
export const lpSymbol = (n: number): string => `S${String(n).padStart(4, '0')}`;

export function applyBenchMapping(server: RunningServer, count: number): void {
  const market = server.ctx.market;
  if (!(market instanceof MarketService) || !market.deskSources)
    throw new Error('FEEDS_BENCH_MAP needs the market writer');
  const config: DeskConfig = { mappings: [], rules: [], suspended: new Map() };
  for (let n = 1; n <= count; n++) {
    config.mappings.push({ source: 'fix', symbol: lpSymbol(n), instrumentId: SYNTHETIC_ID_BASE + n, offset: '0' });
  }
  config.mappings.push({ source: 'simulator', symbol: 'SYN0001', instrumentId: SYNTHETIC_ID_BASE + 1, offset: '0' });
  config.rules.push({
    instrumentId: SYNTHETIC_ID_BASE + 1,
    rule: 'mid',
    staleMs: FAILOVER_STALE_MS,
    spikePct: null,
    haltReason: null,
  });
  market.deskSources.desk.configure(config);
}
