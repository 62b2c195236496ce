// Staff sign-in and sessions (docs/back-office.md "Staff accounts").
import type { AppContext } from '../core/app-context.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { dummyHash, hashPassword, verifyPassword } from '../auth/password.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { checkStoredTotp, newTotpSecret, totpUri } from '../auth/second-factor.ts';
import { acceptStep, beginFactor, factorOf, type FactorOwner } from '../auth/second-factor-repository.ts';
import { factorBrake } from '../security/factor-brake.ts';
import { loginGuard } from '../security/login-guard.ts';
import { appendAudit } from './audit-repository.ts';
import type { OpsActor } from './rights.ts';
import {
  insertSession,
  revokeSession,
  revokeSessions,
  setStaffPassword,
  staffById,
  staffByLogin,
  touchSession,
  type StaffRow,
} from './staff-repository.ts';

export const STAFF_SESSION_HEADER = 'x-ops-session';

type StaffAuthCtx = Pick<AppContext, 'db' | 'clock' | 'wallClock' | 'limits' | 'failureWindows' | 'staffIdleMs'>;

export const normalLogin = (raw: unknown): string => (typeof raw === 'string' ? raw.trim().toLowerCase() : '');

/** Long enough that a guessing budget of 10 a minute gets nowhere. */
const STAFF_PASSWORD_MIN = 12;
const STAFF_PASSWORD_MAX = 128;

export type LoginAnswer =
  | { step: 'password' }
  | { step: 'code' }
  | { step: 'setup'; secret: string; uri: string }
  | { step: 'done'; token: string; login: string; name: string; role: string };

const actorName = (s: { name: string; login: string }): string => `${s.name} (${s.login})`;

/** A member's own step, written in its transaction. */
const auditOwn = (q: Queryable, staff: StaffRow, address: string, action: string, at: number): Promise<void> =>
  appendAudit(q, {
    at,
    staffId: staff.id,
    actor: actorName(staff),
    role: staff.role,
    address,
    action,
    params: { login: staff.login },
  });

