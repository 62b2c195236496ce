// The soak's server process, alone so its lag, CPU and memory are the server's (the conductor is soak.ts).
import { breakGlass } from '../../server/ops/auth.ts';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { ledgerViolations } from '../../server/ledger/invariants.ts';
import { copyViolations } from '../../server/copy/copy-invariants.ts';
import { reconcileState } from '../../server/copy/copy-ops-views.ts';
import { userCredit } from '../../server/ops/commands/deposits.ts';
import { withdrawPaid, withdrawReject } from '../../server/ops/commands/withdrawals.ts';
import { createServer } from '../../server/compose.ts';
import { configFromEnv, scryptEnv } from '../../server/config.ts';
import { swapSet } from '../../server/ops/commands/book.ts';
import { bookDifferences, openPositions, scanRows } from '../../tests/fixtures/book-scan.ts';
import { WEEKDAY_NOON } from '../../tests/e2e/app-server.ts';
import { note, serveParent } from './ipc.ts';

export interface ServerSample {
  lagP99Ms: number;
  lagMaxMs: number;
  rssMb: number;
  /** user + system, since the previous sample. */
  cpuMs: number;
}

export interface ServerCheck {
  violations: Awaited<ReturnType<typeof ledgerViolations>>;
  ms: number;
  /** -1 without --expose-gc. */
  heapAfterGcMb: number;
  rssMb: number;
  book: number;
  /** docs/reliability.md "Soak"; compared only when the positions held still across the view (settled). */
  exposure: { settled: boolean; differences: string[] };
  swapCharges: number;
}

export interface CopyCheck {
  violations: string[];
  running: number;
  stopped: number;
  mirrored: number;
  /** Skipped actions by reason, so a run that mirrored nothing says why. */
  skips: Record<string, number>;
}

interface Config {
  databaseUrl?: string;
  pgliteTemplate?: string;
  pgliteWorker?: boolean;
  swapRolloverMs?: number;
}

/** Commands, not the HTTP API: the soak lanes act as the operator directly. */
const SOAK_OPERATOR = breakGlass('127.0.0.1');

const config = JSON.parse(process.env.SOAK_SERVER_CONFIG ?? '{}') as Config;
const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-soak-'));
// A weekday's market unless SIM_TIME says otherwise, as the bench's servers: at the weekend only crypto trades,
// mostly over a retail account's cap.
const { clock, wallClock } = configFromEnv({ SIM_TIME: WEEKDAY_NOON, ...process.env });
const server = await createServer({
  dataDir,
  clock,
  wallClock,
  databaseUrl: config.databaseUrl,
  // PGlite's files in DATA_DIR, as `npm start` keeps them: in memory the rows would count as the server's RSS.
  pgliteTemplate: config.pgliteTemplate ? new Blob([new Uint8Array(readFileSync(config.pgliteTemplate))]) : undefined,
  pgliteWorker: config.pgliteWorker,
  logLevel: 'silent',
  distDir: join(dataDir, 'no-dist'),
  // Many traders from one address (127.0.0.1): the abuse budgets are raised as in every test harness.
  // SCRYPT_PARAMS as the server reads it: unset (npm run soak) hashes at production's cost.
  security: { factor: 1000, scrypt: scryptEnv(process.env.SCRYPT_PARAMS) },
  swapRolloverMs: config.swapRolloverMs || undefined,
});
const base = await server.listen(0, '127.0.0.1'); // never another interface
const ctx = server.ctx;
if (config.swapRolloverMs) {
  // Long and short both pay, as on most CFDs.
  const codes = await ctx.db.query<{ code: string }>('SELECT code FROM instruments ORDER BY id');
  for (const { code } of codes) await swapSet.run(ctx, { code, long: '-3', short: '-2' }, SOAK_OPERATOR);
}

