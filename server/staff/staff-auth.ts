// Staff sign-in and sessions (docs/back-office.md "Staff accounts"). A login is the password (scrypt, as traders'),
// then a TOTP code on the one second-factor code path (server/auth/second-factor.ts, owner kind 'staff'); a member
// whose factor is not set up yet gets a new secret after the right password and turns it on with its first code.
// Wrong passwords and wrong codes are counted by the traders' login guard (server/security/login-guard.ts) under the
// key "staff:<login>", so a stranger flooding one login locks out only their own addresses. A session is a random
// token kept as its sha256; it ends after STAFF_IDLE_MINUTES without a request, when revoked, or at sign-out.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../http/envelope.ts';
import { dummyHash, verifyPassword } from '../auth/password.ts';
import { checkTotp, newTotpSecret, totpUri } from '../auth/second-factor.ts';
import { acceptStep, beginFactor, factorOf, type FactorOwner } from '../auth/second-factor-repository.ts';
import { loginGuard } from '../security/login-guard.ts';
import { appendAudit } from './audit-repository.ts';
import type { OpsActor } from './rights.ts';
import { insertSession, revokeSession, staffById, staffByLogin, touchSession } from './staff-repository.ts';

export const STAFF_SESSION_HEADER = 'x-ops-session';

export type StaffAuthCtx = Pick<AppContext, 'db' | 'clock' | 'wallClock' | 'limits' | 'failureWindows' | 'staffIdleMs'>;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export const normalLogin = (raw: unknown): string => (typeof raw === 'string' ? raw.trim().toLowerCase() : '');

export type LoginAnswer =
  | { step: 'code' }
  | { step: 'setup'; secret: string; uri: string }
  | { step: 'done'; token: string; login: string; name: string; role: string };

const actorName = (s: { name: string; login: string }): string => `${s.name} (${s.login})`;

/** One sign-in attempt: the password, then (when given) the code. Throws the same error for every wrong answer. */
export async function staffLogin(
  ctx: StaffAuthCtx,
  input: { login: unknown; password: unknown; code?: unknown },
  address: string,
): Promise<LoginAnswer> {
  const login = normalLogin(input.login);
  const password = typeof input.password === 'string' ? input.password : '';
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (!login) throw new ApiError('staff.flag_required', undefined, { flag: 'login' });
  if (!password) throw new ApiError('staff.flag_required', undefined, { flag: 'password' });
  const guard = loginGuard(ctx.failureWindows, ctx.limits);
  const key = `staff:${login}`;
  await guard.admit(key, address);
  const staff = await staffByLogin(ctx.db, login);
  const stored = staff?.active ? staff.password_hash : await dummyHash(ctx.limits.scrypt);
  if (!staff?.active || !(await verifyPassword(password, stored))) {
    await guard.failed(key, address);
    throw new ApiError('staff.login_failed');
  }
  const owner: FactorOwner = { kind: 'staff', id: staff.id };
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    const factor = await factorOf(q, owner);
    const enabled = factor?.enabled_at != null;
    if (!code) {
      if (enabled) return { step: 'code' } as const;
      // First sign-in (or a set-up never finished): the pending secret, or a new one; shown only after the right
      // password, and the same on a retry so an authenticator already scanned keeps working.
      let secret = factor?.secret ?? '';
      if (!secret) {
        secret = newTotpSecret();
        await beginFactor(q, owner, secret, now);
      }
      return { step: 'setup', secret, uri: totpUri(secret, staff.login, 'Tickwise back office') } as const;
    }
    const check = factor
      ? // Real time: an authenticator app knows nothing of SIM_TIME.
        checkTotp(factor.secret, code, ctx.wallClock.now(), factor.last_step === null ? null : Number(factor.last_step))
      : null;
    if (!check?.ok || !(await acceptStep(q, owner, check.step, now, !enabled))) {
      await guard.failed(key, address);
      throw new ApiError('staff.code_wrong');
    }
    const token = randomBytes(32).toString('base64url');
    await insertSession(q, { tokenHash: hashToken(token), staffId: staff.id, now, address });
    await appendAudit(q, {
      at: now,
      staffId: staff.id,
      actor: actorName(staff),
      role: staff.role,
      address,
      action: enabled ? 'login' : 'login (second factor set up)',
      params: { login },
    });
    return { step: 'done', token, login: staff.login, name: staff.name, role: staff.role } as const;
  });
}

/** The member a session token speaks for, when the session is alive; its idle clock restarts. */
export async function staffFromSession(
  ctx: Pick<StaffAuthCtx, 'db' | 'clock' | 'staffIdleMs'>,
  token: string,
  address: string,
): Promise<OpsActor | null> {
  const now = ctx.clock.now();
  const staffId = await touchSession(ctx.db, hashToken(token), now, now - ctx.staffIdleMs);
  if (staffId === null) return null;
  const staff = await staffById(ctx.db, staffId);
  if (!staff?.active) return null;
  return { kind: 'staff', staffId: staff.id, name: actorName(staff), login: staff.login, role: staff.role, address };
}

export async function staffLogout(q: Queryable, token: string, now: number): Promise<void> {
  await revokeSession(q, hashToken(token), now);
}
