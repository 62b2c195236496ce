// The ledger invariants after 1,000 seeded random actions (orders, prices with gaps, closes, cancels, stops, races)
// run in-process against the engine and the real database: sum of records = balance, lock = open margins, and every
// order's margin locked once and released at most once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import { OrderEngine } from '../../../server/engine/engine.ts';
import { submitInputOf, type SubmitQuery } from '../../../server/http/wire/submit-query.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { dec, fixed } from '../../../domain/decimal.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import {
  fundedUser,
  insertTestInstruments,
  ledgerCheck,
  PushRecorder,
  ScriptedMarket,
  TEST_INSTRUMENTS,
} from '../support/engine-helpers.ts';
import { prng } from '../../fixtures/prng.ts';
import { slow } from '../../fixtures/slowness.ts';

const ACTIONS = 1000;
const START_PRICES: Record<string, string> = { TSTEUR: '1.10000', TSTXAG: '30.000', TSTBTC: '60000.00' };

let server: TestServer;
let engine: OrderEngine;
let market: ScriptedMarket;
let ctx: AppContext;

beforeAll(async () => {
  server = await startTestServer();
  await insertTestInstruments(server.ctx.db);
  market = new ScriptedMarket(TEST_INSTRUMENTS);
  ctx = { ...server.ctx, market, push: new PushRecorder() };
  engine = new OrderEngine(ctx, async () => TEST_INSTRUMENTS);
  await engine.start();
  for (const [code, p] of Object.entries(START_PRICES)) market.setPrice(code, p);
});

afterAll(async () => {
  await engine?.stop();
  await server?.close();
});

