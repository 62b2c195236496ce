// The feeds section's figures, targets and printed table.
import { figure, TOL, type Figures } from '../lib/figures.ts';
import { failedRow, num, table } from '../lib/table.ts';
import { checksOf, type TargetCheck } from '../lib/targets.ts';
import type { FeedsResult } from './feeds-bench.ts';

export function feedsFigures(r: FeedsResult | null | undefined): Figures {
  const f: Figures = {};
  for (const row of r?.rows ?? []) {
    if (row.error) continue;
    const k = `feeds.${row.source}.${row.symbols}`;
    f[`${k}.ticksPerSec`] = figure(row.ticksPerSec, '/s', 'higher', TOL.throughput);
    f[`${k}.cpuMsPer1000`] = figure(row.cpuMsPer1000, 'ms', 'lower', TOL.cpuMs);
  }
  if (r?.latency) f['feeds.lpToClient.p99'] = figure(r.latency.p99, 'ms', 'lower', TOL.serverLatencyMs);
  if (r?.failover)
    f['feeds.failover.afterStaleMs'] = figure(r.failover.afterStaleMs, 'ms', 'lower', TOL.serverLatencyMs);
  return f;
}

export function feedsTargets(r: FeedsResult | null | undefined): TargetCheck[] {
  const big = r?.rows.find((x) => x.source === 'fix' && x.symbols === 2000 && !x.error);
  const c = checksOf('feeds', 'feeds');
  return [
    c('fix.2000.corePct', '2,000 symbols × 20 ticks/s through FIX, share of one core', big?.corePct, '<= 30 %'),
    c('lpToClient.p99', 'LP send → websocket client, p99', r?.latency?.p99, '<= 100 ms'),
    c('failover.afterStale', 'fail-over, after the stale limit', r?.failover?.afterStaleMs, '<= 3000 ms'),
  ];
}

export function feedsTables(r: FeedsResult | null | undefined): string {
  if (!r) return '';
  const out = [
    '',
    '▶ Feeds: the market writer ingesting a source (server process CPU; the stand-in LP runs in the bench process)',
    table(
      'source | symbols × ticks/s | ingested ticks/s | CPU per 1,000 ticks | share of one core',
      r.rows.map((x) =>
        x.error
          ? failedRow([x.source, `${x.symbols} × ${x.hz}`], x.error, 5)
          : [
              x.source,
              `${x.symbols.toLocaleString('en')} × ${x.hz}`,
              num(x.ticksPerSec, 0),
              `${num(x.cpuMsPer1000, 1)} ms`,
              `${num(x.corePct, 1)} %`,
            ],
      ),
    ),
  ];
  if (r.latency)
    out.push(
      `LP → client (a probe symbol under the ${r.latency.symbols}-symbol load): p50 ${num(r.latency.p50, 1)} ms, p99 ${num(r.latency.p99, 1)} ms over ${r.latency.samples} quotes`,
    );
  if (r.failover) {
    const f = r.failover;
    out.push(
      `Fail-over (stale limit ${f.staleMs} ms, simulator as backup): silence → backup's first price at the client ${f.silenceToBackupMs === null ? 'n/a' : `${num(f.silenceToBackupMs, 0)} ms`}` +
        `${f.afterStaleMs === null ? '' : ` (${num(f.afterStaleMs, 0)} ms after the stale limit)`}`,
    );
  }
  return out.join('\n');
}
