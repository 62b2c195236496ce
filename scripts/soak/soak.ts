// The soak run, in processes of its own so that it measures the server, not itself: the conductor (this module) starts
// the server alone in one child (server-child.ts) and the load generators in others (load-child.ts), pinned to
// separate CPUs with taskset where the machine has them (ipc.ts cpuSplit). N simulated users trade (market and pending
// orders, closes, cancels, stop edits) and move money (operator credits, withdrawal requests, operator pay/reject) for
// a set time; in balanced mode each keeps their open orders at a level, so the book neither grows nor shrinks and
// memory growth is told apart from a growing book. Every few seconds the server reports its own event-loop lag, CPU,
// RSS and JS heap after a full GC; the ledger invariants are checked through a connection of the conductor's own on
// PostgreSQL (on in-memory PGlite, whose one connection is the server's, by the server, outside its lag windows).
// Used by `npm run soak` (scripts/soak.ts) and the short runs in the server tests (tests/server/main/soak.test.ts).
// A load test, not a demo: a refusal (an error envelope) is data, counted by kind and message; an exception in the
// harness is counted as a harness error, never a crash; every sample carries the actions per second of its window and
// the machine's load average, so a figure from a busy machine reads as such.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { LoginResult } from '../../domain/types.ts';
import type { LedgerViolation } from '../../server/ledger/invariants.ts';
import { ledgerViolations } from '../../server/ledger/invariants.ts';
import { openDb } from '../../server/db/open-db.ts';
import type { Db } from '../../server/db/db.ts';
import { soakClient } from './client.ts';
import { cpuSplit, startChild, type Child } from './ipc.ts';
import type { LoadConfig, LoadTotals, SoakUser } from './load-child.ts';
import type { CopyCheck, ServerCheck, ServerSample } from './server-child.ts';

export interface SoakOptions {
  seconds: number;
  users: number;
  /** Invariant and resource samples every this many ms. */
  checkEveryMs?: number;
  databaseUrl?: string | undefined;
  /** A PGlite tarball to start from (the server tests' template). */
  pgliteTemplate?: string | undefined;
  /** PGlite in a worker thread (server/db/pglite-bridge.ts) instead of on the server's event loop. */
  pgliteWorker?: boolean;
  progress?: (line: string) => void;
  /** Concurrent lanes (default: one per user); each action then picks a random user. */
  lanes?: number;
  /** Market positions every user opens before the timed run (the standing book). */
  positions?: number;
  /** Balanced mode: each user keeps `level` open orders (default: positions, at least 5). */
  balanced?: boolean;
  /** Load generator processes (default 1). */
  generators?: number;
  /** Heap snapshots of the server at this second and at the end, written into heapDir (heap-diff.ts compares). */
  heapSnapshotAtS?: number;
  heapDir?: string;
  /** An accelerated swap rollover (ms): every instrument charges swaps that often (0: none). */
  swapRolloverMs?: number;
  /** Demo followers copying the first two demo traders, who publish themselves as providers (0: no copies). */
  copyFollowers?: number;
}

export interface SoakSample {
  atS: number;
  /** The server process's RSS and JS heap after a full GC (MB), at this sample. */
  rssMb: number;
  heapMb: number;
  /** The server's event-loop lag over the window that ends here. */
  lagP99Ms: number;
  lagMaxMs: number;
  /** Share of one core the server used in the window, %. */
  serverCpuPct: number;
  actions: number;
  /** Actions per second in the window that ends at this sample. */
  actionsPerS: number;
  /** How long the ledger invariant check took (never counted in the lag figures). */
  checkMs: number;
  /** Open orders at this sample. */
  book: number;
  /** The machine's 1-minute load average. */
  load1: number;
}

export interface SoakReport extends Omit<LoadTotals, 'total' | 'cpuMs'> {
  seconds: number;
  users: number;
  balanced: boolean;
  /** Where each process ran: the server's CPUs and pid, each generator's CPUs and the CPU it used (ms). */
  server: { pid: number; cpus: string; database: 'postgres' | 'pglite' | 'pglite-worker' };
  generators: Array<{ pid: number; cpus: string; cpuMs: number }>;
  /** Open orders when the timed run started (the standing book) and when it ended. */
  bookAtStart: number;
  bookAtEnd: number;
  checks: number;
  violations: LedgerViolation[];
  /** Checks at which the dealer's view was compared with a full scan of the open orders, and what differed. */
  exposureChecks: number;
  exposureViolations: string[];
  /** Swap charges booked by the end (the accelerated rollover). */
  swapCharges: number;
  /** The copies at the end (copyFollowers > 0): the copy invariant's breaches and what the mirror did. */
  copies: (CopyCheck & { followers: number }) | null;
  samples: SoakSample[];
  heapSnapshots: string[];
  /** The second of the sample after which the first heap snapshot was written: writing one costs the process RSS
   * (~180 MB on a 50-user PGlite run), so memory growth is measured from the sample after it. */
  snapshotAtS?: number;
}

