// Shapes a results JSON into the report's tables: a missing part becomes an empty table and a note, never an error.
import type { Figures } from '../lib/figures.ts';
import type { Sections } from '../lib/report.ts';
import type { TargetCheck } from '../lib/targets.ts';
import type { RunResult } from '../render/run-one.ts';
import { cdfOf, histogramOf, mergeCounts, type CdfPoint } from './distributions.ts';
import { PHASES, type Phase } from './phases.ts';
import { median } from '../lib/stats.ts';

export type DeepPartial<T> = T extends (infer U)[]
  ? DeepPartial<U>[]
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> | null }
    : T;

export interface ResultsJson {
  profile?: string;
  command?: string;
  startedAt?: string;
  durationSeconds?: number;
  machine?: {
    cpuModel?: string;
    cores?: number;
    loadAverageAtStart?: number[];
    loadAverageAtEnd?: number[];
    git?: { commit?: string; dirtyFiles?: number };
  };
  trace?: string | null;
  failures?: string[];
  targets?: TargetCheck[];
  figures?: Figures;
  sections?: DeepPartial<Sections>;
}

type LooseRun = DeepPartial<RunResult>;

/** 1 ms bins up to 100 ms, then one bin for everything longer. */
export const FRAME_BIN_MS = 1;
export const FRAME_MAX_MS = 100;

export interface ScreenReport {
  key: string;
  label: string;
  frameHist: { mode: string; x0: number; x1: number; share: number }[];
  frameCdf: { mode: string; x: number; y: number }[];
  /** The CDF is made of per-run percentiles when the results hold no raw intervals. */
  framePercentilesOnly: boolean;
  longTasks: { run: string; mode: string; start: number; end: number; duration: number }[];
  /** A long-task timeline with no bars then means: no long tasks. */
  runsWithSamples: number;
  cpu: { mode: string; thread: string; second: number; ms: number }[];
  perUpdate: { mode: string; phase: string; ms: number }[];
  /** "profile": split by phase from the profile window; "busy": main-thread busy ÷ batches painted, not split. */
  perUpdateSource: 'profile' | 'busy' | null;
}

export interface ReportData {
  title: string;
  meta: { label: string; value: string }[];
  failures: string[];
  targets: { label: string; value: string; limit: string; verdict: string; note: string }[];
  screens: ScreenReport[];
  fanout: { series: string; x: number; y: number }[];
  fanoutPercentilesOnly: boolean;
  treemaps: { title: string; totalKb: number; cells: { pkg: string; kb: number }[] }[];
  interactions: { id: string; n: string; app: string; parts: string; floor: string; ratio: string; longTask: string }[];
  notes: string[];
}

const modeOf = (r: LooseRun): string => r.spec?.mode ?? '?';

/** For results with no raw samples: the percentiles they hold (share → value) as CDF points. */
const percentilePoints = (at: Record<string, unknown>): CdfPoint[] =>
  Object.entries(at).flatMap(([y, x]) => (typeof x === 'number' ? [{ x, y: Number(y) }] : []));

function frameCdfFromPercentiles(runs: LooseRun[]): ScreenReport['frameCdf'] {
  return runs.flatMap((r) => {
    const at = { 0.5: r.metrics?.rafP50, 0.95: r.metrics?.rafP95, 0.99: r.metrics?.rafP99 };
    return percentilePoints(at).map((p) => ({ mode: modeOf(r), ...p }));
  });
}

/** Runs shorter than i leave second i out. */
export function cpuRows(runs: LooseRun[]): ScreenReport['cpu'] {
  const acc = new Map<string, { sum: number; n: number }>();
  for (const r of runs) {
    for (const [thread, secs] of Object.entries(r.samples?.cpuMsPerSecond ?? {})) {
      (secs ?? []).forEach((ms, i) => {
        if (typeof ms !== 'number') return;
        const k = `${modeOf(r)}\u0000${thread}\u0000${i}`;
        const a = acc.get(k) ?? { sum: 0, n: 0 };
        a.sum += ms;
        a.n++;
        acc.set(k, a);
      });
    }
  }
  return [...acc.entries()].map(([k, a]) => {
    const [mode = '?', thread = '?', i = '0'] = k.split('\u0000');
    return { mode, thread, second: Number(i) + 1, ms: Math.round((a.sum / a.n) * 10) / 10 };
  });
}

