// The cluster section's figures, targets and printed tables.
import { figure, TOL, type Figures } from '../lib/figures.ts';
import { failedRow, num, table } from '../lib/table.ts';
import { checksOf, type TargetCheck } from '../lib/targets.ts';
import type { ClusterResult } from './cluster-bench.ts';

export function clusterFigures(r: ClusterResult | null | undefined): Figures {
  const f: Figures = {};
  for (const row of r?.rows ?? []) {
    if (row.error) continue;
    const k = `cluster.${row.gateways}gw.${row.clients}`;
    f[`${k}.msgsPerSec`] = figure(row.msgsPerSec, '/s', 'higher', TOL.throughput);
    f[`${k}.tickP99`] = figure(row.tickP99, 'ms', 'lower', TOL.serverLatencyMs);
  }
  if (r?.leader && !r.leader.error)
    f['cluster.failover.firstTriggerMs'] = figure(r.leader.firstTriggerMs, 'ms', 'lower', TOL.serverLatencyMs);
  if (r?.gatewayLoss && !r.gatewayLoss.error)
    f['cluster.gatewayLoss.liveAgainMaxMs'] = figure(r.gatewayLoss.live.maxMs, 'ms', 'lower', TOL.serverLatencyMs);
  return f;
}

/** The fan-out goal is set at 10,000 clients, so a smaller run says at how many it was measured. */
export function clusterTargets(r: ClusterResult | null | undefined): TargetCheck[] {
  const four = r?.rows.find((x) => x.gateways === 4 && !x.error);
  const l = r?.leader && !r.leader.error ? r.leader : null;
  const g = r?.gatewayLoss && !r.gatewayLoss.error ? r.gatewayLoss : null;
  const c = checksOf('cluster', 'cluster');
  const atClients = four ? `${four.clients.toLocaleString('en')} clients (the goal is set at 10,000)` : null;
  return [
    c('4gw.tickP99', '4 gateways, tick-to-client p99', four?.tickP99, '<= 150 ms', atClients),
    c('failover.firstTrigger', 'leader kill -9 → the standby triggers again', l?.firstTriggerMs, '<= 5000 ms'),
    c(
      'failover.lostOrTwice',
      'leader kill -9 → orders lost + closed twice + ledger violations',
      l ? l.missing + l.closedTwice + l.ledgerViolations : null,
      '<= 0',
    ),
    c(
      'gatewayLoss.liveAgain',
      'gateway kill -9 → every client live again',
      g?.gaveUp === 0 ? g.live.maxMs : null,
      '<= 10000 ms',
      g && g.gaveUp > 0 ? `${g.gaveUp} clients never came back` : null,
    ),
    c(
      'gatewayLoss.lost',
      'gateway kill -9 → orders or order events lost',
      g ? g.missing + (g.seq?.behind ?? 0) + g.gaveUp : null,
      '<= 0',
    ),
  ];
}

const ms = (v: number | null | undefined): string =>
  v === null || v === undefined ? 'n/a' : `${(v / 1000).toFixed(2)} s`;

const each = (xs: readonly (number | null)[]): string => xs.map((x) => num(x, 0)).join(' / ');

export function clusterTables(r: ClusterResult | null | undefined): string {
  if (!r) return '';
  const out: string[] = [
    '',
    `▶ Cluster fan-out (${r.instruments} instruments × ${r.hz}/s; PostgreSQL, nats-server, 2 market processes, N gateways and the clients ` +
      'on the same 2 cores, nothing pinned; clients connect to the gateways directly, spread evenly)',
    table(
      'gateways | clients | msg/s | MB/s | tick→client p50/p99 | flush→client p50/p99 | CPU per gateway | RSS per gateway | market / NATS CPU | load generator CPU | load average',
      r.rows.map((x) =>
        x.error
          ? failedRow([String(x.gateways), String(x.clients)], x.error, 11)
          : [
              String(x.gateways),
              `${x.connected}/${x.clients}`,
              num(x.msgsPerSec, 0),
              num(x.mbPerSec, 1),
              `${num(x.tickP50, 0)}/${num(x.tickP99, 0)} ms`,
              `${num(x.frameP50, 0)}/${num(x.frameP99, 0)} ms`,
              `${each(x.gatewayCpuPct)} %`,
              `${each(x.gatewayRssMb)} MB`,
              `${num(x.marketCpuPct, 0)} / ${num(x.natsCpuPct, 0)} %`,
              x.loadCpuPct ? `${each(x.loadCpuPct)} %` : 'n/a',
              x.loadAverage.join(' '),
            ],
      ),
    ),
  ];
  const l = r.leader;
  if (l)
    out.push(
      ...step(
        `▶ Leader fail-over (kill -9 of the leading market process; ${l.lanes} order lanes with stops on ${l.instrument || '?'} over the gateways)`,
        l,
        'standby leads | first tick | first trigger | triggers before/after | acknowledged | missing | closed twice | ledger violations | submit failures | load average',
        () => [
          ms(l.leadMs),
          ms(l.firstTickMs),
          ms(l.firstTriggerMs),
          `${l.triggersBefore}/${l.triggersAfter}`,
          ...[l.acked, l.missing, l.closedTwice, l.ledgerViolations, l.submitFailures].map(String),
          l.loadAverage.join(' '),
        ],
      ),
    );
  const g = r.gatewayLoss;
  if (g)
    out.push(
      ...step(
        `▶ Gateway loss (kill -9 of 1 of ${g.gateways} gateways; ${g.clients} clients + ${g.users} signed-in users through haproxy, orders through it)`,
        g,
        'dropped | live again | p50 / p99 / max | acknowledged | missing | seq: behind / jumps / resyncs / repeats | submit failures | load average',
        () => [
          String(g.live.dropped),
          `${g.live.recovered} (${g.gaveUp} gave up)`,
          `${ms(g.live.p50Ms)} / ${ms(g.live.p99Ms)} / ${ms(g.live.maxMs)}`,
          ...[g.acked, g.missing].map(String),
          g.seq ? `${g.seq.behind} / ${g.seq.jumps} / ${g.seq.resyncs} / ${g.seq.repeats}` : 'n/a',
          String(g.submitFailures),
          g.loadAverage.join(' '),
        ],
      ),
    );
  return out.join('\n');
}

/** A fail-over step's heading, then its error or its one row. */
function step(title: string, x: { error: string | null }, columns: string, cells: () => string[]): string[] {
  return ['', title, x.error ? `  FAILED: ${x.error}` : table(columns, [cells()])];
}
