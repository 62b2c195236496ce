// The engine's tick cost at 100,000 open orders with 10,000 running copies and with none (the goal: unchanged
// by active copies). bench/engine's tick loop on the same book (100,000 orders over 10,000 users, a stub database),
// each tick its own task as the feed delivers them; with copies, the copy guard (server/copy/copy-guard.ts) watches
// 10,000 copies whose accounts are the book's users and hears every tick, as server/copy/copy-jobs.ts subscribes it.
// Both runs in one process, one after the other after a warm-up, like with like.
import { loadavg } from 'node:os';
import { CopyGuard } from '../../server/copy/copy-guard.ts';
import { runOne, type TickExtra } from '../engine/engine-bench.ts';

export interface CopyTickRow {
  copies: number;
  orders: number;
  users: number;
  ticks: number;
  /** CPU per tick, µs: the engine's tick, the crossed orders' stubbed follow-up and what copies add. */
  cpuUsPerTick: number;
  /** Wall time of the tick loop alone per tick, µs. */
  tickPathUs: number;
  load1: number;
}

const ORDERS = 100_000;
const USERS = 10_000;

/** The guard's rows: copy i trades in the book's user i, 10,000 USD in, the default 40 % copy stop-loss. */
function copiesAnswer(copies: number): TickExtra['answer'] {
  const rows = Array.from({ length: copies }, (_, n) => {
    const id = n + 1;
    const row = [id, USERS + id, 2 * USERS + 1, id, 1, '1.0', 40, '1.000', 100, 0, '10000', '10000', '0', '0', null];
    return { packed: JSON.stringify([...row, '', 0]) };
  });
  return (sql) => (sql.includes('FROM copies WHERE status IN (1, 2)') ? rows : undefined);
}

function extraOf(copies: number): TickExtra {
  if (copies === 0) return { taskPerTick: true };
  return {
    taskPerTick: true,
    answer: copiesAnswer(copies),
    start: async (engine, services) => {
      // Wall time for the guard (the engine's stub clock stands still): its checks and refreshes come as they would.
      const guard = new CopyGuard({ ...services, clock: { now: () => Date.now() }, engine });
      await guard.check(true); // the first read of the running copies, before the measurement
      return () => guard.onTick();
    },
  };
}

export async function copyTicks(quick: boolean): Promise<CopyTickRow[]> {
  const budget = quick ? 1500 : 5000;
  const rows: CopyTickRow[] = [];
  await runOne('tick', ORDERS, USERS, 1000, Number.POSITIVE_INFINITY, extraOf(0)); // warms the JIT for both runs
  for (const copies of [0, USERS]) {
    const r = await runOne('tick', ORDERS, USERS, budget, Number.POSITIVE_INFINITY, extraOf(copies));
    rows.push({
      copies,
      orders: r.orders,
      users: r.users,
      ticks: r.ticks,
      cpuUsPerTick: r.cpuUsPerTick,
      tickPathUs: r.tickPathUs ?? 0,
      load1: Math.round((loadavg()[0] ?? 0) * 10) / 10,
    });
    process.stderr.write(`  copy: ticks at ${ORDERS} orders with ${copies} copies done\n`);
  }
  return rows;
}

if (process.argv[1]?.endsWith('copy-ticks.ts')) {
  process.stdout.write(`${JSON.stringify(await copyTicks(process.argv.includes('--quick')))}\n`);
}
