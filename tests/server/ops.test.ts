// The back office's ops API and CLI: the token guard, the command list, parameter checking, and a real command
// run through both the HTTP API and `npm run ops`'s runCli against the running server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { OutboxRow } from '../../server/ops/commands/outbox.ts';
import { runCli, formatResult, type CliIo } from '../../server/ops/cli.ts';
import { opsTokenPath } from '../../server/ops/token.ts';
import type { OpsCommandInfo } from '../../server/routes/ops.ts';
import type { OpsUserRow } from '../../server/ops/commands/users.ts';
import { registerAndLogin, startTestServer, type RegisteredUser, type TestServer } from './harness.ts';

let server: TestServer;
let user: RegisteredUser;
const logged: string[] = [];

async function ops<T>(
  path: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<{ status: number; code: number; msg: string; data: T }> {
  const token = opts.token === undefined ? server.ctx.opsToken : opts.token;
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
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), fetch };
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

describe('ops token', () => {
  it('is created once in the data directory, readable by its owner only', () => {
    const path = opsTokenPath(server.dataDir);
    expect(readFileSync(path, 'utf8').trim()).toBe(server.ctx.opsToken);
    expect(server.ctx.opsToken.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path).mode & 0o077).toBe(0);
  });

  it('refuses the API without the token, with a wrong one, or with a user session', async () => {
    for (const token of [null, '', 'wrong-token-wrong-token-wrong', user.token]) {
      const list = await ops('/api/ops/commands', { token });
      expect(list.status).toBe(401);
      expect(list.msg).toBe('The operator token is missing or wrong');
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
    // commands the page may re-run every second (the dealer's view), and only those.
    for (const c of list.data) {
      expect(Object.keys(c).sort()).toEqual(
        c.live ? ['live', 'name', 'params', 'summary'] : ['name', 'params', 'summary'],
      );
    }
    expect(list.data.filter((c) => c.live).map((c) => c.name)).toEqual(['book', 'book-top', 'book-absorbed']);
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
    expect(logged.join('')).not.toContain(code);
    const all = await ops<OutboxRow[]>('/api/ops/run/outbox', { body: {} });
    expect(all.data.length).toBeGreaterThanOrEqual(1);
    const none = await ops<OutboxRow[]>('/api/ops/run/outbox', { body: { to: 'nobody@example.com' } });
    expect(none.data).toEqual([]);
  });

  it('logs each ops run by name, never the token', () => {
    const text = logged.join('');
    expect(text).toContain('"ops":"user-show"');
    expect(text).not.toContain(server.ctx.opsToken);
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
      expect([res.code, res.msg]).toEqual([
        0,
        `Please check ${body.key === 'app_typo' ? 'key' : 'value'}: the value is not valid`,
      ]);
    }
    expect((await ops<Array<{ key: string; value: string }>>('/api/ops/run/setting-list', { body: {} })).data).toEqual(
      before.data,
    );
  });
});

describe('npm run ops (runCli)', () => {
  const env = (): NodeJS.ProcessEnv => ({ OPS_URL: server.baseUrl, DATA_DIR: server.dataDir });

  it('lists the commands with no arguments (usage, exit 2) and with help (exit 0)', async () => {
    const io = captureIo();
    expect(await runCli([], env(), io)).toBe(2);
    expect(io.stdout.join('\n')).toContain('user-show --user');
    expect(await runCli(['help'], env(), captureIo())).toBe(0);
  });

  it('runs a command with the token from the data directory', async () => {
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
    expect(gone.stderr.join('')).toContain('cannot reach');
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
