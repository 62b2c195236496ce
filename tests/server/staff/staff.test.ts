// Staff accounts, roles, the audit log and four eyes (docs/back-office.md), on both databases: a member signs in
// with password and TOTP; the session ends after the idle time (fake clock) or when an admin revokes it; each role
// is refused outside its rights; every run is one transaction with its audit row, which nobody can change; large
// money needs two different finance members; the break-glass token is on record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../../server/auth/second-factor.ts';
import type { OpsCommand } from '../../../server/ops/command.ts';
import { breakGlass } from '../../../server/ops/auth.ts';
import { OPS_COMMANDS } from '../../../server/ops/commands/index.ts';
import { runAs } from '../../../server/ops/run.ts';
import { getSetting, setSetting } from '../../../server/settings/settings.ts';
import { ROLE_RIGHTS, ROLES, type Role } from '../../../server/staff/rights.ts';
import type { OpsCommandInfo } from '../../../server/routes/ops.ts';
import {
  manualClock,
  refusalKey,
  registerAndLogin,
  startTestServer,
  TEST_OPERATOR,
  type TestServer,
} from '../support/harness.ts';
import { createStaff, postJson, signIn, type SignedInStaff } from '../support/staff-helpers.ts';
import { noPayoutHold, withdrawCode } from '../support/withdraw-code.ts';

const clock = manualClock();
let server: TestServer;
const step = () => clock.advance(30_000); // one TOTP step: a code is never accepted twice

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
});
afterAll(() => server.close());

const auditRows = (action?: string) =>
  server.ctx.db.query<{ actor: string; action: string; role: string; address: string; before_value: string | null }>(
    `SELECT actor, action, role, address, before_value FROM audit_log WHERE ($1::text IS NULL OR action = $1::text)
      ORDER BY id`,
    [action ?? null],
  );

