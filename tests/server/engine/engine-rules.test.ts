// The order engine in-process on a scripted price path against the real database: pending fills, stops at the
// crossing (and the gap rule), stop-out largest loss first, the never-below-zero cap, races, pushes and their seq.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/db.ts';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import {
  fundedUser,
  ledgerCheck,
  marketBuy,
  errorKey,
  useEngineBed,
  expectLedgerInvariants,
} from '../support/engine-helpers.ts';

let queries = 0;
const bed = useEngineBed({ prices: { TSTXAG: '30.000', TSTBTC: '60000.00' }, wrapDb: counting });

const EUR = 9001;
const market1 = marketBuy;

async function tick(code: string, p: string): Promise<void> {
  bed.market.setPrice(code, p);
  await bed.engine.idle();
}

async function user(amount: string): Promise<number> {
  return fundedUser(bed.ctx.db, amount, bed.ctx.clock.now());
}

async function order(id: number) {
  const [row] = await bed.ctx.db.query<{
    status: number;
    price: string;
    fact_profits: string;
    close_reason: string;
    update_price: string;
  }>('SELECT status, price, fact_profits, close_reason, update_price FROM orders WHERE id = $1', [id]);
  if (!row) throw new Error(`no order ${id}`);
  return {
    ...row,
    status: Number(row.status),
    price: Number(row.price),
    pnl: Number(row.fact_profits),
    updatePrice: Number(row.update_price),
  };
}

const expectInvariants = (userId: number): Promise<void> => expectLedgerInvariants(bed.ctx.db, userId);

const keyOf = errorKey;

/**
 * Counts the engine's queries (ticks that trigger nothing must cost none); the bed's timers never fire, which keeps
 * the periodic balance refresh out of the counts.
 */
function counting(db: Db): Db {
  return {
    kind: db.kind,
    query: (sql, params) => {
      queries++;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    tx: (fn) => {
      queries++;
      return db.tx(fn);
    },
    close: () => db.close(),
  };
}

describe('market orders', () => {
  it('locks margin and charges the fee in one go; close realises P&L and releases the margin', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1(), null);
    expect(o.Status).toBe(1);
    expect(o.CautionMoney).toBe('1100.000000'); // 1 × 100000 × 1.1 / 100
    expect(o.TradeFee).toBe('1.100000'); // margin × 0.001
    let c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('8898.9');
    expect(c.lock).toBe('1100');
    await tick('TSTEUR', '1.10250');
    const closed = await bed.engine.close(u, o.Id);
    expect(closed.Status).toBe(3);
    expect(closed.CloseReason).toBe('user');
    expect(closed.FactProfits).toBe('250.000000');
    expect(closed.UpdatePrice).toBe('1.10250');
    c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('10248.9'); // + realised P&L − fee
    expect(c.lock).toBe('0');
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('a sell gains when the price falls; fixed margin mode ignores leverage', async () => {
    const u = await user('5000');
    const o = await bed.engine.submit(u, 9002, market1({ type: 2, cont: '2', multiple: 0 }), null);
    expect(o.CautionMoney).toBe('100.000000'); // 2 lots × 50 per lot
    expect(o.Multiple).toBe(0);
    await tick('TSTXAG', '29.500');
    const closed = await bed.engine.close(u, o.Id);
    expect(closed.FactProfits).toBe('50.000000'); // (30 − 29.5) × 2 × 50
    await expectInvariants(u);
    await tick('TSTXAG', '30.000');
  });

  it('refuses an order the balance cannot cover, and writes nothing', async () => {
    const u = await user('1100.5'); // margin 1100 + fee 1.1 > 1100.5
    const before = await bed.ctx.db.query('SELECT count(*) AS n FROM orders');
    await expect(bed.engine.submit(u, EUR, market1(), null)).rejects.toSatisfy(
      (e) => keyOf(e) === 'insufficient_balance',
    );
    expect(await bed.ctx.db.query('SELECT count(*) AS n FROM orders')).toEqual(before);
    const c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('1100.5');
    expect(c.lock).toBe('0');
  });

  it('refuses a closed market', async () => {
    const u = await user('10000');
    bed.market.setOpen('TSTBTC', false);
    await expect(bed.engine.submit(u, 9003, market1({ multiple: 10 }), null)).rejects.toSatisfy(
      (e) => keyOf(e) === 'market_closed',
    );
    bed.market.setOpen('TSTBTC', true);
  });
});

describe('pending orders', () => {
  it('a target below the price fills when crossed, not before, at the tick price; margin stays as locked', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1({ status: 0, target_price: '1.09500' }), null);
    expect(o.Status).toBe(0);
    expect(o.Price).toBe('1.09500');
    expect(o.OriginPrice).toBe('1.10000');
    expect(o.CautionMoney).toBe('1095.000000'); // margin at the target price
    await tick('TSTEUR', '1.09600');
    await tick('TSTEUR', '1.09501');
    expect((await order(o.Id)).status).toBe(0);
    await tick('TSTEUR', '1.09490'); // crosses
    const filled = await order(o.Id);
    expect(filled.status).toBe(1);
    expect(filled.price).toBe(1.0949);
    expect((await ledgerCheck(bed.ctx.db, u)).lock).toBe('1095');
    await bed.engine.close(u, o.Id);
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('a target above the price fills at or above it', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1({ type: 2, status: 0, target_price: '1.10500' }), null);
    await tick('TSTEUR', '1.10499');
    expect((await order(o.Id)).status).toBe(0);
    await tick('TSTEUR', '1.10500');
    expect((await order(o.Id)).status).toBe(1);
    expect((await order(o.Id)).price).toBe(1.105);
    await bed.engine.close(u, o.Id);
    await tick('TSTEUR', '1.10000');
  });

  it('cancel releases the margin and refunds the fee', async () => {
    const u = await user('3000');
    const o = await bed.engine.submit(u, EUR, market1({ status: 0, target_price: '1.05000' }), null);
    expect((await ledgerCheck(bed.ctx.db, u)).balance).toBe('1948.95'); // 3000 − 1050 − 1.05
    const c1 = await bed.engine.cancel(u, o.Id);
    expect(c1.Status).toBe(3);
    expect(c1.CloseReason).toBe('cancel');
    const c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('3000');
    expect(c.lock).toBe('0');
    await expectInvariants(u);
    await expect(bed.engine.cancel(u, o.Id)).rejects.toSatisfy((e) => keyOf(e) === 'order_not_pending');
    // A filled order cannot be cancelled; a pending one cannot be closed.
    const p = await bed.engine.submit(u, EUR, market1({ cont: '0.1', status: 0, target_price: '1.09000' }), null);
    await expect(bed.engine.close(u, p.Id)).rejects.toSatisfy((e) => keyOf(e) === 'order_not_holding');
    await bed.engine.cancel(u, p.Id);
  });
});

