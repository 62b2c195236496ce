// @vitest-environment node
// The websocket's abuse limits and session ends, on the hub with injected sockets and time: connection
// caps per address and in total, a frame budget per socket, a login budget per address, revoked sessions logged
// out at once (and only those), and the login ack carrying the user's last order-event seq.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Timers } from '../../../../domain/time.ts';
import { tokenHash } from '../../../../server/auth/tokens.ts';
import type { SocketLimits } from '../../../../server/ws/guard.ts';
import { Hub } from '../../../../server/ws/hub.ts';
import type { HubMarket } from '../../../../server/ws/hub-market.ts';
import type { HubSocket } from '../../../../server/ws/connection.ts';
import type { Order } from '../../../../domain/types.ts';
import type { ServerMessage } from '../../../../domain/ws-protocol.ts';
import { testHubDeps } from '../../../fixtures/hub-deps.ts';

const market: HubMarket = {
  size: 0,
  indexOfCode: () => undefined,
  tupleAt: () => undefined,
  onChange: () => () => undefined,
  klineAt: () => null,
};

class FakeSocket implements HubSocket {
  bufferedAmount = 0;
  readonly sent: ServerMessage[] = [];
  closedWith: number | null = null;
  send(data: Buffer): void {
    this.sent.push(JSON.parse(data.toString('utf8')) as ServerMessage);
  }
  close(code?: number): void {
    this.closedWith = code ?? 1005;
  }
  terminate(): void {}
  take(): ServerMessage[] {
    return this.sent.splice(0);
  }
}

const timers: Timers = {
  setInterval: () => 1,
  clearInterval: () => undefined,
  setTimeout: () => 1,
  clearTimeout: () => undefined,
};
const TOKENS: Record<string, number> = { 'tok-a1': 1, 'tok-a2': 1, 'tok-b': 2 };
const SEQS: Record<number, number> = { 1: 41, 2: 0 };
const LIMITS: SocketLimits = {
  perAddress: 3,
  total: 5,
  messagesPerWindow: 10,
  messageWindowMs: 10_000,
  loginsPerMinute: 4,
};

let now: number;
let hub: Hub;

function connect(address = '10.0.0.1') {
  const socket = new FakeSocket();
  const conn = hub.connect(socket, 'en', address);
  return {
    socket,
    conn,
    send: (m: unknown) => {
      const text = JSON.stringify(m);
      conn.receive(text, Buffer.byteLength(text));
    },
  };
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => {
  now = 1_000_000;
  hub = new Hub(
    testHubDeps(market, timers, () => now, TOKENS, { eventSeq: async (userId) => SEQS[userId] ?? 0 }),
    { sockets: LIMITS },
  );
});

describe('connection caps', () => {
  it('closes sockets past the per-address cap with 1013, and frees a place when one leaves', () => {
    const open = [connect(), connect(), connect()];
    const fourth = connect();
    expect(fourth.socket.closedWith).toBe(1013);
    fourth.send({ type: 'ping' });
    expect(fourth.socket.sent).toEqual([]); // a refused socket is never served
    expect(connect('10.0.0.2').socket.closedWith).toBeNull(); // another address is not affected
    open[0]?.conn.closed();
    expect(connect().socket.closedWith).toBeNull();
  });

  it('closes sockets past the total cap, whatever their address', () => {
    for (let i = 0; i < 5; i++) expect(connect(`10.0.1.${i}`).socket.closedWith).toBeNull();
    expect(connect('10.0.2.1').socket.closedWith).toBe(1013);
    expect(hub.getStats().connections).toBe(5);
  });
});

describe('frame budget', () => {
  it('a flood gets an error and a 1008 close; a socket within budget, and the next window, are fine', () => {
    const flood = connect();
    const calm = connect();
    for (let i = 0; i < 50; i++) flood.send({ type: 'ping' });
    expect(flood.socket.closedWith).toBe(1008);
    expect(flood.socket.sent.filter((m) => m.type === 'pong')).toHaveLength(LIMITS.messagesPerWindow);
    expect(flood.socket.sent.at(-1)).toEqual({ type: 'error', msg: 'too many messages' });
    for (let w = 0; w < 3; w++) {
      for (let i = 0; i < LIMITS.messagesPerWindow; i++) calm.send({ type: 'ping' });
      now += LIMITS.messageWindowMs;
    }
    expect(calm.socket.closedWith).toBeNull();
    expect(calm.socket.take().filter((m) => m.type === 'pong')).toHaveLength(3 * LIMITS.messagesPerWindow);
  });
});

