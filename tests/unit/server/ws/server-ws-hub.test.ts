// @vitest-environment node
// The websocket hub with injected sockets, market and time: replies, topics, conflated batches serialised once for
// everyone keeping up, catch-up for skipped clients, backpressure closes, KLINE bars, per-user pushes, bad frames.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Timers } from '../../../../domain/time.ts';
import { parseClientMessage } from '../../../../server/ws/client-message.ts';
import { Hub } from '../../../../server/ws/hub.ts';
import type { HubMarket, WireKline } from '../../../../server/ws/hub-market.ts';
import type { HubSocket } from '../../../../server/ws/connection.ts';
import type { Order } from '../../../../domain/types.ts';
import type { QuoteTuple, ServerMessage } from '../../../../domain/ws-protocol.ts';
import { testHubDeps } from '../../../fixtures/hub-deps.ts';

class FakeMarket implements HubMarket {
  readonly codes = ['EURUSD', 'BTCUSDT', 'XAUUSD', 'US30'];
  readonly prices = [108500, 6725000, 235000, 391000];
  readonly bars: (WireKline | null)[] = this.codes.map(() => null);
  readonly closedBars: (WireKline | null)[] = this.codes.map(() => null);
  private listener: ((s: { index: number }) => void) | null = null;
  get size(): number {
    return this.codes.length;
  }
  indexOfCode(code: string): number | undefined {
    const i = this.codes.indexOf(code);
    return i < 0 ? undefined : i;
  }
  tupleAt(i: number): QuoteTuple | undefined {
    const code = this.codes[i];
    return code === undefined ? undefined : [code, String(this.prices[i]), '0.00', 1000 + (this.prices[i] ?? 0), 1];
  }
  onChange(l: (s: { index: number }) => void): () => void {
    this.listener = l;
    return () => (this.listener = null);
  }
  klineAt(i: number, which: 'live' | 'closed'): WireKline | null {
    return (which === 'live' ? this.bars[i] : this.closedBars[i]) ?? null;
  }
  tick(i: number): void {
    this.prices[i] = (this.prices[i] ?? 0) + 1;
    const code = this.codes[i] ?? '';
    const close = this.prices[i] ?? 0;
    const cur = this.bars[i];
    this.bars[i] = cur
      ? { ...cur, Close: close, Volume: cur.Volume + 1 }
      : { Code: code, Time: 60, Open: close, High: close, Low: close, Close: close, Volume: 1 };
    this.listener?.({ index: i });
  }
  rollMinute(i: number): void {
    const cur = this.bars[i];
    if (!cur) return;
    this.closedBars[i] = cur;
    this.bars[i] = { ...cur, Time: cur.Time + 60, Open: cur.Close, Volume: 0 };
    this.listener?.({ index: i });
  }
}

