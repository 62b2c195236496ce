import type { AppContext } from '../core/app-context.ts';
import { ApiError } from '../http/envelope.ts';
import { rememberDevice } from '../auth/devices.ts';
import { passFactor } from '../auth/factor-gate.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../auth/password.ts';
import { issueToken, revokeToken, tokenHash } from '../auth/tokens.ts';
import { findUser, setPasswordHash, setUserLanguage, toWireUser } from '../auth/users.ts';
import { notifyAccount } from '../notify/account-notices.ts';
import { spendDaily } from '../security/counters.ts';
import { loginGuard } from '../security/login-guard.ts';
import type { LoginResult } from '../../domain/types.ts';
import { demoUser } from './demo.ts';
import { loginChannel, normaliseAccount, type Channel } from './identity.ts';
import { iso } from '../../domain/time.ts';
import { originOf, type Requester } from './requester.ts';

export interface LoginForm {
  account: string;
  password: string;
  login_type?: Channel;
  /** docs/security.md "Second factor". */
  code?: string;
}

/** A device the account never used is noticed to the owner. */
async function openSession(ctx: AppContext, userId: number, who: Requester): Promise<string> {
  const now = ctx.clock.now();
  const seen = originOf(who);
  const token = await issueToken(ctx.db, userId, now, seen);
  await setUserLanguage(ctx.db, userId, who.lang); // the app's language at sign-in is the account's from now on
  if (seen.device !== '' && (await rememberDevice(ctx.db, userId, seen.device, now))) {
    const values = { device: seen.device, address: seen.address, time: iso(now) };
    const deps = { db: ctx.db, notifier: ctx.notifier, log: who.log };
    await notifyAccount(deps, userId, 'new_device_sign_in', values, who.lang);
  }
  return token;
}

/** 'invalid_credentials' alike for an unknown account, a demo one and a wrong password. */
export async function signIn(ctx: AppContext, form: LoginForm, who: Requester): Promise<LoginResult> {
  const guard = loginGuard(ctx.failureWindows, ctx.limits);
  const channel = loginChannel(form.account, form.login_type);
  const account = normaliseAccount(channel, form.account);
  const lockKey = `${channel}:${account}`;
  await guard.admit(lockKey, who.ip);
  const user = await findUser(ctx.db, channel, account);
  // Same work and the same answer whether the account is unknown, a demo, or the password is wrong.
  const stored = user && user.is_demo === 0 ? user.password_hash : await dummyHash(ctx.limits.scrypt);
  const good = await verifyPassword(form.password, stored);
  if (!user || user.is_demo !== 0 || !good) {
    await guard.failed(lockKey, who.ip);
    throw new ApiError('invalid_credentials');
  }
  if (needsRehash(user.password_hash, ctx.limits.scrypt)) {
    // The password is at hand now, so a hash under older scrypt parameters is stored under the current ones.
    const upgraded = await hashPassword(form.password, ctx.limits.scrypt);
    await setPasswordHash(ctx.db, user.id, upgraded, user.password_hash);
  }
  // Wrong second-factor codes have their own lock.
  await passFactor(ctx, user.id, form.code, who.ip);
  const token = await openSession(ctx, user.id, who);
  return { token, user: toWireUser(user) };
}

/** `demoId` is already trimmed and checked by the route's schema. */
export async function demoSignIn(ctx: AppContext, demoId: string, who: Requester): Promise<LoginResult> {
  const now = ctx.clock.now();
  // A new demo account spends the address's daily allowance; returning to an existing one does not.
  const user = await demoUser(ctx.db, demoId, now, (q) =>
    spendDaily(q, 'demo_address', who.ip, now, ctx.limits.daily('demo_address')),
  );
  const token = await issueToken(ctx.db, user.id, now);
  return { token, user: toWireUser(user) };
}

/** A token that is already gone is no error. */
export async function signOut(ctx: AppContext, token: string | null): Promise<void> {
  if (!token) return;
  const userId = await revokeToken(ctx.db, token);
  if (userId !== null) ctx.revocations.revoked({ userId, only: tokenHash(token) });
}
