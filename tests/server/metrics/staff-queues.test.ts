// What waits on staff, as the writer's metrics port shows it (docs/operations.md "Metrics"): every queue from the start
// at 0, then a trader's deposit and two feedback messages counted with the age of the oldest on the injected clock,
// and an answered message leaving its queue. On both databases: the one query reads five tables.
import sharp from 'sharp';
import { expect, it } from 'vitest';
import type { CoinNetwork } from '../../../domain/wallet-types.ts';
import { feedbackAnswer } from '../../../server/ops/commands/feedback.ts';
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
});
