// The dealer's copy-trading commands through the ops runner on the real database (TEST_DB=pglite and postgres): a
// suspension stops the provider being copied and is an audit row; copy-reconcile closes an orphan (a copied position
// whose provider position closed while nothing mirrored it) under its declared money effect, and a second run finds
// nothing; the ledger adds up.
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/core/app-context.ts';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { COPY_COMMANDS } from '../../../server/ops/commands/copy.ts';
import { runAs } from '../../../server/ops/run.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { TEST_OPERATOR, refusalKey } from '../support/harness.ts';
import { ledgerHolds } from '../support/ledger-invariant.ts';
import { copyRow, depsOf, provider, trader } from './copy-support.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';

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
    const p = await provider(bed, '4000');
    const f = await trader(bed, '1000');
    const copyId = await startCopy(depsOf(bed), f, { providerId: p, amount: '1000' });
    const account = (await copyRow(bed, copyId)).account_id;
    const mirror = new CopyMirror({ ...ctx(), market: bed.market });
    mirror.start();
    const o = await bed.engine.submit(p, 9001, marketBuy({ cont: '0.4' }), null);
    await mirror.idle();
    mirror.stop(); // the writer dies before the close is mirrored
    await bed.engine.close(p, o.Id);
    const open = () =>
      bed.ctx.db.query('SELECT id FROM orders WHERE user_id = $1 AND status = 1', [account]).then((r) => r.length);
    expect(await open()).toBe(1);
    expect(await command('copy-reconcile')({})).toMatchObject({ orphans: 1 });
    expect(await open()).toBe(0);
    expect(await command('copy-reconcile')({})).toMatchObject({ orphans: 0 });
    expect(await ledgerHolds(bed.ctx)).toBe(true);
  });
});
