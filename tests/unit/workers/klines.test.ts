// @vitest-environment node
// Kline aggregation: REST history merged with live 1min bars into the current bar of each period, across period
// boundaries and gaps, with a repeated update of the same minute replacing (not adding) its volume.
import { describe, expect, it } from 'vitest';
import { KlineSeries, MAX_BARS, pushKlineUpdate } from '../../../workers/klines.ts';
import type { KlineBar } from '../../../domain/types.ts';
import type { KlineUpdate } from '../../../workers/protocol.ts';

const T0 = 1_699_999_200; // a multiple of 300, 900, 1800 and 3600 s (472222 hours)
const bar = (Time: number, Open: number, High: number, Low: number, Close: number, Volume: number): KlineBar => ({
  Time,
  Open,
  High,
  Low,
  Close,
  Volume,
});
const barOf = (u: KlineUpdate | null): KlineBar | undefined => (u && u.kind === 'bar' ? u.bar : undefined);

describe('5min bars from live minutes', () => {
  function loaded(): KlineSeries {
    const s = new KlineSeries('EURUSD', '5min');
    // The server's live 5min bar already counts the minute at T0+120 with volume 30.
    const reset = s.load(
      [bar(T0 - 300, 0.9, 1.0, 0.8, 1.0, 50), bar(T0, 1.0, 1.2, 0.9, 1.1, 100)],
      [bar(T0 + 60, 1.0, 1.1, 1.0, 1.05, 40), bar(T0 + 120, 1.05, 1.15, 1.0, 1.1, 30)],
    );
    expect(reset).toEqual({
      kind: 'reset',
      code: 'EURUSD',
      period: '5min',
      bars: [bar(T0 - 300, 0.9, 1.0, 0.8, 1.0, 50), bar(T0, 1.0, 1.2, 0.9, 1.1, 100)],
    });
    return s;
  }

  it('replaces the live minute volume on repeated updates instead of adding it', () => {
    const s = loaded();
    expect(barOf(s.applyMinute(bar(T0 + 120, 1.05, 1.25, 1.0, 1.12, 35)))).toEqual(bar(T0, 1.0, 1.25, 0.9, 1.12, 105));
    expect(barOf(s.applyMinute(bar(T0 + 120, 1.05, 1.25, 0.85, 1.11, 40)))).toEqual(
      bar(T0, 1.0, 1.25, 0.85, 1.11, 110),
    );
    // The next minute: the previous one is closed at 40, the new one adds its own.
    expect(barOf(s.applyMinute(bar(T0 + 180, 1.11, 1.13, 1.1, 1.13, 5)))).toEqual(bar(T0, 1.0, 1.25, 0.85, 1.13, 115));
    expect(barOf(s.applyMinute(bar(T0 + 180, 1.11, 1.13, 1.1, 1.12, 9)))).toEqual(bar(T0, 1.0, 1.25, 0.85, 1.12, 119));
  });

  it('opens a new bar at the period boundary and keeps the closed one as it was', () => {
    const s = loaded();
    s.applyMinute(bar(T0 + 240, 1.1, 1.3, 1.1, 1.29, 10)); // 100 − 30 + 30 (closed) + 10
    const next = barOf(s.applyMinute(bar(T0 + 300, 1.29, 1.31, 1.28, 1.3, 7)));
    expect(next).toEqual(bar(T0 + 300, 1.29, 1.31, 1.28, 1.3, 7));
    const snap = s.snapshot();
    expect(snap).toHaveLength(3);
    expect(snap[1]).toEqual(bar(T0, 1.0, 1.3, 0.9, 1.29, 110));
    expect(s.lastTime()).toBe(T0 + 300);
  });

  it('jumps over a gap (market closed) without inventing filler bars', () => {
    const s = loaded();
    const u = barOf(s.applyMinute(bar(T0 + 3 * 3600 + 60, 2, 2, 2, 2, 1)));
    expect(u?.Time).toBe(T0 + 3 * 3600);
    expect(s.snapshot().map((b) => b.Time)).toEqual([T0 - 300, T0, T0 + 3 * 3600]);
  });

  it('ignores a late minute of a closed bar and a stale replay of the live minute', () => {
    const s = loaded();
    s.applyMinute(bar(T0 + 300, 1, 1, 1, 1, 10));
    expect(s.applyMinute(bar(T0 + 240, 5, 5, 5, 5, 99))).toBeNull();
    expect(s.applyMinute(bar(T0 + 300, 1, 1, 1, 1, 8))).toBeNull(); // smaller volume: older than what we hold
    expect(s.snapshot()[2]).toEqual(bar(T0 + 300, 1, 1, 1, 1, 10));
  });

  it('without minute data the whole history bar is the base and the live minute adds on top', () => {
    const s = new KlineSeries('EURUSD', '5min');
    s.load([bar(T0, 1, 1, 1, 1, 100)]);
    expect(barOf(s.applyMinute(bar(T0 + 60, 1, 1, 1, 1, 5)))?.Volume).toBe(105);
    expect(barOf(s.applyMinute(bar(T0 + 60, 1, 1, 1, 1, 6)))?.Volume).toBe(106);
  });
});

