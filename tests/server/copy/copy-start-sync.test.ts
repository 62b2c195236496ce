// "Copy open positions" at the start on the real database (TEST_DB=pglite and postgres), on TST/EUR (100 000 units a
// lot): a provider position not in profit opens on the copy at the follower's current price with the same stop
// distances, sized like a mirrored open; one in profit is skipped and told (MT5's rule); without the choice nothing
// earlier is copied; a replay and the writer's reconciliation double nothing and finish what the start left undone;
// a position copied at the start closes with the provider's close.
import { beforeEach, describe, expect, it } from 'vitest';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { copyOpenPositions } from '../../../server/copy/copy-start-sync.ts';
import type { SubmitQuery } from '../../../server/http/wire/submit-query.ts';
import { expectLedgerInvariants, marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { copyRow, depsOf, provider, trader, useMirror, writerDeps } from './copy-support.ts';

const EUR = 9001;
const bed = useEngineBed();
const { mirror, settle } = useMirror(bed);

beforeEach(async () => {
  bed.market.setPrice('TSTEUR', '1.10000');
  await settle();
});

const writer = () => writerDeps(bed);

async function open(userId: number, over: Partial<SubmitQuery>) {
  const o = await bed.engine.submit(userId, EUR, marketBuy(over), null);
  await settle();
  return o;
}

/** Starts a copy a second after the provider's fills (the start is what "before" is measured against). */
async function follow(p: number, copyOpen: boolean) {
  const f = await trader(bed, '1000');
  const later = { ...depsOf(bed), clock: { now: () => bed.ctx.clock.now() + 1000 } };
  const copyId = await startCopy(later, f, { providerId: p, amount: '1000', copyOpen });
  return { f, copyId, account: (await copyRow(bed, copyId)).account_id };
}

async function held(accountId: number) {
  const rows = await bed.ctx.db.query<{ quantity: string; price: string; tp: string; sl: string; type: number }>(
    `SELECT quantity::text AS quantity, price::text AS price, target_profit_price::text AS tp,
            target_loss_price::text AS sl, order_type AS type FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id`,
    [accountId],
  );
  return rows.map((r) => ({
    ...r,
    quantity: Number(r.quantity),
    price: Number(r.price),
    tp: Number(r.tp),
    sl: Number(r.sl),
  }));
}

const actionsOf = (copyId: number) =>
  bed.ctx.db.query<{ action: string; outcome: string; reason: string }>(
    'SELECT action, outcome, reason FROM copy_actions WHERE copy_id = $1 ORDER BY id',
    [copyId],
  );

describe('copy open positions at the start', () => {
  it('opens a position not in profit at the current price with the same stop distances; skips one in profit', async () => {
    const p = await provider(bed, '4000');
    await open(p, { cont: '0.4', target_profit_price: '1.11000', stop_loss_price: '1.09000' });
    await open(p, { type: 2, cont: '0.2' });
    bed.market.setPrice('TSTEUR', '1.09500'); // the buy loses 200, the sell gains 100
    const { f, copyId, account } = await follow(p, true);
    await copyOpenPositions(writer(), copyId);
    await settle();
    // Provider equity 4000 − fees − 100 ≈ 3899.3: 0.4 × 1000 ÷ 3899.3 = 0.1025… → 0.1 at 1.095, stops ±0.01 / −0.01.
    expect(await held(account)).toEqual([{ quantity: 0.1, price: 1.095, tp: 1.105, sl: 1.085, type: 1 }]);
    expect(await actionsOf(copyId)).toEqual([
      { action: 'open', outcome: 'done', reason: '' },
      { action: 'open', outcome: 'skipped', reason: 'provider_in_profit' },
    ]);
    const notices = await bed.ctx.db.query<{ kind: string; payload: string }>(
      'SELECT kind, payload FROM notices WHERE user_id = $1 ORDER BY id',
      [f],
    );
    expect(notices.map((n) => n.kind)).toEqual(['copy_opened', 'copy_skipped']);
    expect(JSON.parse(notices[1]?.payload ?? '{}')).toMatchObject({ reason_key: 'copy.skip.provider_in_profit' });

    // A replay and the writer's reconciliation double nothing and tell nothing again.
    await copyOpenPositions(writer(), copyId);
    await mirror().reconcile();
    await settle();
    expect(await held(account)).toHaveLength(1);
    expect(await actionsOf(copyId)).toHaveLength(2);
    await expectLedgerInvariants(bed.ctx.db, account);
  });

  it('copies nothing opened before the start without the choice, even on reconciliation', async () => {
    const p = await provider(bed, '4000');
    await open(p, { cont: '0.4' });
    bed.market.setPrice('TSTEUR', '1.09000');
    const { copyId, account } = await follow(p, false);
    await copyOpenPositions(writer(), copyId);
    await mirror().reconcile();
    await settle();
    expect(await held(account)).toEqual([]);
    expect(await actionsOf(copyId)).toEqual([]);
  });

  it('is finished by the writer when the start left it undone, and closes with the provider', async () => {
    const p = await provider(bed, '4000');
    const o = await open(p, { cont: '0.4' });
    bed.market.setPrice('TSTEUR', '1.10000'); // level: a floating P&L of 0 is not a profit
    const { account } = await follow(p, true);
    await mirror().reconcile(); // the start process died before copying: the writer's job opens it
    await settle();
    expect((await held(account)).map((h) => h.quantity)).toEqual([0.1]);
    await bed.engine.close(p, o.Id);
    await settle();
    expect(await held(account)).toEqual([]);
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });
});
