// The back office's ops API and CLI: the guard (staff session or the explicit break-glass token), the command list,
// parameter checking (named as flags), and a real command run through both the HTTP API and `npm run ops`'s runCli
// against the running server; the CLI signed in as a staff member, and spawned without USER.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { OutboxRow } from '../../../server/ops/commands/outbox.ts';
import { runCli, formatResult, type CliIo } from '../../../server/ops/cli.ts';
import { sessionPath } from '../../../server/ops/cli.ts';
import { totpCode } from '../../../server/auth/second-factor.ts';
import type { OpsCommandInfo } from '../../../server/ops/command.ts';
import type { OpsUserRow } from '../../../server/ops/commands/users.ts';
import { registerAndLogin, startTestServer, type RegisteredUser, type TestServer } from '../support/harness.ts';
import { createStaff, postJson } from '../support/staff-helpers.ts';

let server: TestServer;
let user: RegisteredUser;
const logged: string[] = [];

async function ops<T>(
  path: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const token = opts.token === undefined ? server.opsToken : opts.token;
  const headers: Record<string, string> = { lang: 'en', 'content-type': 'application/json' };
  if (token !== null) headers['x-ops-token'] = token;
  const res = await fetch(
    `${server.baseUrl}${path}`,
    opts.body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(opts.body) },
  );
  return { status: res.status, ...((await res.json()) as { code: number; msg: string; data: T }) };
}

function captureIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), ask: async () => '', fetch };
}

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ log: pino({ level: 'debug' }, sink) });
  user = await registerAndLogin(server);
});
afterAll(() => server.close());

describe('the guard', () => {
  it('generates no shared token: break-glass is only the OPS_TOKEN set explicitly', () => {
    expect(existsSync(join(server.dataDir, 'ops-token'))).toBe(false);
    expect(server.opsToken.length).toBeGreaterThanOrEqual(24);
  });

  it('refuses the API without the token, with a wrong one, or with a user session', async () => {
    for (const token of [null, '', 'wrong-token-wrong-token-wrong', user.token]) {
      const list = await ops('/api/ops/commands', { token });
      expect(list.status).toBe(401);
      expect(list.msg).toBe('Sign in to the back office first (or your session has ended)');
      const run = await ops('/api/ops/run/user-show', { token, body: { user: user.account } });
      expect(run.status).toBe(401);
      expect(run.data).toBeNull();
    }
  });
});

describe('ops API', () => {
  it('lists the commands with their parameters', async () => {
    const list = await ops<OpsCommandInfo[]>('/api/ops/commands');
    expect(list.code).toBe(1);
    const show = list.data.find((c) => c.name === 'user-show');
    expect(show?.params.map((p) => p.name)).toEqual(['user']);
    // Only the description travels: no handler (a "run" key) or other server internals; `live` marks the read-only
    // commands the page may re-run every second (what waits on staff, the dealer's view), and only those.
    for (const c of list.data) {
      expect(Object.keys(c).sort()).toEqual(
        c.live ? ['live', 'name', 'params', 'summary'] : ['name', 'params', 'summary'],
      );
    }
    expect(list.data.filter((c) => c.live).map((c) => c.name)).toEqual([
      'queues',
      'book',
      'book-top',
      'book-absorbed',
      'copy-list',
      'copy-providers',
      'copy-state',
    ]);
  });

  it('runs a command with checked parameters', async () => {
    const shown = await ops<OpsUserRow>('/api/ops/run/user-show', { body: { user: user.account.toUpperCase() } });
    expect(shown.code).toBe(1);
    expect(shown.data).toMatchObject({ account: user.account, is_demo: 0, balance: '0.00', lock_balance: '0.00' });
    const byId = await ops<OpsUserRow>('/api/ops/run/user-show', { body: { user: `#${shown.data.id}` } });
    expect(byId.data.uid).toBe(shown.data.uid);
  });

  it('refuses unknown commands, unknown, missing and malformed parameters', async () => {
    expect((await ops('/api/ops/run/no-such', { body: {} })).status).toBe(404);
    const cases: Array<[unknown, string]> = [
      [{}, 'user'],
      [{ user: '' }, 'user'],
      [{ user: user.account, extra: '1' }, 'extra'],
      [{ user: { nested: 1 } }, 'user'],
      [{ user: 'x'.repeat(1001) }, 'user'],
      [[user.account], 'body'],
    ];
    for (const [body, field] of cases) {
      const r = await ops('/api/ops/run/user-show', { body });
      expect(r.code, JSON.stringify(body)).toBe(0);
      expect(r.msg).toContain(field);
    }
    const missing = await ops('/api/ops/run/user-show', { body: { user: 'nobody@example.com' } });
    expect(missing.code).toBe(0);
  });
});

