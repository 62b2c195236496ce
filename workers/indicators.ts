// The chart's indicators (docs/worker.md "Indicators"): a live tick replaces its bar's input, constant work a tick.
import { BollingerBands, EMA, MACD, RSI, SMA, StochasticOscillator } from 'trading-signals';
import type { IndicatorLine, IndicatorSettings } from '../domain/indicators.ts';
import { indicatorLines, MAX_PANES, panesOn } from '../domain/indicators.ts';
import type { KlineBar } from '../domain/types.ts';

/** Writes from `at` on, so one flat array holds every indicator's lines. */
interface Calc {
  width: number;
  update(bar: KlineBar, replace: boolean, out: number[], at: number): void;
}

const num = (v: number | null | undefined): number => (v === null || v === undefined ? NaN : v);

/** The library answers null or undefined until defined: NaN then, so the chart draws nothing rather than a guess. */
function oneLine(next: (b: KlineBar, replace: boolean) => number | null | undefined): Calc {
  return { width: 1, update: (b, r, out, at) => void (out[at] = num(next(b, r))) };
}

function threeLines<K extends string>(
  keys: readonly [K, K, K],
  next: (b: KlineBar, replace: boolean) => Record<K, number> | null | undefined,
): Calc {
  return {
    width: 3,
    update(b, r, out, at) {
      const v = next(b, r);
      out[at] = num(v?.[keys[0]]);
      out[at + 1] = num(v?.[keys[1]]);
      out[at + 2] = num(v?.[keys[2]]);
    },
  };
}

function emaCalc(period: number): Calc {
  const ema = new EMA(period);
  // The library seeds an EMA with the first price; it is defined (stable) from the period-th bar on.
  return oneLine((b, r) => {
    const v = ema.update(b.Close, r);
    return ema.isStable ? v : NaN;
  });
}

const p = (params: readonly number[], i: number): number => params[i] ?? 1;

/** A pane's calculator from its parameters. */
const PANES: Readonly<Record<'vol' | 'macd' | 'rsi' | 'kdj', (q: readonly number[]) => Calc>> = {
  vol(q) {
    const ma = new SMA(p(q, 0));
    return {
      width: 2,
      update(b, r, out, at) {
        out[at] = b.Volume;
        out[at + 1] = num(ma.update(b.Volume, r));
      },
    };
  },
  macd(q) {
    const macd = new MACD(new EMA(p(q, 0)), new EMA(p(q, 1)), new EMA(p(q, 2)));
    return threeLines(['macd', 'signal', 'histogram'], (b, r) => macd.update(b.Close, r));
  },
  rsi(q) {
    const rsi = new RSI(p(q, 0));
    return oneLine((b, r) => rsi.update(b.Close, r));
  },
  kdj(q) {
    const st = new StochasticOscillator({ kPeriod: p(q, 0), kSlowingPeriod: p(q, 1), dPeriod: p(q, 2) });
    return threeLines(['stochK', 'stochD', 'stochJ'], (b, r) =>
      st.update({ high: b.High, low: b.Low, close: b.Close }, r),
    );
  },
};

/** In the order indicatorLines lists their lines. */
function calcsFor(s: IndicatorSettings): Calc[] {
  const out: Calc[] = [];
  if (s.ma.on)
    for (const n of s.ma.params) {
      const sma = new SMA(n);
      out.push(oneLine((b, r) => sma.update(b.Close, r)));
    }
  if (s.ema.on) for (const n of s.ema.params) out.push(emaCalc(n));
  if (s.boll.on) {
    const bb = new BollingerBands(p(s.boll.params, 0), p(s.boll.params, 1));
    out.push(threeLines(['upper', 'middle', 'lower'], (b, r) => bb.update(b.Close, r)));
  }
  for (const k of panesOn(s).slice(0, MAX_PANES.desk)) out.push(PANES[k as keyof typeof PANES](s[k].params));
  return out;
}

/** NaN = not defined there. */
export type IndicatorValues = number[][];

/** Values are kept aligned with the bars, so a screen that comes back gets them without a recomputation. */
export class IndicatorSet {
  readonly lines: IndicatorLine[];
  private calcs: Calc[];
  private times: number[] = [];
  private values: IndicatorValues;

  constructor(
    private readonly settings: IndicatorSettings,
    private readonly maxBars = Infinity,
  ) {
    this.lines = indicatorLines(settings, MAX_PANES.desk);
    this.calcs = calcsFor(settings);
    this.values = this.lines.map(() => []);
  }

  /** The calculators start afresh. */
  load(bars: readonly KlineBar[]): IndicatorValues {
    this.calcs = calcsFor(this.settings);
    this.times = [];
    this.values = this.lines.map(() => []);
    for (const b of bars) this.apply(b);
    return this.snapshot();
  }

  /** null for a bar older than the last one: never drawn. */
  apply(bar: KlineBar): number[] | null {
    const last = this.times[this.times.length - 1];
    if (last !== undefined && bar.Time < last) return null;
    const replace = last === bar.Time;
    const row: number[] = new Array<number>(this.lines.length);
    let at = 0;
    for (const c of this.calcs) {
      c.update(bar, replace, row, at);
      at += c.width;
    }
    if (!replace) this.times.push(bar.Time);
    for (let i = 0; i < row.length; i++) {
      const col = this.values[i];
      if (!col) continue;
      if (replace) col[col.length - 1] = row[i] ?? NaN;
      else col.push(row[i] ?? NaN);
    }
    if (this.times.length > this.maxBars) {
      const cut = this.times.length - this.maxBars;
      this.times.splice(0, cut);
      for (const col of this.values) col.splice(0, cut);
    }
    return row;
  }

  snapshot(): IndicatorValues {
    return this.values.map((col) => col.slice());
  }

  /** null when that bar is not kept. */
  at(time: number): number[] | null {
    const i = this.times.lastIndexOf(time);
    return i < 0 ? null : this.values.map((col) => col[i] ?? NaN);
  }
}