const BANK = { bank_name: 'Soak Bank', bank_address: '1 Test Road', bank_swift: 'SOAKHKHH', payee_name: 'Soak User' };
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const HERE = import.meta.dirname;

/** Demo and real users over HTTP (the sign-up code and the funds through the server process). */
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

/** Copy trading under the load: the first two demo traders publish themselves as providers, and `n` demo followers
 * of their own copy them (60,000 of their 100,000 at ×3, so a provider's minimum lot is at least one for the copy). */
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

/** The standing book: every user opens `perUser` market orders before the clock starts. */
async function standingBook(base: string, users: readonly SoakUser[], perUser: number): Promise<void> {
  const anon = soakClient(base);
  const list = (
    await anon.get<
      Array<{ Id: number; ForexMinCont: string; MarketStatus: number; HasForexMultiple: Array<{ Value: number }> }>
    >('/v1/api/forex/trade_list')
  ).data;
  const tradable = list.filter((i) => i.MarketStatus === 1);
  let next = 0;
  const opener = async (): Promise<void> => {
    for (let i = next++; i < users.length; i = next++) {
      const c = anon.withToken((users[i] as SoakUser).token);
      // A refusal (an instrument without leverage, a closed market) is retried on another instrument, a few times.
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
  // The conductor's own connection for the ledger check (PostgreSQL); in-memory PGlite has only the server's.
  let own: Db | null = null;
  try {
    const ready = await server.next('ready');
    const base = String(ready.base);
    const level = Math.max(5, opts.positions ?? 0);
    const users = await makeUsers(base, server, opts.users, level);
    if (opts.copyFollowers) await startCopies(base, users, opts.copyFollowers);
    if (opts.positions) await standingBook(base, users, opts.positions);
    if (opts.databaseUrl) own = await openDb({ databaseUrl: opts.databaseUrl });
    const check = async (): Promise<ServerCheck> => {
      const t0 = performance.now();
      const violations = own ? await ledgerViolations(own) : [];
      const ownMs = Math.round(performance.now() - t0);
      const c = await server.request<ServerCheck>('check', { ledger: !own });
      return own ? { ...c, violations, ms: ownMs } : c;
    };
    const first = await check();
    // Filled in below, once the report exists.
    let exposureOf = (_c: ServerCheck, _atS: number): void => undefined;
    const report: SoakReport = {
      seconds: opts.seconds,
      users: opts.users,
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
    exposureOf = (c, atS) => {
      if (!c.exposure.settled) return;
      report.exposureChecks++;
      report.exposureViolations.push(...c.exposure.differences.map((d) => `${atS}s: ${d}`));
    };
    exposureOf(first, 0);
    opts.progress?.(
      `${users.length} users, ${report.bookAtStart} open orders, server on CPUs ${cpus.server || 'any'}, load on ${cpus.load || 'any'}: the timed run starts`,
    );

    // The generators, each with its share of the users (and of the lanes).
    const g = Math.max(1, Math.min(opts.generators ?? 1, users.length));
    const progress = new Array<number>(g).fill(0);
    for (let k = 0; k < g; k++) {
      const mine = users.filter((_, i) => i % g === k);
      const lanes = opts.lanes ? Math.max(1, Math.round(opts.lanes / g)) : null;
      const cfg: LoadConfig = { base, users: mine, lanes, balanced: opts.balanced === true };
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
    while (Date.now() < deadline) {
      await sleep(Math.min(opts.checkEveryMs ?? 3000, Math.max(0, deadline - Date.now())));
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
    const totals = await Promise.all(runs);
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
    exposureOf(last, opts.seconds);
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

/** Growth of a server figure (RSS, heap after GC) from `fromS` to the end: the median of the last three samples
 * against the median of the three at and after `fromS` (start-up — JIT, pools, caches — comes before it; a leak keeps
 * growing after it). Medians, so one GC-timed sample does not decide. */
export function growthAfter(samples: readonly SoakSample[], fromS: number, key: 'rssMb' | 'heapMb'): number {
  const median = (xs: number[]): number => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const from = samples.findIndex((s) => s.atS >= fromS);
  if (from < 0) return 0;
  return median(samples.slice(-3).map((s) => s[key])) - median(samples.slice(from, from + 3).map((s) => s[key]));
}

/** The second memory growth is measured from: `fromS`, or with a heap snapshot the first sample after it (writing a
 * snapshot raises the RSS by itself, ~180 MB on a 50-user PGlite run, and that is not growth of the server). */
export function growthStartS(fromS: number, snapshotAtS: number | undefined): number {
  return snapshotAtS === undefined ? fromS : Math.max(fromS, snapshotAtS + 1);
}

/** Mean actions per second over the samples that end within the first / the last `seconds` of the run. */
export function rateOver(samples: readonly SoakSample[], seconds: number, which: 'first' | 'last'): number {
  const end = samples.at(-1)?.atS ?? 0;
  const inside = samples.filter((s) => (which === 'first' ? s.atS <= seconds : s.atS > end - seconds));
  return inside.length === 0 ? 0 : Math.round(inside.reduce((a, s) => a + s.actionsPerS, 0) / inside.length);
}
