// The last active admin cannot be disabled or demoted (docs/back-office.md "Staff accounts").
import { randomBytes } from 'node:crypto';
import { wireTime } from '../../../domain/wire-time.ts';
import type { Queryable } from '../../db/db.ts';
import { hashPassword } from '../../auth/password.ts';
import { factorEnabled, removeFactor } from '../../auth/second-factor-repository.ts';
import { ApiError, fieldInvalid } from '../../http/envelope.ts';
import { isRole, ROLES, type Role } from '../../staff/rights.ts';
import {
  activeAdminCount,
  allStaff,
  insertStaff,
  liveSessionCounts,
  revokeSessions,
  setStaffPassword,
  staffByLogin,
  updateStaff,
  type StaffRow,
} from '../../staff/staff-repository.ts';
import { textArg } from '../args.ts';
import type { OpsCommand, OpsParam } from '../command.ts';

const LOGIN: OpsParam = { name: 'login', help: 'the member’s login, e.g. jane.doe' };
const LOGIN_RE = /^[a-z][a-z0-9._-]{2,31}$/;

export function loginArg(raw: string | undefined): string {
  const login = (raw ?? '').trim().toLowerCase();
  if (!login) throw new ApiError('field_required', undefined, { field: 'login' });
  if (!LOGIN_RE.test(login)) throw fieldInvalid('login');
  return login;
}

function roleArg(raw: string | undefined): Role {
  if (!raw) throw new ApiError('field_required', undefined, { field: 'role' });
  if (!isRole(raw)) throw fieldInvalid('role');
  return raw;
}

/** Shown once, never stored in clear or logged. */
export const firstPassword = (): string => randomBytes(12).toString('base64url');

async function member(q: Queryable, raw: string | undefined): Promise<StaffRow> {
  const s = await staffByLogin(q, loginArg(raw));
  if (!s) throw new ApiError('not_found');
  return s;
}

async function keepAnAdmin(q: Queryable, s: StaffRow, stillAdmin: boolean): Promise<void> {
  if (s.role === 'admin' && s.active && !stillAdmin && (await activeAdminCount(q)) <= 1)
    throw new ApiError('staff.last_admin');
}

const shown = (s: StaffRow) => ({ login: s.login, name: s.name, role: s.role, active: s.active });

export const staffCreate: OpsCommand = {
  name: 'staff-create',
  right: 'staff',
  summary:
    'Add a staff member: answers a one-time password, shown once; at the first sign-in they set their own password ' +
    'and their second factor',
  params: [
    LOGIN,
    { name: 'name', help: 'the person’s name, as the audit log shows it' },
    { name: 'role', help: ROLES.join(', ') },
  ],
  async run(ctx, args) {
    const login = loginArg(args.login);
    const name = textArg(args.name, 'name', true);
    const role = roleArg(args.role);
    const password = firstPassword();
    const passwordHash = await hashPassword(password, ctx.limits.scrypt);
    const id = await insertStaff(ctx.db, { login, name, role, passwordHash, now: ctx.clock.now() });
    if (id === null) throw new ApiError('staff.login_taken');
    return { login, name, role, first_password: password };
  },
};

export const staffRole: OpsCommand = {
  name: 'staff-role',
  right: 'staff',
  summary: "Change a member's role (takes effect at their next request)",
  params: [LOGIN, { name: 'role', help: ROLES.join(', ') }],
  before: async (q, args) => shown(await member(q, args.login)),
  async run(ctx, args) {
    const s = await member(ctx.db, args.login);
    const role = roleArg(args.role);
    await keepAnAdmin(ctx.db, s, role === 'admin');
    await updateStaff(ctx.db, s.id, { role });
    return { ...shown(s), role };
  },
};

export const STAFF_COMMANDS: readonly OpsCommand[] = [
  {
    name: 'staff-list',
    right: 'staff',
    summary: 'The staff: login, name, role, whether active, second factor on, live sessions',
    params: [],
    async run(ctx) {
      const now = ctx.clock.now();
      const sessions = await liveSessionCounts(ctx.db, now - ctx.staffIdleMs);
      const rows = await allStaff(ctx.db);
      return Promise.all(
        rows.map(async (s) => ({
          ...shown(s),
          second_factor: await factorEnabled(ctx.db, { kind: 'staff', id: s.id }),
          sessions: sessions.get(s.id) ?? 0,
          since: wireTime(s.created_at),
        })),
      );
    },
  },
  staffCreate,
  staffRole,
  {
    name: 'staff-disable',
    right: 'staff',
    summary: 'Disable a member: they cannot sign in, and their sessions end now',
    params: [LOGIN],
    before: async (q, args) => shown(await member(q, args.login)),
    async run(ctx, args) {
      const s = await member(ctx.db, args.login);
      await keepAnAdmin(ctx.db, s, false);
      await updateStaff(ctx.db, s.id, { active: false });
      const revoked = await revokeSessions(ctx.db, s.id, ctx.clock.now());
      return { ...shown(s), active: false, sessions_revoked: revoked };
    },
  },
  {
    name: 'staff-enable',
    right: 'staff',
    summary: 'Enable a disabled member again',
    params: [LOGIN],
    before: async (q, args) => shown(await member(q, args.login)),
    async run(ctx, args) {
      const s = await member(ctx.db, args.login);
      await updateStaff(ctx.db, s.id, { active: true });
      return { ...shown(s), active: true };
    },
  },
  {
    name: 'staff-revoke',
    right: 'staff',
    summary: 'End every session of a member now (a lost laptop); they can sign in again',
    params: [LOGIN],
    async run(ctx, args) {
      const s = await member(ctx.db, args.login);
      return { login: s.login, sessions_revoked: await revokeSessions(ctx.db, s.id, ctx.clock.now()) };
    },
  },
  {
    name: 'staff-reset',
    right: 'staff',
    summary:
      'Reset a member who lost their password or authenticator: a new one-time password (shown once), their own ' +
      'password and second factor set up again at the next sign-in, every session ended, no second approvals for 24 h',
    params: [LOGIN],
    async run(ctx, args) {
      const s = await member(ctx.db, args.login);
      const password = firstPassword();
      const hash = await hashPassword(password, ctx.limits.scrypt);
      await setStaffPassword(ctx.db, s.id, hash, { reset: true, now: ctx.clock.now() });
      await removeFactor(ctx.db, { kind: 'staff', id: s.id });
      const revoked = await revokeSessions(ctx.db, s.id, ctx.clock.now());
      return { login: s.login, first_password: password, sessions_revoked: revoked };
    },
  },
];