describe('sign-in and sessions', () => {
  it('sets up the second factor at the first sign-in, then asks for the code each time', async () => {
    const who = await createStaff(server, 'support');
    const wrong = await postJson(server, '/api/ops/login', { login: who.login, password: 'not-it-at-all' });
    expect([wrong.code, wrong.msg]).toEqual([0, 'Wrong login or password']);
    const member = await signIn(server, who, clock);
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
        expect((await auditRows()).length).toBe(before);
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

  it('is written with the change, in one transaction: a failed change leaves no row, a failed row no change', async () => {
    const before = (await auditRows('test-write')).length;
    await expect(runAs(server.ctx, writes, { value: 'a@example.com', fail: '1' }, TEST_OPERATOR)).rejects.toThrow();
    expect(await getSetting(server.ctx.db, 'complaint_email')).not.toBe('a@example.com');
    expect((await auditRows('test-write')).length).toBe(before);
    // The audit row cannot be written (a NUL byte PostgreSQL refuses): the change is rolled back with it.
    const broken = { ...TEST_OPERATOR, address: 'bad\u0000address' };
    await expect(runAs(server.ctx, writes, { value: 'b@example.com' }, broken)).rejects.toThrow();
    expect(await getSetting(server.ctx.db, 'complaint_email')).not.toBe('b@example.com');
    expect((await auditRows('test-write')).length).toBe(before);
    await runAs(server.ctx, writes, { value: 'c@example.com' }, TEST_OPERATOR);
    expect(await getSetting(server.ctx.db, 'complaint_email')).toBe('c@example.com');
    expect((await auditRows('test-write')).length).toBe(before + 1);
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

describe('four eyes', () => {
  it('a withdrawal above the threshold needs a second, different finance member; the trader reads "Under review"', async () => {
    const trader = await registerAndLogin(server);
    await runAs(
      server.ctx,
      OPS_COMMANDS.find((c) => c.name === 'user-credit')!,
      { user: trader.account, amount: '900' },
      TEST_OPERATOR,
    );
    await runAs(
      server.ctx,
      OPS_COMMANDS.find((c) => c.name === 'setting-set')!,
      { key: 'four_eyes.USD', value: '500' },
      TEST_OPERATOR,
    );
    const coins = (
      await trader.client.get<Array<{ id: number; code: string; protocol: string }>>('/api/account/draw_symbol_list', {
        type: 1,
      })
    ).data;
    const trc = coins.find((c) => c.code === 'USDT' && c.protocol === 'TRC20')!;
    await noPayoutHold(server.ctx); // the holds and the code have their own tests (account-security.test.ts)
    await trader.client.post('/api/wallet/bind_draw_method', {
      type: 1,
      draw_id: trc.id,
      dc_address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
    });
    const methods = (
      await trader.client.get<Array<{ id: number }>>('/api/wallet/get_draw_method', { draw_type: 1, draw_id: trc.id })
    ).data;
    const drawn = await trader.client.post('/api/account/draw', {
      ...(await withdrawCode(server.ctx, trader.account)),
      draw_currency_id: trc.id,
      number: '600',
      memo: '',
      draw_method_id: methods[0]!.id,
    });
    expect(drawn.code).toBe(1);
    const [w] = await server.ctx.db.query<{ id: string }>('SELECT id FROM withdrawals WHERE user_id = $1', [
      trader.user.id,
    ]);
    const id = String(w?.id);

    step();
    const a = await signIn(server, await createStaff(server, 'finance'), clock);
    const b = await signIn(server, await createStaff(server, 'finance'), clock);
    const first = await a.run<{ waiting_for_second_approval: number }>('withdraw-paid', { id });
    expect(first.data.waiting_for_second_approval).toBeGreaterThan(0);
    const status = async () =>
      (
        await trader.client
          .withLang('en')
          .get<{ data: Array<{ status: number; status_name: string }> }>('/api/account/draw_list', { type: 1 })
      ).data.data[0];
    expect(await status()).toMatchObject({ status: 0, status_name: 'Under review' });

    const again = await a.run('withdraw-paid', { id });
    expect(again.msg).toBe('You gave the first approval: another finance member must give the second');
    const viaApproval = await a.run('approval-give', { id: String(first.data.waiting_for_second_approval) });
    expect(viaApproval.code).toBe(0);
    expect(await status()).toMatchObject({ status: 0 });

    const second = await b.run<{ status: number; approvals: string[] }>('withdraw-paid', { id });
    expect(second.data.status).toBe(1);
    expect(await status()).toMatchObject({ status: 1, status_name: 'Paid' });
    const rows = (await auditRows('withdraw-paid')).slice(-2);
    expect(rows.map((r) => r.actor)).toEqual([`Test ${a.login} (${a.login})`, `Test ${b.login} (${b.login})`]);
  });

  it('a manual credit above the threshold waits; approval-give by another member credits it once', async () => {
    const trader = await registerAndLogin(server);
    step();
    const a = await signIn(server, await createStaff(server, 'finance'), clock);
    const b = await signIn(server, await createStaff(server, 'finance'), clock);
    const asked = await a.run<{ waiting_for_second_approval: number }>('user-credit', {
      user: trader.account,
      amount: '750',
    });
    const approval = String(asked.data.waiting_for_second_approval);
    const balance = async () =>
      (
        await server.ctx.db.query<{ balance: string }>('SELECT balance::text FROM accounts WHERE user_id = $1', [
          trader.user.id,
        ])
      )[0]?.balance;
    expect(Number(await balance())).toBe(0);
    const listed = await b.run<Array<{ id: number; first_by: string }>>('approval-list');
    expect(listed.data.find((r) => String(r.id) === approval)?.first_by).toContain(a.login);
    expect((await a.run('approval-give', { id: approval })).msg).toBe(
      'You gave the first approval: another finance member must give the second',
    );
    expect((await b.run('approval-give', { id: approval })).code).toBe(1);
    expect((await b.run('approval-give', { id: approval })).msg).toBe('This approval is no longer waiting');
    expect(Number(await balance())).toBe(750);
    const rows = await auditRows('approval-give');
    expect(rows.filter((r) => r.actor.includes(b.login))).toHaveLength(1); // the refused tries left no row
    await runAs(
      server.ctx,
      OPS_COMMANDS.find((c) => c.name === 'setting-set')!,
      { key: 'four_eyes.USD', value: '10000' },
      TEST_OPERATOR,
    );
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

  it('acts as one person for four eyes', async () => {
    expect(breakGlass('x').staffId).toBe(0);
    const first = { first_staff_id: 0 };
    const { assertSecondPerson } = await import('../../../server/staff/four-eyes.ts');
    expect(await refusalKey(Promise.resolve().then(() => assertSecondPerson(first, breakGlass('x'))))).toBe(
      'staff.four_eyes_same',
    );
  });
});
