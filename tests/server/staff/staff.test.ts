// Staff accounts, roles and the audit log (docs/back-office.md), on both databases: the admin's one-time password
// opens only the step where a member sets their own; a member signs in with password and TOTP and changes their own
// password; the session ends after the idle time (fake clock) or when an admin revokes it; each role is refused
// outside its rights, and the refusal is on record; every run is one transaction with its audit row, which nobody
// can change; the break-glass token is on record. Four eyes: four-eyes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../server/auth/second-factor.ts';
import type { OpsCommand } from '../../../server/ops/command.ts';
import { OPS_COMMANDS } from '../../../server/ops/commands/index.ts';
import { runAs } from '../../../server/ops/run.ts';
import { getSetting, setSetting } from '../../../server/settings/settings.ts';
import { ROLE_RIGHTS, ROLES, type Role } from '../../../server/staff/rights.ts';
import type { OpsCommandInfo } from '../../../server/ops/command.ts';
import { manualClock, startTestServer, TEST_OPERATOR, type TestServer } from '../support/harness.ts';
import { createStaff, postJson, signIn, type SignedInStaff } from '../support/staff-helpers.ts';

const clock = manualClock();
let server: TestServer;
const step = () => clock.advance(30_000); // one TOTP step: a code is never accepted twice

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
});
afterAll(() => server.close());

const auditRows = (action?: string) =>
  server.ctx.db.query<{
    actor: string;
    action: string;
    role: string;
    address: string;
    before_value: string | null;
    after_value: string | null;
  }>(
    `SELECT actor, action, role, address, before_value, after_value FROM audit_log
      WHERE ($1::text IS NULL OR action = $1::text) ORDER BY id`,
    [action ?? null],
  );

describe('sign-in and sessions', () => {
  it('sets up the second factor at the first sign-in, then asks for the code each time', async () => {
    const made = await createStaff(server, 'support');
    const wrong = await postJson(server, '/api/ops/login', { login: made.login, password: 'not-it-at-all' });
    expect([wrong.code, wrong.msg]).toEqual([0, 'Wrong login or password']);
    const member = await signIn(server, made, clock);
    const who = { login: member.login, password: member.password };
    step();
    const again = await postJson<{ step: string }>(server, '/api/ops/login', who);
    expect(again.data.step).toBe('code'); // no new secret once it is on
    const badCode = await postJson(server, '/api/ops/login', { ...who, code: '000000' });
    expect(badCode.msg).toBe('The code is wrong or was already used');
    const me = await fetch(`${server.baseUrl}/api/ops/me`, { headers: { 'x-ops-session': member.token } });
    expect(((await me.json()) as { data: { role: string } }).data.role).toBe('support');
    // The same code twice (a replay) is refused.
    const code = totpCode(member.secret, clock.now());
    expect((await postJson(server, '/api/ops/login', { ...who, code })).code).toBe(1);
    expect((await postJson(server, '/api/ops/login', { ...who, code })).code).toBe(0);
  });

  it('the one-time password of staff-create and staff-reset only opens the step where the member sets their own', async () => {
    step();
    const made = await createStaff(server, 'finance');
    const login = (body: Record<string, string>) =>
      postJson<{ step: string }>(server, '/api/ops/login', { login: made.login, password: made.password, ...body });
    // No secret and no session with the admin's password, even with a code.
    expect((await login({})).data).toEqual({ step: 'password' });
    expect((await login({ code: '123456' })).data).toEqual({ step: 'password' });
    expect((await login({ new_password: 'too short' })).msg).toBe('Your password must be 12 to 128 characters long');
    expect((await login({ new_password: made.password })).msg).toBe('Choose a new password, not the one you have now');
    const own = 'a password only I know';
    expect((await login({ new_password: own })).data.step).toBe('setup');
    // The one-time password is spent: the admin cannot sign in as the member with it.
    expect((await login({})).msg).toBe('Wrong login or password');
    const member = await signIn(server, { login: made.login, password: own }, clock);
    expect((await auditRows('password-set (first sign-in)')).at(-1)?.actor).toBe(`Test ${made.login} (${made.login})`);

    step();
    const admin = await signIn(server, await createStaff(server, 'admin'), clock);
    const reset = await admin.run<{ first_password: string }>('staff-reset', { login: made.login });
    const again = await postJson<{ step: string }>(server, '/api/ops/login', {
      login: made.login,
      password: reset.data.first_password,
    });
    expect(again.data).toEqual({ step: 'password' });
    expect((await member.run('charge-list')).status).toBe(401); // the reset ended the session
  });

  it('a member changes their own password with the current one and a code; their other sessions end', async () => {
    step();
    const m = await signIn(server, await createStaff(server, 'dealer'), clock);
    step();
    const other = await signIn(server, m, clock);
    const change = (body: Record<string, string>) =>
      postJson(server, '/api/ops/password', body, { 'x-ops-session': m.token });
    const next = 'my next long password';
    step();
    const noCode = await change({ password: m.password, new_password: next, code: '000000' });
    expect(noCode.msg).toBe('The code is wrong or was already used');
    const wrongPassword = await change({ password: 'not my password', new_password: next, code: '000000' });
    expect(wrongPassword.msg).toBe('Wrong login or password');
    const changed = await change({ password: m.password, new_password: next, code: totpCode(m.secret, clock.now()) });
    expect([changed.status, changed.code]).toEqual([200, 1]);
    expect((await m.run('feed-mappings')).code).toBe(1);
    expect((await other.run('feed-mappings')).status).toBe(401);
    step();
    expect((await postJson(server, '/api/ops/login', { login: m.login, password: m.password })).msg).toBe(
      'Wrong login or password',
    );
    expect((await signIn(server, { ...m, password: next }, clock)).token).not.toBe('');
    expect((await auditRows('password-change')).at(-1)?.actor).toBe(`Test ${m.login} (${m.login})`);
  });

  it('ends a session after 30 idle minutes (a request restarts the clock), and at an admin’s revoke', async () => {
    step();
    const member = await signIn(server, await createStaff(server, 'dealer'), clock);
    clock.advance(20 * 60_000);
    expect((await member.run('feed-mappings')).code).toBe(1);
    clock.advance(20 * 60_000); // 40 minutes since sign-in, 20 since the last request
    expect((await member.run('feed-mappings')).code).toBe(1);
    clock.advance(30 * 60_000 + 1);
    const expired = await member.run('feed-mappings');
    expect([expired.status, expired.msg]).toEqual([
      401,
      'Sign in to the back office first (or your session has ended)',
    ]);

    step();
    const again = await signIn(server, member, clock);
    const admin = await signIn(server, await createStaff(server, 'admin'), clock);
    const revoked = await admin.run<{ sessions_revoked: number }>('staff-revoke', { login: member.login });
    expect(revoked.data.sessions_revoked).toBeGreaterThanOrEqual(1);
    expect((await again.run('feed-mappings')).status).toBe(401);
  });
});

