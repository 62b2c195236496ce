// Mirroring on the real database (TEST_DB=pglite and postgres), worked by hand on TST/EUR (100 000 units a lot,
// 1.10000, lot step and minimum 0.01): equity-ratio sizing with the multiplier and the follower's leverage cap,
// rounding down and the told skip below the minimum, the slippage guard that skips an open and never a close, the
// partial close by fraction and its remainder rule, a stops edit and a stop-out mirrored, a hand-closed position
// unlinked, a suspended provider copying nothing, replays and the reconciliation job doubling nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { setSuspended } from '../../../server/copy/copy-repository.ts';
import { type CopyMirror } from '../../../server/copy/mirror.ts';
import { listNotices } from '../../../server/notify/notices.ts';
import type { SubmitQuery } from '../../../server/http/wire/submit-query.ts';
import { expectLedgerInvariants, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { copyRow, depsOf, mirrorOf, provider, trader, WIDE } from './copy-support.ts';

const EUR = 9001;

const bed = useEngineBed({ moreInstruments: [WIDE], prices: { TSTWID: '1.00000' } });
let mirror: CopyMirror;

beforeAll(() => {
  mirror = mirrorOf(bed);
  mirror.start();
});
afterAll(() => mirror.stop());
beforeEach(async () => {
  bed.market.setPrice('TSTEUR', '1.10000');
  bed.market.setPrice('TSTWID', '1.00000');
  await settle();
});

async function settle(): Promise<void> {
  await bed.engine.idle();
  await mirror.idle();
  await bed.engine.idle();
}

interface Pos {
  id: number;
  quantity: string;
  multiple: number;
  price: string;
  target_profit_price: string;
  target_loss_price: string;
}

/** The copy account's open positions. */
async function held(accountId: number): Promise<Pos[]> {
  return bed.ctx.db.query<Pos>(
    `SELECT id, quantity::text AS quantity, multiple, price::text AS price, target_profit_price::text AS
            target_profit_price, target_loss_price::text AS target_loss_price
       FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id`,
    [accountId],
  );
}

const lotsOf = async (accountId: number): Promise<string[]> =>
  (await held(accountId)).map((p) => String(Number(p.quantity)));

async function actions(copyId: number): Promise<Array<{ action: string; outcome: string; reason: string }>> {
  return bed.ctx.db.query('SELECT action, outcome, reason FROM copy_actions WHERE copy_id = $1 ORDER BY id', [copyId]);
}

/** A provider with `equity` and a follower copying it with `amount`; the copy's id and account. */
async function pair(equity: string, amount: string, over: { multiplier?: string } = {}) {
  const p = await provider(bed, equity);
  const f = await trader(bed, amount);
  const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount, ...over });
  return { p, f, copyId, account: (await copyRow(bed, copyId)).account_id };
}

async function open(userId: number, over: Partial<SubmitQuery> = {}, instrument = EUR) {
  const o = await bed.engine.submit(userId, instrument, marketBuy(over), null);
  await settle();
  return o;
}

