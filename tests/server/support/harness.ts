// Starts the real server for one test file: 127.0.0.1, port 0, a fresh copy of the template database, optional
// fake clock/timers and market options. Plus small helpers: an HTTP client returning the envelope, the last
// code in the outbox, a registered and logged-in user, row counts for "a rejected request writes nothing"; and
// useTestServer, the hooks that start and close it around a file's or a describe block's tests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Envelope, LoginResult } from '../../../domain/types.ts';
import type { MarketOptions } from '../../../server/config.ts';
import type { SecurityOptions } from '../../../server/security/limits.ts';
import { TEST_SECURITY } from '../../fixtures/test-server-costs.ts';
import type { AppContext } from '../../../server/core/app-context.ts';
import type { PushOptions } from '../../../server/alerts/alerts-context.ts';
import type { DeliveryOptions } from '../../../server/notify/delivery-options.ts';
import type { Clock, Timers } from '../../../domain/time.ts';
import type { Notifier } from '../../../server/core/services.ts';
import type { OpsCommand } from '../../../server/ops/command.ts';
import type { ResponseViolation } from '../../../server/http/response-check.ts';
import type { MetricsListen } from '../../../server/metrics/metrics-server.ts';
import { createServer, type RunningServer } from '../../../server/compose.ts';
import { breakGlass } from '../../../server/ops/auth.ts';
import { adminQuery, copyTemplate, dbUrl } from './test-db.ts';

export interface TestServerOptions {
  clock?: Clock;
  /** Real time for TOTP codes, when `clock` plays SIM_TIME's part (default: `clock`). */
  wallClock?: Clock;
  timers?: Timers;
  notifier?: Notifier;
  market?: MarketOptions;
  /** Pino level; default silent (set LOG_LEVEL=debug to see the server's log). */
  logLevel?: string;
  /** A logger to use instead (a test that reads what was logged). */
  log?: FastifyBaseLogger;
  /** Fund day length; the fund job never runs on timers in tests: they call runFundIncome themselves. */
  fundDayMs?: number;
  /** false: no copy mirror or guard of the server's own, where a test's engine bed owns the copies. */
  copyJobs?: boolean;
  /** A built client to serve; default none, so tests never depend on a stale build. */
  distDir?: string;
  /** Static fallback folder when there is no client build; default ./public. */
  publicDir?: string;
  /**
   * Abuse budgets. Default factor 1000: every test file calls from 127.0.0.1 far more than a person would. The
   * abuse tests (security-*.test.ts) pass { factor: 1 } to run against the real figures.
   */
  security?: SecurityOptions;
  trustProxy?: boolean | string | number;
  /** Web Push options (the push test's local endpoint host and its TLS agent). */
  push?: PushOptions;
  /** The break-glass OPS_TOKEN, set explicitly (default TEST_OPS_TOKEN); null: off, as in production by default. */
  opsToken?: string | null;
  /** STAFF_IDLE_MINUTES (default 30). */
  staffIdleMinutes?: number;
  /** Serve Prometheus metrics on this port (0: a free one): server/metrics/metrics-server.ts. */
  metrics?: MetricsListen;
  /** Delivery gateways and retry rules (the SMTP, Kannel and Twilio tests); default none: the outbox. */
  delivery?: DeliveryOptions;
  /** BACKUP_DIR (default DATA_DIR/backups) and BACKUP_KEY (default: DATA_DIR/backup.key, made at the first backup). */
  backupDir?: string;
  backupKey?: string;
  /** PGlite on its worker thread, as production runs it (PGLITE_WORKER): a test of the event loop's freedom. */
  pgliteWorker?: boolean;
}

/** The break-glass token test servers set explicitly unless a test turns it off (docs/back-office.md "Break-glass"). */
export const TEST_OPS_TOKEN = 'test-break-glass-token-0123456789abcdef';

export interface TestServer {
  baseUrl: string; // http://127.0.0.1:port
  wsUrl: string; // ws://127.0.0.1:port/v1/ws
  ctx: AppContext;
  app: RunningServer['app'];
  dataDir: string; // uploads live here
  /** The break-glass token this server accepts (TEST_OPS_TOKEN unless the test turned it off: then ''). */
  opsToken: string;
  /** Answers that did not match their route's documented response schema (close() fails when there are any). */
  violations: ResponseViolation[];
  /** The metrics endpoint when `metrics` was asked for. */
  metricsUrl?: string | undefined;
  close(): Promise<void>;
}