describe('outbox', () => {
  it('shows the codes waiting in the outbox, which never reach the log', async () => {
    const sent = await ops<OutboxRow[]>('/api/ops/run/outbox', { body: { to: user.account } });
    expect(sent.code).toBe(1);
    expect(sent.data).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(sent.data[0]?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(logged.join('')).toContain('message left in the outbox');
    // As a number of its own: a log line's epoch time may hold the same six digits (it did: 1796705421517).
    expect(logged.join('')).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    const all = await ops<OutboxRow[]>('/api/ops/run/outbox', { body: {} });
    expect(all.data.length).toBeGreaterThanOrEqual(1);
    const none = await ops<OutboxRow[]>('/api/ops/run/outbox', { body: { to: 'nobody@example.com' } });
    expect(none.data).toEqual([]);
  });

  it('logs each ops run by name, never the token', () => {
    const text = logged.join('');
    expect(text).toContain('"ops":"user-show"');
    expect(text).not.toContain(server.opsToken);
  });
});

describe('settings', () => {
  const status = async () =>
    (await fetch(`${server.baseUrl}/api/company/getCompanyStatus`, { headers: { lang: 'en' } })).json() as Promise<{
      data: { type: number };
    }>;

  it('the seeded site is the trading variant; setting-set makes it the main site, and the app status says so', async () => {
    expect((await status()).data.type).toBe(0);
    const set = await ops<{ key: string; value: string }>('/api/ops/run/setting-set', {
      body: { key: 'app_type', value: '1' },
    });
    expect(set.data).toEqual({ key: 'app_type', value: '1' });
    expect((await status()).data.type).toBe(1);
    const list = await ops<Array<{ key: string; value: string }>>('/api/ops/run/setting-list', { body: {} });
    expect(list.data.find((r) => r.key === 'app_type')?.value).toBe('1');
    await ops('/api/ops/run/setting-set', { body: { key: 'app_type', value: '0' } });
  });

  it('refuses unknown keys, values a switch does not know and links that are not http(s), changing nothing', async () => {
    const before = await ops<Array<{ key: string; value: string }>>('/api/ops/run/setting-list', { body: {} });
    for (const body of [
      { key: 'app_typo', value: '1' },
      { key: 'app_status', value: 'off' },
      { key: 'service_link', value: 'javascript:alert(1)' },
      { key: 'loss_url', value: 'ftp://x' },
      { key: 'complaint_email', value: 'x'.repeat(4001) },
    ]) {
      const res = await ops('/api/ops/run/setting-set', { body });
      expect([res.code, res.msg]).toEqual([0, `--${body.key === 'app_typo' ? 'key' : 'value'} is not valid`]);
    }
    expect((await ops<Array<{ key: string; value: string }>>('/api/ops/run/setting-list', { body: {} })).data).toEqual(
      before.data,
    );
  });
});

describe('npm run ops (runCli)', () => {
  const config = mkdtempSync(join(tmpdir(), 'tickwise-ops-cli-'));
  // Break-glass, set explicitly, for the plain command tests; the staff tests below sign in.
  const env = (): NodeJS.ProcessEnv => ({
    OPS_URL: server.baseUrl,
    DATA_DIR: server.dataDir,
    OPS_TOKEN: server.opsToken,
    XDG_CONFIG_HOME: config,
  });

  it('lists the commands with no arguments (usage, exit 2) and with help (exit 0)', async () => {
    const io = captureIo();
    expect(await runCli([], env(), io)).toBe(2);
    expect(io.stdout.join('\n')).toContain('user-show --user');
    expect(await runCli(['help'], env(), captureIo())).toBe(0);
  });

  it('runs a command with the break-glass token', async () => {
    const io = captureIo();
    expect(await runCli(['user-show', '--user', user.account], env(), io)).toBe(0);
    expect(JSON.parse(io.stdout.join('\n'))).toMatchObject({ account: user.account });
  });

  it('says what is wrong: unknown flag, refused by the server, wrong token, no server', async () => {
    const flag = captureIo();
    expect(await runCli(['user-show', '--nope', 'x'], env(), flag)).toBe(2);
    expect(flag.stderr.join('')).toContain('--nope');
    const refused = captureIo();
    expect(await runCli(['user-show', '--user', 'nobody@example.com'], env(), refused)).toBe(1);
    expect(refused.stderr.join('')).not.toBe('');
    const wrong = captureIo();
    expect(await runCli(['help'], { ...env(), OPS_TOKEN: 'wrong-token-wrong-token-wrong' }, wrong)).toBe(1);
    const gone = captureIo();
    expect(await runCli(['help'], { ...env(), OPS_URL: 'http://127.0.0.1:9' }, gone)).toBe(1);
    expect(gone.stderr.join('')).toContain('Cannot reach');
  });

  it('help without a session or a server still gives the usage: how to sign in, the first administrator, restore', async () => {
    for (const [what, e] of [
      ['no session', { OPS_URL: server.baseUrl, XDG_CONFIG_HOME: config }],
      ['no server', { OPS_URL: 'http://127.0.0.1:9', XDG_CONFIG_HOME: config }],
    ] as const) {
      const io = captureIo();
      expect(await runCli(['help'], e, io), what).toBe(1);
      const said = io.stdout.join('\n');
      expect(said, what).toContain('npm run ops -- login');
      expect(said, what).toContain('staff-create --role admin');
      expect(said, what).toContain('restore --from');
      expect(said, what).not.toContain('user-show'); // the role's commands come only from the server
      expect(io.stderr.join(''), what).toMatch(what === 'no session' ? /not signed in/ : /Cannot reach/);
    }
  });

  it('staff-create with no session and no bootstrap file names the file it looked for and DATA_DIR', async () => {
    const io = captureIo();
    const bare = { OPS_URL: server.baseUrl, XDG_CONFIG_HOME: config };
    const args = ['staff-create', '--role', 'admin', '--login', 'first', '--name', 'First Admin'];
    expect(await runCli(args, bare, io)).toBe(1);
    const said = io.stderr.join('');
    expect(said).toContain(join(process.cwd(), 'data', 'ops-bootstrap'));
    expect(said).toContain('DATA_DIR is not set');
    expect(said).not.toContain('not signed in');
  });

  it('prints lists as aligned columns', () => {
    expect(
      formatResult([
        { id: 1, name: 'a' },
        { id: 22, name: null },
      ]).split('\n'),
    ).toEqual(['id  name', '1   a', '22']);
    expect(formatResult({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('npm run ops as a staff member', () => {
  const config = mkdtempSync(join(tmpdir(), 'tickwise-ops-staff-'));
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    OPS_URL: server.baseUrl,
    DATA_DIR: server.dataDir,
    XDG_CONFIG_HOME: config,
    ...extra,
  });

  /** A new member's first sign-in from the shell: their own password, then the key it prints, then its code. */
  async function cliLogin(role: 'finance' | 'dealer') {
    const made = await createStaff(server, role);
    const who = { login: made.login, password: `${made.login} own password` };
    const io = captureIo();
    io.ask = async () => {
      const key = /key: {2}([A-Z2-7]+)/.exec(io.stdout.join('\n'))?.[1] ?? '';
      return totpCode(key, Date.now());
    };
    const code = await runCli(
      ['login'],
      env({ OPS_LOGIN: who.login, OPS_PASSWORD: made.password, OPS_NEW_PASSWORD: who.password }),
      io,
    );
    expect(code, io.stderr.join('\n')).toBe(0);
    expect(io.stdout.join('\n')).toContain('This is a one-time password: choose your own');
    return who;
  }

  it('login keeps the session in the config directory (0600); commands act as that person', async () => {
    const who = await cliLogin('dealer');
    expect(statSync(sessionPath(env())).mode & 0o077).toBe(0);
    expect(readFileSync(sessionPath(env()), 'utf8')).not.toContain(who.password);
    const io = captureIo();
    expect(await runCli(['feed-halt', '--code', 'EURUSD', '--reason', 'Price check'], env(), io)).toBe(0);
    await runCli(['feed-resume', '--code', 'EURUSD'], env(), captureIo());
    const whoami = captureIo();
    await runCli(['whoami'], env(), whoami);
    expect(whoami.stdout.join('')).toContain(`(${who.login}), role dealer`);
    const rows = await server.ctx.db.query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE action = 'feed-halt' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]?.actor).toContain(who.login);
    // --by is gone everywhere.
    const by = captureIo();
    expect(await runCli(['feed-resume', '--code', 'EURUSD', '--by', 'me'], env(), by)).toBe(2);
    expect(by.stderr.join('')).toContain("Unknown option '--by'");
  });

  it('names a missing parameter as its flag, in English', async () => {
    await cliLogin('dealer');
    const io = captureIo();
    expect(await runCli(['feed-halt', '--code', 'EURUSD'], env(), io)).toBe(2);
    expect(io.stderr.join('')).toContain('--reason is required');
    const server400 = await postJson(
      server,
      '/api/ops/run/feed-halt',
      { code: 'EURUSD' },
      {
        'x-ops-token': server.opsToken,
      },
    );
    expect(server400.msg).toBe('--reason is required');
  });

  it("refuses a role's outside commands through the CLI's path, and lists only its own", async () => {
    await cliLogin('finance');
    const help = captureIo();
    expect(await runCli(['help'], env(), help)).toBe(0);
    expect(help.stdout.join('\n')).toContain('charge-approve');
    expect(help.stdout.join('\n')).not.toContain('feed-halt');
    const io = captureIo();
    expect(await runCli(['feed-halt', '--code', 'EURUSD', '--reason', 'x'], env(), io)).toBe(2);
    expect(io.stderr.join('')).toContain('not one your role may run');
    // Logged out, nothing runs.
    await runCli(['logout'], env(), captureIo());
    const out = captureIo();
    expect(await runCli(['charge-list'], env(), out)).toBe(1);
    expect(out.stderr.join('')).toContain('npm run ops -- login');
  });

  it('works with USER unset, in English (a spawned CLI, as under a service manager)', async () => {
    await cliLogin('dealer');
    const childEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, ...env() };
    delete childEnv.USER;
    delete childEnv.USERNAME;
    delete childEnv.LOGNAME;
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        const child = spawn(process.execPath, ['server/ops/cli.ts', ...args], { env: childEnv });
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (code) => resolve({ code, out, err }));
      });
    const map = await run(['feed-offset', '--source', 'simulator', '--code', 'EURUSD', '--offset', '0']);
    // Refused for a reason of the desk (no such mapping) or done; never a missing "by", never Chinese.
    expect(map.err).not.toMatch(/by|請/);
    const halt = await run(['feed-halt', '--code', 'EURUSD']);
    expect(halt.code).toBe(2);
    expect(halt.err).toContain('--reason is required');
    const ok = await run(['feed-mappings']);
    expect([ok.code, ok.err]).toEqual([0, '']);
  });
});
