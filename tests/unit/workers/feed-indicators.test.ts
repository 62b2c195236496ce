// @vitest-environment node
// Indicators inside the feed: a reset carries the lines and their values computed once, a live minute
// carries the live bar's values only, a settings change re-sends the chart, and the desk's four charts (slots) share
// one feed and one subscription per instrument.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../workers/feed/feed.ts';
import { CHART_BAR_INTERVAL_MS } from '../../../workers/feed/chart-watch.ts';
import { IndicatorSet } from '../../../workers/indicators.ts';
import { defaultIndicatorSettings } from '../../../domain/indicators.ts';
import type { KlineBar } from '../../../domain/types.ts';
import type { KlineUpdate } from '../../../workers/protocol.ts';
import { instrument } from '../../fixtures/instruments.ts';
import { config, harness, RecordingSink } from '../feed-fakes.ts';

const T0 = 1_699_999_200;
const bar = (Time: number, Close: number, Volume: number): KlineBar => ({
  Time,
  Open: Close,
  High: Close + 1,
  Low: Close - 1,
  Close,
  Volume,
});
const HISTORY = Array.from({ length: 40 }, (_, i) => bar(T0 - (39 - i) * 60, 100 + Math.sin(i) * 5, 10 + i));
const minute = (code: string, Time: number, Close: number, Volume: number) => ({
  type: 'KLINE',
  topic: `KLINE.${code}`,
  data: { Code: code, ...bar(Time, Close, Volume) },
});

const updates = (sink: RecordingSink): KlineUpdate[] => sink.batches.flatMap((b) => b.kline ?? []);

async function setup() {
  const h = harness();
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  h.routes.set('/v1/api/forex/kline', (u) => (u.searchParams.get('limit') === '2' ? [] : HISTORY));
  await feed.start(config(), sink);
  await feed.setInstruments([instrument('EURUSD', 7), instrument('GBPUSD', 8)]);
  h.last().open();
  h.frames.run();
  sink.batches.length = 0;
  return { h, feed, sink };
}

describe('indicators in the feed', () => {
  it('sends MA + VOL with the history, then only the live bar’s values', async () => {
    const { h, feed, sink } = await setup();
    await feed.setIndicators(defaultIndicatorSettings());
    await feed.watchChart('EURUSD', '1min');
    h.frames.run();
    const [reset] = updates(sink);
    if (reset?.kind !== 'reset') throw new Error('no reset');
    expect(reset.lines?.map((l) => l.label)).toEqual(['MA5', 'MA10', 'MA20', 'MA30', 'VOL', 'MA5']);
    const expected = new IndicatorSet(defaultIndicatorSettings()).load(HISTORY);
    expect(reset.ind).toEqual(expected);
    sink.batches.length = 0;

    h.time.advance(CHART_BAR_INTERVAL_MS);
    h.last().receive(minute('EURUSD', T0, 120, 99)); // the last bar ticks
    h.frames.run();
    const [live] = updates(sink);
    if (live?.kind !== 'bar') throw new Error('no bar');
    const again = new IndicatorSet(defaultIndicatorSettings()).load([
      ...HISTORY.slice(0, -1),
      { ...bar(T0, 100 + Math.sin(39) * 5, 0), High: 121, Close: 120, Volume: 99 },
    ]);
    expect(live.ind).toHaveLength(6);
    live.ind?.forEach((v, i) => expect(v).toBeCloseTo(again[i]?.at(-1) ?? NaN, 9));
  });

  it('a settings change re-sends the chart as a reset with the new lines', async () => {
    const { h, feed, sink } = await setup();
    await feed.setIndicators(defaultIndicatorSettings());
    await feed.watchChart('EURUSD', '1min');
    h.frames.run();
    sink.batches.length = 0;
    const s = defaultIndicatorSettings();
    s.ma.on = false;
    s.macd.on = true;
    await feed.setIndicators(s);
    h.frames.run();
    const [reset] = updates(sink);
    expect(reset?.kind === 'reset' && reset.lines?.map((l) => l.label)).toEqual(['VOL', 'MA5', 'DIF', 'DEA', 'MACD']);
    await feed.setIndicators(null);
    h.frames.run();
    const last = updates(sink).at(-1);
    expect(last?.kind === 'reset' && last.lines).toBeUndefined();
  });

  it('streams four charts (slots) at once, each its own instrument and period, one KLINE subscription per instrument', async () => {
    const { h, feed, sink } = await setup();
    await feed.setIndicators(defaultIndicatorSettings());
    await Promise.all([
      feed.watchChart('EURUSD', '1min', 0),
      feed.watchChart('EURUSD', '5min', 1),
      feed.watchChart('GBPUSD', '1min', 2),
      feed.watchChart('GBPUSD', '4hour', 3),
    ]);
    expect(
      h
        .last()
        .topics('sub')
        .filter((t) => String(t).startsWith('KLINE.')),
    ).toEqual(['KLINE.EURUSD', 'KLINE.GBPUSD']);
    h.frames.run();
    expect(updates(sink).map((u) => `${u.kind} ${u.code} ${u.period}`)).toEqual([
      'reset EURUSD 1min',
      'reset EURUSD 5min',
      'reset GBPUSD 1min',
      'reset GBPUSD 4hour',
    ]);
    sink.batches.length = 0;
    h.time.advance(CHART_BAR_INTERVAL_MS);
    h.last().receive(minute('EURUSD', T0 + 60, 101, 1));
    h.last().receive(minute('GBPUSD', T0 + 60, 102, 1));
    h.frames.run();
    expect(updates(sink).map((u) => `${u.kind} ${u.code} ${u.period}`)).toEqual([
      'bar EURUSD 1min',
      'bar EURUSD 5min',
      'bar GBPUSD 1min',
      'bar GBPUSD 4hour',
    ]);
    // One chart of EURUSD leaves: the other keeps the subscription.
    await feed.unwatchChart(1);
    expect(h.last().topics('unsub')).toEqual([]);
    await feed.unwatchChart(0);
    expect(h.last().topics('unsub')).toEqual(['KLINE.EURUSD']);
    await expect(feed.watchChart('EURUSD', '1min', 4)).rejects.toThrow(RangeError);
  });
});
