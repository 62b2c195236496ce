// The worker's indicators (workers/indicators.ts) against published reference values, and the live-bar replace path
// against a full recomputation.
//
// Reference table: Tulip Indicators v0.8.0, tests/untest.txt (https://github.com/TulipCharts/tulipindicators/blob/v0.8.0/tests/untest.txt),
// the same 15-bar series (high, low, close, volume) behind the examples on tulipindicators.org: `sma 5`, `ema 5`,
// `bbands 5 2`, `macd 2 5 9`, `rsi 5` and `stoch 5 3 3` (%K, %D). KDJ's J is 3K − 2D of those (its definition).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IndicatorSet } from '../../../workers/indicators.ts';
import { defaultIndicatorSettings, indicatorLines, type IndicatorSettings } from '../../../domain/indicators.ts';
import type { KlineBar } from '../../../domain/types.ts';

const HIGH = [82.15, 81.89, 83.03, 83.3, 83.85, 83.9, 83.33, 84.3, 84.84, 85.0, 85.9, 86.58, 86.98, 88.0, 87.87];
const LOW = [81.29, 80.64, 81.31, 82.65, 83.07, 83.11, 82.49, 82.3, 84.15, 84.11, 84.03, 85.39, 85.76, 87.17, 87.01];
const CLOSE = [81.59, 81.06, 82.87, 83.0, 83.61, 83.15, 82.84, 83.99, 84.55, 84.36, 85.53, 86.54, 86.89, 87.77, 87.29];
const VOLUME = [
  5653100, 6447400, 7690900, 3831400, 4455100, 3798000, 3936200, 4732000, 4841300, 3915300, 6830800, 6694100, 5293600,
  7985800, 4807900,
];

const BARS: KlineBar[] = CLOSE.map((c, i) => ({
  Time: 60 * i,
  Open: c,
  High: HIGH[i] ?? c,
  Low: LOW[i] ?? c,
  Close: c,
  Volume: VOLUME[i] ?? 0,
}));

/** Only `on` kinds, with the given parameters. */
function only(on: Partial<Record<keyof IndicatorSettings, number[]>>): IndicatorSettings {
  const s = defaultIndicatorSettings();
  for (const k of Object.keys(s) as (keyof IndicatorSettings)[]) {
    const params = on[k];
    s[k] = params ? { on: true, params } : { ...s[k], on: false };
  }
  return s;
}

/** The values of one line, to 3 places, with the leading undefined bars dropped (Tulip lists defined values only). */
function column(values: number[][], line: number): string[] {
  const col = values[line] ?? [];
  const first = col.findIndex((v) => !Number.isNaN(v));
  return col.slice(first).map((v) => v.toFixed(3));
}

