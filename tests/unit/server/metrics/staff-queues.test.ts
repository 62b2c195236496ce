// The staff-queue series on a scrape (server/metrics/staff-queues.ts): figures from the query's rows, and a database
// that fails empties them for that scrape while the rest of the scrape is served.
import { Gauge, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../../server/db/db.ts';
import { staffQueueMetrics } from '../../../../server/metrics/staff-queues.ts';

const NOW = Date.UTC(2026, 10, 30, 12);
const clock = { now: () => NOW };

function scrapeWith(query: Queryable['query']): Promise<string> {
  const registry = new Registry();
  new Gauge({ name: 'other_up', help: 'another series of the scrape', registers: [registry] }).set(1);
  staffQueueMetrics(registry, { query } as Queryable, clock);
  return registry.metrics();
}

describe('staff queue metrics', () => {
  it('reads each queue with the age of its oldest item', async () => {
    const rows = [
      { queue: 'withdrawals', waiting: '3', oldest: String(NOW - 90_500) },
      { queue: 'feedback', waiting: 0, oldest: null },
    ];
    let queries = 0;
    const text = await scrapeWith((async () => {
      queries++;
      return rows;
    }) as unknown as Queryable['query']);
    expect(queries).toBe(1); // both series from one query
    expect(text).toContain('tickwise_staff_queue_items{queue="withdrawals"} 3');
    expect(text).toContain('tickwise_staff_queue_oldest_seconds{queue="withdrawals"} 90');
    expect(text).toContain('tickwise_staff_queue_items{queue="feedback"} 0');
    expect(text).toContain('tickwise_staff_queue_oldest_seconds{queue="feedback"} 0');
  });

  it('drops its series, not the scrape, when the database fails', async () => {
    const text = await scrapeWith((async () => {
      throw new Error('connection refused');
    }) as unknown as Queryable['query']);
    expect(text).toContain('other_up 1');
    expect(text).not.toMatch(/tickwise_staff_queue_items\{/);
  });
});
