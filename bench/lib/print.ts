import type { ScreenSummary } from '../render/aggregate.ts';
import { METRICS } from '../render/metrics.ts';
import type { Change, Figures } from './figures.ts';
import { engineKey, type Sections } from './report.ts';
import { clusterTables } from '../cluster/cluster-report.ts';
import { interactionsTable } from '../interactions/interactions-report.ts';
import { feedsTables } from '../feeds/feeds-report.ts';
import { copyTables } from '../copy/copy-report.ts';
import { failedRow, num, spreadCell, table } from './table.ts';
import type { TargetCheck } from './targets.ts';
import type { LighthouseRun } from '../startup/lighthouse-runs.ts';

const KB = 1024;

function delta(base: Figures | null, key: string, current: number | null | undefined): string {
  const b = base?.[key]?.value;
  if (typeof b !== 'number' || typeof current !== 'number' || !Number.isFinite(b) || !Number.isFinite(current))
    return '';
  if (b === 0) return current === 0 ? '±0' : `+${num(current, 1)}`;
  const pct = ((current - b) / Math.abs(b)) * 100;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(0)} %`;
}

export function renderTables(s: Sections, base: Figures | null): string {
  const out: string[] = [];
  const r = s.render;
  if (!r) return '';
  out.push(
    `Chromium ${r.chromium}; browser on CPU ${r.browserCpus ?? 'any'}, server on CPU ${r.serverCpus ?? 'any'}.`,
    `Calibration (busy loop, ms): ${calibrationLine(r.calibration)}`,
  );
  if (r.calibrationMultiCore?.length) {
    out.push(
      `Calibration, multi-core browser (CPU ${r.multiCoreCpus ?? 'any'}; throttle on the ${r.multiCoreThrottle ?? 'main thread'}): ` +
        calibrationLine(r.calibrationMultiCore),
    );
  }
  const cpu = cpuTable(r);
  if (cpu) out.push('', cpu);
  for (const c of r.cases) {
    const f = c.probeFloor;
    if (f) {
      out.push(
        `Probe floor, ${c.case.id} (static page, ${f.throttle}×, ${f.windowMs / 1000} s): main thread busy ${num(f.mainBusy, 1, 100)} % with the rAF loop, ` +
          `${num(f.mainBusyQuiet, 1, 100)} % without — the share of "main thread busy" the measurement costs by itself.`,
      );
    }
  }
  for (const sum of r.summaries) {
    out.push(
      '',
      `▶ ${r.labels[sum.caseId] ?? sum.caseId} — ${sum.screen} (${sum.runs.worker} worker + ${sum.runs.main} main + ${sum.runs.floor ?? 0} floor runs${sum.runs.failed ? `, ${sum.runs.failed} failed` : ''})`,
    );
    const rows = METRICS.map((d) => [
      `${d.label}${d.unit ? ` (${d.unit})` : ''}`,
      num(sum.worker[d.key]?.median, d.digits, d.scale),
      num(sum.main[d.key]?.median, d.digits, d.scale),
      num(sum.floor?.[d.key]?.median, d.digits, d.scale),
      d.ratio ? spreadCell(sum.ratio[d.key]) : '',
      d.ratio ? spreadCell(sum.workerToFloor?.[d.key]) : '',
      delta(base, `render.${sum.caseId}.${sum.screen}.worker.${d.key}`, sum.worker[d.key]?.median),
    ]);
    out.push(
      table(
        'metric | worker | main | floor page | worker/main (min–max) | worker/floor (min–max) | worker Δ baseline',
        rows,
      ),
    );
    for (const e of sum.errors) out.push(`  ! ${e}`);
  }
  return out.join('\n');
}

function calibrationLine(rows: NonNullable<Sections['render']>['calibration']): string {
  const ms = (v: number): string => v.toFixed(0);
  return rows
    .map(
      (c) =>
        `${c.throttle}× main ${ms(c.mainMs)} / worker ${ms(c.workerMs)} / main while worker spins ${ms(c.mainWhileWorkerMs)}`,
    )
    .join('; ');
}

/** Printed first: unthrottled, it does not swing with the machine the way the 6× figures do. */
function cpuTable(r: NonNullable<Sections['render']>): string | null {
  // Per painted update, the achieved rate beside it: "ms/s @ updates/s = ms/update".
  const cell = (x: ScreenSummary['worker'] | undefined): string =>
    x && x.mainMsPerSec
      ? `${num(x.mainMsPerSec?.median, 1)} @ ${num(x.updatesPerSecQuiet?.median, 1)}/s = ${num(x.mainMsPerUpdate?.median, 2)}`
      : 'n/a';
  const rows = r.summaries.map((sum) => [
    `${sum.caseId} ${sum.screen}`,
    cell(sum.worker),
    cell(sum.main),
    cell(sum.floor),
    num(sum.ratio.mainMsPerUpdate?.median, 2),
    num(sum.workerToFloor?.mainMsPerUpdate?.median, 2),
    `${num(sum.worker.rendererCpuMsPerSec?.median, 0)} / ${num(sum.main.rendererCpuMsPerSec?.median, 0)} / ${num(sum.floor?.rendererCpuMsPerSec?.median, 0)}`,
  ]);
  if (!rows.length) return null;
  return [
    '▶ Main-thread CPU per painted update (rAF probe off): ms/s @ updates/s = ms per update; renderer CPU all threads ms/s',
    table(
      'case, screen | worker mode | main mode | floor page | worker/main | worker/floor | renderer worker / main / floor',
      rows,
    ),
  ].join('\n');
}

export function targetTable(checks: readonly TargetCheck[]): string {
  const rows = checks.map((c) => [
    c.label,
    c.value === null ? 'n/a' : `${num(c.value, c.unit === '×' ? 2 : 1)}${c.unit ? ` ${c.unit}` : ''}`,
    `${c.op} ${c.limit}${c.unit ? ` ${c.unit}` : ''}`,
    c.verdict === 'met' ? 'met' : c.verdict === 'missed' ? 'MISSED' : 'n/a',
    c.note ?? '',
  ]);
  return table('target | value | limit | verdict | note', rows);
}

export function otherTables(s: Sections, base: Figures | null): string {
  const out: string[] = [];
  if (s.engine) {
    out.push(
      '',
      '▶ Order engine in memory (one core; tick = the index, scan = the decimal scan it replaced)',
      table(
        'index | open orders | users | ticks/s | CPU per tick | tick path | index tick | core at 2,000/s | left the book per tick | Δ baseline',
        s.engine.map((r) => [
          r.index,
          r.orders.toLocaleString('en'),
          r.users.toLocaleString('en'),
          r.ticksPerSec.toLocaleString('en'),
          `${num(r.cpuUsPerTick, 1)} µs`,
          r.tickPathUs === undefined ? '—' : `${num(r.tickPathUs, 1)} µs`,
          r.indexUs === undefined ? '—' : `${num(r.indexUs, 2)} µs`,
          `${num(r.coreAt2000Pct, 1)} %`,
          num(r.crossedPerTick, 3),
          delta(base, `${engineKey(r)}.cpuUsPerTick`, r.cpuUsPerTick),
        ]),
      ),
    );
  }
  if (s.micro) {
    out.push(
      '',
      '▶ Worker hot paths (tinybench, one core)',
      table(
        'benchmark | ns per unit | per second | ± | Δ baseline',
        s.micro.map((m) => [
          m.name,
          `${num(m.nsPerUnit, 0)} ns/${m.unit}`,
          `${Math.round(m.unitsPerSec).toLocaleString('en')}`,
          `${num(m.rme, 1)} %`,
          delta(base, `micro.${m.name}`, m.nsPerUnit),
        ]),
      ),
    );
  }
  const b = s.bundle;
  if (b) {
    const kb = (name: string, v: number[], last: string): string[] => [name, ...v.map((x) => num(x / KB)), last];
    const f = b.firstScreen;
    const rows: string[][] = f.js.map((c) => kb(c.file, [c.raw, c.gzip, c.brotli], c.packages.join(' ')));
    const jsGzipDelta = delta(base, 'bundle.firstScreen.jsGzipKb', f.jsGzip / KB);
    rows.push(kb('= first screen JS', [f.jsRaw, f.jsGzip, f.jsBrotli], jsGzipDelta));
    rows.push(['  first screen CSS', '', num(f.cssGzip / KB), '', '']);
    const w = b.worker;
    if (w) rows.push(kb(`feed worker ${w.file}`, [w.raw, w.gzip, w.brotli], w.packages.join(' ')));
    for (const [page, set] of Object.entries(b.routes))
      rows.push(
        kb(`route ${page.replace('src/pages/', '')} (+ on top of entry)`, [set.jsRaw, set.jsGzip, set.jsBrotli], ''),
      );
    rows.push(kb(`all JS (${b.allJs.files} files)`, [b.allJs.raw, b.allJs.gzip, b.allJs.brotli], ''));
    out.push(
      '',
      `▶ Bundle (KB; gzip -9, brotli q11). lightweight-charts on the first screen: ${b.lightweightChartsOnFirstScreen ? 'YES' : 'no'}`,
      table('chunk | raw | gzip | brotli | packages / Δ', rows),
    );
  }
  if (s.lighthouse) {
    out.push(
      '',
      '▶ Lighthouse (mobile, simulated throttling)',
      table(
        'url | CPU | perf | a11y | best pr. | LCP ms | TBT ms | TBT by CPU | CLS | default 4×: perf / TBT / index | below 0.9',
        s.lighthouse.map((l) => [
          where(l),
          `${num(l.cpuSlowdownMultiplier ?? 4, 1)}×`,
          l.performanceRuns && l.performanceRuns.length > 1
            ? `${num(l.performance, 0)} (${l.performanceRuns.map((p) => num(p, 0)).join(', ')})`
            : num(l.performance, 0),
          num(l.accessibility, 0),
          num(l.bestPractices, 0),
          num(l.lcpMs, 0),
          num(l.tbtMs, 0),
          num(l.cpuTbtMs ?? null, 0),
          num(l.cls, 3),
          l.uncalibrated
            ? `${num(l.uncalibrated.performance, 0)} / ${num(l.uncalibrated.tbtMs, 0)} / ${num(l.uncalibrated.benchmarkIndex, 0)}`
            : '—',
          l.error ? `error: ${l.error.slice(0, 60)}` : l.failing.map((x) => x.split(':')[1]).join(' '),
        ]),
      ),
      ...s.lighthouse.flatMap((l) => lighthouseEvidenceLines(l)),
    );
  }
  const f = s.fanout;
  if (f) {
    out.push(
      '',
      `▶ Server fan-out (${f.instruments} instruments × ${f.hz}/s; server CPU ${f.serverCpus ?? 'any'}, clients CPU ${f.clientCpus ?? 'any'}; ` +
        `idle RSS ${num(f.serverRssIdleMb, 0)} MB)`,
      table(
        'clients | connected | msg/s | MB/s | per client /s (min) | tick→client p50/p99 | flush→client p50/p99 | server CPU | server RSS (over idle)',
        f.rows.map((r) =>
          r.error
            ? failedRow([String(r.clients)], r.error, 9)
            : [
                String(r.clients),
                String(r.connected),
                num(r.msgsPerSec, 0),
                num(r.mbPerSec, 1),
                `${num(r.perClientMsgsPerSecMedian, 1)} (${num(r.perClientMsgsPerSecMin, 1)})`,
                `${num(r.tickP50, 0)}/${num(r.tickP99, 0)} ms`,
                `${num(r.frameP50, 0)}/${num(r.frameP99, 0)} ms`,
                `${num(r.serverCpuPct, 0)} %`,
                `${num(r.serverRssMb, 0)} MB (+${num(r.serverRssAboveIdleMb, 0)})`,
              ],
        ),
      ),
    );
    if (f.rest.length) {
      const code = f.rest[0]?.code ?? '';
      out.push(
        '',
        `▶ REST /v1/api/forex/submit (${code}, market orders of the minimum lots)`,
        table(
          'database | concurrency | requests | req/s | accepted/s | p50/p99 | first error',
          f.rest.map((r) => [
            r.db,
            String(r.concurrency),
            `${r.requests} in ${(r.windowMs / 1000).toFixed(1)} s`,
            num(r.reqPerSec, 0),
            num(r.okPerSec, 0),
            `${num(r.p50, 1)}/${num(r.p99, 1)} ms`,
            r.firstError?.slice(0, 60) ?? '',
          ]),
        ),
      );
    }
  }
  out.push(clusterTables(s.cluster));
  out.push(feedsTables(s.feeds));
  out.push(interactionsTable(s.interactions));
  out.push(copyTables(s.copy));
  return out.join('\n');
}

export function changeTable(changes: readonly Change[], missing: readonly string[]): string {
  const bad = changes.filter((c) => c.regression);
  const lines: string[] = [];
  if (bad.length) {
    lines.push(
      table(
        'REGRESSION | baseline | now | limit',
        bad.map((c) => [
          c.key,
          `${num(c.base, 2)} ${c.unit}`,
          `${num(c.current, 2)} ${c.unit}`,
          `${num(c.limit, 2)} ${c.unit}`,
        ]),
      ),
    );
  }
  lines.push(
    `${changes.length} figures compared with the baseline: ${bad.length} beyond tolerance${missing.length ? `, ${missing.length} not measured this time` : ''}.`,
  );
  return lines.join('\n');
}

const where = (l: LighthouseRun): string => new URL(l.url).pathname + new URL(l.url).hash;

/** Times are ms at simulated 4×. */
function lighthouseEvidenceLines(l: LighthouseRun): string[] {
  const e = l.evidence;
  if (!e) return [];
  return [
    `  ${where(l)} tasks over 50 ms (chunk, ms, start): ${e.longTasks.map((t) => `${t.chunk} ${t.ms} ms @${t.startMs}`).join(', ') || 'none'}`,
    `  ${where(l)} scripts (total / scripting): ${e.scripts.map((t) => `${t.script} ${t.totalMs}/${t.scriptingMs}`).join(', ')}`,
    `  ${where(l)} main thread: ${e.mainThread.map((g) => `${g.group} ${g.ms}`).join(', ')}`,
  ];
}
