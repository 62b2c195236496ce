// Test doubles for driving the order engine in-process: a scripted market (setPrice emits a tick synchronously),
// a push recorder, the instruments the engine tests trade, funded users, the ledger invariants, and the bed (server,
// market, engine) a test file runs on.
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import type { LiveQuote, MarketView, Tick } from '../../../server/market/market-view.ts';
import type { UserPush } from '../../../server/core/services.ts';
import { IDLE_TIMERS } from '../../fixtures/null-services.ts';
import { OrderEngine } from '../../../server/engine/engine.ts';
import type { SubmitInput } from '../../../server/engine/submit-order.ts';
import { submitInputOf, type SubmitQuery } from '../../../server/http/wire/submit-query.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { startTestServer, type TestServer } from './harness.ts';
import type { Db, Queryable } from '../../../server/db/db.ts';
import type { EngineInstrument } from '../../../server/engine/types.ts';
import { createUser, type NewUser } from '../../../server/accounts/create-user.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import type { QuoteTuple, ServerMessage } from '../../../domain/ws-protocol.ts';
import { dec } from '../../../domain/decimal.ts';

export const TEST_INSTRUMENTS: EngineInstrument[] = [
  {
    id: 9001,
    code: 'TSTEUR',
    showCode: 'TST/EUR',
    pricePrecision: 5,
    pip: '0.01',
    minLots: '0.01',
    multiples: [10, 20, 50, 100, 200],
    spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0.001' },
  },
  {
    id: 9002,
    code: 'TSTXAG',
    showCode: 'TST/XAG',
    pricePrecision: 3,
    pip: '0.1',
    minLots: '0.1',
    multiples: [10],
    spec: { MarginMode: 1, ForexContNum: '50', ForexFeeRate: '0.002' },
  },
  {
    id: 9003,
    code: 'TSTBTC',
    showCode: 'TST/BTC',
    pricePrecision: 2,
    pip: '0.01',
    minLots: '0.01',
    multiples: [5, 10, 20],
    spec: { MarginMode: 2, ForexContNum: '1', ForexFeeRate: '0.0005' },
  },
];

/** The test instruments as catalog rows (orders reference instruments), disabled and in a hidden category. */
export async function insertTestInstruments(q: Queryable, list = TEST_INSTRUMENTS): Promise<void> {
  // A hidden category of their own, so the market's lists never show them.
  await q.query('INSERT INTO categories (id, sort, enabled) VALUES (9900, 99, FALSE) ON CONFLICT (id) DO NOTHING');
  const cat = { id: 9900 };
  for (const i of list) {
    await q.query(
      `INSERT INTO instruments (id, code, show_code, logo, category_id, market_class, price_precision, pip, min_cont,
         cont_num, margin_mode, multiples, fee_rate, base_price, annual_vol, tick_hz, enabled)
       VALUES ($1, $2, $3, '', $4, 'crypto', $5, $6, $7, $8, $9, $10, $11, 1, 0.1, 0, FALSE)
       ON CONFLICT (id) DO NOTHING`,
      [
        i.id,
        i.code,
        i.showCode,
        cat.id,
        i.pricePrecision,
        i.pip,
        i.minLots,
        i.spec.ForexContNum,
        i.spec.MarginMode,
        i.multiples,
        i.spec.ForexFeeRate,
      ],
    );
  }
}

/** A market whose prices the test sets; every setPrice is one tick, delivered synchronously like the simulator's. */
export class ScriptedMarket implements MarketView {
  private readonly quotes = new Map<string, LiveQuote>();
  private readonly listeners = new Set<(t: Tick) => void>();
  private readonly closed = new Set<string>();
  private time = 1_700_000_000_000;

  constructor(private readonly instruments: readonly EngineInstrument[]) {}

  setPrice(code: string, price: string): void {
    this.setSides(code, price, price);
  }

  /** A two-sided tick (docs/trading.md "Bid and ask"): Close is the bid; bid = ask is one price. */
  setSides(code: string, price: string, ask: string): void {
    const inst = this.instruments.find((i) => i.code === code);
    if (!inst) throw new Error(`unknown test instrument ${code}`);
    this.time += 250;
    const prev = this.quotes.get(code);
    const open = prev?.open ?? price;
    const two = ask !== price ? { bid: price, ask } : {};
    this.quotes.set(code, {
      instrumentId: inst.id,
      code,
      open,
      high: price,
      low: price,
      close: price,
      change: '0.00',
      time: this.time,
      status: this.closed.has(code) ? 0 : 1,
      ...two,
    });
    const tick: Tick = { instrumentId: inst.id, code, price, time: this.time, volume: 1, ...(two.ask ? { ask } : {}) };
    for (const l of this.listeners) l(tick);
  }

  setOpen(code: string, open: boolean): void {
    if (open) this.closed.delete(code);
    else this.closed.add(code);
  }

  latest(code: string): LiveQuote | undefined {
    return this.quotes.get(code);
  }

  all(): LiveQuote[] {
    return [...this.quotes.values()];
  }

  quoteTuple(code: string): QuoteTuple | undefined {
    const q = this.quotes.get(code);
    return q ? [q.code, q.close, q.change, q.time, q.status] : undefined;
  }

  isOpen(code: string): boolean {
    return this.quotes.has(code) && !this.closed.has(code);
  }