describe('ledger invariants under random trading', () => {
  it(
    `hold after ${ACTIONS} random actions`,
    async () => {
      const rnd = prng(20240501);
      const pick = <T>(xs: readonly T[]): T => {
        const x = xs[Math.floor(rnd() * xs.length)];
        if (x === undefined) throw new Error('pick from an empty list');
        return x;
      };
      const now = ctx.clock.now();
      // Small accounts get stopped out and capped; large ones keep trading.
      const users = [
        await fundedUser(ctx.db, '2000', now),
        await fundedUser(ctx.db, '5000', now),
        await fundedUser(ctx.db, '20000', now),
        await fundedUser(ctx.db, '100000', now),
      ];
      const prices = new Map(Object.entries(START_PRICES).map(([k, v]) => [k, dec(v)]));
      const expected = new Set([
        'insufficient_balance',
        'order_not_holding',
        'order_not_pending',
        'stop_loss_below',
        'stop_profit_above',
        'stop_loss_above',
        'stop_profit_below',
        'target_price_at_market',
        'lots_below_min',
        // A key reused with other parameters is refused (docs/trading.md "Idempotency"): the run reuses 37 keys.
        'idempotency_key_reused',
      ]);
      const counts: Record<string, number> = {};
      const count = (k: string): void => {
        counts[k] = (counts[k] ?? 0) + 1;
      };
      const attempt = async (name: string, fn: () => Promise<unknown>): Promise<void> => {
        try {
          await fn();
          count(name);
        } catch (err) {
          if (!(err instanceof ApiError) || !expected.has(err.key)) throw err;
          count(`${name}:${err.key}`);
        }
      };
      const openOf = (userId: number, status: 0 | 1): number[] =>
        engine.book
          .forUser(userId)
          .filter((o) => o.status === status)
          .map((o) => o.id);
      const stopsFor = (side: 1 | 2, ref: ReturnType<typeof dec>, precision: number): Partial<SubmitQuery> => {
        const out: Partial<SubmitQuery> = {};
        const away = (f: number) => fixed(ref.times(1 + f), precision);
        if (rnd() < 0.5) out.stop_loss_price = away(side === 1 ? -(0.002 + rnd() * 0.02) : 0.002 + rnd() * 0.02);
        if (rnd() < 0.5) out.target_profit_price = away(side === 1 ? 0.002 + rnd() * 0.02 : -(0.002 + rnd() * 0.02));
        return out;
      };

      for (let i = 0; i < ACTIONS; i++) {
        const r = rnd();
        const inst = pick(TEST_INSTRUMENTS);
        const userId = pick(users);
        const current = prices.get(inst.code) ?? dec(1);
        if (r < 0.3) {
          // A price move: usually small, sometimes a gap; bounded so the run stays in a sane range.
          const gap = rnd() < 0.1;
          const step = (rnd() - 0.5) * (gap ? 0.08 : 0.006);
          const base = dec(START_PRICES[inst.code] ?? '1');
          let next = current.times(1 + step);
          if (next.lt(base.times(0.7)) || next.gt(base.times(1.4))) next = base;
          const text = fixed(next, inst.pricePrecision);
          prices.set(inst.code, dec(text));
          market.setPrice(inst.code, text);
          await engine.idle();
          count(gap ? 'gap' : 'tick');
        } else if (r < 0.5) {
          const side = rnd() < 0.5 ? 1 : 2;
          const lotsN = 1 + Math.floor(rnd() ** 2 * 300); // mostly small, sometimes enough to be stopped out
          await attempt('market', () =>
            engine.submit(
              userId,
              inst.id,
              submitInputOf({
                type: side,
                cont: dec(inst.minLots).times(lotsN).toFixed(),
                status: 1,
                target_price: '0',
                stop_loss_price: '0',
                target_profit_price: '0',
                multiple: pick(inst.multiples),
                ...stopsFor(side, current, inst.pricePrecision),
              }),
              rnd() < 0.2 ? `k${i % 37}` : null,
            ),
          );
        } else if (r < 0.62) {
          const side = rnd() < 0.5 ? 1 : 2;
          const target = dec(fixed(current.times(1 + (rnd() - 0.5) * 0.03), inst.pricePrecision));
          await attempt('pending', () =>
            engine.submit(
              userId,
              inst.id,
              submitInputOf({
                type: side,
                cont: dec(inst.minLots)
                  .times(1 + Math.floor(rnd() * 20))
                  .toFixed(),
                status: 0,
                target_price: target.toFixed(),
                stop_loss_price: '0',
                target_profit_price: '0',
                multiple: pick(inst.multiples),
                ...stopsFor(side, target, inst.pricePrecision),
              }),
              null,
            ),
          );
        } else if (r < 0.77) {
          const ids = openOf(userId, 1);
          if (ids.length) await attempt('close', () => engine.close(userId, pick(ids)));
        } else if (r < 0.85) {
          const ids = openOf(userId, 0);
          if (ids.length) await attempt('cancel', () => engine.cancel(userId, pick(ids)));
        } else if (r < 0.93) {
          const ids = openOf(userId, 1);
          const id = ids.length ? pick(ids) : undefined;
          const o = id === undefined ? undefined : engine.book.get(id);
          const oi = o ? TEST_INSTRUMENTS.find((x) => x.id === o.instrumentId) : undefined;
          if (o && oi) {
            const s = stopsFor(o.side === 'buy' ? 1 : 2, prices.get(oi.code) ?? dec(1), oi.pricePrecision);
            await attempt('stops', () =>
              engine.setStops(userId, o.id, s.target_profit_price ?? '0', s.stop_loss_price ?? '0'),
            );
          }
        } else if (r < 0.97) {
          const ids = openOf(userId, 1);
          const id = ids.length ? pick(ids) : undefined;
          if (id !== undefined) {
            const both = await Promise.allSettled([engine.close(userId, id), engine.close(userId, id)]);
            expect(both.filter((b) => b.status === 'fulfilled').length).toBeLessThanOrEqual(1);
            count('race');
          }
        } else {
          await move(ctx.db, userId, { balance: '500', type: RecordType.MEMO, memo: 'top-up', at: now });
          count('top-up');
        }

        if (i % 100 === 99) {
          for (const u of users) {
            const c = await ledgerCheck(ctx.db, u);
            expect(c.sumRecords, `user ${u} after action ${i}`).toBe(c.balance);
            expect(c.lock, `user ${u} after action ${i}`).toBe(c.sumOpenMargins);
          }
        }
      }
      await engine.idle();

      for (const u of users) {
        const c = await ledgerCheck(ctx.db, u);
        expect(c.sumRecords).toBe(c.balance);
        expect(c.lock).toBe(c.sumOpenMargins);
        expect(dec(c.balance).gte(0)).toBe(true);
      }
      // Every order locked its margin once; a closed one released it once; nothing realised twice.
      const perOrder = await ctx.db.query<{
        id: number;
        status: number;
        locks: string;
        releases: string;
        profits: string;
      }>(
        `SELECT o.id, o.status,
         (SELECT count(*) FROM financial_records f WHERE f.user_id = o.user_id AND f.type = $1 AND f.memo LIKE '% #' || o.id) AS locks,
         (SELECT count(*) FROM financial_records f WHERE f.user_id = o.user_id AND f.type = $2 AND f.memo LIKE '% #' || o.id) AS releases,
         (SELECT count(*) FROM financial_records f WHERE f.user_id = o.user_id AND f.type = $3 AND f.memo LIKE '% #' || o.id) AS profits
       FROM orders o`,
        [RecordType.MARGIN_LOCK, RecordType.MARGIN_RELEASE, RecordType.PROFIT],
      );
      expect(perOrder.length).toBeGreaterThan(50);
      for (const o of perOrder) {
        expect(Number(o.locks), `order ${o.id}`).toBe(1);
        expect(Number(o.releases), `order ${o.id}`).toBe(Number(o.status) === 3 ? 1 : 0);
        expect(Number(o.profits), `order ${o.id}`).toBeLessThanOrEqual(1);
      }
      // The in-memory index is exactly the database's open orders.
      const open = await ctx.db.query<{ id: number }>('SELECT id FROM orders WHERE status IN (0, 1) ORDER BY id');
      const indexed = users.flatMap((u) => engine.book.forUser(u).map((o) => o.id)).sort((a, b) => a - b);
      expect(indexed).toEqual(open.map((o) => Number(o.id)));
      // The run exercised what it claims to.
      const closedBy = await ctx.db.query<{ close_reason: string; n: string }>(
        'SELECT close_reason, count(*) AS n FROM orders WHERE status = 3 GROUP BY close_reason',
      );
      const reasons = Object.fromEntries(closedBy.map((r) => [r.close_reason, Number(r.n)]));
      expect(Object.keys(reasons).sort()).toEqual(['cancel', 'stop_loss', 'stop_out', 'stop_profit', 'user']);
      expect(counts.race ?? 0).toBeGreaterThan(0);
      const fills = await ctx.db.query('SELECT id FROM orders WHERE filled_at IS NOT NULL AND filled_at > created_at');
      expect(fills.length).toBeGreaterThan(0);
    },
    slow(180_000),
  ); // about 12 s alone on PGlite, three times that on a loaded 2-core CI machine
});