/** Split by phase where a run has a profile window, else one "total" bar from main-thread busy. */
export function perUpdateRows(runs: LooseRun[]): {
  rows: ScreenReport['perUpdate'];
  source: ScreenReport['perUpdateSource'];
} {
  const painted = (r: LooseRun): number => r.metrics?.batchesPerSec ?? 0;
  const split = runs.filter((r) => r.samples?.phases?.msPerSecond && painted(r) > 0);
  const busy = runs.filter((r) => typeof r.metrics?.mainBusy === 'number' && painted(r) > 0);
  const used = split.length ? split : busy;
  const msOf = (r: LooseRun, phase: string): number =>
    (split.length ? (r.samples?.phases?.msPerSecond?.[phase as Phase] ?? 0) : (r.metrics?.mainBusy ?? 0) * 1000) /
    painted(r);
  const rows = [...new Set(used.map(modeOf))].flatMap((mode) =>
    (split.length ? PHASES : ['total']).map((phase) => {
      const ms = median(used.filter((r) => modeOf(r) === mode).map((r) => msOf(r, phase))) ?? 0;
      return { mode, phase, ms: Math.round(ms * 100) / 100 };
    }),
  );
  return { rows, source: split.length ? 'profile' : busy.length ? 'busy' : null };
}

export function screenReports(sections: DeepPartial<Sections> | undefined): ScreenReport[] {
  const render = sections?.render;
  const labels = (render?.labels ?? {}) as Record<string, string>;
  const runs = (render?.cases ?? [])
    .flatMap((c) => c?.runs ?? [])
    .filter((r): r is LooseRun => !!r && r.ok === true && (r.spec?.measureMs ?? 0) > 0);
  const keys = [...new Set(runs.map((r) => `${r.spec?.caseId ?? '?'}|${r.spec?.screen ?? '?'}`))];
  return keys.map((key) => {
    const [caseId = '?', screen = '?'] = key.split('|');
    const mine = runs.filter((r) => r.spec?.caseId === caseId && r.spec?.screen === screen);
    const withSamples = mine.filter((r) => r.samples?.frameIntervalsMs);
    const modes = [...new Set(mine.map(modeOf))];
    const frameHist: ScreenReport['frameHist'] = [];
    const frameCdf: ScreenReport['frameCdf'] = [];
    for (const mode of modes) {
      const counts = mergeCounts(
        withSamples
          .filter((r) => modeOf(r) === mode)
          .map((r) => (r.samples?.frameIntervalsMs ?? []) as [number, number][]),
      );
      for (const b of histogramOf(counts, FRAME_BIN_MS, FRAME_MAX_MS))
        if (b.count > 0) frameHist.push({ mode, x0: b.x0, x1: b.x1, share: b.share });
      frameCdf.push(
        ...cdfOf(counts).map((p: CdfPoint) => ({ mode, x: Math.min(p.x, FRAME_MAX_MS + FRAME_BIN_MS), y: p.y })),
      );
    }
    const longTasks: ScreenReport['longTasks'] = [];
    for (const r of withSamples) {
      const run = `${modeOf(r)} #${(r.spec?.pair ?? 0) + 1}`;
      for (const t of r.samples?.longTasks ?? []) {
        const [start = 0, duration = 0] = (t ?? []) as number[];
        longTasks.push({ run, mode: modeOf(r), start: start / 1000, end: (start + duration) / 1000, duration });
      }
    }
    const perUpdate = perUpdateRows(mine);
    return {
      key,
      label: `${labels[caseId] ?? caseId} — ${screen}`,
      frameHist,
      frameCdf: withSamples.length ? frameCdf : frameCdfFromPercentiles(mine),
      framePercentilesOnly: withSamples.length === 0,
      longTasks,
      runsWithSamples: withSamples.length,
      cpu: cpuRows(mine),
      perUpdate: perUpdate.rows,
      perUpdateSource: perUpdate.source,
    };
  });
}

export function fanoutSeries(sections: DeepPartial<Sections> | undefined): {
  rows: ReportData['fanout'];
  percentilesOnly: boolean;
} {
  const rows: ReportData['fanout'] = [];
  let percentilesOnly = false;
  for (const r of sections?.fanout?.rows ?? []) {
    if (!r || r.error) continue;
    const n = (r.clients ?? 0).toLocaleString('en');
    const pairs: [string, unknown, Record<string, unknown>][] = [
      [`${n} sockets, tick→client`, r.tickLatencyCounts, { 0.5: r.tickP50, 0.99: r.tickP99 }],
      [`${n} sockets, flush→client`, r.frameLatencyCounts, { 0.5: r.frameP50, 0.99: r.frameP99 }],
    ];
    for (const [series, counts, at] of pairs) {
      const raw = Array.isArray(counts) && counts.length > 0;
      percentilesOnly ||= !raw;
      const points = raw ? cdfOf(counts as [number, number][]) : percentilePoints(at);
      rows.push(...points.map((p) => ({ series, ...p })));
    }
  }
  return { rows, percentilesOnly };
}