describe('indicators against Tulip Indicators v0.8.0 tests/untest.txt', () => {
  it('MA (sma 5): defined from the 5th bar', () => {
    const v = new IndicatorSet(only({ ma: [5, 5, 5, 5] })).load(BARS);
    expect(v[0]?.slice(0, 4).every(Number.isNaN)).toBe(true);
    expect(column(v, 0)).toEqual([
      '82.426',
      '82.738',
      '83.094',
      '83.318',
      '83.628',
      '83.778',
      '84.254',
      '84.994',
      '85.574',
      '86.218',
      '86.804',
    ]);
  });

  it('EMA (ema 5): the values from the 5th bar on, where the seeded average is defined', () => {
    const v = new IndicatorSet(only({ ema: [5, 5] })).load(BARS);
    const all = [
      '81.590',
      '81.413',
      '81.899',
      '82.266',
      '82.714',
      '82.859',
      '82.853',
      '83.232',
      '83.671',
      '83.901',
      '84.444',
      '85.143',
      '85.725',
      '86.407',
      '86.701',
    ];
    expect(column(v, 0)).toEqual(all.slice(4));
  });

  it('BOLL (bbands 5 2): upper, middle, lower', () => {
    const v = new IndicatorSet(only({ boll: [5, 2] })).load(BARS);
    expect(column(v, 0)).toEqual([
      '84.322',
      '84.489',
      '83.655',
      '84.164',
      '84.838',
      '85.121',
      '85.997',
      '86.845',
      '87.612',
      '88.566',
      '88.319',
    ]);
    expect(column(v, 1)).toEqual([
      '82.426',
      '82.738',
      '83.094',
      '83.318',
      '83.628',
      '83.778',
      '84.254',
      '84.994',
      '85.574',
      '86.218',
      '86.804',
    ]);
    expect(column(v, 2)).toEqual([
      '80.530',
      '80.987',
      '82.533',
      '82.472',
      '82.418',
      '82.435',
      '82.511',
      '83.143',
      '83.536',
      '83.870',
      '85.289',
    ]);
  });

  it('MACD (macd 2 5 9): DIF, DEA, histogram', () => {
    const v = new IndicatorSet(only({ macd: [2, 5, 9] })).load(BARS);
    expect(column(v, 0)).toEqual([
      '0.618',
      '0.351',
      '0.111',
      '0.416',
      '0.578',
      '0.422',
      '0.684',
      '0.927',
      '0.891',
      '0.979',
      '0.621',
    ]);
    expect(column(v, 1)).toEqual([
      '0.618',
      '0.564',
      '0.474',
      '0.462',
      '0.485',
      '0.473',
      '0.515',
      '0.597',
      '0.656',
      '0.721',
      '0.701',
    ]);
    expect(column(v, 2).map((x) => (x === '-0.000' ? '0.000' : x))).toEqual([
      '0.000',
      '-0.213',
      '-0.363',
      '-0.046',
      '0.093',
      '-0.050',
      '0.169',
      '0.329',
      '0.235',
      '0.258',
      '-0.080',
    ]);
  });

  it('RSI (rsi 5): Wilder smoothing, defined from the 6th bar', () => {
    const v = new IndicatorSet(only({ rsi: [5] })).load(BARS);
    expect(column(v, 0)).toEqual([
      '72.034',
      '64.927',
      '75.936',
      '79.796',
      '74.713',
      '83.033',
      '87.478',
      '88.755',
      '91.483',
      '78.498',
    ]);
  });

  it('KDJ (stoch 5 3 3): K and D, and J = 3K − 2D', () => {
    const v = new IndicatorSet(only({ kdj: [5, 3, 3] })).load(BARS);
    const k = ['77.385', '83.126', '84.867', '88.361', '95.246', '96.740', '91.091'];
    const d = ['75.702', '78.011', '81.793', '85.452', '89.491', '93.449', '94.359'];
    expect(column(v, 0).slice(-7)).toEqual(k);
    expect(column(v, 1)).toEqual(d);
    const j = (v[2] ?? []).filter((x) => !Number.isNaN(x));
    const kk = (v[0] ?? []).slice(-j.length);
    const dd = (v[1] ?? []).slice(-j.length);
    j.forEach((x, i) => expect(x).toBeCloseTo(3 * (kk[i] ?? 0) - 2 * (dd[i] ?? 0), 9));
  });

  it('VOL: the volume itself, and its moving average (sma over volumes)', () => {
    const v = new IndicatorSet(only({ vol: [5] })).load(BARS);
    expect(v[0]).toEqual(VOLUME);
    expect(v[1]?.[4]).toBeCloseTo((5653100 + 6447400 + 7690900 + 3831400 + 4455100) / 5, 6);
    expect(v[1]?.slice(0, 4).every(Number.isNaN)).toBe(true);
  });

  it('too little history: a period longer than the bars leaves the line undefined, never a made-up value', () => {
    const v = new IndicatorSet(only({ ma: [20, 20, 20, 20], rsi: [15], kdj: [14, 3, 3] })).load(BARS);
    for (const col of v) expect(col.every(Number.isNaN)).toBe(true);
    expect(v[0]).toHaveLength(BARS.length);
  });

  it('lines follow the settings order: MA per period, BOLL three, the panes in stacking order', () => {
    const s = only({ ma: [5, 10, 20, 30], boll: [20, 2], vol: [5], macd: [12, 26, 9] });
    const set = new IndicatorSet(s);
    expect(set.lines.map((l) => `${l.label}@${l.pane}`)).toEqual([
      'MA5@0',
      'MA10@0',
      'MA20@0',
      'MA30@0',
      'UP@0',
      'MID@0',
      'LOW@0',
      'VOL@1',
      'MA5@1',
      'DIF@2',
      'DEA@2',
      'MACD@2',
    ]);
    expect(set.load(BARS)).toHaveLength(set.lines.length);
    expect(indicatorLines(s, 1).some((l) => l.kind === 'macd')).toBe(false);
  });
});

