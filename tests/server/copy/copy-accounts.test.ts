// A copy as its own sub-account on the real database (TEST_DB=pglite and postgres): starting moves the amount from
// the follower into a copy account with a record on both sides, adding and withdrawing move it with the mark and the
// money put in following, stopping returns it; every refusal (a sample, a suspended provider, the other world, a
// second copy, a short balance, bad terms, another's copy) changes nothing; the ledger adds up for every account.
import { describe, expect, it } from 'vitest';
import { addToCopy, pauseCopy, startCopy, stopCopy, withdrawFromCopy } from '../../../server/copy/copy-accounts.ts';
import { publishProvider } from '../../../server/copy/providers.ts';
import { setSuspended } from '../../../server/copy/copy-repository.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { setSetting } from '../../../server/settings/settings.ts';
import { errorKey, expectLedgerInvariants, useEngineBed } from '../support/engine-helpers.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { balanceOf, copyRow, countCopies, depsOf, provider, recordsOf, trader } from './copy-support.ts';

const bed = useEngineBed();
const deps = () => depsOf(bed);

async function refused(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return errorKey(err);
  }
  return 'not refused';
}

describe('a copy is its own sub-account', () => {
  it('starts with the amount moved from the follower into the copy account, a record on each side', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '5000');
    const id = await startCopy(deps(), f, { providerId: p, amount: '1000', multiplier: '1.5', stopLoss: 30 });
    const copy = await copyRow(bed, id);
    expect(copy).toMatchObject({ status: 1, multiplier: '1.5', stop_loss_percent: 30, follower_id: f });
    expect(await balanceOf(bed, f)).toBe('4000');
    expect(await balanceOf(bed, copy.account_id)).toBe('1000');
    expect(await recordsOf(bed, f, RecordType.COPY_FUND_OUT)).toEqual(['-1000']);
    expect(await recordsOf(bed, copy.account_id, RecordType.COPY_FUND_IN)).toEqual(['1000']);
    expect(Number(copy.net_invested)).toBe(1000);
    expect(Number(copy.high_water_mark)).toBe(1000);
    await expectLedgerInvariants(bed.ctx.db, f);
    await expectLedgerInvariants(bed.ctx.db, copy.account_id);
  });

  it('takes the defaults: multiplier 1, stop-loss 40 %', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '500');
    const copy = await copyRow(bed, await startCopy(deps(), f, { providerId: p, amount: '100' }));
    expect(copy).toMatchObject({ multiplier: '1.0', stop_loss_percent: 40 });
  });

  it('adds and withdraws with records on both sides, the money put in and the mark following', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '3000');
    const id = await startCopy(deps(), f, { providerId: p, amount: '1000' });
    await addToCopy(deps(), f, id, '500');
    let copy = await copyRow(bed, id);
    expect([Number(copy.net_invested), Number(copy.high_water_mark)]).toEqual([1500, 1500]);
    await withdrawFromCopy(deps(), f, id, '300');
    copy = await copyRow(bed, id);
    expect([Number(copy.net_invested), Number(copy.high_water_mark)]).toEqual([1200, 1200]);
    expect(await balanceOf(bed, f)).toBe('1800');
    expect(await balanceOf(bed, copy.account_id)).toBe('1200');
    expect(await recordsOf(bed, copy.account_id, RecordType.COPY_RETURN_OUT)).toEqual(['-300']);
    expect(await recordsOf(bed, f, RecordType.COPY_RETURN_IN)).toEqual(['300']);
    expect(await refused(withdrawFromCopy(deps(), f, id, '1200.01'))).toBe('copy_withdraw_too_much');
    expect(await balanceOf(bed, copy.account_id)).toBe('1200');
    await expectLedgerInvariants(bed.ctx.db, f);
    await expectLedgerInvariants(bed.ctx.db, copy.account_id);
  });

  it('pauses, resumes and stops: the whole balance back to the follower, the copy ended', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '2000');
    const id = await startCopy(deps(), f, { providerId: p, amount: '1000' });
    await pauseCopy(deps(), f, id, true);
    expect((await copyRow(bed, id)).status).toBe(2);
    await pauseCopy(deps(), f, id, false);
    expect((await copyRow(bed, id)).status).toBe(1);
    await stopCopy(deps(), f, id);
    const copy = await copyRow(bed, id);
    expect(copy).toMatchObject({ status: 3, end_reason: 'user' });
    expect(await balanceOf(bed, f)).toBe('2000');
    expect(await balanceOf(bed, copy.account_id)).toBe('0');
    expect(await refused(addToCopy(deps(), f, id, '10'))).toBe('copy_not_running');
    // A new copy of the same provider may start once the first ended.
    await startCopy(deps(), f, { providerId: p, amount: '100' });
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it('refuses a bad or short addition and a bad withdrawal, changing nothing; a paused copy takes both', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1500');
    const id = await startCopy(deps(), f, { providerId: p, amount: '1000' });
    const account = (await copyRow(bed, id)).account_id;
    for (const [amount, error] of [
      ['0', 'amount_invalid'],
      ['-5', 'amount_invalid'],
      ['abc', 'not_a_number'],
      ['1.001', 'amount_places'],
      ['500.01', 'insufficient_balance'],
    ] as const) {
      expect(await refused(addToCopy(deps(), f, id, amount))).toBe(error);
    }
    for (const [amount, error] of [
      ['', 'amount_invalid'],
      ['1e2', 'not_a_number'],
      ['1000.01', 'copy_withdraw_too_much'],
    ] as const) {
      expect(await refused(withdrawFromCopy(deps(), f, id, amount))).toBe(error);
    }
    expect([await balanceOf(bed, f), await balanceOf(bed, account)]).toEqual(['500', '1000']);
    expect(await recordsOf(bed, account, RecordType.COPY_RETURN_OUT)).toEqual([]);
    expect(Number((await copyRow(bed, id)).net_invested)).toBe(1000);
    await pauseCopy(deps(), f, id, true);
    await addToCopy(deps(), f, id, '500');
    await withdrawFromCopy(deps(), f, id, '250.5');
    expect([await balanceOf(bed, f), await balanceOf(bed, account)]).toEqual(['250.5', '1249.5']);
    expect((await copyRow(bed, id)).status).toBe(2);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it("refuses another follower's copy as if it did not exist, changing nothing", async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '2000');
    const other = await trader(bed, '2000');
    const id = await startCopy(deps(), f, { providerId: p, amount: '1000' });
    expect(await refused(withdrawFromCopy(deps(), other, id, '10'))).toBe('copy_not_found');
    expect(await refused(stopCopy(deps(), other, id))).toBe('copy_not_found');
    expect(await refused(pauseCopy(deps(), other, id, true))).toBe('copy_not_found');
    expect((await copyRow(bed, id)).status).toBe(1);
    expect(await balanceOf(bed, other)).toBe('2000');
  });
});