let templateTar: Uint8Array<ArrayBuffer> | undefined;
let dbCounter = 0;

/** A fresh copy of the template database for the active backend (TEST_DB). */
export interface FreshDb {
  /** PostgreSQL: the new database's URL. */
  databaseUrl?: string;
  /** PGlite: the template tarball to load. */
  pgliteTemplate?: Blob;
  /** Drops the PostgreSQL database (PGlite copies live in memory or in the caller's folder). */
  drop(): Promise<void>;
}

export async function freshDatabase(): Promise<FreshDb> {
  const info = inject('testDb');
  if (info.kind === 'postgres') {
    const name = `tw_${process.pid}_${++dbCounter}_${Math.floor(Math.random() * 1e6)}`;
    await copyTemplate(info.adminUrl, info.template, name);
    return {
      databaseUrl: dbUrl(info.adminUrl, name),
      drop: () => adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  templateTar ??= new Uint8Array(readFileSync(info.templatePath));
  return { pgliteTemplate: new Blob([templateTar]), drop: async () => undefined };
}

export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-test-'));
  const fresh = await freshDatabase();
  const violations: ResponseViolation[] = [];
  const txViolations: Error[] = [];
  const server = await createServer({
    dataDir,
    databaseUrl: fresh.databaseUrl,
    pgliteDir: 'memory://',
    pgliteTemplate: fresh.pgliteTemplate,
    pgliteWorker: opts.pgliteWorker,
    // The outer db inside its own transaction fails the test instead of hanging it, even where a caller logs the error.
    txGuard: (err) => txViolations.push(err),
    clock: opts.clock,
    wallClock: opts.wallClock,
    timers: opts.timers,
    notifier: opts.notifier,
    market: opts.market,
    logLevel: opts.logLevel ?? process.env.LOG_LEVEL ?? 'silent',
    log: opts.log,
    fundDayMs: opts.fundDayMs,
    fundJob: false,
    swapJob: false, // tests charge swaps by hand (runSwaps)
    copyJobs: opts.copyJobs,
    distDir: opts.distDir ?? join(dataDir, 'no-dist'),
    publicDir: opts.publicDir,
    // Cheaper scrypt unless a test asks for the real one: hundreds of sign-ups per file.
    security: { ...TEST_SECURITY, ...opts.security },
    trustProxy: opts.trustProxy,
    push: opts.push,
    opsToken: opts.opsToken === undefined ? TEST_OPS_TOKEN : (opts.opsToken ?? undefined),
    staffIdleMinutes: opts.staffIdleMinutes,
    metrics: opts.metrics,
    delivery: opts.delivery,
    backupDir: opts.backupDir ?? join(dataDir, 'backups'),
    backupKey: opts.backupKey,
    // Every answer of every server test is checked against the API document's schema for its route.
    onResponseViolation: (v) => violations.push(v),
  }).catch(async (err: unknown) => {
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const baseUrl = await server.listen(0, '127.0.0.1');
  return {
    baseUrl,
    wsUrl: `${baseUrl.replace(/^http/, 'ws')}/v1/ws`,
    ctx: server.ctx,
    app: server.app,
    dataDir,
    opsToken: server.ctx.opsToken ?? '',
    violations,
    metricsUrl: server.metricsUrl,
    async close() {
      await server.close();
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
      if (violations.length > 0)
        throw new Error(`answers that do not match the API document:\n${describeViolations(violations)}`);
      if (txViolations.length > 0)
        throw new Error(`the outer db was used inside a transaction:\n${txViolations.map((e) => e.stack).join('\n')}`);
    },
  };
}

/** A test server for a file or a describe block, read once its beforeAll has run. */
export interface UsedTestServer {
  readonly server: TestServer;
  /** An anonymous client of that server, in English. */
  readonly client: ApiClient;
}

/**
 * Registers the hooks that start a test server (with `opts`) before the tests of the enclosing file or describe
 * block and close it after them, so the files do not each repeat the two hooks and their variables.
 */
export function useTestServer(opts: TestServerOptions = {}): UsedTestServer {
  let running: { server: TestServer; client: ApiClient } | undefined;
  beforeAll(async () => {
    const server = await startTestServer(opts);
    running = { server, client: api(server.baseUrl, { lang: 'en' }) };
  });
  afterAll(async () => {
    await running?.server.close();
  });
  const started = (): { server: TestServer; client: ApiClient } => {
    if (!running) throw new Error('the test server is not started yet');
    return running;
  };
  return {
    get server() {
      return started().server;
    },
    get client() {
      return started().client;
    },
  };
}

/** Who a test runs ops commands as, when it calls a command directly: the break-glass actor (every right). */
export const TEST_OPERATOR = breakGlass('127.0.0.1');

/** Runs the ops command `name` of `commands` on the server's context (what /api/ops/run and `npm run ops` call). */
export function opsCommand(commands: readonly OpsCommand[], server: () => TestServer, name: string) {
  const command = commands.find((c) => c.name === name);
  if (!command) throw new Error(name);
  return (args: Record<string, string>) => command.run(server().ctx, args, TEST_OPERATOR);
}

/** The key a call was refused with (its thrown value's text when it has none); fails when it was not refused. */
export async function refusalKey(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    return (err as { key?: string }).key ?? String(err);
  }
  throw new Error('expected a refusal');
}

/** One line per distinct mismatch (a route answering wrongly in a loop is listed once). */
function describeViolations(violations: readonly ResponseViolation[]): string {
  const lines = new Set(violations.map((v) => `${v.method} ${v.url} → ${v.status}: ${v.problem}`));
  return [...lines].slice(0, 20).join('\n');
}

/** A settable clock for tests: starts at `start` and only moves when told to. */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function manualClock(start: number = Date.UTC(2026, 0, 6, 12, 0, 0)): ManualClock {
  let t = start;
  return {
    now: () => t,
    advance: (ms) => {
      t += ms;
    },
    set: (ms) => {
      t = ms;
    },
  };
}

export type Reply<T> = Envelope<T> & { status: number };
type Params = Record<string, string | number | boolean | undefined>;

export interface ApiClient {
  get<T = unknown>(path: string, params?: Params): Promise<Reply<T>>;
  post<T = unknown>(path: string, form?: Params): Promise<Reply<T>>;
  postJson<T = unknown>(path: string, json: unknown): Promise<Reply<T>>;
  upload<T = unknown>(
    path: string,
    files: Record<string, Blob & { name?: string }>,
    fields?: Params,
  ): Promise<Reply<T>>;
  /** Sends a raw body with the given content type (malformed-input tests). */
  raw<T = unknown>(method: string, path: string, body: string | undefined, contentType?: string): Promise<Reply<T>>;
  withToken(token: string | null): ApiClient;
  withLang(lang: string | null): ApiClient;
}

/** HTTP client the way the spec's client calls: lang and authorization headers, `t` on GET, form-encoded POST. */
export function api(baseUrl: string, opts: { token?: string | null; lang?: string | null } = {}): ApiClient {
  const headers = (): Record<string, string> => {
    const h: Record<string, string> = {};
    if (opts.token) h.authorization = opts.token;
    if (opts.lang) h.lang = opts.lang;
    return h;
  };
  const parse = async <T>(res: Response): Promise<Reply<T>> => {
    const text = await res.text();
    let env: Envelope<T>;
    try {
      env = JSON.parse(text) as Envelope<T>;
    } catch {
      throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { ...env, status: res.status };
  };
  const toStrings = (p: Params = {}): Record<string, string> =>
    Object.fromEntries(
      Object.entries(p)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
  const client: ApiClient = {
    async get(path, params) {
      const qs = new URLSearchParams({ t: String(Date.now()), ...toStrings(params) });
      return parse(await fetch(`${baseUrl}${path}?${qs}`, { headers: headers() }));
    },
    async post(path, form) {
      return parse(
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(toStrings(form)).toString(),
        }),
      );
    },
    async postJson(path, json) {
      return parse(
        await fetch(`${baseUrl}${path}`, {
          method: 'POST',
          headers: { ...headers(), 'content-type': 'application/json' },
          body: JSON.stringify(json),
        }),
      );
    },
    async upload(path, files, fields) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(toStrings(fields))) fd.append(k, v);
      for (const [k, blob] of Object.entries(files)) fd.append(k, blob, blob.name ?? 'upload.bin');
      return parse(await fetch(`${baseUrl}${path}`, { method: 'POST', headers: headers(), body: fd }));
    },
    async raw(method, path, body, contentType) {
      const h: Record<string, string> = headers();
      if (contentType) h['content-type'] = contentType;
      return parse(await fetch(`${baseUrl}${path}`, { method, headers: h, ...(body !== undefined ? { body } : {}) }));
    },
    withToken: (token) => api(baseUrl, { ...opts, token }),
    withLang: (lang) => api(baseUrl, { ...opts, lang }),
  };
  return client;
}

