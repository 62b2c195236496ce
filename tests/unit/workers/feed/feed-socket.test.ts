// @vitest-environment node
// The feed's socket life against a fake socket and fake time: heartbeat, dead-link detection, backoff with jitter,
// resubscribe and re-login after a reconnect, nudges, and the connection states the painter sees.
import { describe, expect, it } from 'vitest';
import { Feed } from '../../../../workers/feed/feed.ts';
import { backoffCeiling as ceiling, backoffDelay as delay } from '../../../../domain/backoff.ts';
import { OFFLINE_AFTER_FAILURES, RECONNECT_BACKOFF } from '../../../../workers/feed/socket-link.ts';
import { instrument } from '../../../fixtures/instruments.ts';
import { config, harness, RecordingSink, settle, type Harness } from '../../feed-fakes.ts';
import type { ConnState } from '../../../../workers/protocol.ts';

async function started(
  token: string | null = null,
  random = 0.5,
): Promise<{ h: Harness; feed: Feed; sink: RecordingSink }> {
  const h = harness(random);
  const feed = new Feed(h.deps);
  const sink = new RecordingSink();
  await feed.start(config({ token }), sink);
  return { h, feed, sink };
}

/** Started with `token`, its socket open and the login answered (from order event `seq` on, when given). */
async function signedIn(
  token: string,
  seq?: number,
): Promise<{ h: Harness; feed: Feed; sink: RecordingSink; s: ReturnType<Harness['last']> }> {
  const run = await started(token);
  const s = run.h.last();
  s.open();
  s.receive(seq === undefined ? { type: 'login', ok: true, msg: 'ok' } : { type: 'login', ok: true, msg: 'ok', seq });
  return { ...run, s };
}

function states(h: Harness, sink: RecordingSink): ConnState[] {
  h.frames.run();
  return sink.batches.map((b) => b.conn).filter((c): c is ConnState => c !== null);
}

describe('heartbeat', () => {
  it('probes at once on open, then pings every 5 s and stays connected while pongs come back', async () => {
    const { h } = await started();
    const s = h.last();
    s.open();
    // The probe learns the server clock before the first snapshot is judged stale or fresh.
    expect(s.sent.filter((m) => m.type === 'ping')).toHaveLength(1);
    s.receive({ type: 'pong', t: h.time.now });
    h.time.advance(4999);
    expect(s.sent.filter((m) => m.type === 'ping')).toHaveLength(1);
    for (let i = 2; i <= 7; i++) {
      h.time.advance(i === 2 ? 1 : 5000);
      expect(s.sent.filter((m) => m.type === 'ping')).toHaveLength(i);
      s.receive({ type: 'pong', t: h.time.now });
    }
    expect(h.sockets).toHaveLength(1);
    expect(s.closed).toBe(false);
  });

  it('reconnects when more than 2 pings go unanswered, not before', async () => {
    const { h } = await started();
    const s = h.last();
    s.open(); // the probe ping
    h.time.advance(10_000); // three pings out, none answered
    expect(s.sent.filter((m) => m.type === 'ping')).toHaveLength(3);
    expect(s.closed).toBe(false);
    h.time.advance(5000); // the fourth beat finds 3 unanswered: the link is dead
    expect(s.closed).toBe(true);
    h.time.advance(500); // attempt-0 backoff is at most 500 ms
    expect(h.sockets).toHaveLength(2);
  });

  it('two missed pongs followed by an answer keep the socket', async () => {
    const { h } = await started();
    const s = h.last();
    s.open();
    h.time.advance(10_000);
    s.receive({ type: 'pong', t: h.time.now });
    h.time.advance(15_000);
    s.receive({ type: 'pong', t: h.time.now });
    h.time.advance(5000);
    expect(s.closed).toBe(false);
    expect(h.sockets).toHaveLength(1);
  });

  it('gives up on a socket that does not open within 5 s', async () => {
    const { h } = await started();
    h.time.advance(4999);
    expect(h.last().closed).toBe(false);
    h.time.advance(1);
    expect(h.sockets[0]?.closed).toBe(true);
  });
});

const backoffCeiling = (n: number): number => ceiling(n, RECONNECT_BACKOFF);
const backoffDelay = (n: number, random: () => number): number => delay(n, RECONNECT_BACKOFF, random);