class FakeSocket implements HubSocket {
  bufferedAmount = 0;
  readonly sent: string[] = [];
  /** The Buffers as handed over, to check that a shared batch is one object encoded once. */
  readonly raw: Buffer[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  terminated = false;
  send(data: Buffer, options: { binary: false }): void {
    // The client parses text frames: a binary frame would reach the browser as a Blob.
    if (options.binary !== false) throw new Error('the hub must send text frames');
    this.raw.push(data);
    this.sent.push(data.toString('utf8'));
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }
  messages(): ServerMessage[] {
    return this.sent.map((s) => JSON.parse(s) as ServerMessage);
  }
  take(): ServerMessage[] {
    const m = this.messages();
    this.sent.length = 0;
    this.raw.length = 0;
    return m;
  }
}

class FakeTimers implements Timers {
  readonly timeouts: Array<() => void> = [];
  readonly timeoutMs: number[] = [];
  readonly intervals: number[] = [];
  setInterval(_fn: () => void, ms: number): unknown {
    this.intervals.push(ms);
    return 1;
  }
  clearInterval(): void {}
  setTimeout(fn: () => void, ms: number): unknown {
    this.timeouts.push(fn);
    this.timeoutMs.push(ms);
    return this.timeouts.length;
  }
  clearTimeout(): void {}
}

const TOKENS: Record<string, number> = { 'tok-alice': 1, 'tok-bob': 2 };

let market: FakeMarket;
let timers: FakeTimers;
let now: number;
let hub: Hub;

function connect(): { socket: FakeSocket; send(m: unknown): void; raw(text: string, binary?: boolean): void } {
  const socket = new FakeSocket();
  const conn = hub.connect(socket, 'en');
  return {
    socket,
    send: (m) => {
      const text = JSON.stringify(m);
      conn.receive(text, Buffer.byteLength(text));
    },
    raw: (text, binary = false) => conn.receive(text, Buffer.byteLength(text), binary),
  };
}

const flush = async (): Promise<void> => {
  now += 100;
  hub.flush();
  await Promise.resolve();
};

beforeEach(() => {
  market = new FakeMarket();
  timers = new FakeTimers();
  now = 1_000_000;
  hub = new Hub(
    testHubDeps(market, timers, () => now, TOKENS),
    { softLimit: 1000, hardLimit: 10_000, stuckMs: 3000, idleMs: 30_000, maxTopics: 4 },
  );
});

describe('client messages', () => {
  it('accepts the five message types and rejects the rest with a reason', () => {
    expect(parseClientMessage('{"type":"ping"}')).toEqual({ ok: true, message: { type: 'ping' } });
    expect(parseClientMessage('{"type":"sub","topic":"DAY_MARKET"}')).toEqual({
      ok: true,
      message: { type: 'sub', topic: 'DAY_MARKET' },
    });
    expect(parseClientMessage('{"type":"login","token":"x"}')).toEqual({
      ok: true,
      message: { type: 'login', token: 'x' },
    });
    expect(parseClientMessage('not json')).toEqual({ ok: false, error: 'invalid JSON' });
    expect(parseClientMessage('[1]')).toMatchObject({ ok: false });
    expect(parseClientMessage('{"topic":"x"}')).toEqual({ ok: false, error: 'missing message type' });
    expect(parseClientMessage('{"type":"dance"}')).toEqual({ ok: false, error: 'unknown message type: dance' });
    expect(parseClientMessage('{"type":"sub"}')).toEqual({ ok: false, error: 'sub needs a topic' });
    expect(parseClientMessage('{"type":"login","token":5}')).toEqual({ ok: false, error: 'login needs a token' });
  });
});

describe('hub', () => {
  it('answers ping with pong and stays usable after bad frames', () => {
    const c = connect();
    c.raw('not json');
    c.raw('{"type":"dance"}');
    c.raw('{"x":1}', true);
    c.send({ type: 'ping' });
    expect(c.socket.take()).toEqual([
      { type: 'error', msg: 'invalid JSON' },
      { type: 'error', msg: 'unknown message type: dance' },
      { type: 'error', msg: 'text frames only' },
      { type: 'pong', t: now },
    ]);
    expect(c.socket.closedWith).toBeNull();
  });

  it('answers an oversized frame with an error and closes with 1009', () => {
    const c = connect();
    const big = JSON.stringify({ type: 'sub', topic: 'x'.repeat(5000) });
    c.raw(big);
    expect(c.socket.take()).toEqual([{ type: 'error', msg: 'frame too large (max 4096 bytes)' }]);
    expect(c.socket.closedWith?.code).toBe(1009);
    timers.timeouts.forEach((f) => f());
    expect(c.socket.terminated).toBe(true);
    c.send({ type: 'ping' }); // ignored after close
    expect(c.socket.sent).toHaveLength(0);
  });

  it('sends a DAY_MARKET snapshot after subscribing, then only what changed, and nothing after unsub', async () => {
    const c = connect();
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect(c.socket.take()).toEqual([{ type: 'sub', ok: true, topic: 'DAY_MARKET' }]);
    await flush();
    const snap = c.socket.take();
    expect(snap).toHaveLength(1);
    expect(snap[0]).toMatchObject({ type: 'DAY_MARKET' });
    expect((snap[0] as { data: QuoteTuple[] }).data.map((t) => t[0])).toEqual(market.codes);
    await flush();
    expect(c.socket.take()).toEqual([]); // nothing changed
    market.tick(1);
    market.tick(1);
    market.tick(3);
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'DAY_MARKET', data: [market.tupleAt(1), market.tupleAt(3)] }]);
    c.send({ type: 'sub', topic: 'DAY_MARKET' }); // again: acked, no second snapshot
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'sub', ok: true, topic: 'DAY_MARKET' }]);
    c.send({ type: 'unsub', topic: 'DAY_MARKET' });
    market.tick(0);
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'unsub', ok: true, topic: 'DAY_MARKET' }]);
  });

  it('batches every 50 ms by default (tick→client p99 ≤ 100 ms), one tuple per instrument per batch', async () => {
    // Conflation inside a batch: however often an instrument ticked, its newest tuple only.
    const c = connect();
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    await flush();
    c.socket.take();
    for (let i = 0; i < 5; i++) market.tick(0);
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'DAY_MARKET', data: [market.tupleAt(0)] }]);
    expect(market.tupleAt(0)?.[1]).toBe('108505');
    // A hub with the default options (last: FakeMarket has one change listener, which this hub takes over).
    const t = new FakeTimers();
    const fresh = new Hub({
      market,
      clock: { now: () => now },
      timers: t,
      authenticate: async () => null,
      translate: (_l, k) => k,
    });
    fresh.start();
    expect(t.intervals).toEqual([50]);
    fresh.stop();
  });

  it('sends the batch right after the tick that moved a price, at most once a flush period', async () => {
    const t = new FakeTimers();
    const fresh = new Hub(testHubDeps(market, t, () => now, TOKENS)); // takes FakeMarket's one listener
    fresh.start();
    const socket = new FakeSocket();
    const sub = JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' });
    fresh.connect(socket, 'en').receive(sub, sub.length);
    await Promise.resolve();
    t.timeouts[t.timeouts.length - 1]?.(); // the subscription's flush: its snapshot
    socket.take();
    now += 50;
    const before = t.timeoutMs.length;
    const waits = (): number[] => t.timeoutMs.slice(before);
    const fire = async (): Promise<void> => {
      t.timeouts[t.timeouts.length - 1]?.();
      await Promise.resolve();
    };
    market.tick(0);
    market.tick(1);
    expect(waits()).toEqual([0]); // one flush for the burst, at once: not at the interval's own phase
    await fire();
    expect(socket.take()).toEqual([{ type: 'DAY_MARKET', data: [market.tupleAt(0), market.tupleAt(1)] }]);
    now += 10;
    market.tick(2);
    expect(waits()).toEqual([0, 40]); // a period after the last one
    now += 43; // the timer ran 3 ms late
    await fire();
    now += 47; // the next tick, a period after the last due time
    market.tick(3);
    expect(waits()).toEqual([0, 40, 0]);
    fresh.stop();
  });

  it('never holds a flush back more than a period when the clock stands still or steps back', () => {
    const t = new FakeTimers();
    const fresh = new Hub(testHubDeps(market, t, () => now, TOKENS)); // takes FakeMarket's one listener
    fresh.start();
    const before = t.timeoutMs.length;
    for (let i = 0; i < 5; i++) {
      market.tick(0); // each after the last flush ran, the clock not moving
      t.timeouts[t.timeouts.length - 1]?.();
    }
    now -= 10_000; // the wall clock stepped back
    market.tick(0);
    expect(t.timeoutMs.slice(before)).toEqual([0, 50, 50, 50, 50, 50]);
    fresh.stop();
  });

  it("sends a new subscriber's snapshot within a period while no price moves and the clock stands still", async () => {
    const t = new FakeTimers();
    const fresh = new Hub(testHubDeps(market, t, () => now, TOKENS)); // takes FakeMarket's one listener
    fresh.start();
    market.tick(0);
    t.timeouts[t.timeouts.length - 1]?.(); // that tick's flush: the interval now waits for the clock to move
    const before = t.timeouts.length;
    const socket = new FakeSocket();
    const sub = JSON.stringify({ type: 'sub', topic: 'DAY_MARKET' });
    fresh.connect(socket, 'en').receive(sub, sub.length);
    await Promise.resolve();
    socket.take(); // the ack
    expect(t.timeoutMs.slice(before)).toEqual([50]);
    t.timeouts[before]?.();
    expect(socket.take().map((m) => m.type)).toEqual(['DAY_MARKET']);
    fresh.stop();
  });

  it('serialises one shared batch for every client that keeps up', async () => {
    const clients = [connect(), connect(), connect()];
    for (const c of clients) c.send({ type: 'sub', topic: 'DAY_MARKET' });
    await flush();
    for (const c of clients) c.socket.take();
    market.tick(2);
    const before = hub.getStats().framesSerialised;
    await flush();
    expect(hub.getStats().framesSerialised - before).toBe(1);
    // The same encoded bytes for every socket: `ws` would otherwise encode a string again per socket.
    const frames = clients.map((c) => c.socket.raw[0]);
    expect(frames[0]).toBeInstanceOf(Buffer);
    expect(new Set(frames).size).toBe(1);
  });

  it('skips a client over the soft limit and catches it up with everything it missed', async () => {
    const fast = connect();
    const slow = connect();
    for (const c of [fast, slow]) c.send({ type: 'sub', topic: 'DAY_MARKET' });
    await flush();
    fast.socket.take();
    slow.socket.take();
    slow.socket.bufferedAmount = 5000; // over soft, under hard
    market.tick(0);
    await flush();
    market.tick(1);
    await flush();
    expect(slow.socket.sent).toHaveLength(0);
    expect(fast.socket.take()).toHaveLength(2);
    expect(hub.getStats().skipped).toBe(2);
    slow.socket.bufferedAmount = 0;
    market.tick(2);
    await flush();
    // One frame with the newest state of all three, not three frames.
    expect(slow.socket.take()).toEqual([
      { type: 'DAY_MARKET', data: [market.tupleAt(0), market.tupleAt(1), market.tupleAt(2)] },
    ]);
    expect(fast.socket.take()).toEqual([{ type: 'DAY_MARKET', data: [market.tupleAt(2)] }]);
  });

  it('closes a client stuck over the soft limit for too long, and at once over the hard limit', async () => {
    const stuck = connect();
    const flooded = connect();
    const fine = connect();
    for (const c of [stuck, flooded, fine]) c.send({ type: 'sub', topic: 'DAY_MARKET' });
    stuck.socket.bufferedAmount = 2000;
    for (let i = 0; i < 25; i++) {
      market.tick(i % 4);
      await flush(); // 2.5 s: still within stuckMs
    }
    expect(stuck.socket.closedWith).toBeNull();
    flooded.socket.bufferedAmount = 20_000;
    for (let i = 0; i < 10; i++) {
      market.tick(0);
      await flush();
    }
    expect(flooded.socket.closedWith?.code).toBe(1013);
    expect(stuck.socket.closedWith?.code).toBe(1013);
    expect(fine.socket.closedWith).toBeNull();
    expect(hub.getStats()).toMatchObject({ connections: 1, slowClosed: 2 });
    timers.timeouts.forEach((f) => f());
    expect(stuck.socket.terminated && flooded.socket.terminated).toBe(true);
  });

  it('streams the live 1min bar of KLINE.{code}, with the final state of a bar that closed', async () => {
    market.tick(1);
    const c = connect();
    c.send({ type: 'sub', topic: 'KLINE.BTCUSDT' });
    expect(c.socket.take()).toEqual([
      { type: 'sub', ok: true, topic: 'KLINE.BTCUSDT' },
      { type: 'KLINE', topic: 'KLINE.BTCUSDT', data: market.bars[1] },
    ]);
    await flush();
    expect(c.socket.take()).toEqual([]); // unchanged
    market.tick(1);
    market.tick(0); // another instrument: not subscribed
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'KLINE', topic: 'KLINE.BTCUSDT', data: market.bars[1] }]);
    market.tick(1);
    market.rollMinute(1);
    market.tick(1);
    await flush();
    const msgs = c.socket.take() as Array<{ data: WireKline }>;
    expect(msgs.map((m) => m.data.Time)).toEqual([60, 120]);
    expect(msgs[0]?.data).toEqual(market.closedBars[1]);
    c.send({ type: 'unsub', topic: 'KLINE.BTCUSDT' });
    market.tick(1);
    await flush();
    expect(c.socket.take()).toEqual([{ type: 'unsub', ok: true, topic: 'KLINE.BTCUSDT' }]);
  });

  it('refuses unknown topics and caps subscriptions', () => {
    const c = connect();
    c.send({ type: 'sub', topic: 'KLINE.NOPE' });
    c.send({ type: 'sub', topic: 'WHATEVER' });
    for (const t of ['DAY_MARKET', 'FOREX_TRADE', 'FOREX_CLOSED', 'KLINE.EURUSD', 'KLINE.US30'])
      c.send({ type: 'sub', topic: t });
    expect(c.socket.take().map((m) => ('ok' in m ? m.ok : null))).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it('logs in with a token and pushes a user event only to that user subscribed sockets', async () => {
    const alice = connect();
    const alice2 = connect();
    const bob = connect();
    const anon = connect();
    alice.send({ type: 'login', token: 'tok-alice' });
    alice2.send({ type: 'login', token: 'tok-alice' });
    bob.send({ type: 'login', token: 'tok-bob' });
    anon.send({ type: 'login', token: 'forged' });
    await Promise.resolve();
    await Promise.resolve();
    expect(alice.socket.take()).toEqual([{ type: 'login', ok: true, msg: 'success' }]);
    expect(anon.socket.take()).toEqual([{ type: 'login', ok: false, msg: 'en:errors.session_expired' }]);
    for (const c of [alice, bob, anon]) c.send({ type: 'sub', topic: 'FOREX_TRADE' });
    alice2.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    for (const c of [alice, alice2, bob, anon]) c.socket.take();

    const event: ServerMessage = { type: 'FOREX_TRADE', seq: 3, data: { Id: 9 } as Order };
    hub.toUser(1, event);
    expect(alice.socket.take()).toEqual([event]);
    expect(alice2.socket.take()).toEqual([]); // not subscribed to FOREX_TRADE
    expect(bob.socket.take()).toEqual([]);
    expect(anon.socket.take()).toEqual([]);

    alice.send({ type: 'logout' });
    expect(alice.socket.take()).toEqual([{ type: 'logout', ok: true }]);
    hub.toUser(1, event);
    expect(alice.socket.take()).toEqual([]);
  });

  it('ignores a slow login answer overtaken by a logout', async () => {
    let release: (id: number | null) => void = () => undefined;
    hub = new Hub({
      market,
      clock: { now: () => now },
      timers,
      translate: (_l, k) => k,
      authenticate: () => new Promise((r) => (release = r)),
    });
    const c = connect();
    c.send({ type: 'login', token: 'tok-alice' });
    c.send({ type: 'logout' });
    release(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(c.socket.take()).toEqual([{ type: 'logout', ok: true }]);
    c.send({ type: 'sub', topic: 'FOREX_CLOSED' });
    c.socket.take();
    hub.toUser(1, {
      type: 'FOREX_CLOSED',
      seq: 1,
      data: { Id: 1, CloseReason: 'user' } as Order & { CloseReason: 'user' },
    });
    expect(c.socket.take()).toEqual([]);
  });

  it('closes a connection that stays silent past the idle timeout', async () => {
    const quiet = connect();
    const chatty = connect();
    for (let i = 0; i < 320; i++) {
      if (i % 50 === 0) chatty.send({ type: 'ping' });
      await flush();
    }
    expect(quiet.socket.closedWith?.code).toBe(1000);
    expect(chatty.socket.closedWith).toBeNull();
  });
});

describe('per-socket rate (low-bandwidth mode)', () => {
  it('a socket asking for 1 frame/s gets at most one a second, each with the newest state of every change', async () => {
    const slow = connect();
    const fast = connect();
    for (const c of [slow, fast]) c.send({ type: 'sub', topic: 'DAY_MARKET' });
    slow.send({ type: 'rate', ms: 1000 });
    expect(slow.socket.take()).toEqual([
      { type: 'sub', ok: true, topic: 'DAY_MARKET' },
      { type: 'rate', ms: 1000 },
    ]);
    await flush(); // the snapshots
    slow.socket.take();
    fast.socket.take();
    // Every instrument ticks every 50 ms (20/s) for 5 s.
    const all = (): void => market.codes.forEach((_, i) => market.tick(i));
    const slowFrames: Array<{ at: number; data: QuoteTuple[] }> = [];
    let fastCount = 0;
    for (let t = 0; t < 5000; t += 50) {
      all();
      now += 50;
      hub.flush();
      for (const m of slow.socket.take()) if (m.type === 'DAY_MARKET') slowFrames.push({ at: now, data: m.data });
      fastCount += fast.socket.take().filter((m) => m.type === 'DAY_MARKET').length;
    }
    expect(fastCount).toBe(100); // the full rate: one batch per flush
    expect(slowFrames.length).toBeLessThanOrEqual(5);
    expect(slowFrames.length).toBeGreaterThanOrEqual(4);
    const times = slowFrames.map((f) => f.at);
    for (let k = 1; k < times.length; k++) expect((times[k] ?? 0) - (times[k - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
    // Each frame carries every instrument once, at its newest price when it was sent (nothing ticked since the last).
    const last = slowFrames.at(-1)?.data ?? [];
    expect(last.map((t) => t[0])).toEqual(market.codes);
    expect(last).toEqual(market.codes.map((_, i) => market.tupleAt(i)));
  });

  it('keeps the rate within its limits: faster than a flush means every batch, slower is capped at 5 s; 0 restores', () => {
    const c = connect();
    c.send({ type: 'rate', ms: 10 });
    c.send({ type: 'rate', ms: 3_600_000 });
    c.send({ type: 'rate', ms: 0 });
    c.send({ type: 'rate', ms: -1 });
    c.send({ type: 'rate', ms: 'fast' });
    expect(c.socket.take()).toEqual([
      { type: 'rate', ms: 0 },
      { type: 'rate', ms: 5000 },
      { type: 'rate', ms: 0 },
      { type: 'error', msg: 'rate needs ms, a number ≥ 0' },
      { type: 'error', msg: 'rate needs ms, a number ≥ 0' },
    ]);
  });
});

describe('per-socket code filter (low-bandwidth mode)', () => {
  const dayCodes = (ms: ServerMessage[]): string[][] =>
    ms.flatMap((m) => (m.type === 'DAY_MARKET' ? [m.data.map((t) => t[0])] : []));

  it('a socket subscribed to a set receives only those instruments; a code it gains arrives in its next frame', async () => {
    const some = connect();
    const all = connect();
    some.send({ type: 'codes', codes: ['BTCUSDT', 'US30', 'NOPE'] }); // before the sub: its snapshot is cut too
    for (const c of [some, all]) c.send({ type: 'sub', topic: 'DAY_MARKET' });
    expect(some.socket.take()).toEqual([
      { type: 'codes', n: 2 },
      { type: 'sub', ok: true, topic: 'DAY_MARKET' },
    ]);
    await flush();
    expect(dayCodes(some.socket.take())).toEqual([['BTCUSDT', 'US30']]);
    expect(dayCodes(all.socket.take())).toEqual([market.codes]);
    // Every instrument ticks for a while: the filtered socket hears only its two.
    for (let k = 0; k < 5; k++) {
      market.codes.forEach((_, i) => market.tick(i));
      await flush();
    }
    const heard = dayCodes(some.socket.take());
    expect(heard).toHaveLength(5);
    for (const frame of heard) expect(frame).toEqual(['BTCUSDT', 'US30']);
    expect(dayCodes(all.socket.take()).every((f) => f.length === market.codes.length)).toBe(true);
    // A tick outside the set sends it nothing at all.
    market.tick(0);
    await flush();
    expect(some.socket.take()).toEqual([]);
    // The set moves (a scroll): the new code comes at once with its current quote, the dropped one stops.
    some.send({ type: 'codes', codes: ['US30', 'EURUSD'] });
    expect(some.socket.take()).toEqual([{ type: 'codes', n: 2 }]);
    await flush();
    expect(some.socket.take()).toEqual([{ type: 'DAY_MARKET', data: [market.tupleAt(0)] }]);
    market.tick(1);
    market.tick(3);
    await flush();
    expect(dayCodes(some.socket.take())).toEqual([['US30']]);
    // null widens it to every instrument again, starting with a snapshot.
    some.send({ type: 'codes', codes: null });
    await flush();
    expect(dayCodes(some.socket.take())).toEqual([market.codes]);
  });

  it('sockets with the same set share one encoded frame; a rate-limited one still gets only its set', async () => {
    const a = connect();
    const b = connect();
    const slow = connect();
    slow.send({ type: 'rate', ms: 1000 });
    for (const c of [a, b, slow]) {
      c.send({ type: 'codes', codes: ['XAUUSD'] });
      c.send({ type: 'sub', topic: 'DAY_MARKET' });
    }
    await flush();
    for (const c of [a, b, slow]) c.socket.take();
    market.tick(2);
    await flush();
    expect(a.socket.raw[0]).toBe(b.socket.raw[0]); // one Buffer: serialised once
    for (let k = 0; k < 20; k++) {
      market.codes.forEach((_, i) => market.tick(i));
      now += 50;
      hub.flush();
    }
    const slowFrames = dayCodes(slow.socket.take());
    expect(slowFrames.length).toBeLessThanOrEqual(2);
    for (const f of slowFrames) expect(f).toEqual(['XAUUSD']);
  });

  it("refuses a list past the server's limits with a reason, and keeps the filter it had", async () => {
    const c = connect();
    c.send({ type: 'codes', codes: ['EURUSD'] });
    c.send({ type: 'codes', codes: Array.from({ length: 101 }, (_, i) => `C${i}`) });
    c.send({ type: 'codes', codes: 'EURUSD' });
    c.send({ type: 'codes', codes: ['x'.repeat(33)] });
    expect(c.socket.take()).toEqual([
      { type: 'codes', n: 1 },
      { type: 'error', msg: 'too many codes (max 100)' },
      { type: 'error', msg: 'codes needs null or a list of instrument codes' },
      { type: 'error', msg: 'codes needs null or a list of instrument codes' },
    ]);
    c.send({ type: 'sub', topic: 'DAY_MARKET' });
    await flush();
    expect(dayCodes(c.socket.take())).toEqual([['EURUSD']]);
  });
});
