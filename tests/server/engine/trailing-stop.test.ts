// The trailing stop in-process against the real database (TEST_DB=pglite and postgres): the stop-loss
// follows the best price at the distance and never moves back, jumps with a gap, fires exactly once (one close, one
// realised P&L record), carries across an engine restart from the stored stop, and bad input changes nothing.
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import { fundedUser, marketBuy, errorKey, useEngineBed, expectLedgerInvariants } from '../support/engine-helpers.ts';

const bed = useEngineBed();

const EUR = 9001;
const buy = marketBuy;

async function tick(p: string): Promise<void> {
  bed.market.setPrice('TSTEUR', p);
  await bed.engine.idle();
}

async function stored(
  id: number,
): Promise<{ status: number; loss: string; trail: string; reason: string; pnl: string }> {
  const [r] = await bed.ctx.db.query<{
    status: number;
    target_loss_price: string;
    trail_distance: string;
    close_reason: string;
    fact_profits: string;
  }>('SELECT status, target_loss_price, trail_distance, close_reason, fact_profits FROM orders WHERE id = $1', [id]);
  if (!r) throw new Error(`no order ${id}`);
  return {
    status: Number(r.status),
    loss: String(Number(r.target_loss_price)),
    trail: String(Number(r.trail_distance)),
    reason: r.close_reason,
    pnl: String(Number(r.fact_profits)),
  };
}

/** The stop-loss values pushed to the owner for this order, in order. */
function pushedStops(userId: number, orderId: number): string[] {
  return bed.push
    .of(userId)
    .filter(
      (m): m is Extract<ServerMessage, { type: 'FOREX_TRADE' }> => m.type === 'FOREX_TRADE' && m.data.Id === orderId,
    )
    .map((m) => m.data.TargetLossPrice);
}

const closedPushes = (userId: number, orderId: number): number =>
  bed.push.of(userId).filter((m) => m.type === 'FOREX_CLOSED' && m.data.Id === orderId).length;

async function profitRecords(userId: number): Promise<number> {
  const [r] = await bed.ctx.db.query<{ n: string | number }>(
    'SELECT count(*) AS n FROM financial_records WHERE user_id = $1 AND type = 25',
    [userId],
  );
  return Number(r?.n ?? 0);
}

const expectInvariants = (userId: number): Promise<void> => expectLedgerInvariants(bed.ctx.db, userId);

/**
 * The order closed once (one close pushed), with one profit record when `profitRecord`, and the ledger invariants
 * hold; then the price goes back to 1.10000 for the next test.
 */
async function closedOnce(userId: number, orderId: number, profitRecord: boolean): Promise<void> {
  expect(closedPushes(userId, orderId)).toBe(1);
  if (profitRecord) expect(await profitRecords(userId)).toBe(1);
  await expectInvariants(userId);
  await tick('1.10000');
}

const keyOf = errorKey;

