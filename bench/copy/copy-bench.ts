// Section `copy`: the lag from a provider's fill to each follower's (docs/copy-trading.md "Mirroring, exactly once").
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createUser } from '../../server/accounts/create-user.ts';
import { startCopy } from '../../server/copy/copy-accounts.ts';
import { upsertProvider } from '../../server/copy/copy-repository.ts';
import { move } from '../../server/ledger/ledger.ts';
import { RecordType } from '../../server/ledger/record-types.ts';
import { assetClassOfInstrument, offeredFor, retailTerms } from '../../server/retail/retail-terms.ts';
import { createServer } from '../../server/compose.ts';
import type { OrderEngine } from '../../server/engine/engine.ts';
import type { AppContext } from '../../server/core/app-context.ts';
import type { EngineInstrument } from '../../server/engine/types.ts';
import { jsonMain } from '../lib/json-child.ts';
import { percentile } from '../lib/stats.ts';
import { copyTicks, type CopyTickRow } from './copy-ticks.ts';

export type CopyBenchRow = Awaited<ReturnType<typeof benchSize>>;

export interface CopyBenchResult {
  rows: CopyBenchRow[];
  /** Absent in older results. */
  ticks?: CopyTickRow[];
}

/** COPY_BENCH_SIZES (comma-separated) picks others for a trial. */
const SIZES = (process.env.COPY_BENCH_SIZES ?? '10,200,1000,10000').split(',').map(Number);

/** Fewer at 10,000, whose seeding alone takes minutes, so the section stays bounded. */
const roundsOf = (followers: number, quick: boolean): number => (followers >= 10_000 ? (quick ? 1 : 3) : quick ? 3 : 6);

class Stopwatch {
  provider = new Map<number, number>();
  /** A partial close commits the rest and the closed part. */
  followers = new Map<number, number>();
  private waiting: { n: number; resolve: () => void } | null = null;

  wrap(engine: OrderEngine, providerId: number, accounts: ReadonlySet<number>): void {
    const hook = engine.onCommitted;
    engine.onCommitted = (row) => {
      if (row.userId === providerId && row.status !== 0) this.provider.set(row.id, performance.now());
      hook?.(row);
    };
    const apply = engine.applyCommitted.bind(engine);
    engine.applyCommitted = (done, ...rest) => {
      if (accounts.has(done.row.userId)) {
        this.followers.set(done.row.userId, performance.now());
        if (this.waiting && this.followers.size >= this.waiting.n) this.waiting.resolve();
      }
      return apply(done, ...rest);
    };
  }

