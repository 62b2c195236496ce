// Turning the factor on or off holds withdrawals for withdraw_hold_hours (docs/security.md "Second factor").
import { ApiError } from '../http/envelope.ts';
import type { UserRow } from './users.ts';
import { verifyPassword } from './password.ts';
import { loginGuard } from '../security/login-guard.ts';
import { holdWithdrawals } from '../wallet/payout-holds.ts';
import { braked, passFactor, totpPass, userOwner, type FactorGateDeps } from './factor-gate.ts';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './second-factor.ts';
import { acceptStep, beginFactor, factorOf, removeFactor, replaceRecoveryCodes } from './second-factor-repository.ts';

/** Wrong passwords here count with wrong logins (server/accounts/sign-in.ts). */
const passwordLockKey = (user: Pick<UserRow, 'email' | 'mobile'>): string =>
  user.email ? `email:${user.email}` : `mobile:${user.mobile ?? ''}`;

/** Needs the password: a stolen session alone must not enrol its own authenticator. */
export async function startFactor(
  deps: FactorGateDeps,
  user: Pick<UserRow, 'id' | 'email' | 'mobile' | 'uid' | 'password_hash'>,
  password: string,
  address: string,
): Promise<{ secret: string; uri: string }> {
  const guard = loginGuard(deps.failureWindows, deps.limits);
  const key = passwordLockKey(user);
  await guard.admit(key, address);
  if (!(await verifyPassword(password, user.password_hash))) {
    await guard.failed(key, address);
    throw new ApiError('password_wrong');
  }
  const userId = user.id;
  const label = user.email ?? user.mobile ?? user.uid;
  const secret = newTotpSecret();
  if (!(await beginFactor(deps.db, userOwner(userId), secret, deps.clock.now()))) {
    throw new ApiError('second_factor_already_on');
  }
  return { secret, uri: totpUri(secret, label) };
}

/** Recovery codes are shown once: only their hashes are kept. */
export async function confirmFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string,
  address: string,
): Promise<string[]> {
  const row = await factorOf(deps.db, userOwner(userId));
  if (!row) throw new ApiError('second_factor_not_started');
  if (row.enabled_at !== null) throw new ApiError('second_factor_already_on');
  const now = deps.clock.now();
  const check = await braked(deps, userId, address, true, () => totpPass(deps, row, code.trim()));
  const codes = newRecoveryCodes();
  const on = await deps.db.tx(async (q) => {
    if (!(await acceptStep(q, userOwner(userId), check.step, now, true))) return false;
    await replaceRecoveryCodes(q, userOwner(userId), codes.map(hashRecoveryCode));
    await holdWithdrawals(q, userId, now);
    return true;
  });
  if (!on) throw new ApiError('second_factor_invalid');
  return codes;
}

export async function stopFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<void> {
  if (!(await passFactor(deps, userId, code, address))) throw new ApiError('second_factor_off');
  await deps.db.tx(async (q) => {
    await removeFactor(q, userOwner(userId));
    await holdWithdrawals(q, userId, deps.clock.now());
  });
}

/** The old codes stop working. */
export async function renewRecoveryCodes(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<string[]> {
  if (!(await passFactor(deps, userId, code, address))) throw new ApiError('second_factor_off');
  const codes = newRecoveryCodes();
  await deps.db.tx((q) => replaceRecoveryCodes(q, userOwner(userId), codes.map(hashRecoveryCode)));
  return codes;
}