describe('other periods', () => {
  it('1min: the live bar of the same minute replaces the history bar', () => {
    const s = new KlineSeries('BTCUSD', '1min');
    s.load([bar(T0, 10, 11, 9, 10, 3), bar(T0 + 60, 10, 10, 10, 10, 1)]);
    expect(barOf(s.applyMinute(bar(T0 + 60, 10, 12, 10, 12, 4)))).toEqual(bar(T0 + 60, 10, 12, 10, 12, 4));
    expect(barOf(s.applyMinute(bar(T0 + 120, 12, 12, 12, 12, 1)))?.Time).toBe(T0 + 120);
  });

  it('60min built from minutes alone sums the closed minutes and opens the next hour', () => {
    const s = new KlineSeries('XAUUSD', '60min');
    s.load([]);
    let last: KlineBar | undefined;
    for (let m = 0; m < 60; m++) last = barOf(s.applyMinute(bar(T0 + m * 60, 100 + m, 101 + m, 99 + m, 100.5 + m, 2)));
    expect(last).toEqual(bar(T0, 100, 160, 99, 159.5, 120));
    expect(barOf(s.applyMinute(bar(T0 + 3600, 160, 161, 159, 160, 2)))).toEqual(bar(T0 + 3600, 160, 161, 159, 160, 2));
  });

  it('15min and 30min bucket a minute by their own boundaries', () => {
    const s15 = new KlineSeries('X', '15min');
    const s30 = new KlineSeries('X', '30min');
    s15.load([bar(T0, 1, 1, 1, 1, 1)]);
    s30.load([bar(T0, 1, 1, 1, 1, 1)]);
    const m = bar(T0 + 900 + 60, 2, 2, 2, 2, 1); // 16 minutes in
    expect(barOf(s15.applyMinute(m))?.Time).toBe(T0 + 900);
    expect(barOf(s30.applyMinute(m))?.Time).toBe(T0);
  });

  it('1day follows the alignment of the server bars (a 22:00 UTC trading day)', () => {
    const day = 1_699_920_000; // 00:00 UTC
    const s = new KlineSeries('EURUSD', '1day');
    s.load([bar(day - 7200, 1, 1, 1, 1, 10)], [bar(day + 3600, 1, 1.2, 1, 1.1, 2)]); // opened 22:00, now 01:00
    expect(barOf(s.applyMinute(bar(day + 3600, 1, 1.2, 1, 1.15, 3)))).toEqual(bar(day - 7200, 1, 1.2, 1, 1.15, 11));
    expect(barOf(s.applyMinute(bar(day + 86400 - 7200 - 60, 1, 1, 1, 1, 1)))?.Time).toBe(day - 7200); // 21:59
    expect(barOf(s.applyMinute(bar(day + 86400 - 7200, 1, 1, 1, 1, 1)))?.Time).toBe(day + 86400 - 7200); // 22:00
  });
});

