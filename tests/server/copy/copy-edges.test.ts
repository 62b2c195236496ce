// The edges of mirroring (docs/copy-trading.md "Edges") on the real database (TEST_DB=pglite and postgres), on
// TST/EUR at 1.10000: a halt skips an open with its reason and holds a close until the market trades again (then
// the reconciliation job closes it); a stale price does the same; a provider's deposit changes the next trade's
// size, never a copied position; a margin call stops out the copy account alone, its position unlinked, the
// follower's wallet untouched; a suspended provider's close still reaches the followers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TradeBlock } from '../../../server/market/market-view.ts';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { setSuspended } from '../../../server/copy/copy-repository.ts';
import { type CopyMirror } from '../../../server/copy/mirror.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { balanceOf, copyRow, depsOf, mirrorOf, provider, trader } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();
let mirror: CopyMirror;
let block: TradeBlock | null = null;

beforeAll(() => {
  (bed.market as { tradeBlock?: (code: string) => TradeBlock | null }).tradeBlock = () => block;
  mirror = mirrorOf(bed);
  mirror.start();
});
afterAll(() => mirror.stop());
beforeEach(async () => {
  block = null;
  bed.market.setOpen('TSTEUR', true);
  bed.market.setPrice('TSTEUR', '1.10000');
  await settle();
});

async function settle(): Promise<void> {
  await bed.engine.idle();
  await mirror.idle();
  await bed.engine.idle();
}

async function pair(equity: string, amount: string, multiplier?: string) {
  const p = await provider(bed, equity);
  const f = await trader(bed, amount);
  const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount, multiplier });
  return { p, f, copyId, account: (await copyRow(bed, copyId)).account_id };
}

const held = async (accountId: number): Promise<string[]> =>
  (
    await bed.ctx.db.query<{ quantity: string }>(
      'SELECT quantity::text AS quantity FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id',
      [accountId],
    )
  ).map((r) => String(Number(r.quantity)));

const actions = (copyId: number) =>
  bed.ctx.db.query<{ action: string; outcome: string; reason: string }>(
    'SELECT action, outcome, reason FROM copy_actions WHERE copy_id = $1 ORDER BY id',
    [copyId],
  );

/** The provider opens while the writer is not mirroring; the mirror then meets `during` (a halt, a stale price). */
async function openUnder(p: number, during: () => void) {
  mirror.stop();
  const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
  await bed.engine.idle();
  during();
  mirror.start();
  await mirror.sync(o.Id);
  return o;
}

/** The provider's position is mirrored, then closed while `during` holds; the close waits for the market. */
async function closeUnder(p: number, account: number, during: () => void, after: () => void): Promise<void> {
  const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
  await settle();
  expect(await held(account)).toEqual(['0.1']);
  mirror.stop();
  await bed.engine.close(p, o.Id);
  await bed.engine.idle();
  during();
  mirror.start();
  await mirror.sync(o.Id);
  expect(await held(account)).toEqual(['0.1']); // refused whole: nothing half-done, nothing dropped
  after();
  expect((await mirror.reconcile()).orphans).toBe(1);
  expect(await held(account)).toEqual([]);
}

describe('edges of copy trading', () => {
  it('a halt skips an open with its reason and holds a close until the market trades again', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    await openUnder(p, () => bed.market.setOpen('TSTEUR', false));
    expect(await held(account)).toEqual([]);
    expect(await actions(copyId)).toEqual([{ action: 'open', outcome: 'skipped', reason: 'market_closed' }]);
    bed.market.setOpen('TSTEUR', true);
    const halted = () => {
      block = { key: 'instrument_halted', reason: 'news' };
    };
    await closeUnder(p, account, halted, () => (block = null));
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it('a stale price skips an open and holds a close like a halt', async () => {
    const { p, copyId, account } = await pair('4000', '1000');
    await openUnder(p, () => (block = { key: 'price_stale' }));
    expect(await actions(copyId)).toEqual([{ action: 'open', outcome: 'skipped', reason: 'price_stale' }]);
    block = null;
    await closeUnder(
      p,
      account,
      () => (block = { key: 'price_stale' }),
      () => (block = null),
    );
  });

  it("a provider's deposit changes the next trade's size, never a copied position", async () => {
    const { p, account } = await pair('4000', '1000');
    await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await settle();
    expect(await held(account)).toEqual(['0.1']);
    await move(bed.ctx.db, p, { balance: '4000', type: RecordType.MEMO, memo: 'deposit', at: bed.ctx.clock.now() });
    await settle();
    expect(await held(account)).toEqual(['0.1']);
    await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await settle();
    // The provider's equity doubled: the same 0.4 lots now make half the copy's size.
    expect(await held(account)).toEqual(['0.1', '0.05']);
  });

  it("a margin call stops out the copy account alone: its position unlinked, the follower's wallet untouched", async () => {
    // A copy ×3 of a provider far from its own stop-out: the copy's 0.9 lots ×100 on 1,000 USD (margin 990) is
    // stopped out at 1.09400 (a loss of 540), the provider's 12 lots on 40,000 USD are not.
    const { p, f, copyId, account } = await pair('40000', '1000', '3');
    await bed.engine.submit(p, EUR, marketBuy({ cont: '12' }), null);
    await settle();
    expect(await held(account)).toEqual(['0.9']);
    const wallet = await balanceOf(bed, f);
    await bed.ctx.db.query('UPDATE copies SET stop_loss_percent = 95 WHERE id = $1', [copyId]);
    bed.market.setPrice('TSTEUR', '1.09400');
    await settle();
    expect(await held(account)).toEqual([]);
    const links = await bed.ctx.db.query<{ unlink_reason: string }>(
      'SELECT unlink_reason FROM copy_links WHERE copy_id = $1',
      [copyId],
    );
    expect(links).toEqual([{ unlink_reason: 'follower_closed' }]);
    expect(await balanceOf(bed, f)).toBe(wallet);
    const provider = await bed.ctx.db.query('SELECT id FROM orders WHERE user_id = $1 AND status = 1', [p]);
    expect(provider).toHaveLength(1);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it("a suspended provider's close still closes the followers' positions", async () => {
    const { p, account } = await pair('4000', '1000');
    const o = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await settle();
    await setSuspended(bed.ctx.db, p, bed.ctx.clock.now());
    await bed.engine.close(p, o.Id);
    await settle();
    expect(await held(account)).toEqual([]);
  });
});
