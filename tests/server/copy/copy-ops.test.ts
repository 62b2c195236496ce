// The dealer's copy-trading commands through the ops runner on the real database (TEST_DB=pglite and postgres): a
// suspension stops the provider being copied and is an audit row; copy-reconcile closes an orphan (a copied position
// whose provider position closed while nothing mirrored it) under its declared money effect, and a second run finds
// nothing; the ledger adds up. The dealer's book answers with a copied position whose account the engine has not read
// yet (it is read in the command's own transaction: on PGlite the server's outer db would wait for it for ever).
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { COPY_COMMANDS } from '../../../server/ops/commands/copy.ts';
import { bookTop } from '../../../server/ops/commands/book.ts';
import { runAs } from '../../../server/ops/run.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { TEST_OPERATOR, refusalKey } from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { copyRow, depsOf, provider, trader } from './copy-support.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';
import { stopCopy } from '../../../server/copy/copy-accounts.ts';

const bed = useEngineBed();
const ctx = (): AppContext => ({ ...bed.ctx, engine: bed.engine });
const command = (name: string) => {
  const c = COPY_COMMANDS.find((x) => x.name === name);
  if (!c) throw new Error(name);
  return (args: Record<string, string>) => runAs(ctx(), c, args, TEST_OPERATOR);
};

async function auditRows(action: string): Promise<number> {
  const rows = await bed.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action]);
  return Number(rows[0]?.n);
}

/** A provider (fee %) copied by a follower, one open of the provider's mirrored, then the mirror stopped. */
async function mirroredOpen(fee: number) {
  const p = await provider(bed, '4000', { fee });
  const f = await trader(bed, '1000');
  const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
  const account = (await copyRow(bed, copyId)).account_id;
  const mirror = new CopyMirror({ ...ctx(), market: bed.market });
  mirror.start();
  const o = await bed.engine.submit(p, 9001, marketBuy({ cont: '0.4' }), null);
  await mirror.idle();
  mirror.stop();
  return { p, f, copyId, account, o };
}

describe('copy trading in the back office', () => {
  it('suspends and reinstates a provider, each an audit row', async () => {
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    const before = await auditRows('provider-suspend');
    await command('provider-suspend')({ user: `#${p}` });
    expect(await auditRows('provider-suspend')).toBe(before + 1);
    expect(await refusalKey(startCopy(depsOf(bed), f, { providerId: p, amount: '100' }))).toBe('provider_suspended');
    await command('provider-unsuspend')({ user: `#${p}` });
    await startCopy(depsOf(bed), f, { providerId: p, amount: '100' });
    expect(await refusalKey(command('provider-suspend')({ user: `#${f}` }))).toBe('not_found');
  });

  it('closes an orphan once, and a second run finds none', async () => {
    const { p, account, o } = await mirroredOpen(0); // then the writer dies before the close is mirrored
    await bed.engine.close(p, o.Id);
    const open = () =>
      bed.ctx.db.query('SELECT id FROM orders WHERE user_id = $1 AND status = 1', [account]).then((r) => r.length);
    expect(await open()).toBe(1);
    expect(await command('copy-reconcile')({})).toMatchObject({ orphans: 1 });
    expect(await open()).toBe(0);
    expect(await command('copy-reconcile')({})).toMatchObject({ orphans: 0 });
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it('shows copies, providers, fees and the reconciliation state', async () => {
    const { p, f, copyId, account, o } = await mirroredOpen(20);
    const mine = async () =>
      ((await command('copy-list')({ provider: `#${p}` })) as Array<Record<string, unknown>>).find(
        (c) => c.id === copyId,
      );
    expect(await mine()).toMatchObject({ status: 'active', invested: '1000.00', positions: 1, linked: 1, orphans: 0 });
    expect((await mine())?.reconcile).toBe('in sync');
    const providers = (await command('copy-providers')({})) as Array<Record<string, unknown>>;
    const row = providers.find((r) => String(r.provider).startsWith(`provider ${p} `));
    expect(row).toMatchObject({ world: 'real', copiers: 1, fee_percent: 20, fees_earned: '0.00', unpublished: false });
    expect(Number(row?.aum)).toBeGreaterThan(990);

    await bed.engine.close(p, o.Id); // the writer is gone: the follower's position is an orphan
    expect(await mine()).toMatchObject({ linked: 1, orphans: 1, reconcile: 'orphans waiting' });
    expect(await command('copy-state')({})).toMatchObject({ orphans_waiting: 1 });
    await command('copy-reconcile')({});
    expect(await mine()).toMatchObject({ positions: 0, linked: 0, orphans: 0 });
    expect(await command('copy-state')({})).toMatchObject({ orphans_waiting: 0 });

    await bed.engine.closeAll(account, {});
    await stopCopy({ ...depsOf(bed) }, f, copyId);
    expect(await mine()).toBeUndefined(); // running copies only, unless --all
    expect((await command('copy-list')({ provider: `#${p}`, all: 'yes' })) as unknown[]).toHaveLength(1);
    const fees = (await command('copy-fees')({})) as Array<Record<string, unknown>>;
    expect(fees.find((r) => r.copy === copyId)).toMatchObject({ period: 'stop' });
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });

  it("answers the dealer's book holding a copied position of an account the engine has not read yet", async () => {
    const { account } = await mirroredOpen(0); // opened by the mirror, not through a submit that reads its owner
    const [user] = await bed.ctx.db.query<{ uid: string }>('SELECT uid FROM users WHERE id = $1', [account]);
    const top = (await runAs(ctx(), bookTop, {}, TEST_OPERATOR)) as Array<{ uid: string }>;
    expect(top.map((r) => r.uid)).toContain(user?.uid);
  });
});
