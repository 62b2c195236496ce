// Section 2: tinybench micro-benchmarks of the worker's hot paths, pinned to one core; prints one JSON array.
import { Bench } from 'tinybench';
import { Feed } from '../../workers/feed/feed.ts';
import { KlineSeries, pushKlineUpdate } from '../../workers/klines.ts';
import { RiskBook } from '../../workers/risk.ts';
import { IndicatorSet } from '../../workers/indicators.ts';
import { defaultIndicatorSettings, type IndicatorSettings } from '../../domain/indicators.ts';
import type { AppOrder, Instrument, KlineBar } from '../../domain/types.ts';
import type { KlineUpdate } from '../../workers/protocol.ts';
import type { QuoteTuple } from '../../domain/ws-protocol.ts';
import { config, harness, RecordingSink } from '../../tests/unit/feed-fakes.ts';
import { instrument } from '../../tests/fixtures/instruments.ts';
import { appOrder } from '../../tests/fixtures/orders.ts';
import { jsonMain } from '../lib/json-child.ts';
import { syntheticCode } from '../lib/synthetic-catalogue.ts';

export type MicroResult = Awaited<ReturnType<typeof runMicro>>[number];

const INSTRUMENTS = 300;

/** Every instrument changed, prices walking: the frames as the server sends them. */
function dayMarketFrames(count: number, perFrame: number, t0: number): string[] {
  const frames: string[] = [];
  for (let f = 0; f < count; f++) {
    const data: QuoteTuple[] = [];
    for (let i = 0; i < perFrame; i++) {
      const price = (50 + (i % 150) + Math.sin(f + i) * 0.5).toFixed(4);
      data.push([syntheticCode(i + 1), price, (Math.cos(f * i) * 2).toFixed(2), t0 + f * 100 + i, 1]);
    }
    frames.push(JSON.stringify({ type: 'DAY_MARKET', data }));
  }
  return frames;
}

function feedBench(bench: Bench, positions: number): () => void {
  const h = harness();
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  const list = Array.from({ length: INSTRUMENTS }, (_, i) =>
    instrument(syntheticCode(i + 1), 100_001 + i, { PricePrecision: 4, ForexContNum: '100' }),
  );
  void feed.start(config(), sink);
  void feed.setInstruments(list);
  h.last().open();
  if (positions > 0) void feed.setPositions(orders(positions, list), '100000', '1000');
  const frames = dayMarketFrames(64, INSTRUMENTS, h.time.now);
  let k = 0;
  const socket = h.last();
  bench.add(`feed: parse + conflate + flush${positions > 0 ? `, ${positions} positions` : ''}`, () => {
    socket.onmessage?.({ data: frames[k++ % frames.length] });
    h.time.now += 100;
    h.frames.run(); // one frame per server message
    sink.batches.length = 0;
  });
  return () => void feed.stop();
}

function orders(n: number, on: readonly Instrument[]): AppOrder[] {
  return Array.from({ length: n }, (_, k) => {
    const inst = on[k % on.length];
    const [id, code] = inst ? [inst.Id, inst.Code] : [1, 'X'];
    return appOrder({
      Id: k + 1,
      instrumentId: id,
      instrument: { ShowCode: code, Code: code, PricePrecision: 4 },
      OrderType: k % 2 === 0 ? 1 : 2,
      Quantity: '0.01',
      leverage: 10,
      Price: '50.0000',
      OriginPrice: '50.0000',
      UpdatePrice: '50.0000',
      FactProfits: '0',
      margin: '5',
      TradeFee: '0.01',
      CreateTimeHandler: '',
    });
  });
}

/** MA (four periods) + BOLL on the price, VOL + MACD in panes: the measured set. */
function fourIndicators(): IndicatorSettings {
  const s = defaultIndicatorSettings();
  s.boll.on = true;
  s.macd.on = true;
  return s;
}

