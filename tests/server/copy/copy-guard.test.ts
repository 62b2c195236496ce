// The copy stop-loss and the performance fee on the real database (TEST_DB=pglite and postgres), worked by hand on
// TST/EUR (100 000 units a lot, fee 0.1 % of the margin): the stop-loss closes every position and ends the copy with
// a notice; the fee above the high-water mark to the cent at a stop, the mark kept across a stop and a restart, and
// one settlement per month however often the job runs; the ledger adds up throughout.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { endRunningCopy, startCopy, stopCopy } from '../../../server/copy/copy-accounts.ts';
import { dec } from '../../../domain/decimal.ts';
import { CopyGuard, GUARD_CHECK_MS } from '../../../server/copy/copy-guard.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { manualClock } from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { balanceOf, copyRow, depsOf, provider, recordsOf, trader } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();
let mirror: CopyMirror;
let guard: CopyGuard;
let unsubscribe: () => void = () => undefined;
/** The guard's own clock: each new price comes GUARD_CHECK_MS after the last, so its tick is checked. */
const guardClock = manualClock(Date.now());

beforeAll(() => {
  const deps = { ...depsOf(bed), log: bed.ctx.log, notifier: bed.ctx.notifier, market: bed.market, engine: bed.engine };
  mirror = new CopyMirror(deps);
  guard = new CopyGuard({ ...deps, clock: guardClock });
  mirror.start();
  unsubscribe = bed.market.onTick(() => guard.onTick());
});
afterAll(() => {
  unsubscribe();
  mirror.stop();
});
beforeEach(async () => {
  await price('1.10000');
});

async function price(p: string, after = GUARD_CHECK_MS): Promise<void> {
  guardClock.advance(after);
  bed.market.setPrice('TSTEUR', p);
  await bed.engine.idle();
  await mirror.idle();
  await guard.idle();
}

async function buy(userId: number, cont: string): Promise<number> {
  const o = await bed.engine.submit(userId, EUR, marketBuy({ cont }), null);
  await mirror.idle();
  return o.Id;
}

async function closeAndSettle(userId: number, id: number): Promise<void> {
  await bed.engine.close(userId, id);
  await bed.engine.idle();
  await mirror.idle();
}

