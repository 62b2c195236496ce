// Dispatches each client frame to the rooms; sockets are injected so the rules are tested without a network.
import type { Services, UserPush } from '../core/services.ts';
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

export interface HubDeps extends SessionAuth, Pick<Services, 'clock' | 'timers'> {
  market: HubMarket;
}

export interface HubConnection {
  /** `size` is checked before parsing. */
  receive(text: string, size: number, isBinary?: boolean): void;
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
  private soon: unknown = null;
  private lastDueAt = Number.NEGATIVE_INFINITY;
  private readonly unsubscribe: () => void;
  private readonly deps: HubDeps;

  constructor(deps: HubDeps, opts: Partial<HubOptions> = {}) {
    this.deps = deps;
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
      this.flushSoon();
    });
  }

  /** The interval only serves snapshots and laggards while no price moves; a change flushes on its own. */
  start(): void {
    if (this.handle !== null) return;
    this.handle = this.deps.timers.setInterval(() => {
      if (this.deps.clock.now() - this.lastDueAt >= this.opts.flushMs) this.flush();
    }, this.opts.flushMs);
  }

  /** Right after the tick that moved a price, at most once a period; due times step from the last due time, so
   * lateness does not add up, and stay within a period, so a clock stepping back never holds a flush back. */
  private flushSoon(): void {
    if (this.handle === null || this.soon !== null) return;
    const now = this.deps.clock.now();
    const due = Math.min(now + this.opts.flushMs, Math.max(now, this.lastDueAt + this.opts.flushMs));
    this.lastDueAt = due;
    this.soon = this.deps.timers.setTimeout(() => {
      this.soon = null;
      this.flush();
    }, due - now);
  }

  /** Clients reconnect at once and the proxy sends them to another gateway (docs/operations.md "Restarts"). */
  stop(): void {
    if (this.handle !== null) this.deps.timers.clearInterval(this.handle);
    if (this.soon !== null) this.deps.timers.clearTimeout(this.soon);
    this.handle = null;
    this.soon = null;
    this.unsubscribe();
    for (const c of this.connections.snapshot()) this.connections.drop(c, CLOSE_RESTART, 'service restart');
  }

  get maxFrame(): number {
    return this.opts.maxFrame;
  }

  getStats(): HubStats {
    return this.connections.getStats();
  }

  /** Past the caps a socket is closed at once and every frame it might still send is ignored. */
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

  /** The app signs out, as on 999. */
  revoke(r: Revocation): void {
    this.sessions.revoke((c) => c.userId !== null && c.tokenHash !== null && revokes(r, c.userId, c.tokenHash), r.at);
  }

  toUser(userId: number, message: ServerMessage): void {
    this.sessions.toUser(userId, message);
  }

  /** Connections that do not keep up are skipped (conflated) or closed. */
  flush(): void {
    const now = this.deps.clock.now();
    const sendDay = this.day.batch();
    const sendKlines = this.kline.batch();
    for (const c of this.connections.snapshot()) {
      if (!this.connections.readyForBatch(c, now)) continue;
      // The streams then send a socket on a slower rate everything changed since its last batch, newest state only.
      if (c.minIntervalMs > 0 && now - c.lastBatchAt < c.minIntervalMs) continue;
      c.lastBatchAt = now;
      sendDay(c);
      sendKlines(c);
    }
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
        this.flushSoon(); // its snapshot is due like a tick's change, whatever the clock says
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
        // Never faster than a flush.
        c.minIntervalMs = m.ms <= this.opts.flushMs ? 0 : Math.min(RATE_MAX_MS, Math.round(m.ms));
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
