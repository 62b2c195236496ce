// A client of the running server's ops API: a PGlite database belongs to one process (docs/back-office.md "The CLI").
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { Envelope } from '../../domain/types.ts';
import { CODE_OK } from '../../domain/types.ts';
import { OPS_BOOTSTRAP_HEADER } from '../staff/bootstrap.ts';
import { STAFF_SESSION_HEADER, type LoginAnswer } from '../staff/staff-auth.ts';
import { OPS_BOOTSTRAP_FILE, OPS_TOKEN_HEADER, opsBootstrapPath } from './auth.ts';
import { fail, LOCAL_COMMAND_INFOS, parseFlags, runLocalCommand, type LocalIo } from './local-commands.ts';
import type { OpsCommandInfo } from './command.ts';

export interface CliIo extends LocalIo {
  /** Absent or '' when there is no terminal input. */
  ask?(question: string, secret: boolean): Promise<string>;
  fetch: typeof fetch;
}

/** Never the password or the code: those are asked for at each login (docs/back-office.md "The CLI"). */
interface SavedSession {
  url: string;
  token: string;
  login: string;
}

export function sessionPath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config');
  return join(base, 'tickwise', 'ops-session.json');
}

function readSession(env: NodeJS.ProcessEnv, url: string): SavedSession | null {
  try {
    const s = JSON.parse(readFileSync(sessionPath(env), 'utf8')) as Partial<SavedSession>;
    return s.url === url && typeof s.token === 'string' && typeof s.login === 'string'
      ? { url, token: s.token, login: s.login }
      : null;
  } catch {
    return null;
  }
}

function saveSession(env: NodeJS.ProcessEnv, s: SavedSession): string {
  const path = sessionPath(env);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(s)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600); // an older file keeps its mode on write: make sure
  return path;
}

function serverUrl(env: NodeJS.ProcessEnv): string {
  return (env.OPS_URL || `http://127.0.0.1:${env.PORT || '8080'}`).replace(/\/+$/, '');
}

/** Lists read like a table; anything else prints as JSON. */
export function formatResult(data: unknown): string {
  if (
    !Array.isArray(data) ||
    data.length === 0 ||
    !data.every((r) => r && typeof r === 'object' && !Array.isArray(r))
  ) {
    return JSON.stringify(data, null, 2) ?? 'null';
  }
  const rows = data as Record<string, unknown>[];
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown): string =>
    v === null || v === undefined ? '' : typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]): string =>
    vals
      .map((v, i) => v.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(cols), ...rows.map((r) => line(cols.map((c) => cell(r[c]))))].join('\n');
}

/** `commands` null: the server did not list them (no session, or no server); the rest of the usage still helps. */
function usage(commands: readonly OpsCommandInfo[] | null): string {
  const lines = [
    'usage: npm run ops -- <command> [--param value …]',
    '       npm run ops -- login | logout | whoami',
    '',
    'commands you may run:',
  ];
  if (!commands) {
    lines.push(
      '  (sign in with login to list the commands your role may run)',
      '  staff-create --role admin --login --name',
      '      The first administrator, while none exists: run on the server with DATA_DIR set to its data directory',
    );
  }
  for (const c of [...(commands ?? []), ...LOCAL_COMMAND_INFOS]) {
    const params = c.params.map((p) => (p.optional ? `[--${p.name}]` : `--${p.name}`)).join(' ');
    lines.push(`  ${c.name} ${params}`.trimEnd(), `      ${c.summary}`);
    for (const p of c.params) lines.push(`      --${p.name}: ${p.help}`);
  }
  return lines.join('\n');
}

const NOT_SIGNED_IN = 'You are not signed in (or your session has ended): run "npm run ops -- login" first.';

