// A password change signs out other sessions and holds withdrawals (docs/security.md "Payout holds").
import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { passFactor } from '../auth/factor-gate.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { revokeSessions, tokenHash } from '../auth/tokens.ts';
import { findUser, setPasswordHash, type UserRow } from '../auth/users.ts';
import type { Queryable } from '../db/db.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { holdWithdrawals } from '../wallet/payout-holds.ts';
import { checkNewPassword, codeChannel, normaliseAccount, type Channel } from './identity.ts';
import { iso } from '../../domain/time.ts';
import type { Requester } from './requester.ts';
import { consumeCode, PURPOSE_RESET, verifyCode } from './verification.ts';

export interface ResetForm {
  type: Channel;
  account: string;
  new_password: string;
  secondary_password: string;
  auth_code: string;
  key?: string;
}

export interface ChangeForm {
  new_password: string;
  auth_code: string;
  type?: Channel;
  key?: string;
  factor_code?: string;
}

/** One transaction, so the code is spent only when the password changed; the owner is told after it. */
async function storePassword(
  ctx: AppContext,
  userId: number,
  codeId: number,
  password: string,
  who: Requester,
  keep: string | undefined,
  now: number,
): Promise<void> {
  const passwordHash = await hashPassword(password, ctx.limits.scrypt);
  await ctx.db.tx(async (q: Queryable) => {
    await consumeCode(q, codeId, now);
    await setPasswordHash(q, userId, passwordHash);
    await revokeSessions(q, userId, now, keep);
    await holdWithdrawals(q, userId, now); // docs/security.md "Payout holds"
  });
  ctx.revocations.revoked(keep ? { userId, except: tokenHash(keep), at: now } : { userId, at: now });
  const deps = { db: ctx.db, notifier: ctx.notifier, log: who.log };
  await notifyAccount(deps, userId, 'password_changed', { time: iso(now) }, who.lang);
}

export async function resetPassword(ctx: AppContext, form: ResetForm, who: Requester): Promise<void> {
  const now = ctx.clock.now();
  const account = normaliseAccount(form.type, form.account);
  checkNewPassword(form.new_password, form.secondary_password);
  // No code is ever sent for an unknown account, so it fails here exactly like a wrong code (no enumeration).
  const target = { channel: codeChannel(form.type), target: account, purpose: PURPOSE_RESET } as const;
  const codeId = await verifyCode(ctx, target, form.key, form.auth_code, now);
  const user = await findUser(ctx.db, form.type, account);
  if (!user || user.is_demo !== 0) throw new ApiError('code_invalid');
  await storePassword(ctx, user.id, codeId, form.new_password, who, undefined, now);
}

export async function changePassword(ctx: AppContext, user: UserRow, form: ChangeForm, who: Requester): Promise<void> {
  if (user.is_demo !== 0) throw new ApiError('real_account_required');
  const now = ctx.clock.now();
  checkNewPassword(form.new_password);
  // Refused before the code is spent.
  if (await verifyPassword(form.new_password, user.password_hash)) throw new ApiError('password_same');
  const channel: Channel = form.type ?? (user.email ? 'email' : 'mobile');
  const target = channel === 'email' ? user.email : user.mobile;
  if (!target) throw new ApiError('code_invalid');
  const codeTarget = { channel: codeChannel(channel), target, purpose: PURPOSE_RESET } as const;
  const codeId = await verifyCode(ctx, codeTarget, form.key, form.auth_code, now, user.id);
  await passFactor(ctx, user.id, form.factor_code, who.ip);
  // Other devices must sign in again with the new password; this one stays signed in.
  await storePassword(ctx, user.id, codeId, form.new_password, who, who.token ?? undefined, now);
}
