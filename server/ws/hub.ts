// The live-data hub behind /v1/ws, and its router: it wires the rooms together and dispatches each client frame.
//   connection.ts        connections, sending (encoded once), backpressure, idle/slow closes
//   subscriptions.ts     topics, login/logout, per-user pushes (FOREX_TRADE, FOREX_CLOSED)
//   day-market-stream.ts DAY_MARKET conflated batches, snapshots, catch-up and per-socket code filters
//   kline-stream.ts      KLINE.{code} live 1min bars
//   guard.ts             connection caps, frame and login budgets
// Sockets are injected (HubSocket), so the rules are tested without a network; ws-routes.ts binds real websockets.
import type { Clock, Timers } from '../../domain/time.ts';
import type { UserPush } from '../core/services.ts';
import { RATE_MAX_MS, type ServerMessage } from '../../domain/ws-protocol.ts';
import { parseClientMessage } from './client-message.ts';
import { revokes, type Revocation } from '../security/revocations.ts';
import {
  CLOSE_FULL,
  CLOSE_POLICY,
  CLOSE_RESTART,
  CLOSE_TOO_BIG,
  Connections,
  DEFAULT_HUB_OPTIONS,
  type HubClient,
  type HubOptions,
  type HubSocket,
  type HubStats,
} from './connection.ts';
import { codeFilter, DayMarketStream } from './day-market-stream.ts';
import { SocketGuard } from './guard.ts';
import type { HubMarket } from './hub-market.ts';
import { KlineStream } from './kline-stream.ts';
import { Subscriptions, type SessionAuth } from './subscriptions.ts';

export type { HubMarket, WireKline } from './hub-market.ts';
export {
  CLOSE_IDLE,
  CLOSE_RESTART,
  CLOSE_SHUTDOWN,
  CLOSE_SLOW,
  CLOSE_TOO_BIG,
  DEFAULT_HUB_OPTIONS,
} from './connection.ts';
export type { HubOptions, HubSocket, HubStats } from './connection.ts';

export interface HubDeps extends SessionAuth {
  market: HubMarket;
  clock: Clock;
  timers: Timers;
}

/** One connection as its transport sees it. */
export interface HubConnection {
  /** A frame arrived: `size` in bytes (checked before parsing), text for text frames. */
  receive(text: string, size: number, isBinary?: boolean): void;
  /** The socket closed (by either side). */
  closed(): void;
}

