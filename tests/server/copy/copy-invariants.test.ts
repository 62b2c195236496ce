// The copy invariant (server/copy/copy-invariants.ts), which `npm run soak` checks at its end: it holds while the
// mirror runs; an open the writer never mirrored and an orphan left by a close it never mirrored are each reported,
// and the reconciliation job makes it hold again.
import { describe, expect, it } from 'vitest';
import { startCopy } from '../../../server/copy/copy-accounts.ts';
import { copyViolations } from '../../../server/copy/copy-invariants.ts';
import { marketBuy, useEngineBed } from '../support/engine-helpers.ts';
import { depsOf, mirrorOf, provider, trader } from './copy-support.ts';

const bed = useEngineBed();
const EUR = 9001;

describe('the copy invariant', () => {
  it('holds while mirroring, reports a lost open and an orphan, and holds again after reconciling', async () => {
    const mirror = mirrorOf(bed);
    const p = await provider(bed, '4000');
    const copyId = await startCopy(depsOf(bed), await trader(bed, '1000'), { providerId: p, amount: '1000' });
    mirror.start();
    const first = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await mirror.idle();
    expect(await copyViolations(bed.ctx.db)).toEqual([]);

    mirror.stop(); // the writer stops mirroring: an open and a close go unmirrored
    const second = await bed.engine.submit(p, EUR, marketBuy({ cont: '0.4' }), null);
    await bed.engine.close(p, first.Id);
    const found = await copyViolations(bed.ctx.db);
    expect(found).toContain(`copy ${copyId}: provider position ${second.Id} neither copied nor skipped`);
    expect(
      found.some((v) => v.startsWith(`copy ${copyId}: position`) && v.endsWith("orphaned (its provider's closed)")),
    ).toBe(true);

    await mirror.reconcile();
    expect(await copyViolations(bed.ctx.db)).toEqual([]);
  });
});
