// Batched mirroring on the real database (TEST_DB=pglite and postgres; docs/copy-trading.md "Batching"): a mirror
// with chunks of two copies, so one provider open reaches four copies in two transactions, each copy judged by its
// own rules inside the batch — a copy sized, one refused for free margin, one below the minimum lot, one at ×2, a
// paused one left alone — each told, each with its records; then the close in chunks, and a replay that changes
// nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pauseCopy, startCopy } from '../../../server/copy/copy-accounts.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { expectLedgerInvariants, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { copyRow, depsOf, provider, recordsOf, trader } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();
let mirror: CopyMirror;

beforeAll(() => {
  mirror = new CopyMirror(
    { ...depsOf(bed), log: bed.ctx.log, notifier: bed.ctx.notifier, market: bed.market, engine: bed.engine },
    undefined,
    2,
  );
  mirror.start();
});
afterAll(() => mirror.stop());
beforeEach(() => bed.market.setPrice('TSTEUR', '1.10000'));

async function settle(): Promise<void> {
  await bed.engine.idle();
  await mirror.idle();
  await bed.engine.idle();
}

const lotsHeld = async (accountId: number): Promise<string[]> =>
  (
    await bed.ctx.db.query<{ quantity: string }>(
      'SELECT quantity::text AS quantity FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id',
      [accountId],
    )
  ).map((r) => String(Number(r.quantity)));

const actionsOf = (copyId: number) =>
  bed.ctx.db.query<{ action: string; outcome: string; reason: string }>(
    'SELECT action, outcome, reason FROM copy_actions WHERE copy_id = $1 ORDER BY id',
    [copyId],
  );

const noticesOf = async (userId: number): Promise<string[]> =>
  (
    await bed.ctx.db.query<{ kind: string; payload: string }>(
      'SELECT kind, payload FROM notices WHERE user_id = $1 ORDER BY id',
      [userId],
    )
  ).map((n) => `${n.kind}:${(JSON.parse(n.payload) as { reason_key?: string }).reason_key ?? ''}`);

describe('one provider open mirrored in chunks', () => {
  it("applies each copy's own rules per row, in two transactions, and closes them all once", async () => {
    const p = await provider(bed, '4000');
    const follow = async (amount: string, multiplier?: string) => {
      const f = await trader(bed, amount);
      const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount, multiplier });
      return { f, copyId, account: (await copyRow(bed, copyId)).account_id };
    };
    const sized = await follow('1000');
    const poor = await follow('1000');
    const small = await follow('100');
    const double = await follow('1000', '2');
    const paused = await follow('1000');
    await pauseCopy(depsOf(bed), paused.f, paused.copyId, true);
    // The poor copy's own 0.9 lots hold 990 of its 1,000: its equity still sizes 0.05, its free margin cannot carry it.
    await bed.engine.submit(poor.account, EUR, marketBuy({ cont: '0.9', multiple: 100 }), null);
    await settle();

    const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.2', multiple: 100 }), null);
    await settle();
    // 0.2 × 1000 ÷ 3999.78 = 0.050003 → 0.05; × 2 → 0.10; 0.2 × 100 ÷ 3999.78 = 0.005 → below 0.01.
    expect(await lotsHeld(sized.account)).toEqual(['0.05']);
    expect(await lotsHeld(double.account)).toEqual(['0.1']);
    expect(await lotsHeld(poor.account)).toEqual(['0.9']);
    expect(await lotsHeld(small.account)).toEqual([]);
    expect(await lotsHeld(paused.account)).toEqual([]);
    expect(await actionsOf(sized.copyId)).toEqual([{ action: 'open', outcome: 'done', reason: '' }]);
    expect(await actionsOf(poor.copyId)).toEqual([
      { action: 'open', outcome: 'skipped', reason: 'insufficient_margin' },
    ]);
    expect(await actionsOf(small.copyId)).toEqual([{ action: 'open', outcome: 'skipped', reason: 'below_min_lot' }]);
    expect(await actionsOf(paused.copyId)).toEqual([]);
    expect(await noticesOf(sized.f)).toEqual(['copy_opened:']);
    expect(await noticesOf(poor.f)).toEqual(['copy_skipped:copy.skip.insufficient_margin']);
    expect(await noticesOf(small.f)).toEqual(['copy_skipped:copy.skip.below_min_lot']);
    expect(await noticesOf(paused.f)).toEqual([]);
    // One record per movement: the margin locked and the fee charged, once each.
    expect(await recordsOf(bed, sized.account, RecordType.MARGIN_LOCK)).toEqual(['-55']);
    expect((await recordsOf(bed, sized.account, RecordType.TRADE_FEE)).length).toBe(1);

    // A replay of the same fill and the reconciliation job open nothing more.
    await mirror.sync(o.Id);
    await mirror.reconcile();
    await settle();
    expect(await lotsHeld(sized.account)).toEqual(['0.05']);
    expect(await recordsOf(bed, sized.account, RecordType.MARGIN_LOCK)).toEqual(['-55']);

    bed.market.setPrice('TSTEUR', '1.10100');
    await bed.engine.close(p, o.Id);
    await settle();
    await mirror.sync(o.Id);
    await settle();
    expect(await lotsHeld(sized.account)).toEqual([]);
    expect(await lotsHeld(double.account)).toEqual([]);
    expect(await lotsHeld(poor.account)).toEqual(['0.9']); // its own position is not the provider's to close
    expect((await actionsOf(double.copyId)).map((a) => `${a.action}:${a.outcome}`)).toEqual([
      'open:done',
      'close:done',
    ]);
    // 0.05 lots × 100,000 × 0.001 = 5 USD; 0.10 lots 10 USD: released and realised once each.
    expect(await recordsOf(bed, sized.account, RecordType.MARGIN_RELEASE)).toEqual(['55']);
    expect(await recordsOf(bed, sized.account, RecordType.PROFIT)).toEqual(['5']);
    expect(await recordsOf(bed, double.account, RecordType.PROFIT)).toEqual(['10']);
    const links = await bed.ctx.db.query<{ unlink_reason: string }>(
      'SELECT unlink_reason FROM copy_links WHERE provider_order_id = $1 ORDER BY copy_id',
      [o.Id],
    );
    expect(links.map((l) => l.unlink_reason)).toEqual(['provider_closed', 'provider_closed']);
    for (const c of [sized, poor, small, double, paused]) await expectLedgerInvariants(bed.ctx.db, c.account);
  });
});