describe('who may copy whom', () => {
  it('refuses bad terms and a short balance before anything moves', async () => {
    const p = await provider(bed, '4000', { min: '200' });
    const f = await trader(bed, '300');
    const before = await countCopies(bed);
    const start = (over: Record<string, unknown>) =>
      refused(startCopy(deps(), f, { providerId: p, amount: '250', ...over }));
    expect(await start({ amount: '199.99' })).toBe('copy_amount_below_min');
    expect(await start({ amount: '1e3' })).toBe('not_a_number');
    expect(await start({ multiplier: '3.1' })).toBe('copy_multiplier_invalid');
    expect(await start({ multiplier: '0.05' })).toBe('copy_multiplier_invalid');
    expect(await start({ stopLoss: 4 })).toBe('copy_stop_loss_invalid');
    expect(await start({ stopLoss: 96 })).toBe('copy_stop_loss_invalid');
    expect(await start({ amount: '300.01' })).toBe('insufficient_balance');
    expect(await countCopies(bed)).toBe(before);
    expect(await balanceOf(bed, f)).toBe('300');
  });

  it('demo and real never meet: each world copies its own providers only', async () => {
    const demoProvider = await provider(bed, '4000', { isDemo: true });
    const realProvider = await provider(bed, '4000');
    const demoFollower = await trader(bed, '1000', true);
    const realFollower = await trader(bed, '1000');
    expect(await refused(startCopy(deps(), demoFollower, { providerId: realProvider, amount: '100' }))).toBe(
      'copy_world_mismatch',
    );
    expect(await refused(startCopy(deps(), realFollower, { providerId: demoProvider, amount: '100' }))).toBe(
      'copy_world_mismatch',
    );
    const id = await startCopy(deps(), demoFollower, { providerId: demoProvider, amount: '100' });
    const account = (await copyRow(bed, id)).account_id;
    const world = await bed.ctx.db.query<{ is_demo: number }>('SELECT is_demo FROM users WHERE id = $1', [account]);
    expect(world[0]?.is_demo).toBe(1); // the copy account is of the follower's world
    expect(await balanceOf(bed, realFollower)).toBe('1000');
  });

  it('refuses a sample, a suspended provider, oneself, a second running copy and a copy account', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    await bed.ctx.db.query('UPDATE copy_providers SET is_sample = 1 WHERE user_id = $1', [p]);
    expect(await refused(startCopy(deps(), f, { providerId: p, amount: '100' }))).toBe('provider_not_copyable');
    await bed.ctx.db.query('UPDATE copy_providers SET is_sample = 0 WHERE user_id = $1', [p]);
    await setSuspended(bed.ctx.db, p, bed.ctx.clock.now());
    expect(await refused(startCopy(deps(), f, { providerId: p, amount: '100' }))).toBe('provider_suspended');
    await setSuspended(bed.ctx.db, p, null);
    expect(await refused(startCopy(deps(), p, { providerId: p, amount: '100' }))).toBe('copy_self');
    const id = await startCopy(deps(), f, { providerId: p, amount: '100' });
    expect(await refused(startCopy(deps(), f, { providerId: p, amount: '100' }))).toBe('copy_running');
    const account = (await copyRow(bed, id)).account_id;
    expect(await refused(startCopy(deps(), account, { providerId: p, amount: '100' }))).toBe('copy_not_found');
    expect(await refused(startCopy(deps(), f, { providerId: 987654, amount: '100' }))).toBe('provider_not_copyable');
    expect(await balanceOf(bed, f)).toBe('900');
  });

  it("trades under the follower's retail terms: a real follower owes the questionnaire first", async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    await setSetting(bed.ctx.db, 'retail_protection', '1');
    try {
      expect(await refused(startCopy(deps(), f, { providerId: p, amount: '100' }))).toBe('appropriateness_required');
      expect(await balanceOf(bed, f)).toBe('1000');
      await bed.ctx.db.query(
        `INSERT INTO appropriateness (user_id, answers, score, passed, taken_at) VALUES ($1, '[]', 9, TRUE, 0)`,
        [f],
      );
      const copy = await copyRow(bed, await startCopy(deps(), f, { providerId: p, amount: '100' }));
      const inherited = await bed.ctx.db.query('SELECT passed FROM appropriateness WHERE user_id = $1', [
        copy.account_id,
      ]);
      expect(inherited).toEqual([{ passed: true }]);
    } finally {
      await setSetting(bed.ctx.db, 'retail_protection', '0');
    }
  });

  it('publishes a demo account freely and a real one only with a verified identity', async () => {
    const demo = await trader(bed, '0', true);
    await publishProvider(deps(), demo, { name: 'Demo Dan', description: 'practice', fee: 10, minAmount: '100' });
    const rows = await bed.ctx.db.query<{ is_demo: number; fee_percent: number }>(
      'SELECT is_demo, fee_percent FROM copy_providers WHERE user_id = $1',
      [demo],
    );
    expect(rows[0]).toEqual({ is_demo: 1, fee_percent: 10 });
    const real = await trader(bed, '0');
    const ok = { name: 'Real Rita', fee: 20, minAmount: '100' };
    expect(await refused(publishProvider(deps(), real, ok))).toBe('provider_real_name_required');
    expect(await refused(publishProvider(deps(), demo, { ...ok, fee: 31 }))).toBe('provider_fee_invalid');
    expect(await refused(publishProvider(deps(), demo, { ...ok, fee: 1.5 }))).toBe('provider_fee_invalid');
    expect(await refused(publishProvider(deps(), demo, { ...ok, minAmount: '99.99' }))).toBe('provider_min_invalid');
    expect(await refused(publishProvider(deps(), demo, { ...ok, name: ' ' }))).toBe('provider_name_invalid');
  });
});