describe('roles and rights', () => {
  const members = new Map<Role, SignedInStaff>();
  beforeAll(async () => {
    for (const role of ROLES) {
      step();
      members.set(role, await signIn(server, await createStaff(server, role), clock));
    }
  });

  it('lists to each role only what it may run, and refuses the rest through the API (403, nothing runs)', async () => {
    for (const role of ROLES) {
      const m = members.get(role)!;
      const res = await fetch(`${server.baseUrl}/api/ops/commands`, { headers: { 'x-ops-session': m.token } });
      const listed = ((await res.json()) as { data: OpsCommandInfo[] }).data.map((c) => c.name);
      const allowed = OPS_COMMANDS.filter((c) => ROLE_RIGHTS[role].includes(c.right)).map((c) => c.name);
      expect(listed, role).toEqual(allowed);
      for (const cmd of OPS_COMMANDS.filter((c) => !ROLE_RIGHTS[role].includes(c.right))) {
        const before = (await auditRows()).length;
        const r = await m.run(cmd.name, {});
        expect([r.status, r.code, r.msg], `${role} ${cmd.name}`).toEqual([403, 0, `Your role may not run ${cmd.name}`]);
        // Nothing ran, and the try is on record (who tried what, and that it was refused).
        const rows = await auditRows();
        expect(rows.length).toBe(before + 1);
        expect(rows.at(-1)).toMatchObject({ action: cmd.name, actor: `Test ${m.login} (${m.login})`, role });
        expect(JSON.parse(rows.at(-1)?.after_value ?? 'null')).toEqual({ refused: 'staff.not_allowed' });
      }
    }
    // Spot checks of the split: finance approves deposits, support and dealers cannot; dealers halt, finance cannot.
    expect(ROLE_RIGHTS.finance).toContain('deposits');
    expect((await members.get('support')!.run('charge-list')).status).toBe(403);
    expect((await members.get('finance')!.run('feed-halt', { code: 'EURUSD', reason: 'x' })).status).toBe(403);
    expect((await members.get('dealer')!.run('staff-list')).status).toBe(403);
    expect((await members.get('admin')!.run('withdraw-list')).status).toBe(403);
  });

  it('records each run with the person, their role and address; the desk names them too', async () => {
    const dealer = members.get('dealer')!;
    expect((await dealer.run('feed-halt', { code: 'EURUSD', reason: 'Price check' })).code).toBe(1);
    expect((await dealer.run('feed-resume', { code: 'EURUSD' })).code).toBe(1);
    const [row] = (await auditRows('feed-halt')).slice(-1);
    expect(row).toMatchObject({ actor: `Test ${dealer.login} (${dealer.login})`, role: 'dealer' });
    expect(row?.address).toMatch(/127\.0\.0\.1/);
    const changes = await dealer.run<Array<{ by: string; command: string }>>('feed-changes');
    expect(changes.data.find((c) => c.command === 'feed-halt')?.by).toBe(`Test ${dealer.login} (${dealer.login})`);
    // A read keeps what was asked and how many rows it gave, not the rows (the audit log would copy itself).
    const [read] = await server.ctx.db.query<{ after_value: string }>(
      "SELECT after_value FROM audit_log WHERE action = 'feed-changes' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(read?.after_value ?? 'null')).toEqual({ rows: changes.data.length });
  });

  it('a member searches their own rows, an admin everyone’s', async () => {
    const dealer = members.get('dealer')!;
    const own = await dealer.run<Array<{ who: string }>>('audit-search', {});
    expect(own.data.length).toBeGreaterThan(0);
    expect(new Set(own.data.map((r) => r.who))).toEqual(new Set([`Test ${dealer.login} (${dealer.login})`]));
    const all = await members.get('admin')!.run<Array<{ who: string }>>('audit-search', { text: dealer.login });
    expect(all.data.some((r) => r.who.includes(dealer.login))).toBe(true);
    expect((await dealer.run('audit-search', { staff: members.get('admin')!.login })).code).toBe(0);
  });
});

describe('the audit log', () => {
  const writes: OpsCommand = {
    name: 'test-write',
    right: 'settings',
    summary: 'test',
    params: [],
    async run(ctx, args) {
      await setSetting(ctx.db, 'complaint_email', args.value ?? '');
      if (args.fail) throw new Error('the change fails after its write');
      return { value: args.value };
    },
  };

  it('is written with the change, in one transaction: a failed change leaves only its refusal, a failed row no change', async () => {
    const changes = async () => (await auditRows('test-write')).filter((r) => !r.after_value?.includes('refused'));
    const before = (await changes()).length;
    await expect(runAs(server.ctx, writes, { value: 'a@example.com', fail: '1' }, TEST_OPERATOR)).rejects.toThrow();
    expect(await getSetting(server.ctx.db, 'complaint_email')).not.toBe('a@example.com');
    expect((await changes()).length).toBe(before);
    expect(JSON.parse((await auditRows('test-write')).at(-1)?.after_value ?? 'null')).toEqual({ refused: 'internal' });
    // The audit row cannot be written (a NUL byte PostgreSQL refuses): the change is rolled back with it.
    const broken = { ...TEST_OPERATOR, address: 'bad\u0000address' };
    await expect(runAs(server.ctx, writes, { value: 'b@example.com' }, broken)).rejects.toThrow();
    expect(await getSetting(server.ctx.db, 'complaint_email')).not.toBe('b@example.com');
    expect((await changes()).length).toBe(before);
    await runAs(server.ctx, writes, { value: 'c@example.com' }, TEST_OPERATOR);
    expect(await getSetting(server.ctx.db, 'complaint_email')).toBe('c@example.com');
    expect((await changes()).length).toBe(before + 1);
  });

  it('keeps the value before: setting-set records the old and the new', async () => {
    await runAs(
      server.ctx,
      OPS_COMMANDS.find((c) => c.name === 'setting-set')!,
      { key: 'loss_url', value: 'https://a.example' },
      TEST_OPERATOR,
    );
    await runAs(
      server.ctx,
      OPS_COMMANDS.find((c) => c.name === 'setting-set')!,
      { key: 'loss_url', value: 'https://b.example' },
      TEST_OPERATOR,
    );
    const [row] = (await auditRows('setting-set')).slice(-1);
    expect(JSON.parse(row?.before_value ?? 'null')).toEqual({ key: 'loss_url', value: 'https://a.example' });
  });

  it('cannot be updated, deleted or truncated by the app’s database user', async () => {
    const n = (await auditRows()).length;
    expect(n).toBeGreaterThan(0);
    for (const sql of ["UPDATE audit_log SET actor = 'someone else'", 'DELETE FROM audit_log', 'TRUNCATE audit_log']) {
      await expect(server.ctx.db.query(sql), sql).rejects.toThrow(/append-only/);
    }
    expect((await auditRows()).length).toBe(n);
    expect((await auditRows()).every((r) => r.actor !== 'someone else')).toBe(true);
  });

  it('never keeps a first password', async () => {
    const made = await createStaff(server, 'support');
    const rows = await server.ctx.db.query<{ after_value: string }>(
      "SELECT after_value FROM audit_log WHERE action = 'staff-create' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.after_value).not.toContain(made.password);
  });
});

describe('break-glass', () => {
  it('records every use of OPS_TOKEN as "break-glass"', async () => {
    const res = await fetch(`${server.baseUrl}/api/ops/commands`, { headers: { 'x-ops-token': server.opsToken } });
    expect(res.status).toBe(200);
    const ran = await postJson(server, '/api/ops/run/setting-list', {}, { 'x-ops-token': server.opsToken });
    expect(ran.code).toBe(1);
    const rows = (await auditRows()).filter((r) => r.actor === 'break-glass');
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['GET /api/ops/commands', 'setting-list']));
    expect(rows.every((r) => r.role === 'break-glass')).toBe(true);
  });
});
