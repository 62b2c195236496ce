// The engine's tick cost with and without 10,000 running copies, in one process: copies must leave it unchanged.
import { CopyGuard } from '../../server/copy/copy-guard.ts';
import { runOne, type EngineBenchRow, type TickExtra } from '../engine/engine-bench.ts';

/** cpuUsPerTick: the engine's tick, the crossed orders' stubbed follow-up and what copies add. */
export type CopyTickRow = Pick<EngineBenchRow, 'orders' | 'users' | 'ticks' | 'cpuUsPerTick'> & {
  copies: number;
  tickPathUs: number;
  load1: number;
};

const ORDERS = 100_000;
const USERS = 10_000;

/** Copy i trades in the book's user i. */
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
      // The engine's stub clock stands still, so the guard gets wall time: its checks come as they would.
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
      load1: r.load1 ?? 0,
    });
    process.stderr.write(`  copy: ticks at ${ORDERS} orders with ${copies} copies done\n`);
  }
  return rows;
}