describe('stops', () => {
  it('stop-profit triggers at the crossing, not before', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(
      u,
      EUR,
      market1({ target_profit_price: '1.10500', stop_loss_price: '1.09500' }),
      null,
    );
    await tick('TSTEUR', '1.10499');
    expect((await order(o.Id)).status).toBe(1);
    await tick('TSTEUR', '1.10500');
    const r = await order(o.Id);
    expect(r.status).toBe(3);
    expect(r.close_reason).toBe('stop_profit');
    expect(r.pnl).toBe(500);
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('stop-loss through a gap closes at the tick price, not the stop price', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1({ stop_loss_price: '1.09500' }), null);
    await tick('TSTEUR', '1.09501');
    expect((await order(o.Id)).status).toBe(1);
    await tick('TSTEUR', '1.09000'); // gapped past the stop
    const r = await order(o.Id);
    expect(r.close_reason).toBe('stop_loss');
    expect(r.updatePrice).toBe(1.09);
    expect(r.pnl).toBe(-1000);
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('a sell is mirrored: stop-loss above, stop-profit below', async () => {
    const u = await user('10000');
    const a = await bed.engine.submit(u, EUR, market1({ type: 2, stop_loss_price: '1.10500' }), null);
    const b = await bed.engine.submit(u, EUR, market1({ type: 2, target_profit_price: '1.09800' }), null);
    await tick('TSTEUR', '1.10510');
    expect((await order(a.Id)).close_reason).toBe('stop_loss');
    expect((await order(a.Id)).pnl).toBe(-510);
    expect((await order(b.Id)).status).toBe(1);
    await tick('TSTEUR', '1.09700');
    expect((await order(b.Id)).close_reason).toBe('stop_profit');
    expect((await order(b.Id)).pnl).toBe(300);
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });

  it('set_stop_price checks sides against the current price, and 0 clears', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1(), null);
    await expect(bed.engine.setStops(u, o.Id, '1.09900', '0')).rejects.toSatisfy(
      (e) => keyOf(e) === 'stop_profit_above',
    );
    await expect(bed.engine.setStops(u, o.Id, '0', '1.10100')).rejects.toSatisfy((e) => keyOf(e) === 'stop_loss_below');
    const set = await bed.engine.setStops(u, o.Id, '1.10200', '1.09800');
    expect(set.TargetProfitPrice).toBe('1.10200');
    expect(set.TargetLossPrice).toBe('1.09800');
    const cleared = await bed.engine.setStops(u, o.Id, '0', '1.09800');
    expect(cleared.TargetProfitPrice).toBe('0');
    await tick('TSTEUR', '1.10300'); // would have hit the cleared stop-profit
    expect((await order(o.Id)).status).toBe(1);
    await tick('TSTEUR', '1.09800');
    expect((await order(o.Id)).close_reason).toBe('stop_loss');
    await tick('TSTEUR', '1.10000');
  });
});

