// The feeds section's figures, targets and printed table.
import { figure, TOL, type Figures } from '../lib/figures.ts';
import { num, table } from '../lib/table.ts';
import { check, type TargetCheck } from '../lib/targets.ts';
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
  return [
    check(
      'feeds.fix.2000.corePct',
      'feeds: 2,000 symbols × 20 ticks/s through FIX, share of one core',
      big?.corePct ?? null,
      '<= 30 %',
    ),
    check('feeds.lpToClient.p99', 'feeds: LP send → websocket client, p99', r?.latency?.p99 ?? null, '<= 100 ms'),
    check(
      'feeds.failover.afterStale',
      'feeds: fail-over, after the stale limit',
      r?.failover?.afterStaleMs ?? null,
      '<= 3000 ms',
    ),
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
          ? [x.source, `${x.symbols} × ${x.hz}`, 'FAILED', x.error.slice(0, 60), '']
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
