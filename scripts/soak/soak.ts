// The soak run: the server and the load generators in separate processes (and CPUs), so it measures the server alone.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Instrument, LoginResult } from '../../domain/types.ts';
import { ledgerViolations, type LedgerViolation } from '../../server/ledger/invariants.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import type { Db } from '../../server/db/db.ts';
import { soakClient } from './client.ts';
import { cpuSplit, startChild, type Child } from './ipc.ts';
import type { LoadConfig, LoadTotals, SoakUser } from './load-child.ts';
import type { CopyCheck, ServerCheck, ServerSample } from './server-child.ts';

export interface SoakOptions {
  seconds: number;
  users: number;
  databaseUrl?: string | undefined;
  pgliteTemplate?: string | undefined;
  /** server/db/pglite-bridge.ts */
  pgliteWorker?: boolean;
  progress?: (line: string) => void;
  /** Default one per user; each action then picks a random user. */
  lanes?: number;
  positions?: number;
  /** Each user keeps `level` open orders, so memory growth is told apart from a growing book. */
  balanced?: boolean;
  generators?: number;
  /** Compared by heap-diff.ts. */
  heapSnapshotAtS?: number;
  heapDir?: string;
  swapRolloverMs?: number;
  copyFollowers?: number;
  /** Draws each lane makes even past `seconds` (lane.ts), so a slow host runs longer rather than does less. */
  minDraws?: number;
}

export interface SoakSample {
  atS: number;
  /** After a full GC, so garbage does not read as growth. */
  rssMb: number;
  heapMb: number;
  lagP99Ms: number;
  lagMaxMs: number;
  serverCpuPct: number;
  actions: number;
  actionsPerS: number;
  /** Never counted in the lag figures. */
  checkMs: number;
  book: number;
  /** So a figure from a busy machine reads as such. */
  load1: number;
}

export interface SoakReport extends Omit<LoadTotals, 'total' | 'cpuMs'> {
  seconds: number;
  users: number;
  balanced: boolean;
  server: { pid: number; cpus: string; database: 'postgres' | 'pglite' | 'pglite-worker' };
  generators: Array<{ pid: number; cpus: string; cpuMs: number }>;
  bookAtStart: number;
  bookAtEnd: number;
  checks: number;
  violations: LedgerViolation[];
  /** The dealer's view against a full scan of the open orders. */
  exposureChecks: number;
  exposureViolations: string[];
  swapCharges: number;
  copies: (CopyCheck & { followers: number }) | null;
  samples: SoakSample[];
  heapSnapshots: string[];
  /** Writing a snapshot raises the process's RSS by itself, so memory growth is measured from the sample after it. */
  snapshotAtS?: number;
}

const BANK = { bank_name: 'Soak Bank', bank_address: '1 Test Road', bank_swift: 'SOAKHKHH', payee_name: 'Soak User' };
const HERE = import.meta.dirname;

async function makeUsers(base: string, server: Child, n: number, level: number): Promise<SoakUser[]> {
  const anon = soakClient(base);
  const users: SoakUser[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      const d = await anon.get<LoginResult>('/api/user/createAccountDemoForU', { demo_id: `soak-${process.pid}-${i}` });
      users.push({ token: d.data.token, real: false, uid: '', level });
      continue;
    }
    const email = `soak${process.pid}x${i}@example.com`;
    const sent = await anon.post<{ key: string }>('/api/notify/send_email', { to: email, type: 1 });
    const code = await server.request<string>('code', { email });
    await anon.post('/api/user/register', {
      type: 'email',
      account: email,
      password: 'soak-pass-1',
      re_password: 'soak-pass-1',
      sms_code: code,
      key: sent.data.key,
    });
    const login = await anon.post<LoginResult>('/api/user/loginForU', {
      account: email,
      password: 'soak-pass-1',
      login_type: 'email',
    });
    if (login.code !== 1) throw new Error(`soak user login failed: ${login.msg}`);
    const c = anon.withToken(login.data.token);
    await server.request('credit', { user: email, amount: '20000' });
    const banks = (await c.get<Array<{ id: number }>>('/api/account/draw_symbol_list', { type: 2 })).data;
    const bankCurrency = banks[0]?.id;
    if (bankCurrency !== undefined)
      await c.post('/api/wallet/bind_draw_method', {
        type: 2,
        draw_id: bankCurrency,
        ...BANK,
        payee_account: `SOAK-${i}-0001`,
      });
    const methods = (await c.get<Array<{ id: number }>>('/api/wallet/get_draw_method', { draw_type: 2 })).data;
    users.push({ token: login.data.token, real: true, uid: email, bankMethod: methods[0]?.id, bankCurrency, level });
  }
  return users;
}