/** A live feed: ticks replace the last bar, a new bar appends (Time one minute later). */
const step = fc.oneof(
  fc.record({
    kind: fc.constant<'tick'>('tick'),
    close: fc.double({ min: 1, max: 200, noNaN: true }),
    volume: fc.integer({ min: 0, max: 1e6 }),
  }),
  fc.record({
    kind: fc.constant<'bar'>('bar'),
    close: fc.double({ min: 1, max: 200, noNaN: true }),
    volume: fc.integer({ min: 0, max: 1e6 }),
  }),
);

function everything(): IndicatorSettings {
  // Every kind on, with short periods so that a short run already defines them; three panes (the desk's most).
  return only({ ma: [2, 3, 5, 7], ema: [3, 6], boll: [4, 2], vol: [3], macd: [3, 6, 4], rsi: [4] });
}

describe('the live-bar replace path', () => {
  it('equals a full recomputation after any sequence of ticks and new bars', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 0, max: 12 }),
        (steps, historyLen) => {
          for (const settings of [everything(), only({ kdj: [3, 2, 2], rsi: [3], vol: [2] })]) {
            const bars = BARS.slice(0, historyLen).map((b) => ({ ...b }));
            const live = new IndicatorSet(settings);
            live.load(bars);
            let last: number[] | null = null;
            for (const s of steps) {
              const prev = bars[bars.length - 1];
              if (s.kind === 'bar' || !prev) {
                const t = prev ? prev.Time + 60 : 0;
                bars.push({ Time: t, Open: s.close, High: s.close, Low: s.close, Close: s.close, Volume: s.volume });
              } else {
                prev.High = Math.max(prev.High, s.close);
                prev.Low = Math.min(prev.Low, s.close);
                prev.Close = s.close;
                prev.Volume = s.volume;
              }
              last = live.apply({ ...(bars[bars.length - 1] as KlineBar) });
            }
            const full = new IndicatorSet(settings).load(bars);
            const kept = live.snapshot();
            expect(kept).toHaveLength(full.length);
            full.forEach((col, i) => {
              const mine = kept[i] ?? [];
              expect(mine).toHaveLength(col.length);
              col.forEach((v, j) => {
                const m = mine[j] ?? NaN;
                if (Number.isNaN(v)) expect(m).toBeNaN();
                else expect(m).toBeCloseTo(v, 6);
              });
              // The live bar's answer is the same as the kept value.
              const l = last?.[i] ?? NaN;
              const want = col[col.length - 1] ?? NaN;
              if (Number.isNaN(want)) expect(l).toBeNaN();
              else expect(l).toBeCloseTo(want, 6);
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ignores a bar older than the last one', () => {
    const set = new IndicatorSet(only({ ma: [2, 2, 2, 2] }));
    set.load(BARS.slice(0, 5));
    expect(set.apply({ ...(BARS[1] as KlineBar) })).toBeNull();
  });
});
