// Runs in the report page, serialised like render/page-probe.ts: keep it free of imports and outer references.
import type * as PlotNs from '@observablehq/plot';
import type { pageKit as PageKitFn } from './page-kit.ts';
import type { ReportData } from './report-data.ts';

/** d3 itself ships no types. */
export interface D3Treemap {
  hierarchy<T>(data: T): {
    sum(f: (d: T) => number): { leaves(): { x0: number; y0: number; x1: number; y1: number; data: T }[] } & object;
  };
  treemap(): { size(s: [number, number]): { padding(p: number): (root: object) => void } };
}

declare const Plot: typeof PlotNs;
declare const d3: D3Treemap;
declare const pageKit: typeof PageKitFn; // page-kit.ts, serialised before this function

export function drawReport(data: ReportData): void {
  const { el, header, section, table, figure } = pageKit();
  const root = document.getElementById('report') as HTMLElement;
  const modeColor = { domain: ['worker', 'main'], range: ['#2563eb', '#ea580c'], legend: true };
  const W = 460;

  header(data.title, data.meta);
  if (data.failures.length) {
    const ul = el('ul');
    for (const f of data.failures) ul.append(el('li', f));
    section('Sections that failed').append(ul);
  }
  for (const n of data.notes) root.append(el('p', n, 'note'));

  const met = data.targets.filter((t) => t.verdict === 'met').length;
  const missed = data.targets.filter((t) => t.verdict === 'missed').length;
  const ts = section(`Targets: ${met} met, ${missed} missed, ${data.targets.length - met - missed} n/a`);
  table(
    ts,
    'target | this run:num | goal:num | verdict | note:small',
    data.targets.map((t) => [
      t.label,
      t.value,
      t.limit,
      [t.verdict, `verdict ${t.verdict === 'n/a' ? 'na' : t.verdict}`],
      t.note,
    ]),
    'No targets in this results file.',
  );

  const is = section(
    'Interactions: INP p75 against the floor page',
    'Event Timing (durationThreshold 16): the slowest interaction of each step; 16 ms = no entry (answered within the threshold). App and floor alternate in one run: the one-core 4× phone, then the desk (1280×800, 1×, desk-… steps).',
  );
  table(
    is,
    'interaction | n app / floor:num | app p50 / p75 ms:num | delay / processing / presentation p50:num | longest task ms:num | floor p50 / p75 ms:num | p75 ÷ floor:num',
    data.interactions.map((r) => [r.id, r.n, r.app, r.parts, r.longTask, r.floor, r.ratio]),
    'No interactions section in this results file.',
  );

  const rs = section(
    'Render A/B: worker vs main thread, per screen and throttle',
    'Frame intervals are the rAF probe’s, all runs of a mode together; long tasks from the Long Tasks API; CPU from the lean trace of the measured window (busy ms in each second, mean over the runs).',
  );
  if (!data.screens.length) rs.append(el('p', 'No render section in this results file.', 'empty'));
  for (const s of data.screens) {
    const grid = el('div', undefined, 'grid');
    const block = el('div', undefined, 'screen');
    block.append(el('h3', s.label), grid);
    rs.append(block);
    figure(
      grid,
      'Frame intervals: share of frames per 1 ms bin (the last bin holds everything ≥ 100 ms)',
      s.frameHist.length
        ? Plot.plot({
            width: W,
            height: 220,
            color: modeColor,
            x: { label: 'frame interval (ms)', domain: [0, 101] },
            y: { label: 'share of frames', type: 'sqrt', tickFormat: '.0%', grid: true },
            // y1/y2 given: the two modes overlap instead of stacking (rectY stacks a bare y).
            marks: [
              Plot.rectY(s.frameHist, {
                x1: 'x0',
                x2: 'x1',
                y1: 0,
                y2: 'share',
                fill: 'mode',
                fillOpacity: 0.55,
                mixBlendMode: 'multiply',
                tip: true,
              }),
              Plot.ruleY([0]),
            ],
          })
        : null,
      s.framePercentilesOnly
        ? 'No raw frame intervals in this results file (percentiles only: see the CDF).'
        : 'No frames.',
    );
    figure(
      grid,
      s.framePercentilesOnly
        ? 'Frame-interval CDF from each run’s p50 / p95 / p99 (no raw samples in this file)'
        : 'Frame-interval CDF (share of frames at or below)',
      s.frameCdf.length
        ? Plot.plot({
            width: W,
            height: 220,
            color: modeColor,
            x: { label: 'frame interval (ms)', domain: [0, 101] },
            y: { label: 'share ≤ x', domain: [0, 1], tickFormat: '.0%', grid: true },
            marks: s.framePercentilesOnly
              ? [Plot.dot(s.frameCdf, { x: 'x', y: 'y', stroke: 'mode', tip: true })]
              : [
                  Plot.line(s.frameCdf, { x: 'x', y: 'y', stroke: 'mode', curve: 'step-after', tip: true }),
                  Plot.ruleX([16.7, 33.3], { stroke: '#999', strokeDasharray: '3,3' }),
                ],
          })
        : null,
      'No frame data.',
    );
    const runs = [...new Set(s.longTasks.map((t) => t.run))];
    figure(
      grid,
      `Long tasks over the window (${s.longTasks.length} in ${s.runsWithSamples} runs; dot area ∝ duration)`,
      s.longTasks.length
        ? Plot.plot({
            width: W,
            height: 60 + 22 * Math.max(2, runs.length),
            marginLeft: 80,
            color: modeColor,
            r: { range: [2, 10] },
            x: { label: 'seconds into the window', grid: true },
            y: { label: null, domain: runs.sort() },
            marks: [
              Plot.barX(s.longTasks, { x1: 'start', x2: 'end', y: 'run', fill: 'mode' }),
              Plot.dot(s.longTasks, {
                x: 'start',
                y: 'run',
                r: 'duration',
                stroke: 'mode',
                tip: true,
                title: (d: { duration: number; start: number }) => `${d.duration} ms at ${d.start.toFixed(2)} s`,
              }),
            ],
          })
        : null,
      s.runsWithSamples ? `No long tasks in ${s.runsWithSamples} runs.` : 'No long-task timeline in this results file.',
    );
    figure(
      grid,
      'CPU per second per renderer thread (busy ms in each second, mean over runs)',
      s.cpu.length
        ? Plot.plot({
            width: W,
            height: 240,
            color: { legend: true },
            fx: { label: null },
            x: { label: 'second of the window' },
            y: { label: 'busy ms', grid: true, domain: [0, 1000] },
            marks: [
              Plot.line(s.cpu, { x: 'second', y: 'ms', stroke: 'thread', fx: 'mode', marker: 'dot', tip: true }),
              Plot.frame({ stroke: '#ddd' }),
            ],
          })
        : null,
      'No per-second CPU in this results file.',
    );
    figure(
      grid,
      s.perUpdateSource === 'profile'
        ? 'Main-thread ms per painted update by phase (profile window ÷ batches painted per second; median of the traced runs)'
        : 'Main-thread ms per painted update (busy × 1000 ÷ batches painted per second, median; no phase split in this file)',
      s.perUpdate.length
        ? Plot.plot({
            width: 300,
            height: 240,
            color: s.perUpdateSource === 'profile' ? { legend: true, scheme: 'tableau10' } : modeColor,
            x: { label: null, domain: ['worker', 'main'] },
            y: { label: 'ms per update', grid: true },
            marks: [
              Plot.barY(s.perUpdate, {
                x: 'mode',
                y: 'ms',
                fill: s.perUpdateSource === 'profile' ? 'phase' : 'mode',
                tip: true,
              }),
              Plot.ruleY([0]),
            ],
          })
        : null,
      'No per-update figures.',
    );
  }

  const fs = section(
    'Server fan-out: latency CDFs per socket count',
    data.fanoutPercentilesOnly
      ? 'Some rows have no raw latencies in this file: their p50 and p99 are drawn as points.'
      : 'Every probe client’s latencies in the window.',
  );
  figure(
    fs,
    'tick→client (server tick time to the client’s receipt) and flush→client (the batch’s send to receipt)',
    data.fanout.length
      ? Plot.plot({
          width: 760,
          height: 300,
          color: { legend: true },
          x: { label: 'latency (ms)', type: 'symlog', grid: true },
          y: { label: 'share ≤ x', domain: [0, 1], tickFormat: '.0%', grid: true },
          marks: data.fanoutPercentilesOnly
            ? [
                Plot.dot(data.fanout, { x: 'x', y: 'y', stroke: 'series', tip: true }),
                Plot.line(data.fanout, { x: 'x', y: 'y', stroke: 'series', strokeDasharray: '2,3' }),
              ]
            : [Plot.line(data.fanout, { x: 'x', y: 'y', stroke: 'series', curve: 'step-after', tip: true })],
        })
      : null,
    'No fan-out section in this results file.',
  );

  const bs = section(
    'Bundle by package',
    'Minified (raw) bytes given to the npm package each span of the chunk’s source map comes from; “app” is our own code, “(no source)” code a build plugin generated (the locale chunks).',
  );
  if (!data.treemaps.length) bs.append(el('p', 'No bundle bytes per package in this results file.', 'empty'));
  for (const t of data.treemaps) {
    const w = 760;
    const h = 360;
    const tree = d3.hierarchy({ pkg: '', kb: 0, children: t.cells }).sum((d) => (d.children ? 0 : d.kb));
    d3.treemap().size([w, h]).padding(1)(tree);
    const cells = tree.leaves().map((l) => ({
      ...l.data,
      x0: l.x0,
      x1: l.x1,
      y0: l.y0,
      y1: l.y1,
      cx: (l.x0 + l.x1) / 2,
      cy: (l.y0 + l.y1) / 2,
      big: l.x1 - l.x0 > 60 && l.y1 - l.y0 > 26,
    }));
    figure(
      bs,
      `${t.title}: ${t.totalKb.toFixed(1)} KB raw`,
      Plot.plot({
        width: w,
        height: h,
        margin: 0,
        color: { scheme: 'tableau10' },
        x: { domain: [0, w], axis: null },
        y: { domain: [0, h], axis: null, reverse: true },
        marks: [
          Plot.rect(cells, {
            x1: 'x0',
            x2: 'x1',
            y1: 'y0',
            y2: 'y1',
            fill: 'pkg',
            fillOpacity: 0.8,
            tip: true,
            title: (d: { pkg: string; kb: number }) => `${d.pkg}: ${d.kb} KB`,
          }),
          Plot.text(
            cells.filter((c) => c.big),
            {
              x: 'cx',
              y: 'cy',
              text: (d: { pkg: string; kb: number }) => `${d.pkg}\n${d.kb} KB`,
              fill: 'white',
              fontSize: 11,
            },
          ),
        ],
      }),
      'No cells.',
    );
  }
}