describe('stop-out and the zero floor', () => {
  it('closes the largest loss first, only until the risk rate is back above 50 %', async () => {
    const u = await user('1700');
    const a = await bed.engine.submit(u, EUR, market1(), null); // margin 1100, fee 1.1
    const b = await bed.engine.submit(u, EUR, market1({ cont: '0.5' }), null); // margin 550, fee 0.55
    await tick('TSTEUR', '1.09600'); // equity 48.35 + 1650 − 600 = 1098.35 → 66.6 %
    expect((await order(a.Id)).status).toBe(1);
    await tick('TSTEUR', '1.09400'); // equity 798.35 → 48.4 %: stop-out
    const ra = await order(a.Id);
    expect(ra.status).toBe(3);
    expect(ra.close_reason).toBe('stop_out');
    expect(ra.pnl).toBe(-600);
    expect((await order(b.Id)).status).toBe(1); // 798.35 / 550 = 145 %: b survives
    await expectInvariants(u);
    await bed.engine.close(u, b.Id);
    await tick('TSTEUR', '1.10000');
  });

  it('a gap never takes the balance below zero: the loss is capped at what the account holds', async () => {
    const u = await user('1200');
    const o = await bed.engine.submit(u, EUR, market1(), null); // available 98.9, locked 1100
    await tick('TSTEUR', '1.00000'); // a 10 000 loss in one tick
    const r = await order(o.Id);
    expect(r.status).toBe(3);
    expect(r.pnl).toBe(-1198.9);
    const c = await ledgerCheck(bed.ctx.db, u);
    expect(c.balance).toBe('0');
    expect(c.lock).toBe('0');
    await expectInvariants(u);
    await tick('TSTEUR', '1.10000');
  });
});

describe('efficiency', () => {
  it('ticks that trigger nothing make no query, however many orders are open', async () => {
    const u = await user('100000');
    for (let i = 0; i < 30; i++) {
      await bed.engine.submit(
        u,
        EUR,
        market1({ cont: '0.01', stop_loss_price: '1.05000', target_profit_price: '1.15000' }),
        null,
      );
      await bed.engine.submit(u, EUR, market1({ cont: '0.01', status: 0, target_price: '1.06000' }), null);
    }
    const before = queries;
    for (let i = 0; i < 200; i++) await tick('TSTEUR', i % 2 ? '1.10010' : '1.09990');
    expect(queries).toBe(before);
    await tick('TSTEUR', '1.05990'); // now every pending order fills: the database is asked
    expect(queries).toBeGreaterThan(before);
    await tick('TSTEUR', '1.10000');
  });
});

