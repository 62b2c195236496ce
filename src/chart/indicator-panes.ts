// The indicators' series and legends; the values are the worker's (workers/indicators.ts), only drawn here.
import type { IChartApi, ISeriesApi, UTCTimestamp, WhitespaceData, LineData, HistogramData } from 'lightweight-charts';
import { HistogramSeries, LineSeries } from 'lightweight-charts';
import { indicatorValueText, type IndicatorLine } from '../../domain/indicators.ts';
import type { KlineBar } from '../../domain/types.ts';
import { writeData } from './chart-frames.ts';
import type { readIndicatorTones } from './chart-theme.ts';

type IndicatorTones = ReturnType<typeof readIndicatorTones>;

type Point = LineData<UTCTimestamp> | HistogramData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

interface Drawn {
  line: IndicatorLine;
  series: ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;
  values: number[];
  /** The values' order in every update since the reset. */
  src: number;
  /** The series' least and greatest values: the legend keeps room for the longer of their texts. */
  lo: number;
  hi: number;
  /** That room in characters; null once the range widened, until the legend measures it again. */
  chars: number | null;
}

/** lightweight-charts stretch factors: the price pane's share beside each indicator pane's. */
const PRICE_STRETCH = 3;

/** One pane's legend as the text alternative reads it: "MA5 1.08321, MA10 1.08310". */
export type LegendRows = { pane: number; text: string }[];

export class IndicatorPanes {
  private drawn: Drawn[] = [];
  private times: number[] = [];
  private dirs: boolean[] = []; // per bar: the VOL bar's colour
  private legends: HTMLElement[] = [];
  private shownTime: number | null = null; // under the crosshair; null = the last bar
  private panes = 0;
  /** Until values come the legends stay empty: labels alone would widen under the reader when they come. */
  private valued = false;

  constructor(
    private readonly chart: IChartApi,
    private readonly legendBox: HTMLElement,
    private tones: IndicatorTones,
    private precision: number,
    /** The worker may send more panes than fit. */
    private readonly maxPanes: number,
  ) {}

  /** A reset's first stage (chart-klines.ts): rebuilt only when the lines changed. */
  layout(lines: readonly IndicatorLine[] | undefined): void {
    const want = (lines ?? []).filter((l) => l.pane <= this.maxPanes);
    const same = want.length === this.drawn.length && want.every((l, i) => sameLine(l, this.drawn[i]?.line));
    if (!same) this.rebuild(want);
  }

  /** The series are rebuilt only when the lines changed. */
  reset(
    lines: readonly IndicatorLine[] | undefined,
    ind: readonly number[][] | undefined,
    bars: readonly KlineBar[],
  ): void {
    this.layout(lines);
    this.valued = true;
    this.times = bars.map((b) => b.Time);
    this.dirs = bars.map((b) => b.Close >= b.Open);
    const all = lines ?? [];
    for (const d of this.drawn) {
      d.src = all.findIndex((l) => sameLine(l, d.line));
      const col = ind?.[d.src] ?? [];
      d.values = this.times.map((_, i) => col[i] ?? NaN);
      clearRange(d);
      for (const v of d.values) widen(d, v);
      this.setPoints(d);
    }
    this.paintLegend();
  }

  /** The lines stay so no pane flickers away and back; their points go until the next reset. */
  clear(): void {
    this.times = [];
    this.dirs = [];
    this.shownTime = null;
    for (const d of this.drawn) {
      d.values = [];
      clearRange(d);
      d.series.setData([]);
    }
    this.paintLegend();
  }

  /** Same Time: replaced; later: a new bar. */
  bar(bar: KlineBar, lineValues: readonly number[] | undefined): void {
    if (this.drawn.length === 0) return;
    const last = this.times[this.times.length - 1];
    if (last !== undefined && bar.Time < last) return;
    const fresh = last !== bar.Time;
    if (fresh) {
      this.times.push(bar.Time);
      this.dirs.push(bar.Close >= bar.Open);
    } else this.dirs[this.dirs.length - 1] = bar.Close >= bar.Open;
    for (const d of this.drawn) {
      const v = lineValues?.[d.src] ?? NaN;
      if (fresh) d.values.push(v);
      else d.values[d.values.length - 1] = v;
      widen(d, v);
      d.series.update(this.point(d, bar.Time, v, bar.Close >= bar.Open));
    }
    if (this.shownTime === null) this.paintLegend();
  }

