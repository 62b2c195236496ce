// The live socket /v1/ws on the real server with a real `ws` client: the smoke test of ws-routes.ts binding real
// sockets to the hub (ping/pong, DAY_MARKET and KLINE streams, unsub, malformed, binary and oversized frames, login,
// per-user pushes, subscription cap, a socket's code filter). No sleeps and no wall-clock assertions: "nothing more arrives" is checked
// with a ping barrier (a socket's frames arrive in order). Timing rules (batch cadence, conflation, slow and idle
// closes) are tested with fake time in tests/unit/server/ws/server-ws-hub.test.ts.
import { describe, expect, it } from 'vitest';
import type { Order } from '../../../domain/types.ts';
import type { QuoteTuple } from '../../../domain/ws-protocol.ts';
import { registerAndLogin } from '../support/harness.ts';
import { barrier, isType, useSocketServer, type Msg } from '../support/ws-client.ts';

describe('websocket /v1/ws', () => {
  const sockets = useSocketServer({ market: { ws: { maxTopics: 16 } } });

  it('answers ping with pong', async () => {
    const c = await sockets.client();
    c.send({ type: 'ping' });
    const pong = await c.next(isType('pong'));
    expect(typeof pong.t).toBe('number');
  });

  it('declines permessage-deflate (a zlib context per socket), though the client offers it', async () => {
    const c = await sockets.client(); // `ws` clients offer permessage-deflate by default, as browsers do
    expect(c.ws.extensions).toBe('');
  });

  it('streams DAY_MARKET quotes after subscribing, and stops after unsub', async () => {
    const watcher = await sockets.client();
    const c = await sockets.client();
    watcher.send({ type: 'sub', topic: 'DAY_MARKET' });
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect(await c.next(isType('sub'))).toEqual({ type: 'sub', ok: true, topic: 'DAY_MARKET' });
    const snapshot = await c.next(isType('DAY_MARKET'));
    const tuples = snapshot.data as QuoteTuple[];
    expect(tuples.length).toBeGreaterThanOrEqual(24);
    for (const [code, close, change, time, status] of tuples) {
      expect(code).toMatch(/^[A-Z0-9]+$/);
      expect(close).toMatch(/^\d+(\.\d+)?$/);
      expect(change).toMatch(/^-?\d+\.\d{2}$/);
      expect(typeof time).toBe('number');
      expect([0, 1]).toContain(status);
    }
    // Crypto trades around the clock: live changes follow, only for instruments that moved.
    const update = await c.next(isType('DAY_MARKET'));
    expect((update.data as QuoteTuple[]).length).toBeLessThan(tuples.length);

    c.send({ type: 'unsub', topic: 'DAY_MARKET' });
    expect(await c.next(isType('unsub'))).toEqual({ type: 'unsub', ok: true, topic: 'DAY_MARKET' });
    // Batches sent before the ack arrived before it; after it, the watcher gets two more and c none.
    const mark = c.messages.length;
    watcher.drain();
    await watcher.next(isType('DAY_MARKET'));
    await watcher.next(isType('DAY_MARKET'));
    await barrier(c);
    expect(c.countSince(mark, 'DAY_MARKET')).toBe(0);
  });

  it("narrows DAY_MARKET to a socket's codes (low-bandwidth mode): its snapshot and updates carry only those", async () => {
    const watcher = await sockets.client();
    const c = await sockets.client();
    c.send({ type: 'codes', codes: ['BTCUSDT', 'ETHUSDT', 'NOSUCH'] });
    expect(await c.next(isType('codes'))).toEqual({ type: 'codes', n: 2 });
    watcher.send({ type: 'sub', topic: 'DAY_MARKET' });
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    const snapshot = await c.next(isType('DAY_MARKET'));
    expect((snapshot.data as QuoteTuple[]).map((t) => t[0]).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    // While the watcher gets the whole market's batches, c's frames never carry another instrument.
    expect(((await watcher.next(isType('DAY_MARKET'))).data as QuoteTuple[]).length).toBeGreaterThan(2);
    await watcher.next(isType('DAY_MARKET'));
    await watcher.next(isType('DAY_MARKET'));
    await barrier(c);
    const carried = c.messages.filter(isType('DAY_MARKET')).flatMap((m) => (m.data as QuoteTuple[]).map((t) => t[0]));
    expect(new Set(carried)).toEqual(new Set(['BTCUSDT', 'ETHUSDT']));
  });

  it('streams the live 1min bar for KLINE.{code}', async () => {
    const c = await sockets.client();
    c.send({ type: 'sub', topic: 'KLINE.BTCUSDT' });
    expect(await c.next(isType('sub'))).toEqual({ type: 'sub', ok: true, topic: 'KLINE.BTCUSDT' });
    const bar = await c.next(isType('KLINE'));
    expect(bar.topic).toBe('KLINE.BTCUSDT');
    const data = bar.data as Record<string, unknown>;
    expect(data.Code).toBe('BTCUSDT');
    // The bar of the server clock's current minute (or the one before it, if the minute turned meanwhile).
    const minute = Math.floor(sockets.server.ctx.clock.now() / 60_000) * 60;
    expect([minute, minute - 60]).toContain(data.Time);
    for (const f of ['Open', 'High', 'Low', 'Close', 'Volume']) expect(typeof data[f]).toBe('number');
    await c.next(isType('KLINE')); // and again as it changes
    c.send({ type: 'sub', topic: 'KLINE.NOPE' });
    expect(await c.next(isType('sub'))).toMatchObject({ ok: false, topic: 'KLINE.NOPE' });
  });

  it('answers malformed messages with an error and stays usable', async () => {
    const c = await sockets.client();
    for (const bad of ['hello', '{"type":"dance"}', '{"no":"type"}', '{"type":"sub"}', '[]']) {
      c.send(bad);
      const err = await c.next(isType('error'));
      expect(typeof err.msg).toBe('string');
      expect(err.msg).not.toBe('');
    }
    c.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect(await c.next(isType('error'))).toEqual({ type: 'error', msg: 'text frames only' });
    c.send({ type: 'ping' });
    await c.next(isType('pong'));
  });

  it('answers an oversized frame with an error and closes the socket; a huge one is cut off', async () => {
    const c = await sockets.client();
    c.send({ type: 'ping', pad: 'x'.repeat(5000) });
    expect(await c.next(isType('error'))).toMatchObject({ type: 'error', msg: expect.stringMatching(/too large/) });
    expect((await c.closed).code).toBe(1009);
    const huge = await sockets.client();
    huge.send('x'.repeat(200 * 1024));
    expect((await huge.closed).code).toBe(1009);
    // The server is fine.
    const ok = await sockets.client();
    ok.send({ type: 'ping' });
    await ok.next(isType('pong'));
  });

  it('refuses login with a bad token and accepts a real one', async () => {
    const c = await sockets.client();
    c.send({ type: 'login', token: 'not-a-token' });
    const bad = await c.next(isType('login'));
    expect(bad.ok).toBe(false);
    expect(typeof bad.msg).toBe('string');
    const user = await registerAndLogin(sockets.server);
    c.send({ type: 'login', token: user.token });
    expect(await c.next(isType('login'))).toEqual({ type: 'login', ok: true, msg: 'success', seq: 0 });
    c.send({ type: 'logout' });
    expect(await c.next(isType('logout'))).toEqual({ type: 'logout', ok: true });
  });

  it('pushes FOREX_TRADE and FOREX_CLOSED only to the owner’s subscribed sockets', async () => {
    const alice = await registerAndLogin(sockets.server);
    const bob = await registerAndLogin(sockets.server);
    const [a1, a2, b1, anon] = await Promise.all([
      sockets.client(),
      sockets.client(),
      sockets.client(),
      sockets.client(),
    ]);
    for (const [c, token] of [
      [a1, alice.token],
      [a2, alice.token],
      [b1, bob.token],
    ] as const) {
      c.send({ type: 'login', token });
      expect((await c.next(isType('login'))).ok).toBe(true);
    }
    for (const c of [a1, b1, anon]) c.send({ type: 'sub', topic: 'FOREX_TRADE' });
    a2.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    for (const c of [a1, a2, b1, anon]) await c.next(isType('sub'));

    const order = { Id: 41, ForexId: 17, Status: 1 } as unknown as Order;
    sockets.server.ctx.push.toUser(alice.user.id, { type: 'FOREX_TRADE', seq: 1, data: order });
    sockets.server.ctx.push.toUser(alice.user.id, {
      type: 'FOREX_CLOSED',
      seq: 2,
      data: { ...order, Status: 3, CloseReason: 'user' },
    });
    expect(await a1.next(isType('FOREX_TRADE'))).toMatchObject({ seq: 1, data: { Id: 41 } });
    expect(await a2.next(isType('FOREX_CLOSED'))).toMatchObject({ seq: 2, data: { CloseReason: 'user' } });
    // toUser sends synchronously: anything for b1 or anon would arrive before the pong to a later ping.
    for (const c of [b1, anon, a1, a2]) await barrier(c);
    for (const c of [b1, anon])
      expect(c.messages.some((m) => m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED')).toBe(false);
    expect(a1.messages.some((m) => m.type === 'FOREX_CLOSED')).toBe(false);
    expect(a2.messages.some((m) => m.type === 'FOREX_TRADE')).toBe(false);
  });

  it('caps the number of subscriptions per connection', async () => {
    const c = await sockets.client();
    const codes = sockets.server.ctx.market.all().map((q) => q.code);
    const topics = ['DAY_MARKET', 'FOREX_TRADE', 'FOREX_CLOSED', ...codes.map((code) => `KLINE.${code}`)].slice(0, 20);
    for (const t of topics) c.send({ type: 'sub', topic: t });
    const acks: Msg[] = [];
    for (let i = 0; i < topics.length; i++) acks.push(await c.next(isType('sub')));
    expect(acks.slice(0, 16).every((a) => a.ok === true)).toBe(true);
    expect(acks.slice(16).every((a) => a.ok === false && /too many/.test(String(a.msg)))).toBe(true);
    // Re-subscribing a topic it already has never counts twice; after an unsub there is room again.
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect((await c.next(isType('sub'))).ok).toBe(true);
    c.send({ type: 'unsub', topic: 'FOREX_TRADE' });
    await c.next(isType('unsub'));
    c.send({ type: 'sub', topic: topics[19] });
    expect(await c.next(isType('sub'))).toMatchObject({ ok: true, topic: topics[19] });
  });
});
