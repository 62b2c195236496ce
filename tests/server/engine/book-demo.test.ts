// Demo accounts' play money is no house exposure (docs/back-office.md "The dealer's view"), on the real database:
// a demo position stays out of the book, the top accounts and the house's floating P&L,
// a demo account's capped gap loss is not booked in house_absorbed, and the order metrics count demo apart. The top
// accounts are named by UID and e-mail, never an internal id.
import { describe, expect, it } from 'vitest';
import { book, bookAbsorbed, bookTop } from '../../../server/ops/commands/book.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { fundedUser, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { demoClient, manualClock, registerAndLogin, TEST_OPERATOR, useTestServer } from '../support/harness.ts';

const bed = useEngineBed();

describe("demo accounts and the dealer's view", () => {
  it('leaves a demo position out of the book and names real accounts by UID and e-mail', async () => {
    const now = bed.ctx.clock.now();
    const demo = await fundedUser(bed.ctx.db, '10000000', now, { isDemo: true, demoId: 'book-demo-0001' });
    const real = await fundedUser(bed.ctx.db, '100000', now, { email: 'dealer-real@example.com' });
    await bed.engine.submit(demo, 9001, marketBuy({ cont: '185' }), null);
    await bed.engine.submit(real, 9001, marketBuy({ type: 2, cont: '1' }), null);
    bed.market.setPrice('TSTEUR', '1.10100');
    await bed.engine.idle();
    const view = await bed.engine.bookView(bed.ctx.db, 0);
    expect(view.positions).toBe(1);
    expect(view.instruments).toEqual([expect.objectContaining({ code: 'TSTEUR', long_lots: '0', short_lots: '1' })]);
    // The real short lost 100: the house gained it; the demo long's 18,500 play-money gain is not the house's loss.
    expect(view.house_floating).toBe('100.000000');
    const [named] = await bed.ctx.db.query<{ uid: string }>('SELECT uid FROM users WHERE id = $1', [real]);
    const row = { uid: named?.uid, email: 'dealer-real@example.com', positions: 1 };
    const ctx = { ...bed.ctx, engine: bed.engine };
    const top = (await bookTop.run(ctx, {}, TEST_OPERATOR)) as Array<Record<string, unknown>>;
    expect(top).toEqual([expect.objectContaining(row)]);
    expect(Object.keys(top[0] ?? {})).not.toContain('user_id');
    expect(await bookTop.run(ctx, { by: 'floating' }, TEST_OPERATOR)).toEqual([expect.objectContaining(row)]);
    expect(await book.run(ctx, {}, TEST_OPERATOR)).toEqual(view.instruments);
    for (const u of [demo, real]) for (const o of bed.engine.book.forUser(u)) await bed.engine.close(u, o.id);
    bed.market.setPrice('TSTEUR', '1.10000');
    await bed.engine.idle();
  });

  it("does not book a demo account's capped gap loss as the house's", async () => {
    const demo = await fundedUser(bed.ctx.db, '1200', bed.ctx.clock.now(), { isDemo: true, demoId: 'book-demo-0002' });
    const before = (await bookAbsorbed.run(bed.ctx, {}, TEST_OPERATOR)) as { total: string; count: number };
    await bed.engine.submit(demo, 9001, marketBuy(), null);
    bed.market.setPrice('TSTEUR', '1.00000'); // a 10,000 loss on 1,200: protection caps it at the balance
    await bed.engine.idle();
    const [held] = await bed.ctx.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM orders WHERE user_id = $1 AND status = 1',
      [demo],
    );
    expect(Number(held?.n)).toBe(0);
    const rows = await bed.ctx.db.query('SELECT id FROM house_absorbed WHERE user_id = $1', [demo]);
    expect(rows).toEqual([]);
    expect(await bookAbsorbed.run(bed.ctx, {}, TEST_OPERATOR)).toMatchObject({
      total: before.total,
      count: before.count,
    });
    bed.market.setPrice('TSTEUR', '1.10000');
    await bed.engine.idle();
  });
});

const clock = manualClock();
const app = useTestServer({ clock, market: { manual: true }, metrics: { port: 0, host: '127.0.0.1' } });

describe('demo accounts in the order metrics', () => {
  it('counts demo orders placed and closed apart from real ones', async () => {
    const server = app.server;
    (server.ctx.market as unknown as { setPrice(code: string, price: string): void }).setPrice('EURUSD', '1.08000');
    const demo = await demoClient(server, 'metrics-book-demo-01');
    const real = await registerAndLogin(server, { clock });
    await move(server.ctx.db, real.user.id, {
      balance: '5000',
      type: RecordType.MEMO,
      memo: 'test funds',
      at: clock.now(),
    });
    const buy = { type: 1, cont: '0.1', forex_id: 1, status: 1, multiple: 100 };
    const placed = await demo.get<{ Id: number }>('/v1/api/forex/submit', buy);
    expect(placed.code).toBe(1);
    expect((await real.client.get('/v1/api/forex/submit', buy)).code).toBe(1);
    expect((await demo.get('/v1/api/forex/close', { id: placed.data.Id })).code).toBe(1);
    const text = await (await fetch(server.metricsUrl ?? '')).text();
    expect(text).toContain('tickwise_orders_placed_total{status="market",account="demo"} 1');
    expect(text).toContain('tickwise_orders_placed_total{status="market",account="real"} 1');
    expect(text).toContain('tickwise_orders_closed_total{reason="user",account="demo"} 1');
    expect(text).not.toContain('tickwise_orders_closed_total{reason="user",account="real"}');
  });
});
