// @vitest-environment node
// The replay source: MT5's tick and bar exports read exactly (prices stay text), bars spread over their period as
// four ticks, and playback at a chosen speed on injected time — only the subscribed symbols, stamped "now".
import { describe, expect, it } from 'vitest';
import { parseMt5Csv } from '../../../../../server/market/sources/replay-csv.ts';
import { ReplaySource } from '../../../../../server/market/sources/replay-source.ts';
import type { RawTick, SourceSink } from '../../../../../server/market/sources/price-source.ts';

const TICKS = [
  '<DATE>\t<TIME>\t<BID>\t<ASK>\t<LAST>\t<VOLUME>\t<FLAGS>',
  '2024.01.02\t00:00:00.120\t1.10412\t1.10420\t\t\t6',
  '2024.01.02\t00:00:00.620\t\t1.10421\t\t\t4',
  'not a line',
  '2024.01.02\t00:00:01.120\t1.10410\t1.10418\t\t\t6',
].join('\n');

const BARS = [
  '<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<TICKVOL>,<VOL>,<SPREAD>',
  '2024.01.02,00:00:00,2062.10,2063.50,2061.80,2063.00,35,0,8',
  '2024.01.02,00:01:00,2063.00,2063.20,2060.00,2060.40,20,0,8',
].join('\n');

describe('parseMt5Csv', () => {
  it('reads a tick export: empty sides left out, bad lines skipped and counted', () => {
    const { records, skipped } = parseMt5Csv(TICKS, 'EURUSD');
    expect(skipped).toBe(1);
    expect(records).toEqual([
      { symbol: 'EURUSD', t: Date.UTC(2024, 0, 2, 0, 0, 0, 120), bid: '1.10412', ask: '1.10420' },
      { symbol: 'EURUSD', t: Date.UTC(2024, 0, 2, 0, 0, 0, 620), ask: '1.10421' },
      { symbol: 'EURUSD', t: Date.UTC(2024, 0, 2, 0, 0, 1, 120), bid: '1.10410', ask: '1.10418' },
    ]);
  });

  it('turns a bar into open, the nearer extreme, the other, close over its period', () => {
    const { records } = parseMt5Csv(BARS, 'XAUUSD');
    const t0 = Date.UTC(2024, 0, 2);
    expect(records.map((r) => [r.t - t0, r.last])).toEqual([
      [0, '2062.10'],
      [15_000, '2061.80'],
      [30_000, '2063.50'],
      [45_000, '2063.00'],
      [60_000, '2063.00'],
      [75_000, '2063.20'],
      [90_000, '2060.00'],
      [105_000, '2060.40'],
    ]);
    expect(records[0]?.volume).toBe('35');
  });
});

describe('ReplaySource', () => {
  it('plays at the chosen speed on injected time, subscribed symbols only, stamped now', async () => {
    let now = 5_000_000;
    const got: RawTick[] = [];
    const sink: SourceSink = {
      tick: (t) => got.push(t),
      rejected: () => undefined,
      malformed: () => undefined,
      connection: () => undefined,
    };
    const records = [...parseMt5Csv(BARS, 'XAUUSD').records, ...parseMt5Csv(TICKS, 'EURUSD').records];
    const timers = {
      setInterval: () => 1,
      clearInterval: () => undefined,
      setTimeout: () => 1,
      clearTimeout: () => undefined,
    };
    const src = new ReplaySource(
      records,
      { clock: { now: () => now }, timers },
      { speed: 60, loop: false, stepMs: 50 },
    );
    src.subscribe(['XAUUSD']);
    await src.start(sink);
    src.pump();
    expect(got.map((t) => t.last)).toEqual(['2062.10']);
    now += 500; // 30 s of replay at 60×
    src.pump();
    expect(got.map((t) => t.last)).toEqual(['2062.10', '2061.80', '2063.50']);
    expect(got.every((t) => t.symbol === 'XAUUSD' && t.sourceTime <= now)).toBe(true);
    now += 10_000;
    src.pump();
    expect(got).toHaveLength(8);
    await src.stop();
  });
});