/** 60,000 of each follower's 100,000 at ×3, so a provider's minimum lot is at least one lot for the copy. */
async function startCopies(base: string, users: readonly SoakUser[], n: number): Promise<void> {
  const anon = soakClient(base);
  const providers = users.filter((u) => !u.real).slice(0, 2);
  const ids: number[] = [];
  for (const [k, u] of providers.entries()) {
    const c = anon.withToken(u.token);
    const name = `Soak provider ${k + 1}`;
    const r = await c.post('/api/copy/publish', { name, fee: '10', min_amount: '100' });
    if (r.code !== 1) throw new Error(`soak provider not published: ${r.msg}`);
    const list = await c.get<Array<{ provider_id: number; name: string }>>('/api/copy/providers');
    const id = list.data.find((p) => p.name === name)?.provider_id;
    if (id !== undefined) ids.push(id);
  }
  if (ids.length === 0) throw new Error('the soak needs a demo user to copy');
  for (let i = 0; i < n; i++) {
    const d = await anon.get<LoginResult>('/api/user/createAccountDemoForU', {
      demo_id: `soak-copy-${process.pid}-${i}`,
    });
    const r = await anon.withToken(d.data.token).post('/api/copy/start', {
      provider_id: ids[i % ids.length] ?? 0,
      amount: '60000',
      multiplier: '3',
    });
    if (r.code !== 1) throw new Error(`soak copy not started: ${r.msg}`);
  }
}

