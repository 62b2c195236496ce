// Compares two runs: a change within the runs' own min–max spread is noise; a real one counts beyond its tolerance.
import { isRegression, type Figure } from '../lib/figures.ts';
import { FRAME_MS } from '../lib/stats.ts';
import { METRICS } from '../render/metrics.ts';
import { table } from '../lib/table.ts';
import type { DeepPartial, ResultsJson } from './report-data.ts';
import type { Sections } from '../lib/report.ts';

export interface Spread {
  min: number;
  max: number;
  n: number;
}

/** In the order the table lists them. */
export const VERDICTS = ['worse', 'better', 'within spread', 'within tolerance', 'same'] as const;
export type CompareVerdict = (typeof VERDICTS)[number];

export interface CompareRow {
  key: string;
  unit: string;
  better: 'lower' | 'higher';
  a: number;
  b: number;
  diff: number;
  /** null when a is 0. */
  rel: number | null;
  aSpread: Spread | null;
  bSpread: Spread | null;
  verdict: CompareVerdict;
}

export interface Comparison {
  rows: CompareRow[];
  onlyInA: string[];
  onlyInB: string[];
  /** The same floor page's cost per update, B ÷ A, the median over the screens both runs measured: the hosts' speed. */
  floorDrift: number | null;
  /** Per screen: the app (feed in the worker) ÷ its floor page in the same run, A and B. */
  toFloor: { screen: string; a: number; b: number }[];
}

/** Floor pages this far apart, either way, mean two hosts: their absolute render figures are not comparable. */
const FLOOR_DRIFT_LIMIT = 1.25;
const FLOOR_METRIC = 'mainMsPerUpdate';

/** Render shares are stored as 0…1 with unit "%"; a ratio of two shares has no unit to scale. */
function scaleOf(key: string): number {
  const parts = key.split('.');
  const metric = parts.pop() ?? '';
  return key.startsWith('render.') && parts[3] !== 'ratio' ? (METRICS.find((m) => m.key === metric)?.scale ?? 1) : 1;
}

type Stored = DeepPartial<Spread> & { median?: number | null };

/** Keys look like render.<case>.<screen>.<worker|main|ratio>.<metric>; `side` reads another side of the same screen. */
function storedOf(sections: DeepPartial<Sections> | undefined, key: string, side?: 'worker'): Stored | null {
  const parts = key.split('.');
  if (parts[0] !== 'render' || parts.length !== 5) return null;
  const [, caseId, screen, ownSide, metric = ''] = parts;
  const sum = (sections?.render?.summaries ?? []).find((s) => s?.caseId === caseId && s.screen === screen);
  return (
    (sum?.[side ?? (ownSide as 'worker' | 'main' | 'ratio')] as Record<string, Stored | null> | undefined)?.[metric] ??
    null
  );
}

export function spreadOf(sections: DeepPartial<Sections> | undefined, key: string): Spread | null {
  const { min, max, n } = storedOf(sections, key) ?? {};
  if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max)) return null;
  return { min, max, n: n ?? 0 };
}

/** Overlapping ranges are noise; a real change is worse or better only beyond the figure's tolerance. */
export function verdictOf(
  a: number,
  b: number,
  fig: Pick<Figure, 'better' | 'tol'>,
  aSpread: Spread | null,
  bSpread: Spread | null,
): CompareVerdict {
  if (a === b) return 'same';
  const overlap = (s: Spread, t: Spread): boolean => s.min <= t.max && t.min <= s.max;
  if (aSpread && bSpread && aSpread.n > 1 && bSpread.n > 1 && overlap(aSpread, bSpread)) return 'within spread';
  if (isRegression(a, b, fig.better, fig.tol)) return 'worse';
  // Better beyond the tolerance: A is the regression of B.
  if (isRegression(b, a, fig.better, fig.tol)) return 'better';
  return 'within tolerance';
}

/** A worker ÷ main ratio whose worker figure in B is at its floor (within its allowance) got worse through main. */
export function workerAtFloor(sections: DeepPartial<Sections> | undefined, key: string): boolean {
  const metric = key.split('.')[4] ?? '';
  const tol = METRICS.find((m) => m.key === metric)?.tol;
  if (key.split('.')[3] !== 'ratio' || !tol) return false;
  const median = storedOf(sections, key, 'worker')?.median;
  // The best a figure can be: one display frame for frame intervals, else zero.
  return typeof median === 'number' && median <= (metric.startsWith('rafP') ? FRAME_MS : 0) + tol.abs;
}