describe('sizing', () => {
  it('is equity to equity × the multiplier, rounded down: 0.4 lots of ~4,000 USD become 0.20 at ×2', async () => {
    // Provider equity after the fee: 4000 − 0.44 = 3999.56; 0.4 × 1000 ÷ 3999.56 × 2 = 0.20002 → 0.20
    const { p, account } = await pair('4000', '1000', { multiplier: '2' });
    await open(p, { cont: '0.4', multiple: 100 });
    const [pos] = await held(account);
    expect(Number(pos?.quantity)).toBe(0.2);
    expect(pos?.multiple).toBe(100);
    await expectLedgerInvariants(bed.ctx.db, account);
  });

  it("caps the size and the leverage at the follower's cap", async () => {
    // Cap 10: notional ≤ 10 × 1000 = 10 000 USD = 0.0909 lots at 1.1 → 0.09, at the largest leverage ≤ 10 offered
    const { p, copyId, account } = await pair('4000', '1000');
    await bed.ctx.db.query('UPDATE copies SET leverage_cap = 10 WHERE id = $1', [copyId]);
    await open(p, { cont: '2', multiple: 100 });
    const [pos] = await held(account);
    expect([Number(pos?.quantity), pos?.multiple]).toEqual([0.09, 10]);
  });

  it('skips a size below the minimum lot and tells the follower why', async () => {
    // 0.01 × 1000 ÷ 3999.99… = 0.0025 → 0.00 < 0.01
    const { p, f, copyId, account } = await pair('4000', '1000');
    await open(p, { cont: '0.01' });
    expect(await held(account)).toEqual([]);
    expect(await actions(copyId)).toEqual([{ action: 'open', outcome: 'skipped', reason: 'below_min_lot' }]);
    const notices = await bed.ctx.db.query<{ kind: string; payload: string }>(
      'SELECT kind, payload FROM notices WHERE user_id = $1',
      [f],
    );
    expect(notices.map((n) => n.kind)).toEqual(['copy_skipped']);
    expect(JSON.parse(notices[0]?.payload ?? '{}')).toMatchObject({ reason_key: 'copy.skip.below_min_lot' });
  });
});