describe('backoff', () => {
  it('grows exponentially with the jitter inside [ceiling/2, ceiling], capped at 30 s', () => {
    for (let n = 0; n < 12; n++) {
      const c = backoffCeiling(n);
      expect(backoffDelay(n, () => 0)).toBe(c / 2);
      expect(backoffDelay(n, () => 0.999999)).toBeLessThanOrEqual(c);
      expect(backoffDelay(n, () => 0.999999)).toBeGreaterThan(c * 0.99);
      if (n > 0) expect(backoffCeiling(n)).toBeGreaterThanOrEqual(backoffCeiling(n - 1));
    }
    expect(backoffCeiling(1)).toBe(2 * backoffCeiling(0));
    expect(backoffCeiling(20)).toBe(RECONNECT_BACKOFF.maxMs);
  });

  it('waits longer after each failed attempt, within the jitter bounds', async () => {
    for (const random of [0, 0.999]) {
      const { h } = await started(null, random);
      const waits: number[] = [];
      for (let attempt = 0; attempt < 8; attempt++) {
        h.time.advance(5000); // connect timeout
        const [wait] = h.time.pendingTimeouts();
        expect(wait).toBeDefined();
        waits.push(wait ?? 0);
        h.time.advance(wait ?? 0); // the next socket is created
        expect(h.sockets).toHaveLength(attempt + 2);
      }
      waits.forEach((w, i) => {
        const c = backoffCeiling(i + 1);
        expect(w).toBeGreaterThanOrEqual(c / 2);
        expect(w).toBeLessThanOrEqual(c);
        if (i > 0) expect(w).toBeGreaterThanOrEqual(waits[i - 1] ?? 0);
      });
      expect(waits[waits.length - 1]).toBeLessThanOrEqual(RECONNECT_BACKOFF.maxMs);
    }
  });

  it('reads offline after repeated failures and connecting before that', async () => {
    const { h, sink } = await started(null, 0);
    const seen: ConnState[] = [];
    for (let i = 0; i < OFFLINE_AFTER_FAILURES; i++) {
      seen.push(...states(h, sink).slice(-1));
      h.time.advance(5000);
      h.time.advance(h.time.pendingTimeouts()[0] ?? 0);
    }
    seen.push(...states(h, sink).slice(-1));
    // A batch carries the latest state of its frame: still connecting after 4 failures, offline after the 5th.
    expect(seen.slice(0, OFFLINE_AFTER_FAILURES)).toEqual(Array(OFFLINE_AFTER_FAILURES).fill('connecting'));
    expect(seen[OFFLINE_AFTER_FAILURES]).toBe('offline');
  });
});

describe('connection states and nudges', () => {
  it('connecting → live → reconnecting → live', async () => {
    const { h, sink } = await started();
    h.frames.run();
    h.last().open();
    expect(states(h, sink)).toEqual(['connecting', 'live']);
    h.last().drop();
    h.frames.run();
    expect(sink.batches[sink.batches.length - 1]?.conn).toBe('reconnecting');
    h.time.advance(500);
    h.last().open();
    expect(states(h, sink).slice(-1)).toEqual(['live']);
  });

  it('is offline at once when the host says it has no network', async () => {
    const { h, sink } = await started();
    h.last().open();
    h.online.value = false;
    h.last().drop(); // the retry fails too
    h.time.advance(500);
    h.time.advance(5000);
    expect(states(h, sink).slice(-1)).toEqual(['offline']);
  });

  it("reconnects at once on nudge('online') and nudge('visible') instead of waiting for the backoff", async () => {
    const { h, feed } = await started(null, 0.999);
    for (let i = 0; i < 6; i++) {
      h.time.advance(5000);
      h.time.advance(h.time.pendingTimeouts()[0] ?? 0);
    }
    h.time.advance(5000); // the 7th attempt fails: the next one is ~30 s away
    const before = h.sockets.length;
    expect(Math.max(...h.time.pendingTimeouts())).toBeGreaterThan(10_000);
    await feed.nudge('online');
    expect(h.sockets).toHaveLength(before + 1);
    h.time.advance(5000); // that one fails as well
    await feed.nudge('visible');
    expect(h.sockets).toHaveLength(before + 2);
    // A successful nudge resets the backoff: the next failure waits only the first step again.
    h.last().open();
    h.last().drop();
    expect(Math.max(...h.time.pendingTimeouts())).toBeLessThanOrEqual(backoffCeiling(0));
  });

  it('a nudge on a live socket probes it with a ping instead of reconnecting', async () => {
    const { h, feed } = await started();
    h.last().open();
    await feed.nudge('visible');
    expect(h.last().types()).toContain('ping');
    expect(h.sockets).toHaveLength(1);
  });
});

