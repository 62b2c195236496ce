// The engine with its tick index against the same engine on the oracle index (the decimal scan of every order on
// every tick it replaced, tests/fixtures/engine-oracle.ts), each on its own database: random sequences of market and
// pending submits, closes, partial closes, cancels, stop edits, deposits, withdrawals and ticks (fast-check) drive
// both. After every step the same orders have been filled and closed (stop-outs included), with the same reasons and
// prices and the same realised P&L, and every user's margin, floating P&L (the index's per-instrument aggregates) and
// balance agree to the last decimal. Ticks carry random spreads (two-sided prices, docs/trading.md "Bid and ask"), and
// the feed worker's maths (workers/risk.ts: the order preview's margin and fee, the live floating P&L) is held to the
// engine's after every step: the same side rules, to the digit.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import { submitInputOf } from '../../../server/http/wire/submit-query.ts';
import type { Timers } from '../../../domain/time.ts';
import { OrderEngine, type IndexFactory } from '../../../server/engine/engine.ts';
import { TickIndex } from '../../../server/engine/tick-index.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { dec } from '../../../domain/decimal.ts';
import { getAccount, move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import { ScanIndex } from '../../fixtures/engine-oracle.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import { previewOrder, RiskBook } from '../../../workers/risk.ts';
import { appOrderOf, type Instrument, type Order } from '../../../domain/types.ts';
import type { EngineInstrument } from '../../../server/engine/types.ts';
import {
  fundedUser,
  insertTestInstruments,
  PushRecorder,
  ScriptedMarket,
  TEST_INSTRUMENTS,
} from '../support/engine-helpers.ts';
import { slow } from '../../fixtures/slowness.ts';

const START = [110000, 30000, 6000000]; // TSTEUR 1.10000, TSTXAG 30.000, TSTBTC 60000.00 as scaled integers
const FUNDS = ['1500', '4000', '25000'];

/** One engine on its own database, with the ids it handed out in creation order (ordinals compare across sides). */
interface Side {
  server: TestServer;
  engine: OrderEngine;
  market: ScriptedMarket;
  push: PushRecorder;
  users: number[];
  orders: number[];
}

const idle: Timers = {
  setInterval: () => 0,
  clearInterval: () => undefined,
  setTimeout: () => 0,
  clearTimeout: () => undefined,
};

async function side(makeIndex: IndexFactory): Promise<Side> {
  const server = await startTestServer();
  await insertTestInstruments(server.ctx.db);
  const market = new ScriptedMarket(TEST_INSTRUMENTS);
  const push = new PushRecorder();
  // Timers that never fire: no 5-second refresh, so both sides see the balances at the same moments.
  const ctx: AppContext = { ...server.ctx, timers: idle, market, push };
  const engine = new OrderEngine(ctx, async () => TEST_INSTRUMENTS, { makeIndex });
  await engine.start();
  return { server, engine, market, push, users: [], orders: [] };
}

let fast: Side;
let oracle: Side;

beforeAll(async () => {
  [fast, oracle] = await Promise.all([side((s) => new TickIndex(s)), side((s) => new ScanIndex(s))]);
}, slow(240_000)); // two servers, each on a fresh database

afterAll(async () => {
  for (const s of [fast, oracle]) {
    await s?.engine.stop();
    await s?.server.close();
  }
});

type Op =
  | {
      k: 'submit';
      user: number;
      inst: number;
      buy: boolean;
      pending: boolean;
      lots: number;
      away: number;
      sl: number;
      tp: number;
    }
  | { k: 'close' | 'cancel'; pick: number }
  | { k: 'part'; pick: number; keep: number }
  | { k: 'stops'; pick: number; sl: number; tp: number }
  | { k: 'money'; user: number; amount: number }
  | { k: 'tick'; inst: number; move: number; spread: number };

const offset = fc.oneof(fc.constant(0), fc.integer({ min: -60, max: 60 }));
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({
      k: fc.constant('submit' as const),
      user: fc.nat(2),
      inst: fc.nat(2),
      buy: fc.boolean(),
      pending: fc.boolean(),
      lots: fc.integer({ min: 1, max: 40 }),
      away: fc.integer({ min: -30, max: 30 }),
      sl: offset,
      tp: offset,
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ k: fc.constantFrom('close' as const, 'cancel' as const), pick: fc.nat(100) }), weight: 2 },
  {
    arbitrary: fc.record({ k: fc.constant('part' as const), pick: fc.nat(100), keep: fc.integer({ min: 1, max: 99 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ k: fc.constant('stops' as const), pick: fc.nat(100), sl: offset, tp: offset }), weight: 1 },
  {
    arbitrary: fc.record({
      k: fc.constant('money' as const),
      user: fc.nat(2),
      amount: fc.integer({ min: -3000, max: 3000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      k: fc.constant('tick' as const),
      inst: fc.nat(2),
      move: fc.integer({ min: -25, max: 25 }),
      // The ask above the bid in price steps: one price (0) or a random spread.
      spread: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 60 })),
    }),
    weight: 6,
  },
);

