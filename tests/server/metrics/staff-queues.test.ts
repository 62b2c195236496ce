// What waits on staff, as the writer's metrics port shows it (docs/operations.md "Metrics"): every queue from the start
// at 0, then a trader's deposit and two feedback messages counted with the age of the oldest on the injected clock,
// and an answered message leaving its queue; the back office's `queues` command shows the same. On both databases:
// the one query reads five tables.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { CoinNetwork } from '../../../domain/wallet-types.ts';
import { wireTime } from '../../../domain/wire-time.ts';
import { feedbackAnswer } from '../../../server/ops/commands/feedback.ts';
import { queuesShow } from '../../../server/ops/commands/queues.ts';
import { runAs } from '../../../server/ops/run.ts';
import { manualClock, registerAndLogin, TEST_OPERATOR, useTestServer } from '../support/harness.ts';

const clock = manualClock();
const app = useTestServer({ clock, market: { manual: true }, metrics: { port: 0, host: '127.0.0.1' } });
const QUEUES = ['deposits', 'withdrawals', 'second_approvals', 'real_name', 'feedback'];

/** `queue → [items, oldest seconds]` from one scrape. */
async function scrape(): Promise<Record<string, [number, number]>> {
  const text = await (await fetch(app.server.metricsUrl ?? '')).text();
  const figure = (name: string, queue: string): number => {
    const m = new RegExp(`^${name}\\{queue="${queue}"\\} (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`no ${name} for ${queue}`);
    return Number(m[1]);
  };
  return Object.fromEntries(
    QUEUES.map((q) => [q, [figure('tickwise_staff_queue_items', q), figure('tickwise_staff_queue_oldest_seconds', q)]]),
  );
}

it('counts what waits on staff and how long the oldest has waited', async () => {
  expect(await scrape()).toEqual(Object.fromEntries(QUEUES.map((q) => [q, [0, 0]])));

  const alice = await registerAndLogin(app.server, { clock });
  const bob = await registerAndLogin(app.server, { clock });
  const first = await alice.client.post<{ id: number }>('/v1/api/feedback/send', { topic: 'app', text: 'One' });
  expect(first.code).toBe(1);
  clock.advance(90_000);
  expect((await bob.client.post('/v1/api/feedback/send', { topic: 'wallet', text: 'Two' })).code).toBe(1);

  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
    .png()
    .toBuffer();
  const proof = await alice.client.upload<{ url: string }>('/api/common/image_upload', {
    file: new Blob([new Uint8Array(png)]),
  });
  const [usdt] = (await alice.client.get<CoinNetwork[]>('/api/quickCharge/info')).data;
  const charge = await alice.client.get('/api/quickCharge/submit', {
    number: '10',
    proofImg: proof.data.url,
    address: usdt?.address ?? '',
    charge_id: usdt?.id ?? 0,
  });
  expect(charge.code, charge.msg).toBe(1);
  clock.advance(30_000);

  const now = await scrape();
  expect(now.feedback).toEqual([2, 120]);
  expect(now.deposits).toEqual([1, 30]);
  expect(now.withdrawals).toEqual([0, 0]);

  // Answered, the oldest message leaves the queue: the next oldest is Bob's, 30 s old.
  await runAs(app.server.ctx, feedbackAnswer, { id: String(first.data.id), text: 'Thanks' }, TEST_OPERATOR);
  expect((await scrape()).feedback).toEqual([1, 30]);

  // The back office's view of the same: since when, and the command that lists each queue.
  const shown = await runAs(app.server.ctx, queuesShow, {}, TEST_OPERATOR);
  expect(shown).toEqual([
    { queue: 'deposits', waiting: 1, oldest_since: wireTime(clock.now() - 30_000), list: 'charge-list' },
    { queue: 'withdrawals', waiting: 0, oldest_since: '', list: 'withdraw-list' },
    { queue: 'second_approvals', waiting: 0, oldest_since: '', list: 'approval-list' },
    { queue: 'real_name', waiting: 0, oldest_since: '', list: 'realname-list' },
    { queue: 'feedback', waiting: 1, oldest_since: wireTime(clock.now() - 30_000), list: 'feedback-list' },
  ]);
});