async function standingBook(base: string, users: readonly SoakUser[], perUser: number): Promise<void> {
  const anon = soakClient(base);
  const list = (await anon.get<Instrument[]>('/v1/api/forex/trade_list')).data;
  const tradable = list.filter((i) => i.MarketStatus === 1);
  let next = 0;
  const opener = async (): Promise<void> => {
    for (let i = next++; i < users.length; i = next++) {
      const c = anon.withToken((users[i] as SoakUser).token);
      // A refusal (no leverage, a closed market) is retried on another instrument, a few times.
      for (let k = 0, tries = 0; k < perUser && tries < perUser * 4; tries++) {
        const inst = tradable[Math.floor(Math.random() * tradable.length)];
        if (!inst) return;
        const r = await c.get('/v1/api/forex/submit', {
          type: k % 2 === 0 ? 1 : 2,
          cont: inst.ForexMinCont,
          forex_id: inst.Id,
          status: 1,
          multiple: inst.HasForexMultiple[0]?.Value ?? 0,
        });
        if (r.code === 1) k++;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, opener));
}

export async function runSoak(opts: SoakOptions): Promise<SoakReport> {
  const cpus = cpuSplit();
  const database = opts.databaseUrl ? 'postgres' : opts.pgliteWorker ? 'pglite-worker' : 'pglite';
  const server = startChild(join(HERE, 'server-child.ts'), {
    cpus: cpus.server,
    nodeArgs: ['--expose-gc'],
    env: {
      SOAK_SERVER_CONFIG: JSON.stringify({
        databaseUrl: opts.databaseUrl,
        pgliteTemplate: opts.pgliteTemplate,
        pgliteWorker: opts.pgliteWorker,
        swapRolloverMs: opts.swapRolloverMs,
      }),
    },
  });
  const generators: Child[] = [];
  // In-memory PGlite has only the server's connection, so there the server checks the ledger itself.
  let own: Db | null = null;
  try {
    const ready = await server.next('ready');
    const base = String(ready.base);
    const level = Math.max(5, opts.positions ?? 0);
    const users = await makeUsers(base, server, opts.users, level);
    if (opts.copyFollowers) await startCopies(base, users, opts.copyFollowers);
    if (opts.positions) await standingBook(base, users, opts.positions);
    if (opts.databaseUrl) own = await openPostgres({ url: opts.databaseUrl });
    const check = async (): Promise<ServerCheck> => {
      const t0 = performance.now();
      const violations = own ? await ledgerViolations(own) : [];
      const ownMs = Math.round(performance.now() - t0);
      const c = await server.request<ServerCheck>('check', { ledger: !own });
      return own ? { ...c, violations, ms: ownMs } : c;
    };
    const first = await check();
    const report: SoakReport = {
      seconds: opts.seconds,
      users: opts.users,
      shortestLane: 0,
      balanced: opts.balanced === true,
      server: { pid: Number(ready.pid), cpus: server.cpus, database },
      generators: [],
      actions: {},
      acked: 0,
      refused: 0,
      serverErrors: 0,
      refusals: {},
      harnessErrors: 0,
      harnessErrorSamples: [],
      bookAtStart: first.book,
      bookAtEnd: 0,
      checks: 0,
      violations: [...first.violations],
      exposureChecks: 0,
      exposureViolations: [],
      swapCharges: 0,
      copies: null,
      samples: [],
      heapSnapshots: [],
    };
    const exposureOf = (c: ServerCheck, atS: number): void => {
      if (!c.exposure.settled) return;
      report.exposureChecks++;
      report.exposureViolations.push(...c.exposure.differences.map((d) => `${atS}s: ${d}`));
    };
    exposureOf(first, 0);
    opts.progress?.(
      `${users.length} users, ${report.bookAtStart} open orders, server on CPUs ${cpus.server || 'any'}, load on ${cpus.load || 'any'}: the timed run starts`,
    );

    const g = Math.max(1, Math.min(opts.generators ?? 1, users.length));
    const progress = new Array<number>(g).fill(0);
    for (let k = 0; k < g; k++) {
      const mine = users.filter((_, i) => i % g === k);
      const lanes = opts.lanes ? Math.max(1, Math.round(opts.lanes / g)) : null;
      const cfg: LoadConfig = {
        base,
        users: mine,
        lanes,
        floor: opts.minDraws ?? 0,
        balanced: opts.balanced === true,
      };
      const child = startChild(join(HERE, 'load-child.ts'), {
        cpus: cpus.load,
        env: { SOAK_LOAD_CONFIG: JSON.stringify(cfg) },
      });
      child.onAsk((op, body) => server.request(op, body));
      child.onNote((n) => {
        if (n.note === 'progress') progress[k] = Number(n.total);
      });
      generators.push(child);
    }
    await Promise.all(generators.map((c) => c.next('ready')));
    const started = Date.now();
    const deadline = started + opts.seconds * 1000;
    const runs = generators.map((c) => c.request<LoadTotals>('run', { until: deadline }));
    let running = true;
    const ran = Promise.all(runs);
    // The checks go on until the lanes end; a failed lane throws at the `await ran` below.
    const ended = ran.then(
      () => (running = false),
      () => (running = false),
    );
    await server.request('sample'); // a fresh window
    const actionsNow = (): number => progress.reduce((a, b) => a + b, 0);
    const snapshot = async (label: string): Promise<void> => {
      if (!opts.heapDir) return;
      report.heapSnapshots.push(
        await server.request<string>('heapSnapshot', { path: join(opts.heapDir, `server-${label}.heapsnapshot`) }),
      );
    };
    let windowStart = Date.now();
    let windowActions = 0;
    while (running) {
      await Promise.race([ended, new Promise((r) => setTimeout(r, 3000))]);
      const now = Date.now();
      const s = await server.request<ServerSample>('sample');
      const total = actionsNow();
      const c = await check();
      report.checks++;
      report.violations.push(...c.violations);
      exposureOf(c, Math.round((now - started) / 1000));
      const sample: SoakSample = {
        atS: Math.round((now - started) / 1000),
        rssMb: c.rssMb,
        heapMb: c.heapAfterGcMb,
        lagP99Ms: s.lagP99Ms,
        lagMaxMs: s.lagMaxMs,
        serverCpuPct: Math.round((s.cpuMs * 100) / Math.max(1, now - windowStart)),
        actions: total,
        actionsPerS: Math.round(((total - windowActions) * 1000) / Math.max(1, now - windowStart)),
        checkMs: c.ms,
        book: c.book,
        load1: Math.round((loadavg()[0] ?? 0) * 10) / 10,
      };
      report.samples.push(sample);
      windowStart = Date.now();
      windowActions = total;
      opts.progress?.(
        `${sample.atS}s server: rss ${sample.rssMb} MB, heap ${sample.heapMb} MB, lag p99 ${sample.lagP99Ms} ms (max ${sample.lagMaxMs}), cpu ${sample.serverCpuPct} %; ${sample.actionsPerS} actions/s, book ${sample.book}, check ${sample.checkMs} ms, load ${sample.load1}; ${report.violations.length} violations, ${report.exposureViolations.length} exposure differences`,
      );
      if (
        opts.heapSnapshotAtS !== undefined &&
        report.snapshotAtS === undefined &&
        sample.atS >= opts.heapSnapshotAtS
      ) {
        report.snapshotAtS = sample.atS;
        await snapshot(`${sample.atS}s`);
      }
    }
    const totals = await ran;
    report.shortestLane = Math.min(...totals.map((t) => t.shortestLane));
    for (const [k, t] of totals.entries()) {
      report.generators.push({ pid: generators[k]?.proc.pid ?? 0, cpus: cpus.load, cpuMs: t.cpuMs });
      report.acked += t.acked;
      report.refused += t.refused;
      report.serverErrors += t.serverErrors;
      report.harnessErrors += t.harnessErrors;
      report.harnessErrorSamples.push(...t.harnessErrorSamples.slice(0, 5 - report.harnessErrorSamples.length));
      for (const [a, n] of Object.entries(t.actions)) report.actions[a] = (report.actions[a] ?? 0) + n;
      for (const [a, n] of Object.entries(t.refusals)) report.refusals[a] = (report.refusals[a] ?? 0) + n;
    }
    const last = await check();
    report.checks++;
    report.violations.push(...last.violations);
    exposureOf(last, Math.round((Date.now() - started) / 1000));
    report.swapCharges = last.swapCharges;
    report.bookAtEnd = last.book;
    if (opts.copyFollowers)
      report.copies = { followers: opts.copyFollowers, ...(await server.request<CopyCheck>('copyCheck')) };
    await snapshot('end');
    return report;
  } finally {
    await own?.close();
    for (const c of generators) {
      await c.request('stop').catch(() => undefined);
      await c.exited;
    }
    await server.request('stop').catch(() => undefined);
    await server.exited;
  }
}

/** Medians of three, so one GC-timed sample does not decide; the start (JIT, pools, caches) comes before `fromS`. */
export function growthAfter(samples: readonly SoakSample[], fromS: number, key: 'rssMb' | 'heapMb'): number {
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const from = samples.findIndex((s) => s.atS >= fromS);
  if (from < 0) return 0;
  return median(samples.slice(-3).map((s) => s[key])) - median(samples.slice(from, from + 3).map((s) => s[key]));
}

/** Writing a heap snapshot raises the RSS by itself, and that is not growth of the server. */
export const growthStartS = (fromS: number, snapshotAtS: number | undefined): number =>
  snapshotAtS === undefined ? fromS : Math.max(fromS, snapshotAtS + 1);

/** Mean actions per second over the samples that end within the first / the last `seconds` of the run. */
export function rateOver(samples: readonly SoakSample[], seconds: number, which: 'first' | 'last'): number {
  const end = samples.at(-1)?.atS ?? 0;
  const inside = samples.filter((s) => (which === 'first' ? s.atS <= seconds : s.atS > end - seconds));
  return inside.length === 0 ? 0 : Math.round(inside.reduce((a, s) => a + s.actionsPerS, 0) / inside.length);
}
