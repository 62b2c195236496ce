// Where a trader's second factor is asked (docs/security.md "Second factor"): at login, for a withdrawal, for adding
// or removing a payout method, for a password change and for turning the factor off. One check for all of them: a
// TOTP code (never a step twice: acceptStep is one conditional UPDATE) or an unused recovery code (used once), with
// wrong codes braked per account and per address by the login lock's rules (login-guard.ts, its own count), so a
// stranger guessing from many addresses gets one try per address and cannot lock the owner out.
import type { Clock } from '../../domain/time.ts';
import type { Db } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { CountedWindows } from '../security/counted-windows.ts';
import type { Limits } from '../security/limits.ts';
import { loginGuard } from '../security/login-guard.ts';
import { checkTotp, matchRecoveryCode } from './second-factor.ts';
import {
  acceptStep,
  factorOf,
  unusedRecoveryHashes,
  useRecoveryCode,
  type FactorOwner,
} from './second-factor-repository.ts';

export interface FactorGateDeps {
  db: Db;
  clock: Clock;
  failureWindows: CountedWindows;
  limits: Limits;
}

export const factorRequired = (): ApiError =>
  new ApiError('second_factor_required', undefined, {}, 200, {}, { second_factor: 1 });

const userOwner = (userId: number): FactorOwner => ({ kind: 'user', id: userId });

/** Whether the user's second factor is on. */
export async function factorOn(deps: Pick<FactorGateDeps, 'db'>, userId: number): Promise<boolean> {
  const row = await factorOf(deps.db, userOwner(userId));
  return row?.enabled_at != null;
}

/**
 * When the user's factor is on, `code` must be a good TOTP code or an unused recovery code: throws
 * second_factor_required (no code given), second_factor_invalid (wrong, or a code already used) or 429 (locked for
 * this address). Returns whether the factor was on. Call it after every other check of the request, so a refusal for
 * another reason does not spend the code.
 */
export async function passFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<boolean> {
  const owner = userOwner(userId);
  const row = await factorOf(deps.db, owner);
  if (row?.enabled_at == null) return false;
  const typed = (code ?? '').trim();
  if (typed === '') throw factorRequired();
  const guard = loginGuard(deps.failureWindows, deps.limits, 'second_factor_account');
  const lockKey = `2fa|user:${userId}`;
  await guard.admit(lockKey, address);
  if (await codeAccepted(deps, owner, row.secret, row.last_step, typed)) return true;
  await guard.failed(lockKey, address);
  throw new ApiError('second_factor_invalid');
}

async function codeAccepted(
  deps: FactorGateDeps,
  owner: FactorOwner,
  secret: string,
  lastStep: string | null,
  typed: string,
): Promise<boolean> {
  const now = deps.clock.now();
  if (/^\d{6}$/.test(typed)) {
    const check = checkTotp(secret, typed, now, lastStep === null ? null : Number(lastStep));
    // Two requests racing with one code: the conditional UPDATE lets only one through.
    return check.ok && (await acceptStep(deps.db, owner, check.step, now));
  }
  const hashes = await unusedRecoveryHashes(deps.db, owner);
  const i = matchRecoveryCode(typed, hashes);
  const hash = hashes[i];
  return hash !== undefined && (await useRecoveryCode(deps.db, owner, hash, now));
}