  /** Resolving after `ms` too, so a skipped action cannot hang the round. */
  until(n: number, ms: number): Promise<void> {
    if (this.followers.size >= n) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.waiting = {
        n,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  reset(): void {
    this.followers = new Map();
    this.waiting = null;
  }
}

async function funded(db: Parameters<typeof createUser>[0], amount: string, at: number): Promise<number> {
  const id = await createUser(db, { passwordHash: '', isDemo: true }, at);
  await move(db, id, { balance: amount, type: RecordType.DEMO_FUNDS, memo: 'bench', at });
  return id;
}

async function benchSize(followers: number, rounds: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'tickwise-copy-bench-'));
  const server = await createServer({
    dataDir,
    pgliteDir: 'memory://',
    logLevel: 'silent',
    fundJob: false,
    swapJob: false,
    distDir: join(dataDir, 'no-dist'),
    backupDir: join(dataDir, 'backups'),
  });
  try {
    const { ctx } = server;
    const engine = ctx.engine;
    const now = ctx.clock.now();
    const providerId = await funded(ctx.db, '1000000', now);
    await upsertProvider(ctx.db, {
      userId: providerId,
      name: 'Bench provider',
      description: '',
      feePercent: 0,
      minAmount: '100',
      isDemo: true,
      at: now,
    });
    const accounts = new Set<number>();
    const seedStart = performance.now();
    for (let i = 0; i < followers; i++) {
      const f = await funded(ctx.db, '20000', now);
      const copyId = await startCopy(ctx, f, { providerId, amount: '10000' });
      const rows = await ctx.db.query<{ account_id: number }>('SELECT account_id FROM copies WHERE id = $1', [copyId]);
      accounts.add(Number(rows[0]?.account_id));
    }
    const seedSeconds = (performance.now() - seedStart) / 1000;
    process.stderr.write(`  copy: ${followers} followers seeded in ${seedSeconds.toFixed(0)} s\n`);
    const inst = await openCrypto(ctx);
    const watch = new Stopwatch();
    watch.wrap(engine, providerId, accounts);
    const fills = { lags: [] as number[], lasts: [] as number[], missed: 0 };
    const parts: typeof fills = { lags: [], lasts: [], missed: 0 };
    const cont = String(Number(inst.minLots) * 1000);
    // A demo account's class caps it.
    const offered = offeredFor(
      await retailTerms(ctx.db, providerId),
      await assetClassOfInstrument(ctx.db, inst.id),
      inst.multiples,
    );
    const order = {
      side: 'buy',
      lots: cont,
      status: 1,
      targetPrice: '0',
      stopLossPrice: '0',
      takeProfitPrice: '0',
    } as const;
    const leverage = Math.max(...offered);
    const measure = async (orderId: number, into = fills): Promise<void> => {
      await watch.until(followers, 30_000);
      const t0 = watch.provider.get(orderId);
      if (t0 === undefined) throw new Error(`no commit seen for provider order ${orderId}`);
      into.missed += followers - watch.followers.size;
      const round = [...watch.followers.values()].map((t) => t - t0);
      into.lags.push(...round);
      into.lasts.push(Math.max(...round));
      watch.reset();
    };
    for (let r = 0; r < rounds; r++) {
      const o = await engine.submit(providerId, inst.id, { ...order, leverage }, null);
      await measure(o.Id);
      // The same fraction mirror-closes.ts applies.
      await engine.close(providerId, o.Id, String(Number(cont) / 2));
      await measure(o.Id, parts);
      await engine.close(providerId, o.Id);
      await measure(o.Id);
    }
    const at = (p: number, v: number[]): number => percentile(v, p) ?? 0;
    const lastMedian = at(50, fills.lasts);
    return {
      followers,
      rounds,
      actions: fills.lags.length,
      p50: at(50, fills.lags),
      p95: at(95, fills.lags),
      p99: at(99, fills.lags),
      lastMedian,
      perSec: lastMedian > 0 ? (followers / lastMedian) * 1000 : 0,
      missed: fills.missed, // 0 in a valid run
      // The provider's partial close to each follower's; absent in older results.
      partP50: at(50, parts.lags),
      partP99: at(99, parts.lags),
      partLastMedian: at(50, parts.lasts),
      partMissed: parts.missed,
      load1: loadavg()[0] ?? 0,
    };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The simulated market trades crypto around the clock. */
async function openCrypto({ db, engine, market }: AppContext): Promise<EngineInstrument> {
  const rows = await db.query<{ id: number; code: string }>('SELECT id, code FROM instruments ORDER BY id');
  const open = rows
    .map((r) => engine.instrument(r.id))
    .filter((i): i is EngineInstrument => !!i && market.isOpen(i.code));
  const pick = open.find((i) => /BTC/.test(i.code)) ?? open[0];
  if (!pick) throw new Error('no open instrument');
  return pick;
}

async function main(): Promise<CopyBenchResult> {
  const quick = process.argv.includes('--quick');
  const rows: CopyBenchRow[] = [];
  for (const n of SIZES) {
    rows.push(await benchSize(n, roundsOf(n, quick)));
    process.stderr.write(`  copy: ${n} followers done\n`);
  }
  return { rows, ticks: await copyTicks(quick) };
}

jsonMain('copy-bench.ts', main);