function client(env: NodeJS.ProcessEnv, io: CliIo, auth: Record<string, string>) {
  const base = serverUrl(env);
  const headers = { ...auth, 'content-type': 'application/json', lang: env.OPS_LANG || 'en' };
  return {
    base,
    async call<T>(path: string, body?: unknown, extra: Record<string, string> = {}) {
      const h = { ...headers, ...extra };
      const res = await io.fetch(
        `${base}${path}`,
        body === undefined ? { headers: h } : { method: 'POST', headers: h, body: JSON.stringify(body) },
      );
      return { status: res.status, env: (await res.json()) as Envelope<T> };
    },
  };
}

type Client = ReturnType<typeof client>;

async function login(env: NodeJS.ProcessEnv, io: CliIo, c: Client): Promise<number> {
  const name = env.OPS_LOGIN || ((await io.ask?.('Login: ', false)) ?? '');
  let password = env.OPS_PASSWORD || ((await io.ask?.('Password: ', true)) ?? '');
  if (!name || !password) return fail(io, !name ? 'A login is required.' : 'A password is required.', 2);
  // A code given up front goes with the password: one request.
  let first = await c.call<LoginAnswer>('/api/ops/login', { login: name, password, code: env.OPS_CODE || undefined });
  if (first.env.code === CODE_OK && first.env.data.step === 'done') return signedIn(env, io, c, first.env.data);
  if (first.env.code === CODE_OK && first.env.data.step === 'password') {
    // The member sets their own password before anything else.
    io.out('This is a one-time password: choose your own (12 characters or more).');
    const own = env.OPS_NEW_PASSWORD || ((await io.ask?.('Your new password: ', true)) ?? '');
    first = await c.call<LoginAnswer>('/api/ops/login', { login: name, password, new_password: own });
    password = own;
  }
  if (first.env.code !== CODE_OK) return fail(io, first.env.msg, 1);
  if (first.env.data.step === 'setup') {
    io.out(
      [
        'Your second factor is not set up yet. Add this key to your authenticator app (or open the link):',
        `  key:  ${first.env.data.secret}`,
        `  link: ${first.env.data.uri}`,
      ].join('\n'),
    );
  }
  const code = env.OPS_CODE || ((await io.ask?.('Code from your authenticator: ', false)) ?? '');
  if (!code) return fail(io, 'A code is required.', 2);
  first = await c.call<LoginAnswer>('/api/ops/login', { login: name, password, code });
  const data = first.env.data;
  if (first.env.code !== CODE_OK || data.step !== 'done') return fail(io, first.env.msg, 1);
  return signedIn(env, io, c, data);
}

function signedIn(env: NodeJS.ProcessEnv, io: CliIo, c: Client, data: Extract<LoginAnswer, { step: 'done' }>): number {
  const path = saveSession(env, { url: c.base, token: data.token, login: data.login });
  io.out(`Signed in as ${data.name} (${data.login}), role ${data.role}. Session saved in ${path}.`);
  return 0;
}

/** No session exists yet, so the server's DATA_DIR/ops-bootstrap vouches for the shell. */
async function bootstrap(env: NodeJS.ProcessEnv, io: CliIo, values: Record<string, string | undefined>) {
  let token: string;
  const path = resolve(opsBootstrapPath(env.DATA_DIR || 'data'));
  try {
    token = readFileSync(path, 'utf8').trim();
  } catch {
    // Name the file it looked for: "not signed in" would send the operator to a login no one can do yet.
    const where = env.DATA_DIR ? `DATA_DIR is ${env.DATA_DIR}` : 'DATA_DIR is not set, so ./data was read';
    return fail(
      io,
      `No first-administrator file at ${path} (${where}). The server writes ${OPS_BOOTSTRAP_FILE} in its DATA_DIR ` +
        'while no administrator exists: run this on the server with DATA_DIR set to its data directory. If an ' +
        'administrator exists, sign in first: npm run ops -- login.',
      1,
    );
  }
  const c = client(env, io, {});
  const r = await c.call<unknown>('/api/ops/bootstrap', values, { [OPS_BOOTSTRAP_HEADER]: token });
  if (r.env.code !== CODE_OK) return fail(io, r.env.msg, 1);
  io.out(formatResult(r.env.data));
  io.out('The first password is shown once: give it to the person, who signs in and sets up the second factor.');
  return 0;
}

