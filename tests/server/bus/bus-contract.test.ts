// The bus contract, run against both implementations (in process for role `all`, NATS for market/gateway): order
// per subject, wildcards, unsubscribe, JSON payloads, and a failing handler that does not stop delivery.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../../server/bus/bus.ts';
import { SUBJECTS, subjectMatches } from '../../../server/bus/bus.ts';
import { localBus } from '../../../server/bus/local-bus.ts';
import { natsBus } from '../../../server/bus/nats-bus.ts';
import { startNatsServer, type NatsServer } from '../../fixtures/nats-server.ts';

let nats: NatsServer;
beforeAll(async () => {
  nats = await startNatsServer();
});
afterAll(async () => {
  await nats.stop();
});

/** Two processes' views of one bus: a publisher and a subscriber (the same object in process). */
type Pair = { pub: Bus; sub: Bus; close(): Promise<void> };
const impls: Array<[string, () => Promise<Pair>]> = [
  [
    'in process',
    async () => {
      const b = localBus();
      return { pub: b, sub: b, close: () => b.close() };
    },
  ],
  [
    'NATS',
    async () => {
      const pub = await natsBus({ url: nats.url, name: 'test-pub' });
      const sub = await natsBus({ url: nats.url, name: 'test-sub' });
      return {
        pub,
        sub,
        close: async () => {
          await pub.close();
          await sub.close();
        },
      };
    },
  ],
];

/** Waits until `n` messages arrived: the in-process bus has them already, NATS after a round trip. */
async function settle(p: Pair, got: () => number, n: number): Promise<void> {
  await p.pub.flush();
  await p.sub.flush();
  for (let i = 0; i < 200 && got() < n; i++) await new Promise((r) => setImmediate(r));
}

describe.each(impls)('bus contract: %s', (_name, make) => {
  it('delivers JSON payloads in publish order, by exact subject and wildcard', async () => {
    const p = await make();
    const exact: unknown[] = [];
    const wild: Array<[unknown, string]> = [];
    p.sub.subscribe(SUBJECTS.tick, (m) => exact.push(m));
    p.sub.subscribe(SUBJECTS.userAll, (m, s) => wild.push([m, s]));
    await p.sub.flush();
    for (let i = 0; i < 50; i++) p.pub.publish(SUBJECTS.tick, { code: 'EURUSD', price: `1.${1000 + i}`, n: i });
    p.pub.publish(SUBJECTS.user(7), { type: 'FOREX_TRADE', seq: 3 });
    p.pub.publish(SUBJECTS.user(8), { type: 'FOREX_CLOSED', seq: 1 });
    p.pub.publish('tw.other', { no: true });
    await settle(p, () => exact.length + wild.length, 52);
    expect(exact.map((m) => (m as { n: number }).n)).toEqual([...Array(50).keys()]);
    expect(exact[49]).toEqual({ code: 'EURUSD', price: '1.1049', n: 49 });
    expect(wild).toEqual([
      [{ type: 'FOREX_TRADE', seq: 3 }, 'tw.user.7'],
      [{ type: 'FOREX_CLOSED', seq: 1 }, 'tw.user.8'],
    ]);
    await p.close();
  });

  it('stops delivering after unsubscribe; a throwing handler does not stop the next message', async () => {
    const p = await make();
    const got: number[] = [];
    const off = p.sub.subscribe(SUBJECTS.order, (m) => {
      const id = (m as { id: number }).id;
      if (id === 1) throw new Error('handler failed');
      got.push(id);
    });
    await p.sub.flush();
    p.pub.publish(SUBJECTS.order, { id: 1, origin: 'a' });
    p.pub.publish(SUBJECTS.order, { id: 2, origin: 'a' });
    await settle(p, () => got.length, 1);
    off();
    await p.sub.flush();
    p.pub.publish(SUBJECTS.order, { id: 3, origin: 'a' });
    await p.pub.flush();
    await p.sub.flush();
    expect(got).toEqual([2]);
    await p.close();
  });
});

describe('subject patterns', () => {
  it('matches NATS wildcards', () => {
    expect(subjectMatches('tw.user.*', 'tw.user.12')).toBe(true);
    expect(subjectMatches('tw.user.*', 'tw.user.12.x')).toBe(false);
    expect(subjectMatches('tw.>', 'tw.user.12')).toBe(true);
    expect(subjectMatches('tw.tick', 'tw.tick')).toBe(true);
    expect(subjectMatches('tw.tick', 'tw.ticks')).toBe(false);
  });
});