export class Hub implements UserPush {
  private readonly opts: HubOptions;
  private readonly connections: Connections;
  private readonly day: DayMarketStream;
  private readonly kline: KlineStream;
  private readonly sessions: Subscriptions;
  private readonly guard: SocketGuard;
  private handle: unknown = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: HubDeps,
    opts: Partial<HubOptions> = {},
  ) {
    this.opts = { ...DEFAULT_HUB_OPTIONS, ...opts };
    const { market, clock, timers } = deps;
    const onError = (err: unknown): void => deps.onError?.(err);
    this.guard = new SocketGuard(this.opts.sockets, clock);
    this.connections = new Connections(
      {
        clock,
        timers,
        onError,
        onForget: (c) => {
          this.guard.release(c.address);
          this.sessions.forget(c);
        },
      },
      this.opts,
    );
    this.day = new DayMarketStream(market, this.connections);
    this.kline = new KlineStream(market, this.connections);
    this.sessions = new Subscriptions({
      market,
      connections: this.connections,
      day: this.day,
      kline: this.kline,
      maxTopics: this.opts.maxTopics,
      authenticate: (token) => deps.authenticate(token),
      endedElsewhere: deps.endedElsewhere,
      eventSeq: deps.eventSeq,
      allowLogin: (c) => this.guard.allowLogin(c.address),
      translate: (lang, key) => deps.translate(lang, key),
      onError,
    });
    this.unsubscribe = market.onChange(({ index }) => {
      this.day.changed(index);
      this.kline.changed(index);
    });
  }

  start(): void {
    if (this.handle === null) this.handle = this.deps.timers.setInterval(() => this.flush(), this.opts.flushMs);
  }

  /**
   * Stops the batches and closes every connection with 1012 "service restart" (a gateway's SIGTERM): the clients
   * reconnect at once and the proxy sends them to another gateway (docs/operations.md "Restarts").
   */
  stop(): void {
    if (this.handle !== null) this.deps.timers.clearInterval(this.handle);
    this.handle = null;
    this.unsubscribe();
    for (const c of this.connections.snapshot()) this.connections.drop(c, CLOSE_RESTART, 'service restart');
  }

  get maxFrame(): number {
    return this.opts.maxFrame;
  }

  getStats(): HubStats {
    return this.connections.getStats();
  }

  /**
   * A new socket from `address`. Past the caps (per address, in all) it is closed at once with 1013 (try again
   * later) and every frame it might still send is ignored.
   */
  connect(socket: HubSocket, lang = 'hk', address = ''): HubConnection {
    if (!this.guard.admit(address)) {
      try {
        socket.close(CLOSE_FULL, 'too many connections');
      } catch (err) {
        this.deps.onError?.(err);
      }
      return { receive: () => undefined, closed: () => undefined };
    }
    const client = this.connections.add(socket, lang, address);
    return {
      receive: (text, size, isBinary = false) => this.receive(client, text, size, isBinary),
      closed: () => this.connections.forget(client),
    };
  }

  /** Sockets logged in with a revoked token are logged out at once and told so (the app signs out, as on 999). */
  revoke(r: Revocation): void {
    this.sessions.revoke((c) => c.userId !== null && c.tokenHash !== null && revokes(r, c.userId, c.tokenHash), r.at);
  }

  /** FOREX_TRADE / FOREX_CLOSED to the logged-in sockets of one user that subscribed to that topic. */
  toUser(userId: number, message: ServerMessage): void {
    this.sessions.toUser(userId, message);
  }

  /**
   * One batch: every connection that keeps up (connection.ts readyForBatch) gets this period's DAY_MARKET frame
   * and its KLINE bars; the rest are skipped (conflated) or closed.
   */
  flush(): void {
    const now = this.deps.clock.now();
    const sendDay = this.day.batch();
    const sendKlines = this.kline.batch();
    for (const c of this.connections.snapshot()) {
      if (!this.connections.readyForBatch(c, now)) continue;
      // A socket on a slower rate skips batches; the streams then send it everything changed since its last batch,
      // newest state only (the same catch-up a client over the soft limit gets).
      if (c.minIntervalMs > 0 && now - c.lastBatchAt < c.minIntervalMs) continue;
      c.lastBatchAt = now;
      sendDay(c);
      sendKlines(c);
    }
  }

  /** The interval the hub keeps for a socket that asks for `ms`: never faster than a flush, never past RATE_MAX_MS. */
  private rateFor(ms: number): number {
    if (ms <= this.opts.flushMs) return 0;
    return Math.min(RATE_MAX_MS, Math.round(ms));
  }

  private receive(c: HubClient, text: string, size: number, isBinary: boolean): void {
    if (c.closed) return;
    const { connections } = this;
    c.lastSeen = this.deps.clock.now();
    if (!this.guard.allowMessage(c)) {
      connections.reply(c, { type: 'error', msg: 'too many messages' });
      connections.drop(c, CLOSE_POLICY, 'too many messages');
      return;
    }
    if (size > this.opts.maxFrame) {
      connections.reply(c, { type: 'error', msg: `frame too large (max ${this.opts.maxFrame} bytes)` });
      connections.drop(c, CLOSE_TOO_BIG, 'frame too large');
      return;
    }
    if (isBinary) {
      connections.reply(c, { type: 'error', msg: 'text frames only' });
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      connections.reply(c, { type: 'error', msg: parsed.error });
      return;
    }
    const m = parsed.message;
    switch (m.type) {
      case 'ping':
        connections.reply(c, { type: 'pong', t: this.deps.clock.now() });
        return;
      case 'sub':
        this.sessions.subscribe(c, m.topic);
        return;
      case 'unsub':
        this.sessions.unsubscribe(c, m.topic);
        return;
      case 'login':
        void this.sessions.login(c, m.token);
        return;
      case 'logout':
        this.sessions.logout(c);
        return;
      case 'rate':
        c.minIntervalMs = this.rateFor(m.ms);
        connections.reply(c, { type: 'rate', ms: c.minIntervalMs });
        return;
      case 'codes': {
        const filter = m.codes === null ? null : codeFilter(this.deps.market, m.codes);
        this.day.setFilter(c, filter);
        connections.reply(c, { type: 'codes', n: filter ? filter.indexes.length : null });
        return;
      }
    }
  }
}