/** Returns the exit code: 0 done, 1 refused by the server or unreachable, 2 wrong usage. */
export async function runCli(argv: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  // Restore and the move to PostgreSQL work on a stopped server's database, not through its API.
  const local = await runLocalCommand(argv, env, io);
  if (local !== undefined) return local;
  const base = serverUrl(env);
  const [name, ...rest] = argv;
  const asksHelp = !name || name === 'help' || name === '--help';
  const saved = readSession(env, base);
  const auth: Record<string, string> = env.OPS_TOKEN
    ? { [OPS_TOKEN_HEADER]: env.OPS_TOKEN.trim() }
    : saved
      ? { [STAFF_SESSION_HEADER]: saved.token }
      : {};
  const c = client(env, io, auth);
  try {
    if (name === 'login') return await login(env, io, client(env, io, {}));
    if (name === 'logout') {
      if (saved) await c.call('/api/ops/logout', {});
      rmSync(sessionPath(env), { force: true });
      io.out('Signed out.');
      return 0;
    }
    const list = await c.call<OpsCommandInfo[]>('/api/ops/commands');
    if (list.status === 401 && name === 'staff-create') {
      return await bootstrap(env, io, parseFlags(rest, [{ name: 'login' }, { name: 'name' }, { name: 'role' }]));
    }
    if (list.env.code !== CODE_OK) {
      if (asksHelp) io.out(usage(null));
      return fail(io, list.status === 401 ? NOT_SIGNED_IN : list.env.msg, 1);
    }
    if (name === 'whoami') {
      const me = await c.call<{ name: string; role: string }>('/api/ops/me');
      io.out(`${me.env.data.name}, role ${me.env.data.role}`);
      return 0;
    }
    if (asksHelp) {
      io.out(usage(list.env.data));
      return name ? 0 : 2;
    }
    const cmd = list.env.data.find((x) => x.name === name);
    if (!cmd) return fail(io, `Unknown command "${name}", or not one your role may run.\n\n${usage(list.env.data)}`, 2);
    let values: Record<string, string | undefined>;
    try {
      values = parseFlags(rest, cmd.params);
    } catch (err) {
      return fail(io, `${err instanceof Error ? err.message : String(err)}\n\n${usage([cmd])}`, 2);
    }
    const missing = cmd.params.find((p) => !p.optional && !values[p.name]);
    if (missing) return fail(io, `--${missing.name} is required (${missing.help}).`, 2);
    const result = await c.call<unknown>(`/api/ops/run/${encodeURIComponent(cmd.name)}`, values);
    if (result.env.code !== CODE_OK) return fail(io, result.status === 401 ? NOT_SIGNED_IN : result.env.msg, 1);
    io.out(formatResult(result.env.data));
    return 0;
  } catch (err) {
    if (asksHelp) io.out(usage(null));
    return fail(io, `Cannot reach the server at ${base}: ${err instanceof Error ? err.message : String(err)}`, 1);
  }
}

function terminalAsk(): NonNullable<CliIo['ask']> {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  // Opened at the first question; the iterator keeps the lines piped in before they are asked for.
  let lines: AsyncIterator<string> | null = null;
  return async (question, secret) => {
    lines ??= createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY === true })[
      Symbol.asyncIterator
    ]();
    process.stderr.write(question);
    muted = secret && process.stdin.isTTY === true;
    const next = await lines.next();
    if (muted) process.stderr.write('\n');
    muted = false;
    return next.done === true ? '' : next.value.trim();
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io: CliIo = {
    out: (t) => process.stdout.write(`${t}\n`),
    err: (t) => process.stderr.write(`${t}\n`),
    ask: terminalAsk(),
    fetch,
  };
  runCli(process.argv.slice(2), process.env, io).then(
    (code) => process.exit(code),
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
}
