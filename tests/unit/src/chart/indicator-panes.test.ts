// The indicator panes on the main thread: one series per line in its pane, the worker's values drawn as they
// come (setData on a reset, update() of the live bar only), whitespace where a line is not defined, and the legends:
// the last bar's values, the crosshair's bar, the text the chart's text alternative reads.
import { describe, expect, it, vi } from 'vitest';
import { IndicatorPanes } from '../../../../src/chart/indicator-panes.ts';
import { indicatorLines, defaultIndicatorSettings } from '../../../../domain/indicators.ts';
import type { KlineBar } from '../../../../domain/types.ts';
import type { IChartApi } from 'lightweight-charts';

vi.mock('lightweight-charts', () => ({ LineSeries: { type: 'Line' }, HistogramSeries: { type: 'Histogram' } }));

interface FakeSeries {
  type: string;
  pane: number;
  data: unknown[];
  setData: (d: unknown[]) => void;
  update: (p: unknown) => void;
  applyOptions: (o: unknown) => void;
}

function fakeChart() {
  const series: FakeSeries[] = [];
  const panes = [0, 1, 2, 3].map(() => ({ getHeight: () => 100, setStretchFactor: vi.fn() }));
  const chart = {
    addSeries: vi.fn((def: { type: string }, _opts: unknown, pane = 0) => {
      const s: FakeSeries = {
        type: def.type,
        pane,
        data: [],
        setData: (d) => void (s.data = [...d]),
        update: (p) => void s.data.push(p),
        applyOptions: vi.fn(),
      };
      series.push(s);
      return s;
    }),
    removeSeries: vi.fn((s: FakeSeries) => series.splice(series.indexOf(s), 1)),
    removePane: vi.fn(),
    panes: () => panes,
  };
  return { chart: chart as unknown as IChartApi, series };
}

const bars: KlineBar[] = [1, 2, 3, 4, 5, 6].map((i) => ({
  Time: i * 60,
  Open: 1,
  High: 2,
  Low: 0.5,
  Close: 1 + i / 100,
  Volume: 10 * i,
}));
const tones = { tones: ['#111', '#222', '#333', '#444', '#555', '#666'], up: '#0a0', down: '#a00' };

function setup(maxPanes = 2) {
  const { chart, series } = fakeChart();
  const box = document.createElement('div');
  const panes = new IndicatorPanes(chart, box, tones, 5, maxPanes);
  const s = defaultIndicatorSettings();
  s.macd.on = true;
  s.rsi.on = true; // a third pane: drawn only where there is room
  const lines = indicatorLines(s, 3);
  // The worker's values: MA5 defined from the 5th bar, the rest made up for the test as numbers per line and bar.
  const ind = lines.map((l, li) =>
    bars.map((_, bi) => (l.label === 'MA5' && l.pane === 0 && bi < 4 ? NaN : li + bi / 10)),
  );
  panes.reset(lines, ind, bars);
  return { panes, series, box, lines, ind };
}

