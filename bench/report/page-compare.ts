// Runs in the compare page, serialised like page-report.ts: keep it free of imports and outer references.
import type * as PlotNs from '@observablehq/plot';
import type { CompareData } from './compare-data.ts';
import type { pageKit as PageKitFn } from './page-kit.ts';

declare const Plot: typeof PlotNs;
declare const pageKit: typeof PageKitFn; // page-kit.ts, serialised before this function

export function drawCompare(data: CompareData): void {
  const { el, header, section, table, figure } = pageKit();
  const verdictColor = {
    domain: ['worse', 'better', 'within spread', 'within tolerance', 'same'],
    range: ['#b91c1c', '#15803d', '#9ca3af', '#9ca3af', '#d1d5db'],
    legend: true,
  };
  const c = data.counts;
  header(data.title, [
    { label: 'A', value: data.nameA },
    { label: 'B', value: data.nameB },
    {
      label: 'figures',
      value: `${c.worse} worse, ${c.better} better beyond the tolerance; ${c['within spread']} within the spread, ${c['within tolerance']} within the tolerance, ${c.same} the same`,
    },
  ]);

  const screens = [...new Set(data.spread.map((s) => s.screen))];
  const s1 = section(
    'Render figures: B against A, with each run’s spread',
    'Each figure scaled to A’s median (1 = unchanged, log scale). The bar is the min–max over the runs, the dot the median; colour says whether the two ranges overlap.',
  );
  for (const screen of screens) {
    const rows = data.spread.filter((s) => s.screen === screen);
    const figures = [...new Set(rows.map((r) => r.figure))];
    const chart = Plot.plot({
      width: 900,
      height: 40 + figures.length * 26,
      marginLeft: 230,
      color: verdictColor,
      x: { type: 'log', label: 'value ÷ A’s median', grid: true, axis: 'both' },
      y: { label: null, domain: figures },
      fy: { label: null },
      marks: [
        Plot.ruleX([1], { stroke: '#333' }),
        ...(['A', 'B'] as const).flatMap((run) => {
          const mine = rows.filter((r) => r.run === run);
          const dy = run === 'A' ? -5 : 5;
          return [
            Plot.ruleY(mine, {
              y: 'figure',
              x1: 'lo',
              x2: 'hi',
              stroke: 'verdict',
              strokeWidth: 5,
              strokeOpacity: 0.6,
              dy,
            }),
            Plot.dot(mine, {
              y: 'figure',
              x: 'mid',
              fill: run === 'A' ? 'white' : 'black',
              stroke: '#111',
              r: 3,
              dy,
              tip: true,
              title: (d: { lo: number; hi: number; mid: number }) =>
                `${run}: ${d.mid.toFixed(2)} (${d.lo.toFixed(2)}–${d.hi.toFixed(2)})`,
            }),
          ];
        }),
      ],
    });
    const note = 'Upper bar and hollow dot: A; lower bar and black dot: B.';
    figure(s1, screen, chart, '').append(el('p', note, 'note'));
  }
  if (!screens.length) s1.append(el('p', 'No render figures with a spread in both files.', 'empty'));

  if (data.cdf.length) {
    const s2 = section('Frame-interval CDFs, A and B');
    for (const screen of [...new Set(data.cdf.map((d) => d.screen))]) {
      figure(
        s2,
        screen,
        Plot.plot({
          width: 600,
          height: 240,
          color: { legend: true },
          x: { label: 'frame interval (ms)', domain: [0, 101] },
          y: { label: 'share ≤ x', domain: [0, 1], tickFormat: '.0%', grid: true },
          marks: [
            Plot.line(
              data.cdf.filter((d) => d.screen === screen),
              { x: 'x', y: 'y', stroke: 'series', curve: 'step-after', tip: true },
            ),
          ],
        }),
        '',
      );
    }
  }

  const s3 = section(
    'Figures measured once (bundle, micro, Lighthouse, fan-out): change from A to B',
    'No spread to judge them by: the colour uses each figure’s baseline tolerance.',
  );
  if (data.single.length) {
    s3.append(
      Plot.plot({
        width: 900,
        height: 40 + data.single.length * 18,
        marginLeft: 300,
        color: verdictColor,
        x: { label: 'change (%)', grid: true },
        y: { label: null, domain: data.single.map((d) => d.figure) },
        marks: [Plot.barX(data.single, { y: 'figure', x: 'change', fill: 'verdict', tip: true }), Plot.ruleX([0])],
      }),
    );
  } else s3.append(el('p', 'None in both files.', 'empty'));

  table(
    section('Every figure'),
    'figure | A (min–max):num | B (min–max):num | change:num | verdict',
    data.table.map((r) => [
      r.figure,
      r.a,
      r.b,
      r.change,
      [r.verdict, r.verdict === 'worse' ? 'up' : r.verdict === 'better' ? 'down' : ''],
    ]),
  );
}
