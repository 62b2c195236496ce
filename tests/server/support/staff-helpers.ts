// Staff for server tests: a member created as the break-glass operator would (staff-create), signed in through the
// real login route: the one-time password opens the step where the member sets their own, then the TOTP code
// computed from the secret the first sign-in shows (server/auth/second-factor.ts).
import type { Clock } from '../../../domain/time.ts';
import { totpCode } from '../../../server/auth/second-factor.ts';
import { staffCreate } from '../../../server/ops/commands/staff.ts';
import { runAs } from '../../../server/ops/run.ts';
import type { Role } from '../../../server/staff/rights.ts';
import { NEW_CREDENTIALS_MS } from '../../../server/staff/four-eyes.ts';
import { TEST_OPERATOR, type ManualClock, type TestServer } from './harness.ts';

export interface SignedInStaff {
  login: string;
  password: string;
  secret: string;
  token: string;
  /** POSTs an ops route as this member (x-ops-session), with optional extra headers. */
  run<T = unknown>(
    name: string,
    body?: Record<string, string>,
  ): Promise<{ status: number; code: number; msg: string; data: T }>;
}

let seq = 0;

export async function createStaff(server: TestServer, role: Role, login = `${role}${++seq}x${process.pid % 1000}`) {
  const made = (await runAs(server.ctx, staffCreate, { login, name: `Test ${login}`, role }, TEST_OPERATOR)) as {
    first_password: string;
  };
  return { login, password: made.first_password };
}

export async function postJson<T>(
  server: Pick<TestServer, 'baseUrl'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', lang: 'en', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: T }) };
}

/** The password a test member sets for themself at the first sign-in. */
export const ownPassword = (login: string): string => `own password of ${login}`;

/**
 * Signs in (the first time: their own password in place of the one-time one, then the factor's set-up); the clock
 * must move a TOTP step between two sign-ins.
 */
export async function signIn(
  server: TestServer,
  who: { login: string; password: string; secret?: string },
  clock: Clock = { now: () => Date.now() },
): Promise<SignedInStaff> {
  let secret = who.secret ?? '';
  let password = who.password;
  if (!secret) {
    let setup = await postJson<{ step: string; secret: string }>(server, '/api/ops/login', {
      login: who.login,
      password,
    });
    if (setup.data?.step === 'password') {
      const own = ownPassword(who.login);
      setup = await postJson(server, '/api/ops/login', { login: who.login, password, new_password: own });
      password = own;
    }
    if (setup.data?.step !== 'setup') throw new Error(`no set-up: ${setup.msg}`);
    secret = setup.data.secret;
  }
  const done = await postJson<{ step: string; token: string }>(server, '/api/ops/login', {
    login: who.login,
    password,
    code: totpCode(secret, clock.now()),
  });
  if (done.data?.step !== 'done') throw new Error(`sign-in failed: ${done.msg}`);
  const token = done.data.token;
  return {
    login: who.login,
    password,
    secret,
    token,
    run: (name, body = {}) => postJson(server, `/api/ops/run/${name}`, body, { 'x-ops-session': token }),
  };
}

/**
 * A member who may give second approvals: created, signed in once, and then signed in again after the 24 h in which
 * new credentials give none (docs/back-office.md "Four eyes"); the clock moves a day and a TOTP step.
 */
export async function seasonedStaff(server: TestServer, role: Role, clock: ManualClock): Promise<SignedInStaff> {
  const first = await signIn(server, await createStaff(server, role), clock);
  clock.advance(NEW_CREDENTIALS_MS + 60_000);
  return signIn(server, first, clock);
}