export function compareRuns(a: ResultsJson, b: ResultsJson): Comparison {
  const fa = a.figures ?? {};
  const fb = b.figures ?? {};
  const rows: CompareRow[] = [];
  const onlyInA: string[] = [];
  for (const [key, figA] of Object.entries(fa)) {
    const figB = fb[key];
    if (!figB || figB.value === null) {
      if (figA.value !== null) onlyInA.push(key);
      continue;
    }
    if (figA.value === null || !Number.isFinite(figA.value) || !Number.isFinite(figB.value)) continue;
    const k = scaleOf(key);
    const aSpread = spreadOf(a.sections, key);
    const bSpread = spreadOf(b.sections, key);
    const scaled = (s: Spread | null): Spread | null => (s ? { min: s.min * k, max: s.max * k, n: s.n } : null);
    const v = verdictOf(figA.value, figB.value, figA, aSpread, bSpread);
    const verdict = v === 'worse' && workerAtFloor(b.sections, key) ? 'within tolerance' : v;
    rows.push({
      key,
      unit: figA.unit,
      better: figA.better,
      a: figA.value * k,
      b: figB.value * k,
      diff: (figB.value - figA.value) * k,
      rel: figA.value === 0 ? null : (figB.value - figA.value) / Math.abs(figA.value),
      aSpread: scaled(aSpread),
      bSpread: scaled(bSpread),
      verdict,
    });
  }
  const onlyInB = Object.keys(fb).filter((k) => !(k in fa) && fb[k]?.value !== null);
  rows.sort(
    (x, y) => VERDICTS.indexOf(x.verdict) - VERDICTS.indexOf(y.verdict) || Math.abs(y.rel ?? 0) - Math.abs(x.rel ?? 0),
  );
  return { rows, onlyInA, onlyInB, ...againstFloors(a.sections, b.sections) };
}

/** The floor pages of both runs side by side: how far the hosts differ, and each screen's app ÷ floor. */
function againstFloors(
  a: DeepPartial<Sections> | undefined,
  b: DeepPartial<Sections> | undefined,
): Pick<Comparison, 'floorDrift' | 'toFloor'> {
  const median = (o: object | null | undefined): number | null => {
    const v = (o as Record<string, Stored | null | undefined> | null | undefined)?.[FLOOR_METRIC]?.median;
    return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;
  };
  const drifts: number[] = [];
  const toFloor: Comparison['toFloor'] = [];
  for (const sb of b?.render?.summaries ?? []) {
    const sa = (a?.render?.summaries ?? []).find((s) => s?.caseId === sb?.caseId && s?.screen === sb?.screen);
    const [floorA, floorB] = [median(sa?.floor), median(sb?.floor)];
    if (floorA === null || floorB === null) continue;
    drifts.push(floorB / floorA);
    const [toA, toB] = [median(sa?.workerToFloor), median(sb?.workerToFloor)];
    if (toA !== null && toB !== null) toFloor.push({ screen: `${sb?.caseId}/${sb?.screen}`, a: toA, b: toB });
  }
  drifts.sort((x, y) => x - y);
  return { floorDrift: drifts.length ? (drifts[Math.floor(drifts.length / 2)] ?? null) : null, toFloor };
}

/** What the floor pages say of the two hosts; empty when they ran alike. */
export function floorLines(c: Pick<Comparison, 'floorDrift' | 'toFloor'>): string[] {
  const d = c.floorDrift;
  if (d === null || (d <= FLOOR_DRIFT_LIMIT && d >= 1 / FLOOR_DRIFT_LIMIT)) return [];
  return [
    `The same floor pages cost ${num(d)}× as much per update in B as in A: two hosts, so the render figures below ` +
      `measure the machines. Each screen against its floor page, in its own run (app ÷ floor, ${FLOOR_METRIC}):`,
    ...c.toFloor.map((r) => `  ${r.screen.padEnd(28)} A ${num(r.a)}×  B ${num(r.b)}×`),
  ];
}

function num(v: number): string {
  const abs = Math.abs(v);
  return abs >= 1000 ? v.toFixed(0) : abs >= 10 ? v.toFixed(1) : v.toFixed(2);
}

const range = (s: Spread | null): string => (s ? `${num(s.min)}–${num(s.max)}` : '');

/** One short line: keys grouped by their first three parts. */
export function groupKeys(keys: readonly string[]): string {
  const groups = new Map<string, number>();
  for (const k of keys) {
    const g = k.split('.').slice(0, 3).join('.');
    groups.set(g, (groups.get(g) ?? 0) + 1);
  }
  return [...groups.entries()].map(([g, n]) => (n > 1 ? `${g}.* (${n})` : g)).join(', ');
}

/** Changes beyond the spread first. */
export function compareTable(c: Comparison, nameA: string, nameB: string): string {
  const lines = c.rows.map((r) => [
    r.key,
    `${num(r.a)} ${r.unit}`.trim(),
    range(r.aSpread),
    `${num(r.b)} ${r.unit}`.trim(),
    range(r.bSpread),
    `${r.diff > 0 ? '+' : ''}${num(r.diff)}`,
    r.rel === null ? '' : `${r.rel > 0 ? '+' : ''}${(r.rel * 100).toFixed(0)} %`,
    r.verdict,
  ]);
  const count = (v: CompareVerdict): number => c.rows.filter((r) => r.verdict === v).length;
  const out = [
    `A: ${nameA}`,
    `B: ${nameB}`,
    `${c.rows.length} figures in both: ${count('worse')} worse, ${count('better')} better beyond the tolerance (render: and the runs' min–max ranges apart); ${count('within spread')} within the spread, ${count('within tolerance')} within the tolerance, ${count('same')} the same.`,
    ...floorLines(c),
    '',
    table('figure | A | A range | B | B range | B − A | change | verdict', lines, (i) => i !== 0 && i !== 7),
  ];
  if (c.onlyInA.length) out.push('', `Only in A (${c.onlyInA.length}): ${groupKeys(c.onlyInA)}`);
  if (c.onlyInB.length) out.push('', `Only in B (${c.onlyInB.length}): ${groupKeys(c.onlyInB)}`);
  return out.join('\n');
}
