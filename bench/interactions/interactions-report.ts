import { figure, TOL, type Figures } from '../lib/figures.ts';
import { table } from '../lib/table.ts';
import { checksOf, type TargetCheck } from '../lib/targets.ts';
import { TARGET_BENCHMARK_INDEX } from '../startup/lighthouse-runs.ts';
import type { DeviceRun, InteractionsResult } from './interactions-bench.ts';

const ms = (v: number | null): string => (v === null ? '—' : v.toFixed(0));

function devices(r: InteractionsResult | null | undefined) {
  const out: { name: 'phone' | 'desk'; run: DeviceRun; goalMs: number }[] = [];
  if (r && r.rows.length > 0) out.push({ name: 'phone', run: r, goalMs: 100 });
  if (r?.desk && r.desk.rows.length > 0) out.push({ name: 'desk', run: r.desk, goalMs: 50 });
  return out;
}

export function interactionsFigures(r: InteractionsResult | null | undefined): Figures {
  const f: Figures = {};
  for (const { name, run } of devices(r)) {
    for (const row of run.rows) {
      const base = `interactions.${name}.${row.id}`;
      f[`${base}.inpP75`] = figure(row.app.inpP75, 'ms', 'lower', TOL.latencyMs);
      f[`${base}.floorInpP75`] = figure(row.floor.inpP75, 'ms', 'lower', TOL.latencyMs);
      f[`${base}.ratioP75`] = figure(row.ratioP75, '×', 'lower', TOL.ratio);
    }
  }
  return f;
}

export function interactionsTargets(r: InteractionsResult | null | undefined): TargetCheck[] {
  return devices(r).flatMap(({ name, run, goalMs }) =>
    run.rows.flatMap((row) => {
      const c = checksOf(`interactions.${name}.${row.id}`, `${name} ${run.device.throttle}× ${row.id}`);
      return [
        c('inp', 'INP p75', row.app.inpP75, `<= ${goalMs} ms`),
        c('ratio', "INP p75 ÷ floor's", row.ratioP75, '<= 1.5 ×'),
        c('longtask', 'longest task input → answer', row.app.samples > 0 ? row.app.longTaskMax : null, '<= 50 ms'),
      ];
    }),
  );
}

function deviceTable(name: string, run: DeviceRun): string {
  const d = run.device;
  const head = `▶ Interactions: ${name} ${d.viewport.width}×${d.viewport.height}, ${d.throttle}× CPU, one core, ${d.instruments} instruments × ${d.hz}/s; ${run.rounds} round(s) × ${run.repeatsPerRound}, app and floor alternating (INP ms; 16 = below Event Timing's threshold)`;
  const flow = run.lighthouseFlow;
  const lh = (id: string): string => {
    const s = flow?.steps.find((x) => x.id === id);
    return s ? `${ms(s.inpMs)} / ${ms(s.tbtMs)}` : '—';
  };
  const rows = run.rows.map((row) => [
    row.id,
    String(row.app.samples),
    `${ms(row.app.inpP50)} / ${ms(row.app.inpP75)}`,
    `${ms(row.app.inputDelayP50)} / ${ms(row.app.processingP50)} / ${ms(row.app.presentationP50)}`,
    ms(row.app.longTaskMax),
    `${ms(row.floor.inpP50)} / ${ms(row.floor.inpP75)}`,
    row.ratioP75 === null ? '—' : `${row.ratioP75.toFixed(2)}×`,
    lh(row.id),
  ]);
  const flowHead = flow
    ? `\n  Lighthouse ${flow.version ?? '?'} user flow: host index ${flow.benchmarkIndex ?? '?'} → CPU ${flow.cpuSlowdownMultiplier}× (target index ${TARGET_BENCHMARK_INDEX})`
    : '';
  const errors = run.errors.length ? `\n  errors: ${run.errors.slice(0, 8).join('; ')}` : '';
  return `\n${head}\n${table(
    'interaction | n | app p50 / p75 | delay / processing / presentation p50 | longest task | floor p50 / p75 | p75 ÷ floor | Lighthouse INP / TBT',
    rows,
  )}${flowHead}${errors}`;
}

export function interactionsTable(r: InteractionsResult | null | undefined): string {
  return devices(r)
    .map(({ name, run }) => deviceTable(name, run))
    .join('');
}
