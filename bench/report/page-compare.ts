// Runs in the compare page (serialised like page-report.ts): draws compare-data.ts's tables with Observable Plot.
// Keep it free of imports and outer references; types only.
import type * as PlotNs from '@observablehq/plot';
import type { CompareData } from './compare-data.ts';

declare const Plot: typeof PlotNs;

export function drawCompare(data: CompareData): void {
  const el = (tag: string, text?: string, cls?: string): HTMLElement => {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  };
  const root = document.getElementById('report') as HTMLElement;
  const verdictColor = {
    domain: ['worse', 'better', 'within spread', 'within tolerance', 'same'],
    range: ['#b91c1c', '#15803d', '#9ca3af', '#9ca3af', '#d1d5db'],
    legend: true,
  };
  document.title = data.title;
  root.append(el('h1', data.title));
  const meta = el('dl', undefined, 'meta');
  meta.append(el('dt', 'A'), el('dd', data.nameA), el('dt', 'B'), el('dd', data.nameB));
  const c = data.counts;
  meta.append(el('dt', 'figures'), el('dd', `${c.worse} worse, ${c.better} better beyond the spread or tolerance; ${c['within spread']} within the spread, ${c['within tolerance']} within the tolerance, ${c.same} the same`));
  root.append(meta);

  const screens = [...new Set(data.spread.map((s) => s.screen))];
  const s1 = el('section');
  s1.append(el('h2', 'Render figures: B against A, with each run’s spread'));
  s1.append(el('p', 'Each figure scaled to A’s median (1 = unchanged, log scale). The bar is the min–max over the runs, the dot the median; colour says whether the two ranges overlap.', 'note'));
  root.append(s1);
  for (const screen of screens) {
    const rows = data.spread.filter((s) => s.screen === screen);
    const figures = [...new Set(rows.map((r) => r.figure))];
    const f = el('figure');
    f.append(el('figcaption', screen));
    f.append(
      Plot.plot({
        width: 900, height: 40 + figures.length * 26, marginLeft: 230, color: verdictColor,
        x: { type: 'log', label: 'value ÷ A’s median', grid: true, axis: 'both' },
        y: { label: null, domain: figures },
        fy: { label: null },
        marks: [
          Plot.ruleX([1], { stroke: '#333' }),
          ...(['A', 'B'] as const).flatMap((run) => {
            const mine = rows.filter((r) => r.run === run);
            const dy = run === 'A' ? -5 : 5;
            return [
              Plot.ruleY(mine, { y: 'figure', x1: 'lo', x2: 'hi', stroke: 'verdict', strokeWidth: 5, strokeOpacity: 0.6, dy }),
              Plot.dot(mine, { y: 'figure', x: 'mid', fill: run === 'A' ? 'white' : 'black', stroke: '#111', r: 3, dy, tip: true, title: (d: { lo: number; hi: number; mid: number }) => `${run}: ${d.mid.toFixed(2)} (${d.lo.toFixed(2)}–${d.hi.toFixed(2)})` }),
            ];
          }),
        ],
      }),
    );
    f.append(el('p', 'Upper bar and hollow dot: A; lower bar and black dot: B.', 'note'));
    s1.append(f);
  }
  if (!screens.length) s1.append(el('p', 'No render figures with a spread in both files.', 'empty'));

  if (data.cdf.length) {
    const s2 = el('section');
    s2.append(el('h2', 'Frame-interval CDFs, A and B'));
    root.append(s2);
    for (const screen of [...new Set(data.cdf.map((d) => d.screen))]) {
      const f = el('figure');
      f.append(el('figcaption', screen));
      f.append(
        Plot.plot({
          width: 600, height: 240, color: { legend: true },
          x: { label: 'frame interval (ms)', domain: [0, 101] },
          y: { label: 'share ≤ x', domain: [0, 1], tickFormat: '.0%', grid: true },
          marks: [Plot.line(data.cdf.filter((d) => d.screen === screen), { x: 'x', y: 'y', stroke: 'series', curve: 'step-after', tip: true })],
        }),
      );
      s2.append(f);
    }
  }

  const s3 = el('section');
  s3.append(el('h2', 'Figures measured once (bundle, micro, Lighthouse, fan-out): change from A to B'));
  s3.append(el('p', 'No spread to judge them by: the colour uses each figure’s baseline tolerance.', 'note'));
  root.append(s3);
  if (data.single.length) {
    s3.append(
      Plot.plot({
        width: 900, height: 40 + data.single.length * 18, marginLeft: 300, color: verdictColor,
        x: { label: 'change (%)', grid: true },
        y: { label: null, domain: data.single.map((d) => d.figure) },
        marks: [Plot.barX(data.single, { y: 'figure', x: 'change', fill: 'verdict', tip: true }), Plot.ruleX([0])],
      }),
    );
  } else s3.append(el('p', 'None in both files.', 'empty'));

  const s4 = el('section');
  s4.append(el('h2', 'Every figure'));
  const table = el('table');
  const head = el('tr');
  for (const h of ['figure', 'A (min–max)', 'B (min–max)', 'change', 'verdict']) head.append(el('th', h));
  table.append(head);
  for (const r of data.table) {
    const tr = el('tr');
    tr.append(el('td', r.figure), el('td', r.a, 'num'), el('td', r.b, 'num'), el('td', r.change, 'num'), el('td', r.verdict, r.verdict === 'worse' ? 'up' : r.verdict === 'better' ? 'down' : ''));
    table.append(tr);
  }
  s4.append(table);
  root.append(s4);
}