/** Scaled price as text at the instrument's precision; a move is in thousandths of the price. */
const priceText = (scaled: number, places: number): string => (scaled / 10 ** places).toFixed(places);

function errorKey(err: unknown): string {
  if (err instanceof ApiError) return err.key;
  throw err;
}

/** What a push says about an order, with the order named by its ordinal (ids may differ between databases). */
function pushesOf(s: Side, from: number): string[] {
  return s.push.sent
    .slice(from)
    .map(({ message }: { message: ServerMessage }) => {
      const d = (message as unknown as { data: Record<string, unknown> }).data;
      const ordinal = s.orders.indexOf(Number(d.Id));
      return `${message.type} #${ordinal} ${String(d.Status)} ${typeof d.CloseReason === 'string' ? d.CloseReason : ''} ${String(d.Price)} ${String(d.UpdatePrice)} ${String(d.FactProfits)}`;
    })
    .sort();
}

describe('engine on the tick index against the engine on the decimal scan (differential)', () => {
  it(
    'the same orders trigger at the same ticks with the same prices; margin, floating and balances agree',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 25 }), async (ops) => {
          const prices = [...START];
          const spreads = START.map(() => 0);
          const now = fast.server.ctx.clock.now();
          for (const s of [fast, oracle]) {
            s.users = [];
            for (const f of FUNDS) s.users.push(await fundedUser(s.server.ctx.db, f, now));
            TEST_INSTRUMENTS.forEach((inst, i) =>
              s.market.setPrice(inst.code, priceText(START[i] as number, inst.pricePrecision)),
            );
            await s.engine.idle();
          }
          for (const op of ops) {
            const marks = [fast.push.sent.length, oracle.push.sent.length];
            const outcomes = await Promise.all([fast, oracle].map((s) => step(s, op, prices)));
            if (op.k === 'tick') {
              prices[op.inst] = Math.max(
                1,
                (prices[op.inst] as number) + Math.round(((prices[op.inst] as number) * op.move) / 1000),
              );
              spreads[op.inst] = op.spread;
            }
            expect(outcomes[0], JSON.stringify(op)).toEqual(outcomes[1]);
            expect(pushesOf(fast, marks[0] as number)).toEqual(pushesOf(oracle, marks[1] as number));
            for (let u = 0; u < FUNDS.length; u++) {
              const [a, b] = [fast, oracle].map((s) => {
                const id = s.users[u] as number;
                return { margin: s.engine.marginOf(id).toFixed(), floating: s.engine.floatingOf(id).toFixed() };
              });
              expect(a).toEqual(b);
              const [ba, bb] = await Promise.all(
                [fast, oracle].map((s) => getAccount(s.server.ctx.db, s.users[u] as number)),
              );
              expect(ba?.balance).toBe(bb?.balance);
              expect(workerFloating(fast, fast.users[u] as number), 'the worker marks as the engine').toBe(a?.floating);
            }
            if (op.k === 'submit' && outcomes[0]?.startsWith('ok ')) {
              expect(workerPreview(op, prices, spreads), 'the worker previews as the engine books').toBe(outcomes[0]);
            }
          }
          // Leave nothing open for the next run: its ticks would otherwise trigger these orders.
          for (const s of [fast, oracle]) {
            for (const id of s.users) {
              for (const o of s.engine.book.forUser(id)) {
                await (o.status === 1 ? s.engine.close(id, o.id) : s.engine.cancel(id, o.id)).catch(errorKey);
              }
            }
            await s.engine.idle();
          }
        }),
        { numRuns: 6 },
      );
    },
    slow(300_000),
  );
});

