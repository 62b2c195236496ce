// Stopping a copy and keeping its positions on the real database (TEST_DB=pglite and postgres): the copied position
// moves to the follower's own account with its margin, the copy account is left empty, the link ends so the
// provider's close no longer reaches it, the follower closes it as their own, and the ledger adds up throughout;
// another follower's copy reads as unknown and nothing moves.
import { beforeEach, describe, expect, it } from 'vitest';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { stopKeepingPositions } from '../../../server/copy/copy-keep.ts';
import { errorKey, expectLedgerInvariants, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { balanceOf, copyRow, depsOf, provider, trader, useMirror, writerDeps } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();
const { settle } = useMirror(bed);

beforeEach(async () => {
  bed.market.setPrice('TSTEUR', '1.10000');
  await settle();
});

const openOf = (userId: number) =>
  bed.ctx.db.query<{ id: number; quantity: string }>(
    'SELECT id, quantity::text AS quantity FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id',
    [userId],
  );

const lockOf = async (userId: number): Promise<number> => {
  const rows = await bed.ctx.db.query<{ lock: string }>(
    'SELECT lock_balance AS lock FROM accounts WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.lock ?? 0);
};

describe('stop, keeping the positions', () => {
  it("moves the copied position and its margin to the follower's account, unlinked, and ends the copy", async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    const account = (await copyRow(bed, copyId)).account_id;
    const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await settle();
    const [copied] = await openOf(account);
    expect(Number(copied?.quantity)).toBe(0.1);
    const margin = await lockOf(account);
    expect(margin).toBeGreaterThan(0);
    const held = Number(await balanceOf(bed, account)) + margin; // the copy's money, its open fee paid

    await stopKeepingPositions(writerDeps(bed), f, copyId);
    await settle();
    expect(await openOf(account)).toEqual([]);
    expect((await openOf(f)).map((r) => r.id)).toEqual([copied?.id]);
    expect([await balanceOf(bed, account), await lockOf(account)]).toEqual(['0', 0]);
    expect(await lockOf(f)).toBe(margin);
    // Nothing lost: the wallet holds what the copy held, the margin now locked under the kept position.
    expect(Number(await balanceOf(bed, f)) + margin).toBeCloseTo(held, 8);
    expect(await copyRow(bed, copyId)).toMatchObject({ status: 3, end_reason: 'kept' });
    await expectLedgerInvariants(bed.ctx.db, f);
    await expectLedgerInvariants(bed.ctx.db, account);

    // The provider's close no longer reaches it; the follower closes it as their own.
    await bed.engine.close(p, o.Id);
    await settle();
    expect((await openOf(f)).map((r) => r.id)).toEqual([copied?.id]);
    await bed.engine.close(f, copied?.id ?? 0);
    await settle();
    expect([await openOf(f), await lockOf(f)]).toEqual([[], 0]);
    await expectLedgerInvariants(bed.ctx.db, f);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it("refuses another follower's copy and an ended one, changing nothing", async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    const other = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '500' });
    const refused = (userId: number) =>
      stopKeepingPositions(writerDeps(bed), userId, copyId).then(() => 'done', errorKey);
    expect(await refused(other)).toBe('copy_not_found');
    expect((await copyRow(bed, copyId)).status).toBe(1);
    expect(await refused(f)).toBe('done');
    expect(await balanceOf(bed, f)).toBe('1000');
    expect(await refused(f)).toBe('copy_not_running');
  });
});