/** A commit may reach the engine's book a turn later, so only a difference that survives every retry counts. */
async function exposureCheck(): Promise<ServerCheck['exposure']> {
  let last: ServerCheck['exposure'] = { settled: false, differences: [] };
  for (let attempt = 0; attempt < 20; attempt++) {
    await ctx.engine.idle();
    const before = await openPositions(ctx.db);
    const prices = new Map(ctx.market.all().map((q) => [q.code, q.close] as const));
    const view = await ctx.engine.bookView(ctx.db, 0);
    const after = await openPositions(ctx.db);
    if (JSON.stringify(before) !== JSON.stringify(after)) continue;
    last = {
      settled: true,
      differences: bookDifferences(
        view,
        scanRows(after, (c) => prices.get(c) ?? null),
      ),
    };
    if (last.differences.length === 0) return last;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return last;
}
const lag = monitorEventLoopDelay({ resolution: 10 });
lag.enable();
let cpu = process.cpuUsage();
const mb = (bytes: number): number => Math.round(bytes / 1048576);
const gc = (globalThis as { gc?: () => void }).gc;

/** Work asked for by the conductor is not the server's lag. */
async function outsideLag<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    lag.reset();
  }
}

serveParent({
  sample: (): ServerSample => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    const s = {
      lagP99Ms: Math.round(lag.percentile(99) / 1e6),
      lagMaxMs: Math.round(lag.max / 1e6),
      rssMb: mb(process.memoryUsage().rss),
      cpuMs: Math.round((used.user + used.system) / 1000),
    };
    lag.reset();
    return s;
  },
  check: (req) =>
    outsideLag(async (): Promise<ServerCheck> => {
      const t0 = performance.now();
      const violations = req.ledger === true ? await ledgerViolations(ctx.db) : [];
      const ms = Math.round(performance.now() - t0);
      const [open] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM orders WHERE status IN (0, 1)');
      const exposure = await exposureCheck();
      const [swaps] = await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM swap_charges');
      gc?.();
      const m = process.memoryUsage();
      return {
        violations,
        ms,
        heapAfterGcMb: gc ? mb(m.heapUsed) : -1,
        rssMb: mb(m.rss),
        book: Number(open?.n ?? 0),
        exposure,
        swapCharges: Number(swaps?.n ?? 0),
      };
    }),
  copyCheck: () =>
    outsideLag(async (): Promise<CopyCheck> => {
      // The mirror finishes what the last trades started: the invariant is read once it stops changing.
      let violations: string[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        await ctx.engine.idle();
        violations = await copyViolations(ctx.db);
        if (violations.length === 0) break;
        await new Promise<void>((resolve) => setTimeout(resolve, 200));
      }
      // The skips by reason as the staff's copy view reads them (ops `copy-state`).
      const { running_copies, skipped } = await reconcileState(ctx.db);
      const [n] = await ctx.db.query<{ stopped: string; done: string }>(
        `SELECT (SELECT count(*) FROM copies WHERE status = 3) AS stopped,
                (SELECT count(*) FROM copy_actions WHERE outcome = 'done') AS done`,
      );
      return {
        violations,
        skips: skipped,
        running: running_copies,
        stopped: Number(n?.stopped ?? 0),
        mirrored: Number(n?.done ?? 0),
      };
    }),
  code: async (req) => {
    const rows = await ctx.db.query<{ body: string }>(
      'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
      [req.email],
    );
    return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1] ?? '';
  },
  credit: async (req) =>
    userCredit.run(ctx, { user: String(req.user), amount: String(req.amount), memo: 'soak funds' }, SOAK_OPERATOR),
  review: async () => {
    const pending = await ctx.db.query<{ id: string }>(
      'SELECT id::text AS id FROM withdrawals WHERE status = 0 ORDER BY random() LIMIT 1',
    );
    const id = pending[0]?.id;
    if (!id) return false;
    try {
      if (Math.random() < 0.5) await withdrawPaid.run(ctx, { id }, SOAK_OPERATOR);
      else await withdrawReject.run(ctx, { id, reason: 'soak' }, SOAK_OPERATOR);
      return true;
    } catch {
      return false; // reviewed by another lane first
    }
  },
  heapSnapshot: (req) =>
    outsideLag(async () => {
      gc?.();
      return writeHeapSnapshot(String(req.path));
    }),
  stop: async () => {
    lag.disable();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    setImmediate(() => process.exit(0));
    return true;
  },
});
note({ note: 'ready', base, pid: process.pid });
