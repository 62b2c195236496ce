// Section `engine`: one order engine in memory on a stub database, ticked as fast as it takes them; prints JSON.
import { loadavg } from 'node:os';
import pino from 'pino';
import type { LiveQuote, MarketView, Tick } from '../../server/market/market-view.ts';
import type { Services } from '../../server/core/services.ts';
import type { Db } from '../../server/db/db.ts';
import { OrderEngine, type IndexFactory } from '../../server/engine/engine.ts';
import { TickIndex } from '../../server/engine/tick-index.ts';
import type { EngineInstrument, OrderRow } from '../../server/engine/types.ts';
import { ScanIndex } from '../../tests/fixtures/engine-oracle.ts';
import { prng } from '../../tests/fixtures/prng.ts';
import { IDLE_TIMERS, nullMarket, nullPush } from '../../tests/fixtures/null-services.ts';
import { jsonMain } from '../lib/json-child.ts';

export interface EngineBenchRow {
  index: 'tick' | 'scan';
  orders: number;
  users: number;
  ticks: number;
  seconds: number;
  ticksPerSec: number;
  cpuUsPerTick: number;
  /** Without the crossed orders' follow-up: the part a tick costs whatever it crosses. */
  tickPathUs?: number;
  /** The per-tick cost that must not grow with the book. */
  indexUs?: number;
  /** A row measured at a load above the cores measured the machine. */
  load1?: number;
  coreAt2000Pct: number;
  /** Filled pending orders re-enter as positions and are not counted. */
  crossedPerTick: number;
  /** What a scan per tick would visit. */
  ordersPerInstrument: number;
}

const INSTRUMENTS: EngineInstrument[] = Array.from({ length: 20 }, (_, i) => {
  const kind = i % 3;
  return {
    id: 1000 + i,
    code: `BEN${i}`,
    showCode: `BEN${i}`,
    pricePrecision: [5, 3, 2][kind] as number,
    pip: '0.01',
    minLots: '0.01',
    multiples: [100],
    spec: { MarginMode: 2, ForexContNum: ['100000', '50', '1'][kind] as string, ForexFeeRate: '0.001' },
  };
});
const BASE = [1.1, 30, 60000];
/** The deeper book is the soak's case: users reach the cap of 200 open orders. */
const BOOKS = [
  [1000, 100],
  [10000, 1000],
  [100000, 10000],
  [100000, 1000],
] as const;

/** The prices the bench sets; the bench calls engine.onTick itself. */
function benchMarket(): MarketView & { set(inst: EngineInstrument, close: string): void } {
  const quotes = new Map<string, LiveQuote>();
  return {
    ...nullMarket(),
    set: (inst, close) => {
      const price = { open: close, high: close, low: close, close };
      quotes.set(inst.code, { instrumentId: inst.id, code: inst.code, ...price, change: '0', time: 0, status: 1 });
    },
    latest: (code) => quotes.get(code),
    all: () => [...quotes.values()],
    isOpen: () => true,
  };
}

export interface TickExtra {
  /** Answers a query before the stub does; undefined: the stub's answer. */
  answer?(sql: string, params: readonly unknown[] | undefined): unknown[] | undefined;
  /** Called once the engine has started; answers a listener called after each tick, as the market's are. */
  start?(engine: OrderEngine, services: Services): Promise<(tick: Tick) => void>;
  /** Each tick its own task, as a feed delivers them: what runs once per task runs per tick. */
  taskPerTick?: boolean;
}

