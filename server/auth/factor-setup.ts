// Turning a trader's second factor on and off, and renewing its recovery codes (docs/security.md "Second factor"):
// the steps /mine/security takes, over the shared code path (second-factor.ts, second-factor-repository.ts).
import { ApiError } from '../http/envelope.ts';
import { loginGuard } from '../security/login-guard.ts';
import { holdWithdrawals } from '../wallet/payout-holds.ts';
import { passFactor, type FactorGateDeps } from './factor-gate.ts';
import { checkTotp, hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpUri } from './second-factor.ts';
import {
  acceptStep,
  beginFactor,
  factorOf,
  removeFactor,
  replaceRecoveryCodes,
  type FactorOwner,
} from './second-factor-repository.ts';

const owner = (userId: number): FactorOwner => ({ kind: 'user', id: userId });

/** A new secret waiting for its first code; refused while a factor is on (turn it off first). */
export async function startFactor(
  deps: FactorGateDeps,
  userId: number,
  label: string,
): Promise<{ secret: string; uri: string }> {
  const secret = newTotpSecret();
  if (!(await beginFactor(deps.db, owner(userId), secret, deps.clock.now()))) {
    throw new ApiError('second_factor_already_on');
  }
  return { secret, uri: totpUri(secret, label) };
}

/**
 * The first code turns the pending factor on (wrong codes braked as the login lock brakes passwords); the answer is
 * ten new recovery codes, shown once: only their hashes are kept.
 */
export async function confirmFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string,
  address: string,
): Promise<string[]> {
  const row = await factorOf(deps.db, owner(userId));
  if (!row) throw new ApiError('second_factor_not_started');
  if (row.enabled_at !== null) throw new ApiError('second_factor_already_on');
  const guard = loginGuard(deps.failureWindows, deps.limits, 'second_factor_account');
  const lockKey = `2fa|user:${userId}`;
  await guard.admit(lockKey, address);
  const now = deps.clock.now();
  const check = checkTotp(row.secret, code.trim(), now, row.last_step === null ? null : Number(row.last_step));
  if (!check.ok) {
    await guard.failed(lockKey, address);
    throw new ApiError('second_factor_invalid');
  }
  const codes = newRecoveryCodes();
  const on = await deps.db.tx(async (q) => {
    if (!(await acceptStep(q, owner(userId), check.step, now, true))) return false;
    await replaceRecoveryCodes(q, owner(userId), codes.map(hashRecoveryCode));
    return true;
  });
  if (!on) throw new ApiError('second_factor_invalid');
  return codes;
}

/** Turns the factor off with a code (or a recovery code); withdrawals are then held (a factor reset). */
export async function stopFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<void> {
  if (!(await passFactor(deps, userId, code, address))) throw new ApiError('second_factor_off');
  await deps.db.tx(async (q) => {
    await removeFactor(q, owner(userId));
    await holdWithdrawals(q, userId, deps.clock.now());
  });
}

/** Ten new recovery codes (the old ones stop working), asked with a code. */
export async function renewRecoveryCodes(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<string[]> {
  if (!(await passFactor(deps, userId, code, address))) throw new ApiError('second_factor_off');
  const codes = newRecoveryCodes();
  await deps.db.tx((q) => replaceRecoveryCodes(q, owner(userId), codes.map(hashRecoveryCode)));
  return codes;
}
