// docs/copy-trading.md "Performance fee above a high-water mark": one settlement per copy and period, claimed by key.
import type { Services } from '../core/services.ts';
import { dec, exactText, type Dec } from '../../domain/decimal.ts';
import { performanceFee, type FeeSettlement } from '../../domain/copy-maths.ts';
import type { Queryable } from '../db/db.ts';
import type { OrderEngine } from '../engine/engine.ts';
import { getAccount, move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { addFeePaid, claimSettlement, insertTransfer, runningCopiesOf, type CopyRow } from './copy-repository.ts';

export interface CopyDeps extends Pick<Services, 'db' | 'clock'> {
  engine: Pick<OrderEngine, 'floatingOf' | 'marginOf' | 'closeAll'>;
}

export interface Equity {
  balance: Dec;
  floating: Dec;
  equity: Dec;
}

/** Pending withdrawals are leaving the account and do not count. */
export async function copyEquity(deps: Pick<CopyDeps, 'engine'>, q: Queryable, userId: number): Promise<Equity> {
  const account = await getAccount(q, userId);
  const balance = dec(account?.balance ?? 0);
  const floating = dec(deps.engine.floatingOf(userId));
  return { balance, floating, equity: balance.plus(deps.engine.marginOf(userId)).plus(floating) };
}

/** null when settled already or the fee does not fit the copy's available money yet (a later run settles it). */
export async function settleFee(
  deps: CopyDeps,
  q: Queryable,
  copy: CopyRow,
  period: string,
): Promise<FeeSettlement | null> {
  const { balance, equity } = await copyEquity(deps, q, copy.account_id);
  const due = performanceFee(equity, copy.high_water_mark, copy.fee_percent);
  if (due.fee.gt(balance)) return null;
  const at = deps.clock.now();
  const claimed = await claimSettlement(q, {
    copyId: copy.id,
    period,
    equity: exactText(equity),
    markBefore: copy.high_water_mark,
    fee: exactText(due.fee),
    at,
  });
  if (!claimed) return null;
  if (due.fee.gt(0)) {
    const memo = `copy #${copy.id} ${period}`;
    await move(q, copy.account_id, { balance: due.fee.neg(), type: RecordType.COPY_FEE_OUT, memo, at });
    await move(q, copy.provider_id, { balance: due.fee, type: RecordType.COPY_FEE_IN, memo, at });
    await insertTransfer(q, copy.id, 'fee', exactText(due.fee), at);
    await addFeePaid(q, copy.id, exactText(due.fee), exactText(due.mark));
  }
  return due;
}

export async function providerAum(deps: Pick<CopyDeps, 'db' | 'engine'>, providerId: number): Promise<Dec> {
  let aum = dec(0);
  for (const c of await runningCopiesOf(deps.db, providerId))
    aum = aum.plus((await copyEquity(deps, deps.db, c.account_id)).equity);
  return aum;
}
