// Caps and isolation: open orders per user (checked under the account row lock), and a throwing tick listener
// that neither stops the other listeners nor the market. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOpenOrderCap } from '../../../server/engine/submit-order.ts';
import { ApiError } from '../../../server/http/envelope.ts';
import { fundedUser } from '../support/engine-helpers.ts';
import { manualClock, startTestServer, type TestServer } from '../support/harness.ts';

const clock = manualClock(Date.UTC(2026, 10, 18, 12, 0, 0));
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
});
afterAll(async () => {
  await server?.close();
});

describe('caps', () => {
  it('refuses a new order when the user already has the maximum open', async () => {
    const db = server.ctx.db;
    const userId = await db.tx((q) => fundedUser(q, '100000', clock.now()));
    await expect(db.tx((q) => checkOpenOrderCap(q, userId, 1))).resolves.toBeUndefined();
    await db.query(
      `INSERT INTO orders (user_id, instrument_id, order_type, quantity, multiple, price, origin_price, update_price,
         caution_money, trade_fee, status, created_at)
       SELECT $1, id, 1, 1, 100, 1, 1, 1, 0, 0, 0, $2 FROM instruments ORDER BY id LIMIT 1`,
      [userId, clock.now()],
    );
    const err = await db.tx((q) => checkOpenOrderCap(q, userId, 1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).key).toBe('too_many_open_orders');
  });
});

describe('tick listeners are isolated', () => {
  it('a throwing listener does not stop the others or the market', async () => {
    const market = server.ctx.market as unknown as { advanceTo(t: number): void };
    let seen = 0;
    const offBad = server.ctx.market.onTick(() => {
      throw new Error('listener bug');
    });
    const offGood = server.ctx.market.onTick(() => {
      seen++;
    });
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      expect(() => market.advanceTo(clock.now())).not.toThrow();
    }
    offBad();
    offGood();
    expect(seen).toBeGreaterThan(0);
  });
});