/** A demo account bound to `demoId`, signed in, its messages in English. */
export async function demoClient(server: Pick<TestServer, 'baseUrl'>, demoId: string): Promise<ApiClient> {
  const client = api(server.baseUrl, { lang: 'en' });
  const login = await client.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: demoId });
  if (login.code !== 1) throw new Error(`createAccountDemoForU failed: ${login.msg}`);
  return client.withToken(login.data.token);
}

/** Runs an ops command over HTTP with the break-glass token; its answer, refused or not. */
export async function opsOverHttp<T = unknown>(
  server: Pick<TestServer, 'baseUrl' | 'opsToken'>,
  name: string,
  body: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${server.baseUrl}/api/ops/run/${name}`, {
    method: 'POST',
    headers: { lang: 'en', 'content-type': 'application/json', 'x-ops-token': server.opsToken },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** The same, failing unless it succeeded. */
export async function runOps(
  server: Pick<TestServer, 'baseUrl' | 'opsToken'>,
  name: string,
  body: Record<string, string>,
): Promise<void> {
  const { msg } = await opsOverHttp(server, name, body);
  if (msg !== 'success') throw new Error(`ops ${name}: ${msg}`);
}

/** The newest 6-digit code sent to `to` (e-mail, or mobile digits with or without the calling code). */
export async function outboxCode(ctx: AppContext, to: string): Promise<string> {
  const target = to.trim().toLowerCase();
  const rows = await ctx.db.query<{ body: string }>(
    `SELECT body FROM outbox WHERE lower(recipient) = $1 OR ($2 <> '' AND recipient LIKE '%' || $2)
      ORDER BY id DESC LIMIT 1`,
    [target, /^\+?\d+$/.test(target) ? target.replace(/^\+/, '') : ''],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

let userCounter = 0;

export interface RegisteredUser extends LoginResult {
  account: string;
  password: string;
  client: ApiClient; // authorised as this user
}

/** Registers a fresh e-mail user through the real routes (send code → register → login). */
export async function registerAndLogin(
  server: Pick<TestServer, 'baseUrl' | 'ctx'>,
  opts: { email?: string; password?: string; clock?: ManualClock } = {},
): Promise<RegisteredUser> {
  const account = opts.email ?? `user${process.pid}x${++userCounter}x${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = opts.password ?? 'secret-pass-1';
  const client = api(server.baseUrl, { lang: 'en' });
  const sent = await client.post<{ key: string }>('/api/notify/send_email', { to: account, type: 1 });
  if (sent.code !== 1) throw new Error(`send_email failed: ${sent.msg}`);
  const code = await outboxCode(server.ctx, account);
  const reg = await client.post('/api/user/register', {
    type: 'email',
    account,
    password,
    re_password: password,
    sms_code: code,
    key: sent.data.key,
  });
  if (reg.code !== 1) throw new Error(`register failed: ${reg.msg}`);
  const login = await client.post<LoginResult>('/api/user/loginForU', { account, password, login_type: 'email' });
  if (login.code !== 1) throw new Error(`login failed: ${login.msg}`);
  // Later sends to the same address must not trip the 60 s rule in tests that use a manual clock.
  opts.clock?.advance(61_000);
  return { ...login.data, account, password, client: client.withToken(login.data.token) };
}

/** Row counts of the given tables, to show that a rejected request wrote nothing. */
export async function countRows(ctx: AppContext, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) {
    if (!/^[a-z_]+$/.test(t)) throw new Error(`bad table name ${t}`);
    const rows = await ctx.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${t}`);
    out[t] = Number(rows[0]?.n ?? 0);
  }
  return out;
}

/** Every table the account routes write to. */
export const ACCOUNT_TABLES = [
  'users',
  'sessions',
  'accounts',
  'financial_records',
  'verification_codes',
  'captchas',
  'outbox',
  'settings',
  'uploads',
] as const;