function klineBench(bench: Bench, indicators: IndicatorSettings | null): void {
  const s = new KlineSeries('SYN0001', '5min');
  const ind = indicators ? new IndicatorSet(indicators) : null;
  const t0 = 1_700_000_100 - (1_700_000_100 % 300);
  const history: KlineBar[] = Array.from({ length: 500 }, (_, i) => ({
    Time: t0 - (500 - i) * 300,
    Open: 50,
    High: 51,
    Low: 49,
    Close: 50.5,
    Volume: 100,
  }));
  const reset = s.load(history);
  if (ind && reset.kind === 'reset') ind.load(reset.bars);
  const queue: KlineUpdate[] = [];
  let minute = t0;
  let n = 0;
  bench.add(
    ind ? 'klines: live 1min update → 5min bar + MA, BOLL, VOL, MACD' : 'klines: live 1min update → 5min bar',
    () => {
      // 20 updates per live minute (the server conflates KLINE per ~100 ms), then the next minute opens.
      if (++n % 20 === 0) minute += 60;
      const u = s.applyMinute({
        Time: minute,
        Open: 50,
        High: 50.6 + (n % 7) * 0.01,
        Low: 49.9,
        Close: 50 + (n % 13) * 0.01,
        Volume: n % 20,
      });
      if (u && ind && u.kind === 'bar') pushKlineUpdate(queue, { ...u, ind: ind.apply(u.bar) ?? [] });
      else if (u) pushKlineUpdate(queue, u);
      if (queue.length > 8) queue.length = 0; // a frame takes the queue
    },
  );
}

/** The goal: 500 bars in ≤ 5 ms at 1×. */
function indicatorHistoryBench(bench: Bench): void {
  const bars: KlineBar[] = Array.from({ length: 500 }, (_, i) => {
    const c = 50 + Math.sin(i / 7) * 2;
    return { Time: i * 60, Open: c - 0.1, High: c + 0.3, Low: c - 0.3, Close: c, Volume: 100 + (i % 17) };
  });
  const settings = fourIndicators();
  bench.add('indicators: 500-bar history, MA, BOLL, VOL, MACD', () => {
    new IndicatorSet(settings).load(bars);
  });
}

function riskBench(bench: Bench, positions: number): void {
  const codes = Array.from({ length: positions }, (_, i) => syntheticCode(i + 1));
  const list = codes.map((c, i) => instrument(c, 100_001 + i, { ForexContNum: '100' }));
  const byId = new Map(list.map((i) => [i.Id, i]));
  const book = new RiskBook();
  book.setPositions(
    orders(positions, list),
    '100000',
    String(positions * 5),
    (o) => byId.get(o.instrumentId),
    () => '50.0000',
  );
  let k = 0;
  bench.add(`risk: quote → P&L, equity, risk rate (${positions} positions)`, () => {
    const code = codes[k % codes.length] ?? 'SYN0001';
    book.onQuote(code, (50 + (k++ % 100) * 0.0001).toFixed(4));
    book.take(); // one frame: recompute the marked instrument's positions and re-sum the account
  });
}

export async function runMicro(quick: boolean) {
  const bench = new Bench({ time: quick ? 300 : 1500, warmupTime: quick ? 100 : 300, iterations: 20 });
  const stops = [feedBench(bench, 0), feedBench(bench, 50)];
  klineBench(bench, null);
  klineBench(bench, fourIndicators());
  indicatorHistoryBench(bench);
  for (const positions of [1, 10, 100]) riskBench(bench, positions);
  await bench.warmup();
  await bench.run();
  stops.forEach((s) => s());
  const units: Record<string, [string, number]> = {
    feed: ['tick', INSTRUMENTS],
    klines: ['update', 1],
    indicators: ['history', 1],
    risk: ['quote', 1],
  };
  return bench.tasks.map((t) => {
    const r = t.result;
    const [unit, perOp] = units[t.name.split(':')[0] ?? ''] ?? ['op', 1];
    const meanMs = r?.mean ?? NaN;
    const nsPerUnit = (meanMs * 1e6) / perOp;
    return {
      name: t.name,
      unit,
      unitsPerOp: perOp,
      nsPerUnit,
      unitsPerSec: 1e9 / nsPerUnit,
      rme: r?.rme ?? NaN,
      samples: r?.samples.length ?? 0,
    };
  });
}

jsonMain('hot-paths.ts', () => runMicro(process.argv.includes('--quick')));