describe('gap refill after a reconnect', () => {
  it('replaces the bar we had and appends the missed ones as bar updates, in order', () => {
    const s = new KlineSeries('EURUSD', '5min');
    s.load([bar(T0 - 300, 1, 1, 1, 1, 1), bar(T0, 1, 1.1, 1, 1.05, 10)]);
    s.applyMinute(bar(T0 + 60, 1.05, 1.06, 1.05, 1.06, 3)); // our partial view before the drop
    const ups = s.refill(
      [
        bar(T0 - 300, 9, 9, 9, 9, 9),
        bar(T0, 1, 1.2, 0.95, 1.1, 30),
        bar(T0 + 300, 1.1, 1.15, 1.1, 1.12, 20),
        bar(T0 + 600, 1.12, 1.13, 1.1, 1.11, 4),
      ],
      [bar(T0 + 600, 1.12, 1.13, 1.1, 1.11, 4)],
    );
    expect(ups.map((u) => (u.kind === 'bar' ? u.bar.Time : -1))).toEqual([T0, T0 + 300, T0 + 600]);
    expect(s.snapshot()).toEqual([
      bar(T0 - 300, 1, 1, 1, 1, 1), // older than our last bar: ours is kept
      bar(T0, 1, 1.2, 0.95, 1.1, 30),
      bar(T0 + 300, 1.1, 1.15, 1.1, 1.12, 20),
      bar(T0 + 600, 1.12, 1.13, 1.1, 1.11, 4),
    ]);
    // The refilled live bar keeps the live minute apart: its next update replaces, not adds.
    expect(barOf(s.applyMinute(bar(T0 + 600, 1.12, 1.13, 1.1, 1.1, 6)))?.Volume).toBe(6);
  });

  it('sends nothing when the server has nothing new', () => {
    const s = new KlineSeries('EURUSD', '5min');
    s.load([bar(T0, 1, 1, 1, 1, 10)]);
    expect(s.refill([bar(T0, 1, 1, 1, 1, 10)])).toEqual([]);
  });

  it('a gap longer than the kept history becomes one reset', () => {
    const s = new KlineSeries('EURUSD', '1min');
    s.load([bar(T0, 1, 1, 1, 1, 1)]);
    const long = Array.from({ length: MAX_BARS + 5 }, (_, i) => bar(T0 + i * 60, 1, 1, 1, 1, 1));
    const ups = s.refill(long);
    expect(ups).toHaveLength(1);
    expect(ups[0]?.kind).toBe('reset');
    expect(s.snapshot()).toHaveLength(MAX_BARS);
  });
});

describe('per-frame coalescing', () => {
  it('keeps the latest state per bar and folds updates into a pending reset', () => {
    const q: KlineUpdate[] = [];
    const up = (b: KlineBar): KlineUpdate => ({ kind: 'bar', code: 'X', period: '5min', bar: b });
    pushKlineUpdate(q, up(bar(T0, 1, 1, 1, 1, 1)));
    pushKlineUpdate(q, up(bar(T0, 1, 2, 1, 2, 2)));
    pushKlineUpdate(q, up(bar(T0 + 300, 2, 2, 2, 2, 1)));
    expect(q.map((u) => (u.kind === 'bar' ? [u.bar.Time, u.bar.Close] : []))).toEqual([
      [T0, 2],
      [T0 + 300, 2],
    ]);
    pushKlineUpdate(q, { kind: 'reset', code: 'X', period: '5min', bars: [bar(T0, 1, 1, 1, 1, 1)] });
    pushKlineUpdate(q, up(bar(T0, 1, 3, 1, 3, 3)));
    pushKlineUpdate(q, up(bar(T0 + 300, 3, 3, 3, 3, 1)));
    expect(q).toHaveLength(1);
    expect(q[0]).toEqual({
      kind: 'reset',
      code: 'X',
      period: '5min',
      bars: [bar(T0, 1, 3, 1, 3, 3), bar(T0 + 300, 3, 3, 3, 3, 1)],
    });
  });
});
