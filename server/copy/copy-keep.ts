// docs/copy-trading.md "A copy is its own sub-account": kept positions trade as the follower's own from then on.
import { dec, exactText } from '../../domain/decimal.ts';
import type { Queryable } from '../db/db.ts';
import { getOrder } from '../engine/orders-repository.ts';
import { committed, marginRelease, type Committed } from '../engine/transitions.ts';
import { getAccount, move } from '../ledger/ledger.ts';
import { RecordType } from '../ledger/record-types.ts';
import { memoOf, ownRunningCopy, settleStop, transfer } from './copy-accounts.ts';
import { endCopy, insertTransfer, type CopyRow } from './copy-repository.ts';
import type { MirrorDeps } from './mirror-actions.ts';
import { unlinkCopy } from './mirror-repository.ts';

async function movePositions(q: Queryable, copy: CopyRow, at: number): Promise<Committed[]> {
  const held = await q.query<{ id: number; margin: string }>(
    'SELECT id, caution_money::text AS margin FROM orders WHERE user_id = $1 AND status = 1 ORDER BY id FOR UPDATE',
    [copy.account_id],
  );
  const margin = held.reduce((s, h) => s.plus(h.margin), dec(0));
  const memo = memoOf(copy.id);
  if (margin.gt(0)) await move(q, copy.account_id, marginRelease(margin, memo, at));
  const balance = dec((await getAccount(q, copy.account_id))?.balance ?? 0);
  await insertTransfer(q, copy.id, 'stop', exactText(balance), at);
  if (balance.gt(0)) await transfer(q, copy, balance, 'out', at);
  if (margin.gt(0)) {
    await move(q, copy.follower_id, { balance: margin.neg(), lock: margin, type: RecordType.MARGIN_LOCK, memo, at });
  }
  const ids = held.map((h) => h.id);
  await q.query('UPDATE orders SET user_id = $1 WHERE id = ANY($2::int[])', [copy.follower_id, ids]);
  const out: Committed[] = [];
  for (const id of ids) {
    const row = await getOrder(q, id);
    if (row) out.push(await committed(q, row, null));
  }
  return out;
}

export async function stopKeepingPositions(deps: MirrorDeps, followerId: number, copyId: number): Promise<void> {
  const at = deps.clock.now();
  const moved = await deps.db.tx(async (q) => {
    const copy = await ownRunningCopy(q, followerId, copyId);
    await settleStop(deps, q, copy, 'equity');
    await unlinkCopy(q, copy.id, 'kept', at);
    const committed = await movePositions(q, copy, at);
    await endCopy(q, copy.id, 'kept', at);
    return committed;
  });
  for (const c of moved) deps.engine.applyCommitted(c, 'changed', null);
}