describe('copy stop-loss', () => {
  it('closes every position of the copy at its level, ends it and tells the follower', async () => {
    // Copy 1,000 at 5 %: level 950. 0.1 lots bought at 1.10000 (fee 0.11); at 1.09400 the loss is 60: 939.89 ≤ 950.
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000', stopLoss: 5 });
    await buy(p, '0.4');
    const account = (await copyRow(bed, copyId)).account_id;
    await guard.check(true); // the guard's periodic read of the running copies (every GUARD_REFRESH_MS)
    await price('1.09600'); // loss 40: 959.89, above the level
    expect((await copyRow(bed, copyId)).status).toBe(1);
    // Checked at most every GUARD_CHECK_MS: a tick sooner after the last check waits for a later one.
    await price('1.09400', GUARD_CHECK_MS - 1);
    expect((await copyRow(bed, copyId)).status).toBe(1);
    await price('1.09400', 1);
    expect(await copyRow(bed, copyId)).toMatchObject({ status: 3, end_reason: 'copy_stop_loss' });
    const open = await bed.ctx.db.query('SELECT 1 FROM orders WHERE user_id = $1 AND status = 1', [account]);
    expect(open).toEqual([]);
    expect(await balanceOf(bed, f)).toBe('939.89');
    const notices = await bed.ctx.db.query<{ kind: string }>('SELECT kind FROM notices WHERE user_id = $1', [f]);
    expect(notices.map((n) => n.kind)).toContain('copy_stop_loss');
    // The provider's own position is untouched.
    expect(await bed.ctx.db.query('SELECT 1 FROM orders WHERE user_id = $1 AND status = 1', [p])).toHaveLength(1);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it("leaves a copy the follower stopped after the guard's read as the follower ended it", async () => {
    // The guard judges rows up to GUARD_REFRESH_MS old: a copy it read running may have been stopped since.
    const p = await provider(bed, '1000');
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000', stopLoss: 5 });
    const read = await copyRow(bed, copyId);
    await stopCopy(depsOf(bed), f, copyId);
    const stopped = await copyRow(bed, copyId);
    const ended = await endRunningCopy(depsOf(bed), read, 'copy_stop_loss');
    expect(await copyRow(bed, copyId)).toEqual(stopped);
    expect(stopped).toMatchObject({ status: 3, end_reason: 'user' });
    const returned = await bed.ctx.db.query<{ amount: string }>(
      "SELECT amount::text AS amount FROM copy_transfers WHERE copy_id = $1 AND kind = 'stop'",
      [copyId],
    );
    expect(returned.map((r) => dec(r.amount).toFixed())).toEqual(['1000']);
    expect(await balanceOf(bed, f)).toBe('1000');
    expect(ended, 'so the guard tells the follower nothing').toBe(false);
  });

  it("is this file's guard alone: the bed's server runs no copy jobs that would judge the bed's copies", () => {
    // Its guard, on real time and its own engine, saw no margin and ended copies on a slow host.
    expect(bed.server.ctx.engine.onCommitted).toBeNull();
  });
});

describe('performance fee above the high-water mark', () => {
  it('charges the fee to the cent when the copy stops, from the copy to the provider', async () => {
    // 0.1 lots at 1.10000 closed at 1.12000: +200, fee 0.11 → equity 1199.89; 20 % of 199.89 = 39.978 → 39.97.
    const p = await provider(bed, '1000', { fee: 20 });
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    const id = await buy(p, '0.1');
    await price('1.12000');
    await closeAndSettle(p, id);
    await stopCopy(depsOf(bed), f, copyId);
    const copy = await copyRow(bed, copyId);
    expect(await balanceOf(bed, f)).toBe('1159.92');
    expect(await recordsOf(bed, copy.account_id, RecordType.COPY_FEE_OUT)).toEqual(['-39.97']);
    expect(await recordsOf(bed, p, RecordType.COPY_FEE_IN)).toEqual(['39.97']);
    expect(Number(copy.fees_paid)).toBe(39.97);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it('keeps the mark across a stop and a restart of a copy of the same provider', async () => {
    const p = await provider(bed, '1000', { fee: 20 });
    const f = await trader(bed, '2000');
    const first = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    const held = await buy(p, '0.1');
    await price('1.09000'); // the copy is 100.11 down (loss 100, fee 0.11)
    await stopCopy(depsOf(bed), f, first);
    expect(await recordsOf(bed, (await copyRow(bed, first)).account_id, RecordType.COPY_FEE_OUT)).toEqual([]);
    const second = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    expect(Number((await copyRow(bed, second)).high_water_mark)).toBe(1100.11);
    // The provider, now 899.781 in equity, opens 0.1 at 1.09: the copy takes 0.11 (fee 0.1199); at 1.11 it has
    // made 220: equity 1219.8801, 20 % of (1219.8801 − 1100.11) = 23.95402 → 23.95 (not 43.97 above 1,000).
    await closeAndSettle(p, held);
    const again = await buy(p, '0.1');
    await price('1.11000');
    await closeAndSettle(p, again);
    await stopCopy(depsOf(bed), f, second);
    expect(await recordsOf(bed, (await copyRow(bed, second)).account_id, RecordType.COPY_FEE_OUT)).toEqual(['-23.95']);
  });

  it('settles a month once however often the job runs', async () => {
    const p = await provider(bed, '1000', { fee: 10 });
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    const id = await buy(p, '0.1');
    await price('1.12000');
    await closeAndSettle(p, id);
    await bed.ctx.db.query('UPDATE copies SET started_at = 0 WHERE id = $1', [copyId]); // started last month
    expect(await guard.settleMonth()).toBeGreaterThanOrEqual(1);
    await guard.settleMonth();
    const account = (await copyRow(bed, copyId)).account_id;
    expect(await recordsOf(bed, account, RecordType.COPY_FEE_OUT)).toEqual(['-19.98']); // 10 % of 199.89
    const periods = await bed.ctx.db.query<{ period: string }>(
      'SELECT period FROM copy_fee_settlements WHERE copy_id = $1',
      [copyId],
    );
    expect(periods.map((r) => r.period)).toEqual([expect.stringMatching(/^month:\d{4}-\d{2}$/)]);
    expect(Number((await copyRow(bed, copyId)).high_water_mark)).toBe(1179.91);
  });
});
