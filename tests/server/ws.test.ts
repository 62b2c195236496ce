// The live socket /v1/ws on the real server with a real `ws` client: ping/pong, DAY_MARKET and KLINE streams, unsub,
// malformed and oversized frames, login, per-user pushes, subscription cap, and a slow consumer that never reads.
import { randomBytes } from 'node:crypto';
import { connect as tcpConnect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Hub } from '../../server/ws/hub.ts';
import type { Order } from '../../src/domain/types.ts';
import type { QuoteTuple, ServerMessage } from '../../src/domain/ws-protocol.ts';
import { registerAndLogin, startTestServer, type TestServer } from './harness.ts';

type Msg = ServerMessage & Record<string, unknown>;

/** A websocket client that records every message and lets a test wait for the next one matching a predicate. */
class Client {
  readonly messages: Msg[] = [];
  private cursor = 0;
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse((data as Buffer).toString('utf8')) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static open(url: string): Promise<Client> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const c = new Client(ws);
      ws.once('open', () => resolve(c));
      ws.once('error', reject);
    });
  }

  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /** The next message (after the ones already taken) that matches, within `ms`. */
  async next(match: (m: Msg) => boolean, ms = 2000): Promise<Msg> {
    const deadline = Date.now() + ms;
    for (;;) {
      while (this.cursor < this.messages.length) {
        const m = this.messages[this.cursor++] as Msg;
        if (match(m)) return m;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching message within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Skips everything received so far. */
  drain(): void {
    this.cursor = this.messages.length;
  }

  countSince(mark: number, type: string): number {
    return this.messages.slice(mark).filter((m) => m.type === type).length;
  }

  close(): void {
    this.ws.close();
  }
}

const isType = (type: string) => (m: Msg): boolean => m.type === type;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('websocket /v1/ws', () => {
  let server: TestServer;
  const open: Client[] = [];
  const client = async (): Promise<Client> => {
    const c = await Client.open(server.wsUrl);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startTestServer({ market: { ws: { maxTopics: 16 } } });
  });

  afterAll(async () => {
    for (const c of open) c.close();
    await server?.close();
  });

  it('answers ping with pong', async () => {
    const c = await client();
    c.send({ type: 'ping' });
    const pong = await c.next(isType('pong'));
    expect(typeof pong.t).toBe('number');
  });

  it('streams DAY_MARKET quotes within a second of subscribing, and stops after unsub', async () => {
    const watcher = await client();
    const c = await client();
    watcher.send({ type: 'sub', topic: 'DAY_MARKET' });
    const t0 = Date.now();
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect(await c.next(isType('sub'))).toEqual({ type: 'sub', ok: true, topic: 'DAY_MARKET' });
    const snapshot = await c.next(isType('DAY_MARKET'), 1000);
    expect(Date.now() - t0).toBeLessThan(1000);
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
    const update = await c.next(isType('DAY_MARKET'), 1500);
    expect((update.data as QuoteTuple[]).length).toBeLessThan(tuples.length);

    c.send({ type: 'unsub', topic: 'DAY_MARKET' });
    expect(await c.next(isType('unsub'))).toEqual({ type: 'unsub', ok: true, topic: 'DAY_MARKET' });
    await sleep(150); // a batch already on the wire may still land
    const mark = c.messages.length;
    const watcherMark = watcher.messages.length;
    await sleep(800);
    expect(c.countSince(mark, 'DAY_MARKET')).toBe(0);
    expect(watcher.countSince(watcherMark, 'DAY_MARKET')).toBeGreaterThan(0);
  });

  it('streams the live 1min bar for KLINE.{code}', async () => {
    const c = await client();
    c.send({ type: 'sub', topic: 'KLINE.BTCUSDT' });
    expect(await c.next(isType('sub'))).toEqual({ type: 'sub', ok: true, topic: 'KLINE.BTCUSDT' });
    const bar = await c.next(isType('KLINE'), 1500);
    expect(bar.topic).toBe('KLINE.BTCUSDT');
    const data = bar.data as Record<string, unknown>;
    expect(data.Code).toBe('BTCUSDT');
    expect(data.Time).toBe(Math.floor(Date.now() / 60_000) * 60);
    for (const f of ['Open', 'High', 'Low', 'Close', 'Volume']) expect(typeof data[f]).toBe('number');
    await c.next(isType('KLINE'), 1500); // and again as it changes
    c.send({ type: 'sub', topic: 'KLINE.NOPE' });
    expect(await c.next(isType('sub'))).toMatchObject({ ok: false, topic: 'KLINE.NOPE' });
  });

  it('answers malformed messages with an error and stays usable', async () => {
    const c = await client();
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
    const c = await client();
    c.send({ type: 'ping', pad: 'x'.repeat(5000) });
    expect(await c.next(isType('error'))).toMatchObject({ type: 'error', msg: expect.stringMatching(/too large/) });
    expect((await c.closed).code).toBe(1009);
    const huge = await client();
    huge.send('x'.repeat(200 * 1024));
    expect((await huge.closed).code).toBe(1009);
    // The server is fine.
    const ok = await client();
    ok.send({ type: 'ping' });
    await ok.next(isType('pong'));
  });

  it('refuses login with a bad token and accepts a real one', async () => {
    const c = await client();
    c.send({ type: 'login', token: 'not-a-token' });
    const bad = await c.next(isType('login'));
    expect(bad.ok).toBe(false);
    expect(typeof bad.msg).toBe('string');
    const user = await registerAndLogin(server);
    c.send({ type: 'login', token: user.token });
    expect(await c.next(isType('login'))).toEqual({ type: 'login', ok: true, msg: 'success' });
    c.send({ type: 'logout' });
    expect(await c.next(isType('logout'))).toEqual({ type: 'logout', ok: true });
  });

  it('pushes FOREX_TRADE and FOREX_CLOSED only to the owner’s subscribed sockets', async () => {
    const alice = await registerAndLogin(server);
    const bob = await registerAndLogin(server);
    const [a1, a2, b1, anon] = await Promise.all([client(), client(), client(), client()]);
    for (const [c, token] of [[a1, alice.token], [a2, alice.token], [b1, bob.token]] as const) {
      c.send({ type: 'login', token });
      expect((await c.next(isType('login'))).ok).toBe(true);
    }
    for (const c of [a1, b1, anon]) c.send({ type: 'sub', topic: 'FOREX_TRADE' });
    a2.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    for (const c of [a1, a2, b1, anon]) await c.next(isType('sub'));

    const order = { Id: 41, ForexId: 17, Status: 1 } as unknown as Order;
    server.ctx.push.toUser(alice.user.id, { type: 'FOREX_TRADE', seq: 1, data: order });
    server.ctx.push.toUser(alice.user.id, { type: 'FOREX_CLOSED', seq: 2, data: { ...order, Status: 3, CloseReason: 'user' } });
    expect(await a1.next(isType('FOREX_TRADE'))).toMatchObject({ seq: 1, data: { Id: 41 } });
    expect(await a2.next(isType('FOREX_CLOSED'))).toMatchObject({ seq: 2, data: { CloseReason: 'user' } });
    await sleep(300);
    for (const c of [b1, anon]) expect(c.messages.some((m) => m.type === 'FOREX_TRADE' || m.type === 'FOREX_CLOSED')).toBe(false);
    expect(a1.messages.some((m) => m.type === 'FOREX_CLOSED')).toBe(false);
    expect(a2.messages.some((m) => m.type === 'FOREX_TRADE')).toBe(false);
  });

  it('caps the number of subscriptions per connection', async () => {
    const c = await client();
    const codes = server.ctx.market.all().map((q) => q.code);
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

/** Masked client text frame (RFC 6455 §5.2) for a raw TCP client. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  if (payload.length > 125) throw new Error('short frames only');
  const mask = randomBytes(4);
  const out = Buffer.alloc(2 + 4 + payload.length);
  out[0] = 0x81;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0);
  return out;
}

/** A websocket peer that subscribes and then never reads again (its TCP socket paused). */
function stalledPeer(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const sock = tcpConnect(port, '127.0.0.1');
    sock.once('error', reject);
    sock.once('connect', () => {
      sock.write(
        `GET /v1/ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
    sock.once('data', (head) => {
      if (!String(head).startsWith('HTTP/1.1 101')) return reject(new Error(`no upgrade: ${String(head).slice(0, 40)}`));
      sock.write(frame(JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' })));
      sock.pause(); // from here on nothing is read: the server's send buffer has to absorb it all
      resolve(sock);
    });
  });
}

describe('a slow consumer', () => {
  const HARD = 512 * 1024;
  let server: TestServer;

  beforeAll(async () => {
    // Many synthetic instruments so a batch is tens of kilobytes and a stalled peer fills its buffers fast.
    server = await startTestServer({
      // Frequent batches fill the stalled peer's kernel buffers (several MB on loopback) within seconds.
      market: { instruments: 1500, hz: 10, ws: { flushMs: 25, softLimit: 32 * 1024, hardLimit: HARD, stuckMs: 1500 } },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('is conflated, then closed, without the server buffering without bound', async () => {
    const hub = server.ctx.push;
    if (!(hub instanceof Hub)) throw new Error('ctx.push is not the websocket hub');
    const healthy = await Client.open(server.wsUrl);
    healthy.send({ type: 'sub', topic: 'DAY_MARKET' });
    const port = Number(new URL(server.baseUrl).port);
    const peer = await stalledPeer(port);
    const peerClosed = new Promise<void>((resolve) => peer.once('close', () => resolve()));
    peer.resume = () => peer; // never read, even if something calls resume

    const deadline = Date.now() + 25_000;
    while (hub.getStats().slowClosed === 0 && Date.now() < deadline) await sleep(200);
    const stats = hub.getStats();
    expect(stats.slowClosed).toBe(1);
    expect(stats.skipped).toBeGreaterThan(0);
    // Bounded: at most the hard limit plus one batch was ever queued for the stalled peer.
    const batch = 1600 * 64;
    expect(stats.maxBuffered).toBeLessThan(HARD + batch);
    peer.destroy();
    await peerClosed;

    // The healthy client kept receiving all along and still does.
    healthy.drain();
    await healthy.next(isType('DAY_MARKET'), 1000);
    expect(stats.connections).toBe(1);
    healthy.close();
  }, 40_000);
});