describe('mirroring', () => {
  it('opens at the follower own price with the stops at the same distance', async () => {
    const { p, account } = await pair('4000', '1000');
    bed.market.setSides('TSTEUR', '1.10000', '1.10002');
    await open(p, { cont: '0.4', target_profit_price: '1.11000', stop_loss_price: '1.09000' });
    // The provider bought at the ask 1.10002 too; stops 0.00998 above and 0.01002 below it.
    const [pos] = await held(account);
    expect(Number(pos?.price)).toBe(1.10002);
    expect([Number(pos?.target_profit_price), Number(pos?.target_loss_price)]).toEqual([1.11, 1.09]);
  });

  it('skips an open past the slippage guard and never blocks the close', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    mirror.stop();
    const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    bed.market.setPrice('TSTEUR', '1.11200'); // 1.09 % dearer for the follower
    await mirror.sync(o.Id);
    mirror.start();
    expect(await held(account)).toEqual([]);
    expect((await actions(copyId))[0]).toMatchObject({ action: 'open', outcome: 'skipped', reason: 'slippage' });

    // A copied open, then the price runs 5 %: the provider's close still closes the follower's position.
    bed.market.setPrice('TSTEUR', '1.10000');
    const second = await open(p, { cont: '0.4' });
    expect(await lotsOf(account)).toEqual(['0.1']);
    bed.market.setPrice('TSTEUR', '1.15500');
    await bed.engine.close(p, second.Id);
    await settle();
    expect(await held(account)).toEqual([]);
    await expectLedgerInvariants(bed.ctx.db, account);
  });

  it('closes the same fraction on a partial close, rounded down to the step', async () => {
    const { p, account } = await pair('4000', '1000', { multiplier: '2' });
    const o = await open(p, { cont: '0.4' }); // follower 0.20
    await bed.engine.close(p, o.Id, '0.1'); // a quarter: 0.05 of 0.20
    await settle();
    expect(await lotsOf(account)).toEqual(['0.15']);
    await bed.engine.close(p, o.Id, '0.2'); // two thirds of 0.3: 0.1 of 0.15
    await settle();
    expect(await lotsOf(account)).toEqual(['0.05']);
    await bed.engine.close(p, o.Id);
    await settle();
    expect(await held(account)).toEqual([]);
    await expectLedgerInvariants(bed.ctx.db, account);
  });

  it('closes all when the rest of a partial close would fall below the minimum lot', async () => {
    // TST/WID: minimum 0.1, step 0.01, no fee. Provider 0.8 of 8,000 USD: the follower's 2,000 × 2 holds 0.4.
    const { p, account } = await pair('8000', '2000', { multiplier: '2' });
    const o = await open(p, { cont: '0.8' }, WIDE.id);
    expect(await lotsOf(account)).toEqual(['0.4']);
    await bed.engine.close(p, o.Id, '0.62'); // 0.4 × 0.62 ÷ 0.8 = 0.31 would leave 0.09 < 0.1: all of it closes
    await settle();
    expect(await held(account)).toEqual([]);
  });

  it('mirrors a stops edit at the same distances from the follower entry and tells it as one', async () => {
    const { p, f, account } = await pair('4000', '1000');
    const o = await open(p, { cont: '0.4' });
    await bed.engine.setStops(p, o.Id, '1.12000', '1.08000');
    await settle();
    const [pos] = await held(account);
    expect([Number(pos?.target_profit_price), Number(pos?.target_loss_price)]).toEqual([1.12, 1.08]);
    // The open told once as an open; the edit as a stops change, never as a second open (newest first).
    const { data } = await listNotices(bed.ctx.db, f, undefined, 'en');
    expect(data.map((n) => n.kind)).toEqual(['copy_stops', 'copy_opened']);
    expect(data[0]?.title).toBe("Copied trade's stops changed");
    expect(data[0]?.text).toMatch(/^Your copy of .+ changed the take profit and stop loss of 0\.1 lots of .+\.$/);
  });

  it("closes the follower's position when the provider is stopped out", async () => {
    // Provider 1,000 USD holds 0.8 lots ×100 (margin 880); at 1.09000 the loss of 800 stops it out. The copy,
    // ×0.1, holds 0.08 lots and is far from its own stop-out.
    const { p, account } = await pair('1000', '1000', { multiplier: '0.1' });
    await open(p, { cont: '0.8' });
    expect(await lotsOf(account)).toEqual(['0.08']);
    bed.market.setPrice('TSTEUR', '1.09000');
    await settle();
    const provider = await bed.ctx.db.query<{ close_reason: string }>(
      'SELECT close_reason FROM orders WHERE user_id = $1 AND status = 3',
      [p],
    );
    expect(provider.map((r) => r.close_reason)).toEqual(['stop_out']);
    expect(await held(account)).toEqual([]);
  });

  it('unlinks a position the follower closed by hand; the provider close then does nothing to it', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    const o = await open(p, { cont: '0.4' });
    const [pos] = await held(account);
    await bed.engine.close(account, pos?.id ?? 0);
    await settle();
    const links = await bed.ctx.db.query<{ unlink_reason: string }>(
      'SELECT unlink_reason FROM copy_links WHERE copy_id = $1',
      [copyId],
    );
    expect(links).toEqual([{ unlink_reason: 'follower_closed' }]);
    await bed.engine.close(p, o.Id);
    await settle();
    expect((await actions(copyId)).map((a) => a.action)).toEqual(['open']);
  });

  it('copies nothing of a suspended provider', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    await setSuspended(bed.ctx.db, p, bed.ctx.clock.now());
    await open(p, { cont: '0.4' });
    expect(await held(account)).toEqual([]);
    expect(await actions(copyId)).toEqual([]);
  });

  it('a replay and the reconciliation job neither double an action nor leave an orphan', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    const o = await open(p, { cont: '0.4' });
    await mirror.sync(o.Id);
    await mirror.sync(o.Id);
    expect(await lotsOf(account)).toEqual(['0.1']);
    // The writer "dies" before mirroring the close: an orphan until the job runs.
    mirror.stop();
    await bed.engine.close(p, o.Id);
    await bed.engine.idle();
    mirror.start();
    expect(await lotsOf(account)).toEqual(['0.1']);
    const report = await mirror.reconcile();
    expect(report.orphans).toBeGreaterThanOrEqual(1);
    expect(await held(account)).toEqual([]);
    expect((await actions(copyId)).map((a) => a.action)).toEqual(['open', 'close']);
    expect((await mirror.reconcile()).orphans).toBe(0);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });
});
