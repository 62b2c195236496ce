// What waits on the broker's staff, read at scrape time on the writer: how many, and how long the oldest has waited,
// so an alert fires on a withdrawal left unpaid rather than on the trader's complaint (docs/operations.md "Metrics").
import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../../domain/time.ts';
import type { Queryable } from '../db/db.ts';

/** The queues, each the rows a command of docs/back-office.md works off; the statuses are the tables' own. */
const QUEUES_SQL = `
  SELECT 'deposits' AS queue, count(*) AS waiting, min(created_at) AS oldest FROM charges WHERE status = 0
  UNION ALL SELECT 'withdrawals', count(*), min(created_at) FROM withdrawals WHERE status = 0
  UNION ALL SELECT 'second_approvals', count(*), min(first_at) FROM second_approvals WHERE status = 'waiting'
  UNION ALL SELECT 'real_name', count(*), min(submitted_at) FROM user_real WHERE review_status = 1
  UNION ALL SELECT 'feedback', count(*), min(created_at) FROM feedback WHERE answered_at IS NULL`;

/** The back-office command that lists each queue's items. */
export const QUEUE_LISTS: Readonly<Record<string, string>> = {
  deposits: 'charge-list',
  withdrawals: 'withdraw-list',
  second_approvals: 'approval-list',
  real_name: 'realname-list',
  feedback: 'feedback-list',
};

interface StaffQueue {
  queue: string;
  waiting: number;
  /** When the oldest item came in (ms); null when nothing waits. */
  oldestAt: number | null;
  /** 0 when nothing waits. */
  oldestSeconds: number;
}

export async function staffQueues(q: Queryable, now: number): Promise<StaffQueue[]> {
  const rows = await q.query<{ queue: string; waiting: string | number; oldest: string | number | null }>(QUEUES_SQL);
  return rows.map((r) => {
    const oldestAt = r.oldest === null ? null : Number(r.oldest);
    return {
      queue: r.queue,
      waiting: Number(r.waiting),
      oldestAt,
      oldestSeconds: oldestAt === null ? 0 : Math.max(0, Math.floor((now - oldestAt) / 1000)),
    };
  });
}

const SERIES: ReadonlyArray<[string, string, (s: StaffQueue) => number]> = [
  [
    'tickwise_staff_queue_items',
    'Items waiting on staff, by queue (deposits, withdrawals, second_approvals, real_name, feedback)',
    (s) => s.waiting,
  ],
  [
    'tickwise_staff_queue_oldest_seconds',
    'How long the oldest item of each staff queue has waited (0 when empty)',
    (s) => s.oldestSeconds,
  ],
];

export function staffQueueMetrics(registry: Registry, db: Queryable, clock: Clock): void {
  // A scrape collects every series at once (prom-client's Promise.all): both gauges share one query.
  let reading: Promise<StaffQueue[] | null> | null = null;
  const read = (): Promise<StaffQueue[] | null> =>
    (reading ??= staffQueues(db, clock.now())
      .catch(() => null)
      .finally(() => {
        reading = null;
      }));
  for (const [name, help, figure] of SERIES) {
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        // A database away empties the series rather than failing the whole scrape with it.
        const queues = await read();
        if (!queues) {
          this.reset();
          return;
        }
        for (const s of queues) this.set({ queue: s.queue }, figure(s));
      },
    });
  }
}