describe('concurrency', () => {
  it('two closes of one order realise once', async () => {
    const u = await user('10000');
    const o = await bed.engine.submit(u, EUR, market1(), null);
    await tick('TSTEUR', '1.10100');
    const results = await Promise.allSettled([bed.engine.close(u, o.Id), bed.engine.close(u, o.Id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected');
    expect(failed && failed.status === 'rejected' && keyOf(failed.reason)).toBe('order_not_holding');
    const profits = await bed.ctx.db.query('SELECT * FROM financial_records WHERE user_id = $1 AND type = 25', [u]);
    expect(profits).toHaveLength(1);
    await expectInvariants(u);
    expect((await ledgerCheck(bed.ctx.db, u)).balance).toBe('10098.9');
    await tick('TSTEUR', '1.10000');
  });

  it('a close racing a stop trigger realises once', async () => {
    for (let i = 0; i < 5; i++) {
      const u = await user('10000');
      const o = await bed.engine.submit(u, EUR, market1({ stop_loss_price: '1.09900' }), null);
      bed.market.setPrice('TSTEUR', '1.09900'); // the trigger starts its transaction...
      const userClose = bed.engine.close(u, o.Id).then(
        () => 'user',
        (e: unknown) => keyOf(e),
      ); // ...and so does the user
      const outcome = await userClose;
      await bed.engine.idle();
      const r = await order(o.Id);
      expect(r.status).toBe(3);
      expect(outcome === 'user' ? 'user' : 'stop_loss').toBe(r.close_reason);
      if (outcome !== 'user') expect(outcome).toBe('order_not_holding');
      const releases = await bed.ctx.db.query('SELECT * FROM financial_records WHERE user_id = $1 AND type = 22', [u]);
      expect(releases).toHaveLength(1);
      expect((await ledgerCheck(bed.ctx.db, u)).balance).toBe('9898.9'); // −100 −1.1
      await expectInvariants(u);
      await tick('TSTEUR', '1.10000');
    }
  });

  it('an idempotent retry returns the first answer and opens one order', async () => {
    const u = await user('10000');
    const [a, b] = await Promise.all([
      bed.engine.submit(u, EUR, market1({ cont: '0.1' }), 'retry-key-1'),
      bed.engine.submit(u, EUR, market1({ cont: '0.1' }), 'retry-key-1'),
    ]);
    const c = await bed.engine.submit(u, EUR, market1({ cont: '0.1' }), 'retry-key-1');
    expect(b.Id).toBe(a.Id);
    expect(c).toEqual(a);
    const rows = await bed.ctx.db.query('SELECT id FROM orders WHERE user_id = $1', [u]);
    expect(rows).toHaveLength(1);
    const other = await bed.engine.submit(u, EUR, market1({ cont: '0.1' }), 'retry-key-2');
    expect(other.Id).not.toBe(a.Id);
    await expectInvariants(u);
  });

  it("another user's order reads as not found for close, cancel and set_stop_price", async () => {
    const owner = await user('10000');
    const thief = await user('10000');
    const held = await bed.engine.submit(owner, EUR, market1({ cont: '0.1' }), null);
    const pending = await bed.engine.submit(
      owner,
      EUR,
      market1({ cont: '0.1', status: 0, target_price: '1.00000' }),
      null,
    );
    await expect(bed.engine.close(thief, held.Id)).rejects.toSatisfy((e) => keyOf(e) === 'order_not_found');
    await expect(bed.engine.cancel(thief, pending.Id)).rejects.toSatisfy((e) => keyOf(e) === 'order_not_found');
    await expect(bed.engine.setStops(thief, held.Id, '1.2', '0')).rejects.toSatisfy(
      (e) => keyOf(e) === 'order_not_found',
    );
    expect((await order(held.Id)).status).toBe(1);
    expect((await order(pending.Id)).status).toBe(0);
  });
});

describe('pushes', () => {
  it('reach the owner only, with a per-user sequence increasing by one', async () => {
    const u = await user('10000');
    const other = await user('10000');
    const start = bed.push.sent.length;
    const o = await bed.engine.submit(u, EUR, market1({ stop_loss_price: '1.09000' }), null); // FOREX_TRADE placed
    await bed.engine.setStops(u, o.Id, '1.20000', '1.09000'); // FOREX_TRADE changed
    const p = await bed.engine.submit(u, EUR, market1({ cont: '0.1', status: 0, target_price: '1.09500' }), null);
    await tick('TSTEUR', '1.09400'); // p fills: FOREX_TRADE
    await bed.engine.cancel(
      u,
      (await bed.engine.submit(u, EUR, market1({ cont: '0.1', status: 0, target_price: '1.05000' }), null)).Id,
    );
    await tick('TSTEUR', '1.08900'); // o's stop-loss and p (no stops) stays
    await bed.engine.close(u, p.Id);
    const mine = bed.push.sent
      .slice(start)
      .filter((s) => s.userId === u)
      .map((s) => s.message);
    expect(bed.push.sent.slice(start).some((s) => s.userId === other)).toBe(false);
    const kinds = mine.map((m: ServerMessage) => (m.type === 'FOREX_CLOSED' ? `closed:${m.data.CloseReason}` : m.type));
    expect(kinds).toEqual([
      'FOREX_TRADE',
      'FOREX_TRADE',
      'FOREX_TRADE',
      'FOREX_TRADE',
      'FOREX_TRADE',
      'closed:cancel',
      'closed:stop_loss',
      'closed:user',
    ]);
    const seqs = mine.map((m) => ('seq' in m ? m.seq : -1));
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
    await tick('TSTEUR', '1.10000');
  });

  it('the sequence continues after a restart of the engine (it is stored)', async () => {
    const u = await user('10000');
    await bed.engine.submit(u, EUR, market1({ cont: '0.1' }), null);
    const last = bed.push.of(u).at(-1);
    await bed.restartEngine();
    const again = await bed.engine.submit(u, EUR, market1({ cont: '0.1' }), null);
    const next = bed.push.of(u).at(-1);
    const seqOf = (m: ServerMessage | undefined): number =>
      m?.type === 'FOREX_TRADE' || m?.type === 'FOREX_CLOSED' ? m.seq : NaN;
    expect(seqOf(next) - seqOf(last)).toBe(1);
    expect(again.Status).toBe(1);
    // The restarted engine indexed the open orders: a stop set now still triggers.
    await bed.engine.setStops(u, again.Id, '0', '1.09000');
    await tick('TSTEUR', '1.08000');
    expect((await order(again.Id)).close_reason).toBe('stop_loss');
    await tick('TSTEUR', '1.10000');
  });
});