/** `current` is the one it replaces. */
function checkStaffPassword(next: string, current: string): void {
  if (next.length < STAFF_PASSWORD_MIN || next.length > STAFF_PASSWORD_MAX) {
    throw new ApiError('staff.password_length', undefined, { min: STAFF_PASSWORD_MIN, max: STAFF_PASSWORD_MAX });
  }
  if (next === current) throw new ApiError('staff.password_same');
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The traders' login guard, admitted: a stranger flooding one login locks out only their own addresses. */
async function guardLogin(ctx: StaffAuthCtx, login: string, address: string) {
  const guard = loginGuard(ctx.failureWindows, ctx.limits);
  const key = `staff:${login}`;
  await guard.admit(key, address);
  /** Counts the failure, then throws `error`. */
  return async (error: string): Promise<never> => {
    await guard.failed(key, address);
    throw new ApiError(error);
  };
}

/** Throws the same error for every wrong password. */
export async function staffLogin(
  ctx: StaffAuthCtx,
  input: { login: unknown; password: unknown; new_password?: unknown; code?: unknown },
  address: string,
): Promise<LoginAnswer> {
  const login = normalLogin(input.login);
  const password = text(input.password);
  const code = text(input.code).trim();
  const ownPassword = text(input.new_password);
  if (!login) throw new ApiError('staff.flag_required', undefined, { flag: 'login' });
  if (!password) throw new ApiError('staff.flag_required', undefined, { flag: 'password' });
  const refuse = await guardLogin(ctx, login, address);
  const staff = await staffByLogin(ctx.db, login);
  const stored = staff?.active ? staff.password_hash : await dummyHash(ctx.limits.scrypt);
  if (!staff?.active || !(await verifyPassword(password, stored))) return refuse('staff.login_failed');
  if (staff.must_set_password) {
    // The admin's one-time password opens only this step, so the admin never knows a member's password.
    if (!ownPassword) return { step: 'password' };
    checkStaffPassword(ownPassword, password);
    const hash = await hashPassword(ownPassword, ctx.limits.scrypt);
    await ctx.db.tx(async (q) => {
      await setStaffPassword(q, staff.id, hash, { reset: false });
      await auditOwn(q, staff, address, 'password-set (first sign-in)', ctx.clock.now());
    });
  }
  const owner: FactorOwner = { kind: 'staff', id: staff.id };
  const now = ctx.clock.now();
  // Wrong codes back off as traders' do (server/security/factor-brake.ts), counted outside the sign-in's transaction.
  const brake = factorBrake(ctx.db, ctx.limits);
  const brakeKey = `2fa|staff:${staff.id}`;
  if (code) await brake.admit(brakeKey, address, now);
  const answer = await ctx.db.tx(async (q): Promise<LoginAnswer | null> => {
    const factor = await factorOf(q, owner);
    const enabled = factor?.enabled_at != null;
    if (!code) {
      if (enabled) return { step: 'code' } as const;
      // Shown only after the right password, and the same on a retry so a scanned authenticator keeps working.
      let secret = factor?.secret ?? '';
      if (!secret) {
        secret = newTotpSecret();
        await beginFactor(q, owner, secret, now);
      }
      return { step: 'setup', secret, uri: totpUri(secret, staff.login, 'Tickwise back office') } as const;
    }
    const check = factor
      ? // Real time: an authenticator app knows nothing of SIM_TIME.
        checkStoredTotp(factor, code, ctx.wallClock.now())
      : null;
    if (!check?.ok || !(await acceptStep(q, owner, check.step, now, !enabled))) return null;
    const token = newToken();
    await insertSession(q, { tokenHash: tokenHash(token), staffId: staff.id, now, address });
    await auditOwn(q, staff, address, enabled ? 'login' : 'login (second factor set up)', now);
    return { step: 'done', token, login: staff.login, name: staff.name, role: staff.role } as const;
  });
  if (answer) {
    if (code) await brake.passed(brakeKey, address);
    return answer;
  }
  await brake.failed(brakeKey, address, now);
  return refuse('staff.code_wrong');
}

/** The session's idle clock restarts. */
export async function staffFromSession(
  ctx: Pick<StaffAuthCtx, 'db' | 'clock' | 'staffIdleMs'>,
  token: string,
  address: string,
): Promise<OpsActor | null> {
  const now = ctx.clock.now();
  const staffId = await touchSession(ctx.db, tokenHash(token), now, now - ctx.staffIdleMs);
  if (staffId === null) return null;
  const staff = await staffById(ctx.db, staffId);
  if (!staff?.active) return null;
  return { kind: 'staff', staffId: staff.id, name: actorName(staff), login: staff.login, role: staff.role, address };
}

/** The code is checked against real time, never a step twice; the member's other sessions end. */
export async function changeStaffPassword(
  ctx: StaffAuthCtx,
  actor: OpsActor,
  input: { password: unknown; new_password: unknown; code: unknown },
  keep: string,
): Promise<void> {
  if (actor.kind !== 'staff') throw new ApiError('staff.session_needed', undefined, {}, 401);
  const staff = await staffById(ctx.db, actor.staffId);
  if (!staff?.active) throw new ApiError('staff.session_needed', undefined, {}, 401);
  const refuse = await guardLogin(ctx, staff.login, actor.address);
  const current = text(input.password);
  if (!(await verifyPassword(current, staff.password_hash))) return refuse('staff.login_failed');
  const next = text(input.new_password);
  checkStaffPassword(next, current);
  const owner: FactorOwner = { kind: 'staff', id: staff.id };
  const now = ctx.clock.now();
  const hash = await hashPassword(next, ctx.limits.scrypt);
  await ctx.db.tx(async (q) => {
    const factor = await factorOf(q, owner);
    const check = factor?.enabled_at ? checkStoredTotp(factor, text(input.code).trim(), ctx.wallClock.now()) : null;
    if (!check?.ok || !(await acceptStep(q, owner, check.step, now))) return refuse('staff.code_wrong');
    await setStaffPassword(q, staff.id, hash, { reset: false });
    await revokeSessions(q, staff.id, now, tokenHash(keep));
    await auditOwn(q, staff, actor.address, 'password-change', now);
  });
}

export async function staffLogout(q: Queryable, token: string, now: number): Promise<void> {
  await revokeSession(q, tokenHash(token), now);
}