/** An engine instrument as the worker's catalog shows it (the fields the worker's maths read). */
function asListed(inst: EngineInstrument): Instrument {
  return {
    Id: inst.id,
    Code: inst.code,
    PricePrecision: inst.pricePrecision,
    MarginMode: inst.spec.MarginMode,
    ForexContNum: inst.spec.ForexContNum,
    ForexFeeRate: inst.spec.ForexFeeRate,
    HasForexMultiple: inst.multiples.map((m) => ({ Value: m })),
  } as unknown as Instrument;
}

/** Bid and ask texts of a test instrument as the market quotes them now. */
function quoted(s: Side, inst: EngineInstrument): { bid: string | null; ask: string | null } {
  const q = s.market.latest(inst.code);
  return { bid: q?.close ?? null, ask: q?.ask ?? q?.close ?? null };
}

/** A user's floating P&L as the feed worker computes it (RiskBook) from their holding orders and the live quotes. */
function workerFloating(s: Side, userId: number): string {
  const orders: Order[] = s.engine.book
    .forUser(userId)
    .filter((o) => o.status === 1)
    .map(
      (o) =>
        ({
          Id: o.id,
          Status: 1,
          OrderType: o.side === 'buy' ? 1 : 2,
          Quantity: o.quantity.toFixed(),
          Price: o.price.toFixed(),
          UpdatePrice: o.price.toFixed(),
          CautionMoney: o.margin.toFixed(),
          ForexTradeLists: { Code: TEST_INSTRUMENTS.find((i) => i.id === o.instrumentId)?.code ?? '' },
        }) as unknown as Order,
    );
  const book = new RiskBook();
  const byCode = (code: string) => TEST_INSTRUMENTS.find((i) => i.code === code);
  book.setPositions(
    orders.map(appOrderOf),
    '0',
    '0',
    (o) => {
      const inst = byCode(o.instrument.Code);
      return inst && asListed(inst);
    },
    (c) => {
      const inst = byCode(c);
      return inst ? quoted(s, inst).bid : null;
    },
    (c) => {
      const inst = byCode(c);
      return inst ? quoted(s, inst).ask : null;
    },
  );
  return dec(book.snapshot().floating).toFixed();
}

/** What the worker's preview says a submit books (margin, fee), at the quotes the submit saw. */
function workerPreview(op: Extract<Op, { k: 'submit' }>, prices: number[], spreads: number[]): string {
  const inst = TEST_INSTRUMENTS[op.inst] as EngineInstrument;
  const p = prices[op.inst] as number;
  const target = op.pending ? priceText(p + Math.round((p * op.away) / 1000), inst.pricePrecision) : null;
  const pv = previewOrder(
    {
      code: inst.code,
      orderType: op.buy ? 1 : 2,
      quantity: String(Number(inst.minLots) * op.lots),
      leverage: inst.multiples[0] ?? 0,
      atPrice: target,
      stopProfit: null,
      stopLoss: null,
    } as Parameters<typeof previewOrder>[0],
    asListed(inst),
    priceText(p, inst.pricePrecision),
    2, // trade_fee_type of the seeded settings: margin × fee rate
    priceText(p + (spreads[op.inst] as number), inst.pricePrecision),
  );
  return `ok ${pv.margin} ${pv.fee}`;
}