export async function runOne(
  index: 'tick' | 'scan',
  orders: number,
  users: number,
  budgetMs: number,
  maxTicks: number,
  extra: TickExtra = {},
): Promise<EngineBenchRow> {
  const rnd = prng(orders * 7 + users);
  const market = benchMarket();
  const prices = INSTRUMENTS.map((inst, i) => BASE[i % 3] as number);
  const text = (i: number, v: number): string => v.toFixed((INSTRUMENTS[i] as EngineInstrument).pricePrecision);
  INSTRUMENTS.forEach((inst, i) => market.set(inst, text(i, prices[i] as number)));
  // Nothing for a trigger's row lock, so a crossed order finds its row gone and leaves the book.
  let engineRef: OrderEngine | null = null;
  const db: Db = {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
      const answered = extra.answer?.(sql, params);
      if (answered) return answered as T[];
      if (sql.includes('FROM accounts WHERE user_id = ANY')) {
        return Array.from({ length: users }, (_, u) => ({
          user_id: u + 1,
          balance: '1000000.00000000',
          lock_balance: '0',
        })) as T[];
      }
      if (sql.startsWith('SELECT id FROM orders WHERE user_id = ANY')) {
        const ids = ((params ?? [])[0] as number[]).flatMap(
          (u) => engineRef?.book.forUser(u).map((o) => ({ id: o.id })) ?? [],
        );
        return ids as T[];
      }
      return [];
    },
    exec: async () => undefined,
    tx: async (fn) => fn(db),
    close: async () => undefined,
  };
  const services: Services = {
    db,
    clock: { now: () => 0 },
    log: pino({ level: 'silent' }),
    market,
    push: nullPush(),
    notifier: { send: async () => undefined },
    timers: IDLE_TIMERS,
  };
  let indexMs = 0;
  const makeIndex: IndexFactory = (s) => {
    const idx = index === 'tick' ? new TickIndex(s) : new ScanIndex(s);
    const tickOf = idx.tick.bind(idx);
    idx.tick = (id, price) => {
      const t = performance.now();
      const out = tickOf(id, price);
      indexMs += performance.now() - t;
      return out;
    };
    return idx;
  };
  const engine = new OrderEngine(services, async () => INSTRUMENTS, { makeIndex });
  engineRef = engine;
  let nextId = 1;
  const newOrder = (): OrderRow => {
    const i = Math.floor(rnd() * INSTRUMENTS.length);
    const inst = INSTRUMENTS[i] as EngineInstrument;
    const p = prices[i] as number;
    const away = (): number => p * (1 + (rnd() < 0.5 ? -1 : 1) * (0.003 + rnd() * 0.027));
    const buy = rnd() < 0.5;
    const pending = rnd() < 0.25;
    const target = pending ? away() : p;
    const stop = (above: boolean): string =>
      rnd() < 0.5 ? '0' : text(i, above ? p * (1.003 + rnd() * 0.027) : p * (0.997 - rnd() * 0.027));
    return {
      id: nextId++,
      userId: 1 + Math.floor(rnd() * users),
      instrumentId: inst.id,
      orderType: buy ? 1 : 2,
      quantity: '0.01',
      leverage: 100,
      price: text(i, target),
      originPrice: text(i, p),
      updatePrice: text(i, p),
      factProfits: '0',
      margin: '11.000000',
      tradeFee: '0',
      targetLossPrice: pending ? '0' : stop(!buy),
      targetProfitPrice: pending ? '0' : stop(buy),
      trailDistance: '0',
      status: pending ? 0 : 1,
      closeReason: '',
      createdAt: 0,
      filledAt: null,
      completedAt: null,
    };
  };
  for (let n = 0; n < orders; n++) engine.book.apply(newOrder());
  await engine.start();
  const listener = (await extra.start?.(engine, services)) ?? null;

  let ticks = 0;
  let crossed = 0;
  let tickPathMs = 0;
  indexMs = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < budgetMs && ticks < maxTicks) {
    const b0 = performance.now();
    for (let b = 0; b < 200; b++) {
      const i = Math.floor(rnd() * INSTRUMENTS.length);
      const inst = INSTRUMENTS[i] as EngineInstrument;
      const next = (prices[i] as number) * (1 + (rnd() - 0.5) * 0.0004);
      prices[i] = next;
      const t = text(i, next);
      market.set(inst, t);
      const tick: Tick = { instrumentId: inst.id, code: inst.code, price: t, time: ticks, volume: 1 };
      engine.onTick(tick);
      listener?.(tick);
      ticks++;
      if (extra.taskPerTick) await new Promise((resolve) => setImmediate(resolve));
    }
    tickPathMs += performance.now() - b0;
    await engine.idle(); // the crossed orders' stubbed transactions finish and leave the book
    while (engine.book.size < orders) {
      engine.book.apply(newOrder());
      crossed++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  const cpuUsPerTick = (c.user + c.system) / ticks;
  await engine.stop();
  return {
    index,
    orders,
    users,
    ticks,
    seconds: Math.round(seconds * 100) / 100,
    ticksPerSec: Math.round(ticks / seconds),
    cpuUsPerTick: Math.round(cpuUsPerTick * 10) / 10,
    tickPathUs: Math.round(((tickPathMs * 1000) / ticks) * 10) / 10,
    indexUs: Math.round(((indexMs * 1000) / ticks) * 100) / 100,
    load1: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    coreAt2000Pct: Math.round(((cpuUsPerTick * 2000) / 1e4) * 10) / 10,
    crossedPerTick: Math.round((crossed / ticks) * 1000) / 1000,
    ordersPerInstrument: Math.round(orders / INSTRUMENTS.length),
  };
}

async function main(): Promise<EngineBenchRow[]> {
  const quick = process.argv.includes('--quick');
  const budget = quick ? 1500 : 5000;
  const rows: EngineBenchRow[] = [];
  for (const [orders, users] of BOOKS) {
    rows.push(await runOne('tick', orders, users, budget, Number.POSITIVE_INFINITY));
    if (orders <= 10000 && users >= orders / 10)
      rows.push(await runOne('scan', orders, users, budget, quick ? 400 : 2000));
    process.stderr.write(`  engine: ${orders} orders over ${users} users done\n`);
  }
  return rows;
}

jsonMain('engine-bench.ts', main);