  /**
   * The bar at `time` under the crosshair; null, or a time the panes do not hold yet, shows the last bar. Kept as a
   * time, not the chart's index: a reset drawn in stages gives the panes more history later, and the hovered bar then.
   */
  crosshair(time: number | null): void {
    if (time === this.shownTime) return;
    this.shownTime = time;
    this.paintLegend();
  }

  restyle(tones: IndicatorTones, precision: number): void {
    this.tones = tones;
    this.precision = precision;
    for (const d of this.drawn) {
      d.chars = null; // the texts' length follows the precision
      d.series.applyOptions({ color: this.colour(d.line) });
      if (d.line.style === 'histogram') this.setPoints(d);
    }
    this.paintLegend();
  }

  place(): void {
    const panes = this.chart.panes();
    let top = 0;
    this.legends.forEach((el, i) => {
      // The price pane's legend beside the table button, in the strip chart-resize.ts keeps free.
      el.style.insetBlockStart = `${top + (i === 0 ? 12 : 2)}px`;
      top += (panes[i]?.getHeight() ?? 0) + 1; // the 1 px separator between panes
    });
  }

  /** At the last bar: the chart's text alternative reads it. */
  legendRows(): LegendRows {
    const i = this.times.length - 1;
    const out: LegendRows = [];
    for (let pane = 0; pane <= this.panes; pane++) {
      const parts = this.drawn
        .filter((d) => d.line.pane === pane)
        .map((d) => `${d.line.label} ${indicatorValueText(d.line, d.values[i] ?? NaN, this.precision)}`);
      if (parts.length > 0) out.push({ pane, text: parts.join(', ') });
    }
    return out;
  }

  /** The chart goes with its series: only the legends, which live in the page's box, are taken out. */
  detach(): void {
    this.drawn = [];
    for (const el of this.legends) el.remove();
    this.legends = [];
  }

  private rebuild(lines: readonly IndicatorLine[]): void {
    for (const d of this.drawn) this.chart.removeSeries(d.series);
    this.detach();
    // Panes left empty by the removed series go too (the price pane, 0, always stays).
    for (let i = this.chart.panes().length - 1; i > 0; i--) this.chart.removePane(i);
    this.panes = lines.reduce((m, l) => Math.max(m, l.pane), 0);
    for (const line of lines) {
      const base = {
        color: this.colour(line),
        priceLineVisible: false,
        lastValueVisible: false,
        // The oscillators' own scales at two places.
        priceFormat:
          line.kind === 'vol'
            ? { type: 'volume' as const }
            : {
                type: 'price' as const,
                precision: line.pane === 0 || line.kind === 'macd' ? this.precision : 2,
                minMove: line.pane === 0 || line.kind === 'macd' ? 1 / 10 ** this.precision : 0.01,
              },
      };
      const series =
        line.style === 'histogram'
          ? this.chart.addSeries(HistogramSeries, base, line.pane)
          : this.chart.addSeries(LineSeries, { ...base, lineWidth: 1, crosshairMarkerVisible: false }, line.pane);
      this.drawn.push({ line, series, values: [], src: -1, lo: Infinity, hi: -Infinity, chars: null });
    }
    const panes = this.chart.panes();
    panes.forEach((p, i) => p.setStretchFactor(i === 0 ? PRICE_STRETCH : 1));
    for (let pane = 0; pane <= this.panes; pane++) {
      if (!this.drawn.some((d) => d.line.pane === pane)) continue;
      const el = document.createElement('div');
      el.className = 'tw-legend';
      el.dataset.pane = String(pane);
      this.legendBox.append(el);
      this.legends[pane] = el;
    }
    this.legends = this.legends.filter(Boolean);
    this.place();
  }