  onTick(listener: (tick: Tick) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export class PushRecorder implements UserPush {
  readonly sent: Array<{ userId: number; message: ServerMessage }> = [];
  toUser(userId: number, message: ServerMessage): void {
    this.sent.push({ userId, message });
  }
  of(userId: number): ServerMessage[] {
    return this.sent.filter((s) => s.userId === userId).map((s) => s.message);
  }
}

/** A user with a USD account funded with `amount` through the ledger. */
export async function fundedUser(
  q: Queryable & { tx?: unknown },
  amount: string,
  now: number,
  user: Partial<NewUser> = {},
): Promise<number> {
  const id = await createUser(q, { passwordHash: '', ...user }, now);
  if (dec(amount).gt(0)) await move(q, id, { balance: amount, type: RecordType.MEMO, memo: 'test funds', at: now });
  return id;
}

export interface LedgerCheck {
  balance: string;
  lock: string;
  sumRecords: string;
  sumOpenMargins: string;
}

/** The ledger invariants' two sides for one user (exact decimal texts, normalised). */
export async function ledgerCheck(q: Queryable, userId: number): Promise<LedgerCheck> {
  const [acc] = await q.query<{ balance: string; lock_balance: string }>(
    'SELECT balance, lock_balance FROM accounts WHERE user_id = $1',
    [userId],
  );
  const [rec] = await q.query<{ s: string }>(
    'SELECT COALESCE(sum(value), 0) AS s FROM financial_records WHERE user_id = $1',
    [userId],
  );
  const [mar] = await q.query<{ s: string }>(
    'SELECT COALESCE(sum(caution_money), 0) AS s FROM orders WHERE user_id = $1 AND status IN (0, 1)',
    [userId],
  );
  const n = (v: string | undefined): string => dec(v ?? '0').toFixed();
  return {
    balance: n(acc?.balance),
    lock: n(acc?.lock_balance),
    sumRecords: n(rec?.s),
    sumOpenMargins: n(mar?.s),
  };
}

/** A test server with the test instruments, a scripted market (TSTEUR at 1.10000) and a started engine over it. */
export interface EngineBed {
  server: TestServer;
  ctx: AppContext;
  market: ScriptedMarket;
  push: PushRecorder;
  engine: OrderEngine;
}

export interface EngineBedOptions {
  /** More opening prices than TSTEUR's (code → price), set once the engine runs. */
  prices?: Record<string, string>;
  /** Wraps the database the engine is given (a test that counts the engine's queries). */
  wrapDb?: (db: Db) => Db;
  /** Instruments beyond TEST_INSTRUMENTS (a lot rule of their own). */
  moreInstruments?: EngineInstrument[];
}

export async function startEngineBed(options: EngineBedOptions = {}): Promise<EngineBed> {
  // The bed's engine owns its orders: the server's own copy guard, on real time, would judge them without them.
  const server = await startTestServer({ copyJobs: false });
  const instruments = [...TEST_INSTRUMENTS, ...(options.moreInstruments ?? [])];
  await insertTestInstruments(server.ctx.db, instruments);
  const market = new ScriptedMarket(instruments);
  const push = new PushRecorder();
  const db = options.wrapDb ? options.wrapDb(server.ctx.db) : server.ctx.db;
  const ctx: AppContext = { ...server.ctx, db, timers: IDLE_TIMERS, market, push };
  const engine = new OrderEngine(ctx, async () => instruments);
  await engine.start();
  market.setPrice('TSTEUR', '1.10000');
  for (const [code, price] of Object.entries(options.prices ?? {})) market.setPrice(code, price);
  return { server, ctx, market, push, engine };
}

/** The bed of a whole test file, read once its beforeAll has run; the engine can be restarted over the same data. */
export interface EngineBedHandle extends Readonly<EngineBed> {
  /** Stops the engine and starts a new one on the same context (its state comes back from the database). */
  restartEngine(): Promise<void>;
}

/** Registers the hooks that start an engine bed before the file's tests and stop it after them. */
export function useEngineBed(options: EngineBedOptions = {}): EngineBedHandle {
  let bed: EngineBed | undefined;
  beforeAll(async () => {
    bed = await startEngineBed(options);
  });
  afterAll(async () => {
    await bed?.engine.stop();
    await bed?.server.close();
  });
  const started = (): EngineBed => {
    if (!bed) throw new Error('the engine bed is not started yet');
    return bed;
  };
  return {
    get server() {
      return started().server;
    },
    get ctx() {
      return started().ctx;
    },
    get market() {
      return started().market;
    },
    get push() {
      return started().push;
    },
    get engine() {
      return started().engine;
    },
    async restartEngine() {
      const b = started();
      await b.engine.stop();
      b.engine = new OrderEngine(b.ctx, async () => [...TEST_INSTRUMENTS, ...(options.moreInstruments ?? [])]);
      await b.engine.start();
    },
  };
}

/** Expects the ledger invariants for one user: the records sum to the balance, the lock to the open margins. */
export async function expectLedgerInvariants(q: Queryable, userId: number): Promise<void> {
  const c = await ledgerCheck(q, userId);
  expect(c.sumRecords).toBe(c.balance);
  expect(c.lock).toBe(c.sumOpenMargins);
}

/** A market buy of 1 lot at ×100 with no stops, written as the route's query and translated as the route does:
 * the order the engine tests start from, changed by `over`. */
export const marketBuy = (over: Partial<SubmitQuery> = {}): SubmitInput =>
  submitInputOf({
    type: 1,
    cont: '1',
    status: 1,
    target_price: '0',
    stop_loss_price: '0',
    target_profit_price: '0',
    multiple: 100,
    ...over,
  });

/** The error key an engine action was refused with (the thrown value's text when it is not an ApiError). */
export const errorKey = (err: unknown): string => (err instanceof ApiError ? err.key : String(err));
