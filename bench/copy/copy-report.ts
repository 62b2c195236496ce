// The copy section's figures, targets and printed table.
import { figure, TOL, type Figures } from '../lib/figures.ts';
import { num, table } from '../lib/table.ts';
import { checksOf, type TargetCheck } from '../lib/targets.ts';
import type { CopyBenchResult } from './copy-bench.ts';

export function copyFigures(r: CopyBenchResult | null | undefined): Figures {
  const f: Figures = {};
  for (const row of r?.rows ?? []) {
    const k = `copy.${row.followers}`;
    f[`${k}.p50`] = figure(row.p50, 'ms', 'lower', TOL.serverLatencyMs);
    f[`${k}.p99`] = figure(row.p99, 'ms', 'lower', TOL.serverLatencyMs);
    f[`${k}.lastMedian`] = figure(row.lastMedian, 'ms', 'lower', TOL.serverLatencyMs);
    f[`${k}.perSec`] = figure(row.perSec, '/s', 'higher', TOL.throughput);
    if (row.partP99 !== undefined) f[`${k}.partP99`] = figure(row.partP99, 'ms', 'lower', TOL.serverLatencyMs);
  }
  for (const t of r?.ticks ?? []) {
    f[`copy.ticks.${t.copies}.cpuUsPerTick`] = figure(t.cpuUsPerTick, 'µs', 'lower', TOL.serverLatencyMs);
  }
  return f;
}

/** 1.1 leaves room for the noise of two runs on a shared core. */
const TICK_RATIO_LIMIT = 1.1;

export function copyTargets(r: CopyBenchResult | null | undefined): TargetCheck[] {
  const none = r?.ticks?.find((t) => t.copies === 0)?.cpuUsPerTick;
  const copied = r?.ticks?.find((t) => t.copies > 0)?.cpuUsPerTick;
  const c = checksOf('copy', 'copy');
  const goals: [number, string, number][] = [
    [1000, '1,000', 250],
    [10000, '10,000', 2000],
  ];
  return goals
    .flatMap(([n, shown, ms]) => {
      const row = r?.rows.find((x) => x.followers === n);
      return [
        c(`${n}.p99`, `provider's fill → a follower's fill, ${shown} followers, p99`, row?.p99, `<= ${ms} ms`),
        c(`${n}.missed`, `actions not mirrored, ${shown} followers`, row?.missed, '<= 0'),
        c(
          `${n}.partP99`,
          `provider's partial close → a follower's, ${shown} followers, p99`,
          row?.partP99,
          `<= ${ms} ms`,
        ),
        c(`${n}.partMissed`, `partial closes not mirrored, ${shown} followers`, row?.partMissed, '<= 0'),
      ];
    })
    .concat(
      c(
        'ticks.ratio',
        'tick CPU at 100,000 orders, 10,000 copies ÷ none',
        none && copied ? copied / none : null,
        `<= ${TICK_RATIO_LIMIT} ×`,
      ),
    );
}

export function copyTables(r: CopyBenchResult | null | undefined): string {
  if (!r) return '';
  return [
    '',
    "▶ Copy: one provider's fill mirrored to N followers (in-process server, PGlite in memory; opens and closes)",
    table(
      'followers | actions | p50 | p95 | p99 | last follower (median) | mirrored/s | missed | load',
      r.rows.map((x) => [
        String(x.followers),
        String(x.actions),
        `${num(x.p50, 0)} ms`,
        `${num(x.p95, 0)} ms`,
        `${num(x.p99, 0)} ms`,
        `${num(x.lastMedian, 0)} ms`,
        num(x.perSec, 0),
        String(x.missed),
        num(x.load1, 1),
      ]),
    ),
    '',
    "▶ Copy: one provider's partial close (half) mirrored to N followers (same runs)",
    table(
      'followers | partial closes | p50 | p99 | last follower (median) | missed',
      r.rows.map((x) => [
        String(x.followers),
        String(x.followers * x.rounds),
        `${num(x.partP50 ?? 0, 0)} ms`,
        `${num(x.partP99 ?? 0, 0)} ms`,
        `${num(x.partLastMedian ?? 0, 0)} ms`,
        String(x.partMissed ?? ''),
      ]),
    ),
    ...(r.ticks?.length
      ? [
          '',
          '▶ Copy: the engine tick at 100,000 orders over 10,000 users, each tick its own task, with and without copies',
          table(
            'running copies | ticks | CPU per tick | tick path | load',
            r.ticks.map((t) => [
              String(t.copies),
              String(t.ticks),
              `${num(t.cpuUsPerTick, 1)} µs`,
              `${num(t.tickPathUs, 1)} µs`,
              num(t.load1, 1),
            ]),
          ),
        ]
      : []),
  ].join('\n');
}