/** Runs one op on one side and waits for every trigger it started; returns what the caller saw. */
async function step(s: Side, op: Op, prices: number[]): Promise<string> {
  const openOf = (status: 0 | 1 | null, pick: number) => {
    const open = s.orders
      .map((id) => s.engine.book.get(id))
      .filter((o) => o && (status === null || o.status === status));
    return open.length === 0 ? undefined : open[pick % open.length];
  };
  try {
    if (op.k === 'submit') {
      const inst = TEST_INSTRUMENTS[op.inst] as (typeof TEST_INSTRUMENTS)[number];
      const p = prices[op.inst] as number;
      const at = (permille: number): string => priceText(p + Math.round((p * permille) / 1000), inst.pricePrecision);
      const ref = op.pending ? p + Math.round((p * op.away) / 1000) : p;
      const stop = (permille: number): string =>
        permille === 0 ? '' : priceText(ref + Math.round((ref * permille) / 1000), inst.pricePrecision);
      const o = await s.engine.submit(
        s.users[op.user] as number,
        inst.id,
        submitInputOf({
          type: op.buy ? 1 : 2,
          cont: String(Number(inst.minLots) * op.lots),
          status: op.pending ? 0 : 1,
          target_price: op.pending ? at(op.away) : '',
          stop_loss_price: stop(op.buy ? -Math.abs(op.sl) : Math.abs(op.sl)),
          target_profit_price: stop(op.buy ? Math.abs(op.tp) : -Math.abs(op.tp)),
          multiple: inst.multiples[0] ?? 0,
        }),
        null,
      );
      s.orders.push(o.Id);
      return `ok ${o.CautionMoney} ${o.TradeFee}`;
    }
    if (op.k === 'close' || op.k === 'cancel') {
      const o = openOf(op.k === 'close' ? 1 : 0, op.pick);
      if (!o) return 'none';
      const done = op.k === 'close' ? await s.engine.close(o.userId, o.id) : await s.engine.cancel(o.userId, o.id);
      return `ok ${done.FactProfits}`;
    }
    if (op.k === 'part') {
      // A partial close: the rest stays open with fewer lots (the per-instrument aggregates lose only that part).
      const o = openOf(1, op.pick);
      const inst = o && TEST_INSTRUMENTS.find((i) => i.id === o.instrumentId);
      if (!o || !inst) return 'none';
      const step = dec(inst.pip);
      const part = o.quantity.times(op.keep).div(100).div(step).floor().times(step);
      if (part.lte(0) || part.gte(o.quantity)) return 'none';
      const done = await s.engine.close(o.userId, o.id, part.toFixed());
      return `ok ${done.FactProfits} ${done.Quantity}`;
    }
    if (op.k === 'stops') {
      const o = openOf(1, op.pick);
      if (!o) return 'none';
      const inst = TEST_INSTRUMENTS.find((i) => i.id === o.instrumentId) as (typeof TEST_INSTRUMENTS)[number];
      const p = prices[TEST_INSTRUMENTS.indexOf(inst)] as number;
      const buy = o.side === 'buy';
      const stop = (permille: number): string =>
        permille === 0 ? '0' : priceText(p + Math.round((p * permille) / 1000), inst.pricePrecision);
      const done = await s.engine.setStops(
        o.userId,
        o.id,
        stop(buy ? Math.abs(op.tp) : -Math.abs(op.tp)),
        stop(buy ? -Math.abs(op.sl) : Math.abs(op.sl)),
      );
      return `ok ${done.TargetProfitPrice} ${done.TargetLossPrice}`;
    }
    if (op.k === 'money') {
      // A deposit or a withdrawal, booked outside the engine as the wallet does.
      await move(s.server.ctx.db, s.users[op.user] as number, {
        balance: String(op.amount),
        type: RecordType.MEMO,
        memo: 'differential',
        at: 0,
      });
      return 'ok';
    }
    if (op.k !== 'tick') return 'none';
    const inst = TEST_INSTRUMENTS[op.inst] as (typeof TEST_INSTRUMENTS)[number];
    const p = prices[op.inst] as number;
    const bid = Math.max(1, p + Math.round((p * op.move) / 1000));
    s.market.setSides(inst.code, priceText(bid, inst.pricePrecision), priceText(bid + op.spread, inst.pricePrecision));
    return 'tick';
  } catch (err) {
    return errorKey(err);
  } finally {
    await s.engine.idle();
  }
}