describe('trailing stop', () => {
  it('a buy: follows the best price, never moves back, jumps with a gap, and fires once', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, buy(), null);
    const set = await bed.engine.setStops(u, o.Id, '0', '0', '0.00200');
    expect(set.TargetLossPrice).toBe('1.09800'); // no fixed stop: it starts at price − distance
    expect(set.TrailDistance).toBe('0.00200');
    await tick('1.10100'); // +0.001: the stop follows
    expect((await stored(o.Id)).loss).toBe('1.099');
    await tick('1.10050'); // back down, above the stop: it stays
    await tick('1.09950');
    expect((await stored(o.Id)).loss).toBe('1.099');
    await tick('1.10100'); // at the best again: nothing to move (not beyond the stop by more than the distance)
    await tick('1.10600'); // a gap up: one step to the new price − distance
    expect((await stored(o.Id)).loss).toBe('1.104');
    expect(pushedStops(u, o.Id)).toEqual(['0', '1.09800', '1.09900', '1.10400']);
    await tick('1.10300'); // a gap down through the stop: closes at the tick's price (gap rule)
    const after = await stored(o.Id);
    expect(after.status).toBe(3);
    expect(after.reason).toBe('stop_loss');
    expect(after.pnl).toBe('300'); // (1.10300 − 1.10000) × 100000
    await tick('1.09000');
    await tick('1.10300');
    await closedOnce(u, o.Id, true);
  });

  it('a sell is mirrored: the stop moves down only', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, buy({ type: 2 }), null);
    const set = await bed.engine.setStops(u, o.Id, '0', '0', '0.00100');
    expect(set.TargetLossPrice).toBe('1.10100');
    await tick('1.09800');
    expect((await stored(o.Id)).loss).toBe('1.099');
    await tick('1.09850');
    await tick('1.09700');
    expect((await stored(o.Id)).loss).toBe('1.098');
    await tick('1.09900'); // up through it: closed by the (trailed) stop, in profit
    const after = await stored(o.Id);
    expect(after.status).toBe(3);
    expect(after.reason).toBe('stop_loss');
    expect(after.pnl).toBe('100');
    await closedOnce(u, o.Id, false);
  });

  it('with a fixed stop-loss: the more favourable of the two is the stop, and it trails from there', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, buy({ cont: '0.1' }), null);
    // The typed stop is closer to the price than price − distance: kept.
    expect((await bed.engine.setStops(u, o.Id, '0', '1.09900', '0.00500')).TargetLossPrice).toBe('1.09900');
    await tick('1.10300'); // 1.10300 − 0.00500 = 1.09800 < 1.09900: the stop stays
    expect((await stored(o.Id)).loss).toBe('1.099');
    await tick('1.10500'); // 1.10000 > 1.09900: it starts to trail
    expect((await stored(o.Id)).loss).toBe('1.1');
    // The typed stop is further than price − distance: the trailing one wins at once.
    expect((await bed.engine.setStops(u, o.Id, '0', '1.05000', '0.00200')).TargetLossPrice).toBe('1.10300');
    // Clearing the distance keeps the stop where it is and stops the trailing.
    const off = await bed.engine.setStops(u, o.Id, '0', '1.10300', '0');
    expect(off.TrailDistance).toBe('0');
    await tick('1.11000');
    expect((await stored(o.Id)).loss).toBe('1.103');
    await bed.engine.close(u, o.Id);
    await tick('1.10000');
  });

  it('survives a restart: the stored stop is where the new engine trails on from, and it fires once', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, buy(), null);
    await bed.engine.setStops(u, o.Id, '0', '0', '0.00100');
    await tick('1.10200');
    expect((await stored(o.Id)).loss).toBe('1.101');
    await bed.restartEngine();
    await tick('1.10150'); // below the best before the restart: the stop does not move back
    expect((await stored(o.Id)).loss).toBe('1.101');
    await tick('1.10400');
    expect((await stored(o.Id)).loss).toBe('1.103');
    await tick('1.10250');
    const after = await stored(o.Id);
    expect(after.status).toBe(3);
    expect(after.pnl).toBe('250');
    await closedOnce(u, o.Id, true);
  });

  it('bad input changes nothing; another user cannot set one', async () => {
    const u = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const thief = await fundedUser(bed.ctx.db, '10000', bed.ctx.clock.now());
    const o = await bed.engine.submit(u, EUR, buy({ cont: '0.1', stop_loss_price: '1.09000' }), null);
    const before = await stored(o.Id);
    for (const bad of ['abc', '-0.001', '0.000001', '1e-3']) {
      await expect(bed.engine.setStops(u, o.Id, '0', '1.09000', bad)).rejects.toSatisfy((e) =>
        ['trail_distance_invalid', 'price_precision'].includes(keyOf(e)),
      );
    }
    // A distance as large as the price leaves no stop for a buy; a large one puts it beyond the stop band.
    await expect(bed.engine.setStops(u, o.Id, '0', '0', '1.10000')).rejects.toSatisfy(
      (e) => keyOf(e) === 'stop_price_far',
    );
    await expect(bed.engine.setStops(u, o.Id, '0', '0', '1.05000')).rejects.toSatisfy(
      (e) => keyOf(e) === 'stop_price_far',
    );
    await expect(bed.engine.setStops(thief, o.Id, '0', '0', '0.00100')).rejects.toSatisfy(
      (e) => keyOf(e) === 'order_not_found',
    );
    expect(await stored(o.Id)).toEqual(before);
    await bed.engine.close(u, o.Id);
  });
});
