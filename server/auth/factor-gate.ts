// One check wherever a second factor is asked (docs/security.md "Second factor"); wrong codes are braked per address.
import type { Services } from '../core/services.ts';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import type { CountedWindows } from '../security/counted-windows.ts';
import { factorBrake } from '../security/factor-brake.ts';
import type { Limits } from '../security/limits.ts';
import { checkStoredTotp, matchRecoveryCode } from './second-factor.ts';
import {
  acceptStep,
  factorOf,
  unusedRecoveryHashes,
  useRecoveryCode,
  type FactorOwner,
} from './second-factor-repository.ts';

export interface FactorGateDeps extends Pick<Services, 'db' | 'clock'> {
  /** An authenticator app knows nothing of SIM_TIME. */
  wallClock: Clock;
  failureWindows: CountedWindows;
  limits: Limits;
}

export const userOwner = (userId: number): FactorOwner => ({ kind: 'user', id: userId });

/** Spent in the caller's transaction (spendFactor). */
type FactorPass = { kind: 'totp'; step: number } | { kind: 'recovery'; hash: string };

/** Wrong codes back off per address; `admit` false lets a code through the wait (a recovery code). */
export async function braked<P>(
  deps: FactorGateDeps,
  userId: number,
  address: string,
  admit: boolean,
  check: () => P | null | Promise<P | null>,
): Promise<P> {
  const brake = factorBrake(deps.db, deps.limits);
  const key = `2fa|user:${userId}`;
  const now = deps.clock.now();
  if (admit) await brake.admit(key, address, now);
  const pass = await check();
  if (pass) {
    await brake.passed(key, address);
    return pass;
  }
  await brake.failed(key, address, now);
  throw new ApiError('second_factor_invalid');
}

/** Nothing is spent here, so a request refused later spends no code: call it after every other check. */
export async function checkFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<FactorPass | null> {
  const owner = userOwner(userId);
  const row = await factorOf(deps.db, owner);
  if (row?.enabled_at == null) return null;
  const typed = (code ?? '').trim();
  if (typed === '') throw new ApiError('second_factor_required', undefined, {}, 200, {}, { second_factor: 1 });
  const totp = /^\d{6}$/.test(typed);
  // A recovery code is never held back: a stranger's flood of wrong codes cannot shut the owner's way back in.
  return braked(deps, userId, address, totp, () =>
    totp ? totpPass(deps, row, typed) : recoveryPass(deps, owner, typed),
  );
}

/** A code raced by another request is refused. */
export async function spendFactor(q: Queryable, userId: number, pass: FactorPass, now: number): Promise<void> {
  const owner = userOwner(userId);
  const spent =
    pass.kind === 'totp' ? await acceptStep(q, owner, pass.step, now) : await useRecoveryCode(q, owner, pass.hash, now);
  if (!spent) throw new ApiError('second_factor_invalid');
}

/** For a request whose only change follows the code. */
export async function passFactor(
  deps: FactorGateDeps,
  userId: number,
  code: string | undefined,
  address: string,
): Promise<boolean> {
  const pass = await checkFactor(deps, userId, code, address);
  if (!pass) return false;
  await spendFactor(deps.db, userId, pass, deps.clock.now());
  return true;
}

/** Against real time: an authenticator app knows nothing of SIM_TIME. */
export function totpPass(
  deps: FactorGateDeps,
  row: { secret: string; last_step: string | null },
  typed: string,
): { kind: 'totp'; step: number } | null {
  const check = checkStoredTotp(row, typed, deps.wallClock.now());
  return check.ok ? { kind: 'totp', step: check.step } : null;
}

async function recoveryPass(deps: FactorGateDeps, owner: FactorOwner, typed: string): Promise<FactorPass | null> {
  const hashes = await unusedRecoveryHashes(deps.db, owner);
  const hash = hashes[matchRecoveryCode(typed, hashes)];
  return hash === undefined ? null : { kind: 'recovery', hash };
}