/** Packages under 0.5 % of the total go into "other packages". */
export function treemapCells(files: DeepPartial<{ raw: number; packageBytes: Record<string, number> }>[]): {
  totalKb: number;
  cells: { pkg: string; kb: number }[];
} {
  const acc = new Map<string, number>();
  for (const f of files) {
    for (const [key, b] of Object.entries(f?.packageBytes ?? {})) {
      // Older results called code with no source "(unmapped)".
      const pkg = key === '(unmapped)' ? '(no source)' : key;
      if (typeof b === 'number') acc.set(pkg, (acc.get(pkg) ?? 0) + b);
    }
  }
  const total = [...acc.values()].reduce((a, b) => a + b, 0);
  const cells: { pkg: string; kb: number }[] = [];
  let small = 0;
  for (const [pkg, b] of [...acc.entries()].sort((a, b) => b[1] - a[1])) {
    if (b < total * 0.005) small += b;
    else cells.push({ pkg, kb: Math.round((b / 1024) * 10) / 10 });
  }
  if (small > 0) cells.push({ pkg: 'other packages', kb: Math.round((small / 1024) * 10) / 10 });
  return { totalKb: Math.round((total / 1024) * 10) / 10, cells };
}

/** Three significant digits or so, and the unit. */
export const fmt = (v: number | null | undefined, unit = ''): string => {
  if (v === null || v === undefined) return 'n/a';
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2;
  return `${v.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
};

export function reportData(json: ResultsJson, name: string): ReportData {
  const s = json.sections ?? {};
  const m = json.machine;
  const meta = [
    { label: 'results', value: name },
    { label: 'profile', value: json.profile ?? '?' },
    { label: 'command', value: json.command ?? '?' },
    { label: 'started', value: json.startedAt ?? '?' },
    { label: 'duration', value: json.durationSeconds !== undefined ? `${json.durationSeconds} s` : '?' },
    {
      label: 'machine',
      value: m
        ? `${m.cpuModel ?? '?'} × ${m.cores ?? '?'}, load ${(m.loadAverageAtStart ?? []).join(' ')} → ${(m.loadAverageAtEnd ?? []).join(' ')}`
        : '?',
    },
    {
      label: 'commit',
      value: m?.git?.commit
        ? `${m.git.commit.slice(0, 10)}${m.git.dirtyFiles ? ` + ${m.git.dirtyFiles} changed files` : ''}`
        : '?',
    },
    { label: 'chromium', value: s.render?.chromium ?? 'n/a' },
  ];
  const targets = (json.targets ?? []).map((t) => ({
    label: t.label,
    value: fmt(t.value, t.unit),
    limit: `${t.op === '<=' ? '≤' : '≥'} ${fmt(t.limit, t.unit)}`,
    verdict: t.verdict,
    note: t.note ?? '',
  }));
  const fan = fanoutSeries(s);
  const b = s.bundle;
  const treemaps: ReportData['treemaps'] = [];
  const notes: string[] = [];
  if (b?.firstScreen?.js?.some((f) => f?.packageBytes))
    treemaps.push({ title: 'First screen `/` (main-thread JS)', ...treemapCells(b.firstScreen.js) });
  if (b?.chunks?.some((f) => f?.packageBytes))
    treemaps.push({ title: 'All JS of the build (feed worker included)', ...treemapCells(b.chunks) });
  if (b && !treemaps.length)
    notes.push('The bundle section has no bytes per package (results from before the report): no treemap.');
  return {
    title: `Tickwise bench — ${json.profile ?? '?'} — ${json.startedAt ?? name}`,
    meta,
    failures: json.failures ?? [],
    targets,
    screens: screenReports(s),
    fanout: fan.rows,
    fanoutPercentilesOnly: fan.percentilesOnly,
    treemaps,
    interactions: interactionRows(s),
    notes,
  };
}

const ms = (v: number | null | undefined): string => (typeof v === 'number' ? v.toFixed(0) : '—');

function interactionRows(s: DeepPartial<Sections>): ReportData['interactions'] {
  return [...(s.interactions?.rows ?? []), ...(s.interactions?.desk?.rows ?? [])].map((r) => ({
    id: r?.id ?? '?',
    n: `${r?.app?.samples ?? 0} / ${r?.floor?.samples ?? 0}`,
    app: `${ms(r?.app?.inpP50)} / ${ms(r?.app?.inpP75)}`,
    parts: `${ms(r?.app?.inputDelayP50)} / ${ms(r?.app?.processingP50)} / ${ms(r?.app?.presentationP50)}`,
    floor: `${ms(r?.floor?.inpP50)} / ${ms(r?.floor?.inpP75)}`,
    ratio: typeof r?.ratioP75 === 'number' ? `${r.ratioP75.toFixed(2)}×` : '—',
    longTask: ms(r?.app?.longTaskMax),
  }));
}
