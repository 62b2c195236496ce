// FOREX_TRADE / FOREX_CLOSED over a real websocket: placed, filled, changed and closed (by the user, a stop, a
// cancel) reach the owner's subscribed socket with a sequence increasing by one; another user's socket gets nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Order } from '../../../domain/types.ts';
import type { ServerMessage } from '../../../domain/ws-protocol.ts';
import { move } from '../../../server/ledger/ledger.ts';
import { RecordType } from '../../../server/ledger/record-types.ts';
import {
  manualClock,
  registerAndLogin,
  startTestServer,
  type RegisteredUser,
  type TestServer,
} from '../support/harness.ts';
import { until as untilFixture } from '../../fixtures/until.ts';

const clock = manualClock();
let server: TestServer;
let market: { setPrice(code: string, price: string): unknown };

interface Listener {
  messages: ServerMessage[];
  close(): void;
  /** Resolves when `n` order events have arrived (or fails after a while). */
  orderEvents(n: number): Promise<Array<Extract<ServerMessage, { type: 'FOREX_TRADE' | 'FOREX_CLOSED' }>>>;
}

/** A socket logged in as `token`, subscribed to both order topics. */
async function listen(token: string): Promise<Listener> {
  const ws = new WebSocket(server.wsUrl);
  const messages: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString()) as ServerMessage);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (): Promise<void> => new Promise<void>((r) => waiters.push(r));
  const until = (pred: () => boolean, what: string): Promise<void> =>
    untilFixture(pred, { what: `${what}: ${JSON.stringify(messages)}`, tries: 100, stepMs: 50, wake: next });
  ws.send(JSON.stringify({ type: 'login', token }));
  await until(() => messages.some((m) => m.type === 'login'), 'login');
  expect(messages.find((m) => m.type === 'login')).toMatchObject({ ok: true });
  for (const topic of ['FOREX_TRADE', 'FOREX_CLOSED']) ws.send(JSON.stringify({ type: 'sub', topic }));
  await until(() => messages.filter((m) => m.type === 'sub').length === 2, 'sub acks');
  const events = () =>
    messages.filter(
      (m): m is Extract<ServerMessage, { type: 'FOREX_TRADE' | 'FOREX_CLOSED' }> =>
        m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED',
    );
  return {
    messages,
    close: () => ws.close(),
    async orderEvents(n) {
      await until(() => events().length >= n, `${n} order events`);
      return events();
    },
  };
}

async function trader(): Promise<RegisteredUser> {
  const u = await registerAndLogin(server, { clock });
  await move(server.ctx.db, u.user.id, {
    balance: '10000',
    type: RecordType.MEMO,
    memo: 'test deposit',
    at: clock.now(),
  });
  return u;
}

async function price(p: string): Promise<void> {
  market.setPrice('EURUSD', p);
  await server.ctx.engine.idle();
}

beforeAll(async () => {
  server = await startTestServer({ clock, market: { manual: true } });
  market = server.ctx.market as unknown as typeof market;
  await price('1.08500');
});

afterAll(async () => {
  await server?.close();
});

describe('order pushes', () => {
  it('reach only the owner, in order, with seq increasing by one', async () => {
    const owner = await trader();
    const other = await trader();
    const mine = await listen(owner.token);
    const theirs = await listen(other.token);
    const buy = { type: 1, cont: '0.1', forex_id: 1, status: 1, multiple: 100 };
    const a = (await owner.client.get<Order>('/v1/api/forex/submit', buy)).data; // placed
    await owner.client.get('/v1/api/forex/set_stop_price', { id: a.Id, stop_loss_price: '1.08000' }); // changed
    const p = (await owner.client.get<Order>('/v1/api/forex/submit', { ...buy, status: 0, target_price: '1.08300' }))
      .data;
    const c = (await owner.client.get<Order>('/v1/api/forex/submit', { ...buy, status: 0, target_price: '1.05000' }))
      .data;
    await owner.client.get('/v1/api/forex/cancel_trade', { id: c.Id }); // cancelled
    await price('1.08290'); // p fills
    await price('1.07990'); // a's stop-loss
    await owner.client.get('/v1/api/forex/close', { id: p.Id }); // closed by the user
    const events = await mine.orderEvents(8);
    expect(
      events.map((e) => [e.type, e.data.Id, e.type === 'FOREX_CLOSED' ? e.data.CloseReason : e.data.Status]),
    ).toEqual([
      ['FOREX_TRADE', a.Id, 1],
      ['FOREX_TRADE', a.Id, 1],
      ['FOREX_TRADE', p.Id, 0],
      ['FOREX_TRADE', c.Id, 0],
      ['FOREX_CLOSED', c.Id, 'cancel'],
      ['FOREX_TRADE', p.Id, 1],
      ['FOREX_CLOSED', a.Id, 'stop_loss'],
      ['FOREX_CLOSED', p.Id, 'user'],
    ]);
    const seqs = events.map((e) => e.seq);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] ?? 0) + i));
    expect(events[1]?.data.TargetLossPrice).toBe('1.08000');
    expect(events[6]?.data.FactProfits).toBe('-51.000000');
    // The other user's socket saw none of it.
    await other.client.get('/v1/api/forex/my_deal', { status: 1 });
    expect(theirs.messages.filter((m) => m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED')).toEqual([]);
    mine.close();
    theirs.close();
  });
});
