// The single-trigger rule under a leader change: the old market writer is still triggering when the new one has
// rebuilt its index from the database and sees the same crossing prices (the worst way a fail-over can fall), and the
// old one is stopped in the middle of the burst. Every stop closes its order once: one close, one margin release, one
// FOREX_CLOSED push across both writers; the ledger invariants hold. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import { OrderEngine } from '../../../server/engine/engine.ts';
import type { SubmitInput } from '../../../server/engine/submit-order.ts';
import { submitInputOf } from '../../../server/http/wire/submit-query.ts';
import { ledgerViolations } from '../../../server/ledger/invariants.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { startTestServer, type TestServer } from '../support/harness.ts';
import {
  fundedUser,
  insertTestInstruments,
  PushRecorder,
  ScriptedMarket,
  TEST_INSTRUMENTS,
} from '../support/engine-helpers.ts';

const EUR = 9001;
const ORDERS = 30;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await insertTestInstruments(server.ctx.db);
});
afterAll(async () => {
  await server?.close();
});

/** One market writer: its own scripted feed, push recorder and engine over the shared database. */
async function writer(): Promise<{ engine: OrderEngine; market: ScriptedMarket; push: PushRecorder }> {
  const market = new ScriptedMarket(TEST_INSTRUMENTS);
  market.setPrice('TSTEUR', '1.10000');
  const push = new PushRecorder();
  const ctx: AppContext = { ...server.ctx, market, push };
  const engine = new OrderEngine(ctx, async () => TEST_INSTRUMENTS);
  await engine.start();
  return { engine, market, push };
}

describe('a trigger fires once across a leader change', () => {
  it('old and new leader both see the crossing ticks; the old one dies mid-burst', async () => {
    const old = await writer();
    const user = await fundedUser(server.ctx.db, '1000000', server.ctx.clock.now());
    const input = (i: number): SubmitInput =>
      submitInputOf({
        type: 1,
        cont: '0.1',
        status: 1,
        target_price: '0',
        multiple: 100,
        target_profit_price: '0',
        // Stop-losses staggered one pip apart under the price: a falling burst crosses them one after another.
        stop_loss_price: (1.0999 - i * 0.00001).toFixed(5),
      });
    const ids: number[] = [];
    for (let i = 0; i < ORDERS; i++) ids.push((await old.engine.submit(user, EUR, input(i), null)).Id);
    // The new leader rebuilds its index from the database before it triggers anything.
    const next = await writer();
    expect(ids.every((id) => next.engine.book.get(id) !== undefined)).toBe(true);

    // The burst: both writers see every tick; the old one is stopped (its ticks stop) half-way through.
    let stopped: Promise<void> | undefined;
    for (let k = 0; k <= ORDERS; k++) {
      const p = (1.0999 - k * 0.00001).toFixed(5);
      if (k < ORDERS / 2) old.market.setPrice('TSTEUR', p);
      else stopped ??= old.engine.stop();
      next.market.setPrice('TSTEUR', p);
    }
    await stopped;
    await next.engine.idle();
    await next.engine.stop();

    const closes = [...old.push.sent, ...next.push.sent].filter((s) => s.message.type === 'FOREX_CLOSED');
    const closedIds = closes.map((c) => (c.message as { data: { Id: number } }).data.Id).sort((a, b) => a - b);
    expect(closedIds).toEqual([...ids].sort((a, b) => a - b)); // each exactly once, whichever writer did it
    expect(old.push.sent.some((s) => s.message.type === 'FOREX_CLOSED')).toBe(true); // the race really ran
    const released = await server.ctx.db.query<{ memo: string; n: string }>(
      `SELECT memo, count(*)::text AS n FROM financial_records WHERE user_id = $1 AND type = $2 GROUP BY memo`,
      [user, RecordType.MARGIN_RELEASE],
    );
    expect(released).toHaveLength(ORDERS);
    expect(released.every((r) => r.n === '1')).toBe(true);
    const closed = await server.ctx.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM orders WHERE user_id = $1 AND status = 3 AND close_reason = 'stop_loss'",
      [user],
    );
    expect(closed[0]?.n).toBe(String(ORDERS));
    expect(await ledgerViolations(server.ctx.db)).toEqual([]);
  });
});
