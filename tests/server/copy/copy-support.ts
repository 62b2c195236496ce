// Helpers of the copy-trading tests: providers of either world, followers, the copy services' dependencies from an
// engine bed, and the figures a test reads (a balance, a copy's row, the records of a type).
import { createUser } from '../../../server/accounts/create-user.ts';
import { upsertProvider, copyById, type CopyRow } from '../../../server/copy/copy-repository.ts';
import type { CopyDeps } from '../../../server/copy/copy-fees.ts';
import { CopyMirror } from '../../../server/copy/mirror.ts';
import type { MirrorDeps } from '../../../server/copy/mirror-actions.ts';
import { afterAll, beforeAll } from 'vitest';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import { dec } from '../../../domain/decimal.ts';
import type { EngineBedHandle } from '../support/engine-helpers.ts';
import type { EngineInstrument } from '../../../server/engine/types.ts';

export const depsOf = (bed: EngineBedHandle): CopyDeps => ({
  db: bed.ctx.db,
  clock: bed.ctx.clock,
  engine: bed.engine,
});

/** What the writer's mirror works with, over the bed's engine and market. */
export const writerDeps = (bed: EngineBedHandle): MirrorDeps => ({
  ...depsOf(bed),
  log: bed.ctx.log,
  notifier: bed.ctx.notifier,
  market: bed.market,
  engine: bed.engine,
});

/** The writer's mirror over the bed's engine and market (not started). */
export const mirrorOf = (bed: EngineBedHandle): CopyMirror => new CopyMirror(writerDeps(bed));

/** A mirror started for the file's tests, and `settle`: resolves once the engine and the mirror are idle. */
export function useMirror(bed: EngineBedHandle): { mirror: () => CopyMirror; settle: () => Promise<void> } {
  let mirror: CopyMirror | undefined;
  beforeAll(() => {
    mirror = mirrorOf(bed);
    mirror.start();
  });
  afterAll(() => mirror?.stop());
  const started = (): CopyMirror => {
    if (!mirror) throw new Error('the mirror is not started yet');
    return mirror;
  };
  return {
    mirror: started,
    settle: async () => {
      await bed.engine.idle();
      await started().idle();
      await bed.engine.idle();
    },
  };
}

/** A user of either world funded with `amount` through the ledger. */
export async function trader(bed: EngineBedHandle, amount: string, isDemo = false): Promise<number> {
  const at = bed.ctx.clock.now();
  const id = await createUser(bed.ctx.db, { passwordHash: '', isDemo }, at);
  if (dec(amount).gt(0)) await move(bed.ctx.db, id, { balance: amount, type: RecordType.MEMO, memo: 'test', at });
  return id;
}

/** A funded provider (published directly: the real-name rule has its own test). */
export async function provider(
  bed: EngineBedHandle,
  amount: string,
  over: { isDemo?: boolean; fee?: number; min?: string } = {},
): Promise<number> {
  const id = await trader(bed, amount, over.isDemo ?? false);
  await upsertProvider(bed.ctx.db, {
    userId: id,
    name: `provider ${id}`,
    description: '',
    feePercent: over.fee ?? 0,
    minAmount: over.min ?? '100',
    isDemo: over.isDemo ?? false,
    at: bed.ctx.clock.now(),
  });
  return id;
}

export async function balanceOf(bed: EngineBedHandle, userId: number): Promise<string> {
  const rows = await bed.ctx.db.query<{ balance: string }>('SELECT balance FROM accounts WHERE user_id = $1', [userId]);
  return dec(rows[0]?.balance ?? '0').toFixed();
}

export async function copyRow(bed: EngineBedHandle, copyId: number): Promise<CopyRow> {
  const row = await copyById(bed.ctx.db, copyId);
  if (!row) throw new Error(`no copy ${copyId}`);
  return row;
}

export async function recordsOf(bed: EngineBedHandle, userId: number, type: number): Promise<string[]> {
  const rows = await bed.ctx.db.query<{ value: string }>(
    'SELECT value FROM financial_records WHERE user_id = $1 AND type = $2 ORDER BY id',
    [userId, type],
  );
  return rows.map((r) => dec(r.value).toFixed());
}

export async function countCopies(bed: EngineBedHandle): Promise<number> {
  const rows = await bed.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM copies');
  return Number(rows[0]?.n);
}

/** TST/WID: a minimum lot above the step and no fee, for the partial close's remainder rule. */
export const WIDE: EngineInstrument = {
  id: 9004,
  code: 'TSTWID',
  showCode: 'TST/WID',
  pricePrecision: 5,
  pip: '0.01',
  minLots: '0.1',
  multiples: [100],
  spec: { MarginMode: 2, ForexContNum: '100000', ForexFeeRate: '0' },
};
