import type { Queryable } from '../../db/db.ts';
import { findUserByAnyKey } from '../../auth/users.ts';
import { ApiError } from '../../http/envelope.ts';
import { exactMoneyText } from '../../../domain/format/money-text.ts';
import type { OpsCommand } from '../command.ts';
import { liftFreeze } from '../../auth/disown.ts';

/** "#<internal id>" names the internal id. */
export async function findUser(q: Queryable, key: string | undefined) {
  const k = (key ?? '').normalize('NFC').trim().toLowerCase();
  const byId = /^#\d{1,9}$/.test(k) ? Number(k.slice(1)) : null;
  const u = await findUserByAnyKey(q, byId, k);
  if (!u) throw new ApiError('not_found');
  return {
    id: u.id,
    uid: u.uid,
    account: u.email ?? u.mobile ?? u.demo_id ?? '', // the demo id for demo users
    is_demo: Number(u.is_demo),
    balance: exactMoneyText(u.balance ?? '0'),
    lock_balance: exactMoneyText(u.lock_balance ?? '0'),
  };
}

export type OpsUserRow = Awaited<ReturnType<typeof findUser>>;

export const userShow: OpsCommand = {
  name: 'user-show',
  right: 'users',
  summary: 'Show a user and their balances, found by uid, e-mail, mobile, demo id or #id',
  params: [{ name: 'user', help: 'uid, e-mail, mobile number, demo id or #id' }],
  run: (ctx, args) => findUser(ctx.db, args.user),
};

export const userUnfreeze: OpsCommand = {
  name: 'user-unfreeze',
  right: 'users',
  summary:
    'Lift the withdrawal freeze a trader set with "this wasn’t me" (docs/security.md), once you have heard from them',
  params: [{ name: 'user', help: 'uid, e-mail, mobile number or #id' }],
  async run(ctx, args) {
    const user = await findUser(ctx.db, args.user);
    return { user: user.uid, lifted: await liftFreeze(ctx.db, user.id) };
  },
};