describe('login and subscriptions', () => {
  it('sends login first, subscribes DAY_MARKET, and FOREX_*, PRICE_ALERT, ACCOUNT and MARGIN_CALL once the login is acknowledged', async () => {
    const { h } = await started('tok-1');
    const s = h.last();
    s.open();
    expect(s.sent[0]).toEqual({ type: 'login', token: 'tok-1' });
    expect(s.topics('sub')).toEqual(['DAY_MARKET']);
    s.receive({ type: 'login', ok: true, msg: 'ok' });
    expect(s.topics('sub')).toEqual([
      'DAY_MARKET',
      'FOREX_TRADE',
      'FOREX_CLOSED',
      'PRICE_ALERT',
      'ACCOUNT',
      'MARGIN_CALL',
    ]);
  });

  it('a visitor gets no login and no order topics', async () => {
    const { h } = await started(null);
    h.last().open();
    expect(h.last().types()).not.toContain('login');
    expect(h.last().topics('sub')).toEqual(['DAY_MARKET']);
  });

  it('after a reconnect re-sends login and every subscription, and reports a possible order gap', async () => {
    const { h, feed, sink } = await started('tok-1');
    h.routes.set('/v1/api/forex/kline', () => []);
    await feed.setInstruments([instrument('EURUSD', 1)]);
    const s1 = h.last();
    s1.open();
    s1.receive({ type: 'login', ok: true, msg: 'ok' });
    await feed.watchChart('EURUSD', '5min');
    expect(s1.topics('sub')).toContain('KLINE.EURUSD');
    expect(sink.gaps).toBe(0);
    s1.drop();
    h.time.advance(500);
    const s2 = h.last();
    expect(s2).not.toBe(s1);
    s2.open();
    expect(s2.sent[0]).toEqual({ type: 'login', token: 'tok-1' });
    expect(s2.topics('sub')).toEqual(['DAY_MARKET', 'KLINE.EURUSD']);
    s2.receive({ type: 'login', ok: true, msg: 'ok' });
    expect(s2.topics('sub')).toEqual([
      'DAY_MARKET',
      'KLINE.EURUSD',
      'FOREX_TRADE',
      'FOREX_CLOSED',
      'PRICE_ALERT',
      'ACCOUNT',
      'MARGIN_CALL',
    ]);
    expect(sink.gaps).toBe(1);
  });

  it('setToken logs out the old user and in the new one on the open socket', async () => {
    const { s, feed } = await signedIn('a');
    await feed.setToken('b');
    expect(s.sent.slice(-7)).toEqual([
      { type: 'unsub', topic: 'FOREX_TRADE' },
      { type: 'unsub', topic: 'FOREX_CLOSED' },
      { type: 'unsub', topic: 'PRICE_ALERT' },
      { type: 'unsub', topic: 'ACCOUNT' },
      { type: 'unsub', topic: 'MARGIN_CALL' },
      { type: 'logout' },
      { type: 'login', token: 'b' },
    ]);
    await feed.setToken(null);
    expect(s.sent[s.sent.length - 1]).toEqual({ type: 'logout' });
  });

  it('hands a fired price alert to the app; a malformed one is dropped', async () => {
    const { s, sink } = await signedIn('tok-1');
    const alert = {
      id: 7,
      forex_id: 1,
      code: 'EURUSD',
      show_code: 'EUR/USD',
      condition: 'above',
      price: '1.10000',
      note: '',
      status: 'fired',
      created_at: 1,
      fired_at: 2,
      fired_price: '1.10010',
    };
    s.receive({ type: 'PRICE_ALERT', data: alert });
    s.receive({ type: 'PRICE_ALERT', data: { id: 'x' } });
    const { forex_id, ...rest } = alert;
    expect(sink.alerts).toEqual([{ ...rest, instrumentId: forex_id }]); // the wire's forex_id, read as instrumentId
  });

  it('hands an account change (an operator paid a withdrawal) to the app; a malformed one is dropped', async () => {
    const { s, sink } = await signedIn('tok-1');
    s.receive({ type: 'ACCOUNT', data: { kind: 'withdrawal' } });
    s.receive({ type: 'ACCOUNT', data: { kind: 7 } });
    expect(sink.accountChanges).toEqual(['withdrawal']);
  });

  it("hands a margin call to the app (the order screen's banner); a malformed one is dropped", async () => {
    const { s, sink } = await signedIn('tok-1');
    s.receive({ type: 'MARGIN_CALL', data: { risk_rate: '95.35', level: '100.00' } });
    s.receive({ type: 'MARGIN_CALL', data: { risk_rate: 95 } });
    expect(sink.marginCalls).toEqual([{ risk_rate: '95.35', level: '100.00' }]);
  });

  it('a refused socket login ends the session like a 999; a visitor or a token switched meanwhile does not', async () => {
    const { h, feed, sink } = await started('tok-1');
    const s = h.last();
    s.open();
    s.receive({ type: 'login', ok: false, msg: 'Your session has expired' });
    expect(sink.rejected).toEqual(['Your session has expired']);
    expect(s.topics('sub')).toEqual(['DAY_MARKET']); // no order topics for a refused session

    // Switched to another token before the first login was answered: that refusal does not speak for the new one.
    await feed.setToken('tok-2');
    await feed.setToken('tok-3');
    s.receive({ type: 'login', ok: false, msg: 'for tok-2' }); // tok-3's answer is still to come
    expect(sink.rejected).toEqual(['Your session has expired']);
    s.receive({ type: 'login', ok: true, msg: 'ok' });
    expect(s.topics('sub').slice(-5)).toEqual(['FOREX_TRADE', 'FOREX_CLOSED', 'PRICE_ALERT', 'ACCOUNT', 'MARGIN_CALL']);
    // Signed out with a login on its way: its late refusal means nothing.
    await feed.setToken('tok-4');
    await feed.setToken(null);
    s.receive({ type: 'login', ok: false, msg: 'late' });
    expect(sink.rejected).toEqual(['Your session has expired']);
  });

  it('a revoked session (logout or password change elsewhere) ends the session', async () => {
    const { s, sink } = await signedIn('tok-1', 3);
    s.receive({ type: 'revoked', msg: 'Signed out on another device' });
    expect(sink.rejected).toEqual(['Signed out on another device']);
  });

  it('order events start after the login ack’s seq; older or repeated ones are dropped; a jump asks for a refetch', async () => {
    const { s, sink } = await signedIn('tok-1', 10);
    const ev = (seq: number) => ({ type: 'FOREX_TRADE', seq, data: { Id: seq } });
    s.receive(ev(9)); // before this socket's start: the app's lists already have it
    s.receive(ev(11));
    s.receive(ev(13)); // 12 missed (or still on its way)
    s.receive(ev(12)); // arrived late: 13 was already handled and the app refetched
    s.receive(ev(13));
    expect(sink.events.map((e) => e.seq)).toEqual([11, 13]);
    expect(sink.gaps).toBe(1);
  });

  it('a reconnect whose ack seq is past the last event seen asks for a refetch', async () => {
    const { h, sink } = await started('tok-1');
    const s1 = h.last();
    s1.open();
    s1.receive({ type: 'login', ok: true, msg: 'ok', seq: 5 });
    s1.receive({ type: 'FOREX_TRADE', seq: 6, data: { Id: 6 } });
    expect(sink.gaps).toBe(0);
    s1.drop();
    h.time.advance(500);
    const s2 = h.last();
    s2.open();
    s2.receive({ type: 'login', ok: true, msg: 'ok', seq: 8 });
    expect(sink.gaps).toBe(1);
    s2.receive({ type: 'FOREX_TRADE', seq: 8, data: { Id: 8 } });
    s2.receive({ type: 'FOREX_TRADE', seq: 9, data: { Id: 9 } });
    expect(sink.events.map((e) => e.seq)).toEqual([6, 9]);
    expect(sink.gaps).toBe(1);
  });

  it('watchMarket(false) unsubscribes and is not re-sent after a reconnect', async () => {
    const { h, feed } = await started();
    h.last().open();
    await feed.watchMarket(false);
    expect(h.last().topics('unsub')).toEqual(['DAY_MARKET']);
    h.last().drop();
    h.time.advance(500);
    h.last().open();
    expect(h.last().topics('sub')).toEqual([]);
    await settle();
  });
});