describe('socket logins', () => {
  it('the ack carries the user’s last order-event seq', async () => {
    const a = connect();
    a.send({ type: 'login', token: 'tok-a1' });
    await settle();
    expect(a.socket.take()).toEqual([{ type: 'login', ok: true, msg: 'success', seq: 41 }]);
  });

  it('past the per-address budget a login is refused without a lookup and the socket closed; a minute later it works', async () => {
    let lookups = 0;
    hub = new Hub(
      {
        market,
        clock: { now: () => now },
        timers,
        translate: (_l, k) => k,
        authenticate: async () => (lookups++, null),
      },
      { sockets: LIMITS },
    );
    const a = connect();
    for (let i = 0; i < LIMITS.loginsPerMinute; i++) a.send({ type: 'login', token: `guess-${i}` });
    await settle();
    expect(lookups).toBe(LIMITS.loginsPerMinute);
    const b = connect();
    b.send({ type: 'login', token: 'guess-x' });
    await settle();
    expect(lookups).toBe(LIMITS.loginsPerMinute);
    expect(b.socket.take()).toEqual([{ type: 'error', msg: 'too many logins' }]);
    expect(b.socket.closedWith).toBe(1008);
    now += 60_000;
    const c = connect();
    c.send({ type: 'login', token: 'guess-y' });
    await settle();
    expect(lookups).toBe(LIMITS.loginsPerMinute + 1);
  });
});

describe('revocation', () => {
  const event: ServerMessage = { type: 'FOREX_TRADE', seq: 42, data: { Id: 7 } as Order };

  async function signedIn(token: string, address: string) {
    const c = connect(address);
    c.send({ type: 'login', token });
    await settle();
    c.send({ type: 'sub', topic: 'FOREX_TRADE' });
    c.socket.take();
    return c;
  }

  it('a logout ends that token’s sockets only: told "revoked", no more pushes; other sessions keep theirs', async () => {
    const a1 = await signedIn('tok-a1', '10.0.0.1');
    const a2 = await signedIn('tok-a2', '10.0.0.2');
    const b = await signedIn('tok-b', '10.0.0.3');
    hub.revoke({ userId: 1, only: tokenHash('tok-a1') });
    expect(a1.socket.take()).toEqual([{ type: 'revoked', msg: 'en:errors.session_expired' }]);
    expect(a2.socket.take()).toEqual([]);
    hub.toUser(1, event);
    hub.toUser(2, event);
    expect(a1.socket.take()).toEqual([]);
    expect(a2.socket.take()).toEqual([event]);
    expect(b.socket.take()).toEqual([event]);
    expect(a1.socket.closedWith).toBeNull(); // quotes go on; only the session ended
  });

  it('a password change ends every other token of that user; a reset ends all', async () => {
    const a1 = await signedIn('tok-a1', '10.0.0.1');
    const a2 = await signedIn('tok-a2', '10.0.0.2');
    hub.revoke({ userId: 1, except: tokenHash('tok-a1') });
    expect(a1.socket.take()).toEqual([]);
    expect(a2.socket.take()).toEqual([{ type: 'revoked', msg: 'en:errors.session_expired' }]);
    hub.revoke({ userId: 1 });
    expect(a1.socket.take()).toEqual([{ type: 'revoked', msg: 'en:errors.session_expired' }]);
    hub.toUser(1, event);
    expect([...a1.socket.take(), ...a2.socket.take()]).toEqual([]);
  });

  it('a login still in flight when its session is revoked does not bring it back', async () => {
    let release: (id: number | null) => void = () => undefined;
    hub = new Hub(
      {
        market,
        clock: { now: () => now },
        timers,
        translate: (_l, k) => k,
        authenticate: (token) =>
          token === 'slow' ? new Promise((r) => (release = r)) : Promise.resolve(TOKENS[token] ?? null),
      },
      { sockets: LIMITS },
    );
    const a = await signedIn('tok-a1', '10.0.0.1');
    a.send({ type: 'login', token: 'slow' });
    hub.revoke({ userId: 1 });
    release(1);
    await settle();
    a.send({ type: 'sub', topic: 'FOREX_TRADE' });
    a.socket.take();
    hub.toUser(1, event);
    expect(a.socket.take()).toEqual([]);
  });
});