describe('IndicatorPanes', () => {
  it('adds one series per line in its pane, no more panes than the screen has room for', () => {
    const { series, box } = setup(2);
    expect(series.map((s) => `${s.type}@${s.pane}`)).toEqual([
      'Line@0',
      'Line@0',
      'Line@0',
      'Line@0',
      'Histogram@1',
      'Line@1',
      'Line@2',
      'Line@2',
      'Histogram@2',
    ]);
    expect([...box.querySelectorAll('.tw-legend')].map((e) => (e as HTMLElement).dataset.pane)).toEqual([
      '0',
      '1',
      '2',
    ]);
  });

  it('draws the worker’s values, whitespace where a line is not defined yet, and the live bar by update()', () => {
    const { panes, series, box, lines } = setup();
    const ma5 = series[0];
    expect(ma5?.data.slice(0, 5)).toEqual([
      { time: 60 },
      { time: 120 },
      { time: 180 },
      { time: 240 },
      { time: 300, value: 0.4 },
    ]);
    const vol = series[4];
    expect(vol?.data[0]).toEqual({ time: 60, value: 4, color: '#0a0' }); // a rising bar's volume in the up colour
    const legend = box.querySelector('.tw-legend[data-pane="0"]') as HTMLElement;
    expect(legend.dataset.time).toBe('360');
    expect(legend.querySelector('span')?.textContent).toBe('MA5 0.50000');

    // A tick of the live bar: its values replace the last point; a new bar appends one.
    const values = lines.map((_, i) => 100 + i);
    panes.bar({ ...bars[5], Close: 2 } as KlineBar, values);
    expect(ma5?.data.at(-1)).toEqual({ time: 360, value: 100 });
    expect(legend.querySelector('span')?.textContent).toBe('MA5 100.00000');
    panes.bar(
      { Time: 420, Open: 2, High: 2, Low: 1, Close: 1, Volume: 3 },
      values.map(() => NaN),
    );
    expect(ma5?.data.at(-1)).toEqual({ time: 420 });
    expect(series[4]?.data.at(-1)).toEqual({ time: 420 });
    expect(legend.dataset.time).toBe('420');
    expect(legend.querySelector('span')?.textContent).toBe('MA5 --');
  });

  it('rewrites a legend only where a value changed (the live bar comes about four times a second)', async () => {
    const { panes, box, lines } = setup();
    const values = lines.map((_, i) => 100 + i);
    panes.bar({ ...bars[5], Close: 2 } as KlineBar, values);
    const seen: string[] = [];
    const obs = new MutationObserver((rs) => rs.forEach((r) => seen.push(r.type)));
    obs.observe(box, { subtree: true, attributes: true, characterData: true, childList: true });
    // The same bar again with the same values: nothing in the legends changes, so nothing is written.
    panes.bar({ ...bars[5], Close: 2 } as KlineBar, values);
    await Promise.resolve();
    expect([...seen, ...obs.takeRecords().map((r) => r.type)]).toEqual([]);
    // One line's value moves: its span's value and text, nothing else.
    const written: string[] = [];
    const watch = new MutationObserver((rs) =>
      rs.forEach((r) =>
        written.push(
          `${r.type}:${(r.target.nodeType === Node.TEXT_NODE ? r.target.parentElement : (r.target as HTMLElement))?.closest<HTMLElement>('[data-line]')?.dataset.line ?? ''}`,
        ),
      ),
    );
    watch.observe(box, { subtree: true, attributes: true, characterData: true, childList: true });
    panes.bar(
      { ...bars[5], Close: 2 } as KlineBar,
      values.map((v, i) => (i === 0 ? v + 1 : v)),
    );
    await Promise.resolve();
    watch.disconnect();
    obs.disconnect();
    expect(new Set(written)).toEqual(new Set(['attributes:MA5', 'characterData:MA5']));
    expect(box.querySelector('[data-line="MA5"]')?.textContent).toBe('MA5 101.00000');
  });

  it('keeps each legend value as wide as its series’ longest, so a value gaining a digit moves no later item', () => {
    const { panes, box, lines } = setup();
    const room = (label: string, pane: number) =>
      (box.querySelector(`.tw-legend[data-pane="${pane}"] [data-line="${label}"] data`) as HTMLElement).style
        .inlineSize;
    const vol = lines.findIndex((l) => l.kind === 'vol');
    const macd = lines.findIndex((l) => l.label === 'MACD');
    expect(room('VOL', 1)).toBe('1.5ch'); // the made-up volumes 4 to 4.5 are whole: one digit
    const live = (v: number, m = 0) =>
      panes.bar(
        { ...bars[5], Close: 2 } as KlineBar,
        lines.map((_, i) => (i === vol ? v : i === macd ? m : 1)),
      );
    live(12_345);
    expect(room('VOL', 1)).toBe('5.5ch'); // a new longest value widens the item once
    live(7);
    expect(box.querySelector('[data-line="VOL"]')?.textContent).toBe('VOL 7');
    expect(room('VOL', 1)).toBe('5.5ch'); // and it keeps that room while the value is shorter
    panes.crosshair(60);
    expect(room('VOL', 1)).toBe('5.5ch');
    panes.crosshair(null);
    live(7, -12.5);
    expect(room('MACD', 2)).toBe(`${'-12.50000'.length + 0.5}ch`); // a sign counts too
    // Another series (a reset) measures afresh.
    panes.reset(
      lines,
      lines.map(() => bars.map(() => 3)),
      bars,
    );
    expect(room('VOL', 1)).toBe('1.5ch');
  });

  it('shows the bar under the crosshair, the last bar when it leaves, and gives the text alternative its rows', () => {
    const { panes, box } = setup();
    const legend = box.querySelector('.tw-legend[data-pane="2"]') as HTMLElement;
    panes.crosshair(120);
    expect(legend.dataset.time).toBe('120');
    expect(legend.textContent).toBe('DIF 6.10000DEA 7.10000MACD 8.10000');
    panes.crosshair(null);
    expect(legend.dataset.time).toBe('360');
    expect(panes.legendRows()).toEqual([
      { pane: 0, text: 'MA5 0.50000, MA10 1.50000, MA20 2.50000, MA30 3.50000' },
      { pane: 1, text: 'VOL 5, MA5 6' }, // volume and its average are whole
      { pane: 2, text: 'DIF 6.50000, DEA 7.50000, MACD 8.50000' },
    ]);
  });

  it('finds the bar under the crosshair by its time while the panes hold only the newest bars of a staged reset', () => {
    const { panes, box, lines, ind } = setup();
    // The first stage of a reset (chart-klines.ts): the candles may already hold all six bars, the panes the last three.
    panes.reset(
      lines,
      ind.map((col) => col.slice(3)),
      bars.slice(3),
    );
    const legend = box.querySelector('.tw-legend[data-pane="2"]') as HTMLElement;
    panes.crosshair(300); // the fifth bar of the candles, the second of the panes
    expect(legend.dataset.time).toBe('300');
    expect(legend.textContent).toBe('DIF 6.40000DEA 7.40000MACD 8.40000');
    panes.crosshair(60); // a bar the panes do not hold yet: the last bar, not another bar's values
    expect(legend.dataset.time).toBe('360');
    panes.crosshair(301); // between bars
    expect(legend.dataset.time).toBe('360');
    panes.crosshair(60);
    panes.reset(lines, ind, bars); // the last stage: the panes hold the hovered bar now, shown without a mouse move
    expect(legend.dataset.time).toBe('60');
  });

  it('another instrument clears the points but keeps the panes until its reset', () => {
    const { panes, series, box } = setup();
    panes.clear();
    expect(series).toHaveLength(9);
    expect(series.every((s) => s.data.length === 0)).toBe(true);
    expect(box.querySelector('.tw-legend[data-pane="0"] span')?.textContent).toBe('MA5 --');
  });

  it('lays out the panes ahead of their values with empty legends, which fill in once, with the values', () => {
    const { chart, series } = fakeChart();
    const box = document.createElement('div');
    const panes = new IndicatorPanes(chart, box, tones, 5, 2);
    const lines = indicatorLines(defaultIndicatorSettings(), 2);
    panes.layout(lines);
    panes.clear(); // the chart's first instrument, before its first history
    panes.restyle(tones, 2); // its precision known before its values
    expect(series.map((x) => `${x.type}@${x.pane}`).join(' ')).toBe('Line@0 Line@0 Line@0 Line@0 Histogram@1 Line@1');
    expect(series.every((x) => x.data.length === 0)).toBe(true);
    // No label without its value: a legend that widened as its values came would move what follows it.
    expect([...box.querySelectorAll('.tw-legend')].map((e) => e.textContent)).toEqual(['', '']);
    panes.layout(lines); // the reset's lines, the same: nothing is rebuilt
    expect(chart.addSeries).toHaveBeenCalledTimes(6);
    panes.reset(
      lines,
      lines.map(() => bars.map(() => 1)),
      bars,
    );
    expect(box.querySelector('.tw-legend[data-pane="0"] span')?.textContent).toBe('MA5 1.00'); // at the precision it was given
  });

  it('removes the series and legends when the lines go', () => {
    const { panes, series, box } = setup();
    panes.reset([], [], bars);
    expect(series).toEqual([]);
    expect(box.querySelectorAll('.tw-legend')).toHaveLength(0);
  });
});