  private colour(line: IndicatorLine): string {
    return this.tones.tones[line.tone % this.tones.tones.length] ?? this.tones.up;
  }

  private setPoints(d: Drawn): void {
    d.series.setData(this.times.map((t, i) => this.point(d, t, d.values[i] ?? NaN, this.dirs[i] ?? true)));
  }

  private point(d: Drawn, time: number, v: number, up: boolean): Point {
    const t = time as UTCTimestamp;
    if (Number.isNaN(v)) return { time: t };
    if (d.line.kind === 'vol' && d.line.style === 'histogram')
      return { time: t, value: v, color: up ? this.tones.up : this.tones.down };
    if (d.line.kind === 'macd' && d.line.style === 'histogram')
      return { time: t, value: v, color: v >= 0 ? this.tones.up : this.tones.down };
    return { time: t, value: v };
  }

  /** Writes only what changed: the live bar repaints often, and even a same-value write costs a style check. */
  private paintLegend(): void {
    if (!this.valued) return;
    const hovered = this.shownTime === null ? null : indexOfTime(this.times, this.shownTime);
    const i = hovered ?? this.times.length - 1;
    const time = this.times[i];
    for (const el of this.legends) {
      const pane = Number(el.dataset.pane);
      writeData(el, 'time', time === undefined ? '' : String(time));
      const mine = this.drawn.filter((d) => d.line.pane === pane);
      if (el.childElementCount !== mine.length) {
        el.replaceChildren(
          ...mine.map((d) => {
            const span = document.createElement('span');
            span.dataset.line = d.line.label;
            span.style.color = this.colour(d.line);
            const value = document.createElement('data');
            value.append(''); // its one text node, rewritten in place below
            span.append(`${d.line.label} `, value);
            return span;
          }),
        );
      }
      mine.forEach((d, j) => {
        const span = el.children[j] as HTMLElement | undefined;
        const value = span?.lastElementChild as HTMLDataElement | null | undefined;
        if (!span || !value) return;
        const v = d.values[i] ?? NaN;
        writeData(span, 'value', Number.isNaN(v) ? '' : String(v));
        const text = indicatorValueText(d.line, v, this.precision);
        // The text node's data, not textContent: a new node would leave and re-enter layout on every tick.
        const node = value.firstChild as Text;
        if (node.data !== text) node.data = text;
        // Room for the series' longest value, so the live bar's volume gaining a digit, or the crosshair moving, leaves
        // every later item where it was. A tabular digit is about 1ch (a little more in some fonts: half a ch spare).
        const room = `${Math.max(text.length, this.valueChars(d)) + 0.5}ch`;
        if (value.style.inlineSize !== room) value.style.inlineSize = room;
      });
    }
  }

  /** Formatted only when the range widened, not on every tick. */
  private valueChars(d: Drawn): number {
    d.chars ??=
      d.lo > d.hi
        ? 0
        : Math.max(
            indicatorValueText(d.line, d.lo, this.precision).length,
            indicatorValueText(d.line, d.hi, this.precision).length,
          );
    return d.chars;
  }
}

function clearRange(d: Drawn): void {
  d.lo = Infinity;
  d.hi = -Infinity;
  d.chars = null;
}

/** Takes `v` into the series' range. */
function widen(d: Drawn, v: number): void {
  if (!Number.isFinite(v)) return;
  if (v < d.lo) {
    d.lo = v;
    d.chars = null;
  }
  if (v > d.hi) {
    d.hi = v;
    d.chars = null;
  }
}

/** Binary search in ascending bar times; null when `time` is not a bar's. */
function indexOfTime(times: readonly number[], time: number): number | null {
  let lo = 0;
  let hi = times.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = times[mid] ?? 0;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

function sameLine(a: IndicatorLine, b: IndicatorLine | undefined): boolean {
  return (
    !!b && a.kind === b.kind && a.label === b.label && a.pane === b.pane && a.style === b.style && a.tone === b.tone
  );
}
