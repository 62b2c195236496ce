// The interactions section in the run's figures, its goals and its printed table.
import { figure, TOL, type Figures } from '../lib/figures.ts';
import { table } from '../lib/table.ts';
import { check, type TargetCheck } from '../lib/targets.ts';
import type { InteractionsResult } from './interactions-bench.ts';

const ms = (v: number | null): string => (v === null ? '—' : v.toFixed(0));

export function interactionsFigures(r: InteractionsResult | null | undefined): Figures {
  const f: Figures = {};
  for (const row of r?.rows ?? []) {
    const base = `interactions.phone.${row.id}`;
    f[`${base}.inpP75`] = figure(row.app.inpP75, 'ms', 'lower', TOL.latencyMs);
    f[`${base}.floorInpP75`] = figure(row.floor.inpP75, 'ms', 'lower', TOL.latencyMs);
    f[`${base}.ratioP75`] = figure(row.ratioP75, '×', 'lower', TOL.ratio);
  }
  return f;
}

/** The phone's goals: p75 ≤ 100 ms, ≤ 1.5× the floor's, no long task between input and answer. */
export function interactionsTargets(r: InteractionsResult | null | undefined): TargetCheck[] {
  const out: TargetCheck[] = [];
  for (const row of r?.rows ?? []) {
    const id = `interactions.phone.${row.id}`;
    const p = `phone 4× ${row.id}`;
    out.push(check(`${id}.inp`, `${p}: INP p75`, row.app.inpP75, '<=', 100, 'ms'));
    out.push(check(`${id}.ratio`, `${p}: INP p75 ÷ floor's`, row.ratioP75, '<=', 1.5, '×'));
    out.push(
      check(
        `${id}.longtask`,
        `${p}: longest task input → answer`,
        row.app.samples > 0 ? row.app.longTaskMax : null,
        '<=',
        50,
        'ms',
      ),
    );
  }
  return out;
}

export function interactionsTable(r: InteractionsResult | null | undefined): string {
  if (!r) return '';
  const d = r.device;
  const head = `▶ Interactions: phone ${d.viewport.width}×${d.viewport.height}, ${d.throttle}× CPU, one core, ${d.instruments} instruments × ${d.hz}/s; ${r.rounds} round(s) × ${r.repeatsPerRound}, app and floor alternating (INP ms; 16 = below Event Timing's threshold)`;
  const rows = r.rows.map((row) => [
    row.id,
    String(row.app.samples),
    `${ms(row.app.inpP50)} / ${ms(row.app.inpP75)}`,
    `${ms(row.app.inputDelayP50)} / ${ms(row.app.processingP50)} / ${ms(row.app.presentationP50)}`,
    ms(row.app.longTaskMax),
    `${ms(row.floor.inpP50)} / ${ms(row.floor.inpP75)}`,
    row.ratioP75 === null ? '—' : `${row.ratioP75.toFixed(2)}×`,
  ]);
  const errors = r.errors.length ? `\n  errors: ${r.errors.slice(0, 8).join('; ')}` : '';
  return `\n${head}\n${table(
    [
      'interaction',
      'n',
      'app p50 / p75',
      'delay / processing / presentation p50',
      'longest task',
      'floor p50 / p75',
      'p75 ÷ floor',
    ],
    rows,
  )}${errors}`;
}
