// The live-data hub behind /v1/ws: topics (DAY_MARKET, KLINE.{code}, FOREX_TRADE, FOREX_CLOSED), conflated market
// batches every flush, per-user pushes (UserPush), and per-connection backpressure. Sockets are injected
// (HubSocket), so the rules are tested without a network; ws-routes.ts binds real websockets to it.
import type { Clock, Timers, UserPush } from '../context.ts';
import type { KlineBar } from '../../src/domain/types.ts';
import {
  KLINE_PREFIX,
  TOPIC_DAY_MARKET,
  TOPIC_FOREX_CLOSED,
  TOPIC_FOREX_TRADE,
  WS_MAX_CLIENT_FRAME,
  type QuoteTuple,
  type ServerMessage,
} from '../../src/domain/ws-protocol.ts';
import { parseClientMessage } from './client-message.ts';

/** What the hub needs of a socket (a `ws` WebSocket satisfies it). */
export interface HubSocket {
  readonly bufferedAmount: number;
  /** Always a text frame (`binary: false`): the bytes are UTF-8 JSON, encoded once per frame by the hub. */
  send(data: Buffer, options: { binary: false }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export type WireKline = KlineBar & { Code: string };

const TEXT_FRAME = { binary: false } as const;

/** What the hub needs of the market: quotes by index, change notifications, the live 1min bar. */
export interface HubMarket {
  readonly size: number;
  indexOfCode(code: string): number | undefined;
  tupleAt(index: number): QuoteTuple | undefined;
  onChange(listener: (state: { index: number }) => void): () => void;
  /** The live 1min bar (which: 'live') or the 1min bar that closed last ('closed'). */
  klineAt(index: number, which: 'live' | 'closed'): WireKline | null;
}

export interface HubOptions {
  /** Market batches go out this often (ms). */
  flushMs: number;
  /** Above this many buffered bytes a connection gets no market data (its next batch carries the newest state). */
  softLimit: number;
  /** Above this a connection is closed at once. */
  hardLimit: number;
  /** A connection over the soft limit for longer than this is closed (ms). */
  stuckMs: number;
  /** A connection that sent nothing (not even a ping) for this long is closed (ms). */
  idleMs: number;
  maxTopics: number;
  maxFrame: number;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  flushMs: 100,
  softLimit: 64 * 1024,
  hardLimit: 1024 * 1024,
  stuckMs: 5000,
  idleMs: 60_000,
  maxTopics: 64,
  maxFrame: WS_MAX_CLIENT_FRAME,
};

/** Close codes (RFC 6455): 1008 policy, 1009 too big, 1013 try again later (a consumer too slow to keep up). */
export const CLOSE_IDLE = 1000;
export const CLOSE_SHUTDOWN = 1001;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_SLOW = 1013;

export interface HubDeps {
  market: HubMarket;
  clock: Clock;
  timers: Timers;
  /** A session token → the user id, or null when it is unknown or expired. */
  authenticate(token: string): Promise<number | null>;
  /** Text of a translation key in a language (the login failure message). */
  translate(lang: string, key: string): string;
  onError?(err: unknown): void;
}

interface KlineSub {
  index: number;
  topic: string;
  sentVersion: number;
  sentTime: number;
}

class Client {
  userId: number | null = null;
  readonly topics = new Set<string>();
  day = false;
  needsSnapshot = false;
  lastSeq = 0;
  readonly klines = new Map<string, KlineSub>();
  overSince: number | null = null;
  lastSeen: number;
  closed = false;
  loginSeq = 0;
  maxBuffered = 0;

  constructor(
    readonly id: number,
    readonly socket: HubSocket,
    readonly lang: string,
    now: number,
  ) {
    this.lastSeen = now;
  }
}

/** One connection as its transport sees it. */
export interface HubConnection {
  /** A frame arrived: `size` in bytes (checked before parsing), text for text frames. */
  receive(text: string, size: number, isBinary?: boolean): void;
  /** The socket closed (by either side). */
  closed(): void;
}

export interface HubStats {
  connections: number;
  /** Largest bufferedAmount seen on any connection. */
  maxBuffered: number;
  /** Market batches skipped because a connection was over the soft limit. */
  skipped: number;
  /** Connections closed for being too slow. */
  slowClosed: number;
  framesSerialised: number;
}

export class Hub implements UserPush {
  private readonly opts: HubOptions;
  private readonly clients = new Set<Client>();
  private readonly byUser = new Map<number, Set<Client>>();
  private nextId = 1;
  private seq = 0;
  private readonly dirty = new Set<number>();
  /** Per instrument: the flush seq of its last change (DAY_MARKET) and a change counter (KLINE). */
  private readonly dayVersion: number[];
  private readonly klineVersion: number[];
  private handle: unknown = null;
  private readonly unsubscribe: () => void;
  private readonly stats: HubStats = { connections: 0, maxBuffered: 0, skipped: 0, slowClosed: 0, framesSerialised: 0 };

  constructor(
    private readonly deps: HubDeps,
    opts: Partial<HubOptions> = {},
  ) {
    this.opts = { ...DEFAULT_HUB_OPTIONS, ...opts };
    this.dayVersion = new Array<number>(deps.market.size).fill(0);
    this.klineVersion = new Array<number>(deps.market.size).fill(0);
    this.unsubscribe = deps.market.onChange(({ index }) => {
      this.dirty.add(index);
      this.klineVersion[index] = (this.klineVersion[index] ?? 0) + 1;
    });
  }

  start(): void {
    if (this.handle === null) this.handle = this.deps.timers.setInterval(() => this.flush(), this.opts.flushMs);
  }

  /** Stops the batches and closes every connection (server shutdown). */
  stop(): void {
    if (this.handle !== null) this.deps.timers.clearInterval(this.handle);
    this.handle = null;
    this.unsubscribe();
    for (const c of [...this.clients]) this.drop(c, CLOSE_SHUTDOWN, 'server shutting down');
  }

  get maxFrame(): number {
    return this.opts.maxFrame;
  }

  getStats(): HubStats {
    let max = this.stats.maxBuffered;
    for (const c of this.clients) max = Math.max(max, c.maxBuffered);
    return { ...this.stats, connections: this.clients.size, maxBuffered: max };
  }

  connect(socket: HubSocket, lang = 'hk'): HubConnection {
    const client = new Client(this.nextId++, socket, lang, this.deps.clock.now());
    this.clients.add(client);
    return {
      receive: (text, size, isBinary = false) => this.receive(client, text, size, isBinary),
      closed: () => this.forget(client),
    };
  }

  // ---- incoming ----

  private receive(c: Client, text: string, size: number, isBinary: boolean): void {
    if (c.closed) return;
    c.lastSeen = this.deps.clock.now();
    if (size > this.opts.maxFrame) {
      this.reply(c, { type: 'error', msg: `frame too large (max ${this.opts.maxFrame} bytes)` });
      this.drop(c, CLOSE_TOO_BIG, 'frame too large');
      return;
    }
    if (isBinary) {
      this.reply(c, { type: 'error', msg: 'text frames only' });
      return;
    }
    const parsed = parseClientMessage(text);
    if (!parsed.ok) {
      this.reply(c, { type: 'error', msg: parsed.error });
      return;
    }
    const m = parsed.message;
    switch (m.type) {
      case 'ping':
        this.reply(c, { type: 'pong', t: this.deps.clock.now() });
        return;
      case 'sub':
        this.subscribe(c, m.topic);
        return;
      case 'unsub':
        this.unsubscribeTopic(c, m.topic);
        return;
      case 'login':
        void this.login(c, m.token);
        return;
      case 'logout':
        c.loginSeq++;
        this.setUser(c, null);
        this.reply(c, { type: 'logout', ok: true });
        return;
    }
  }

  private topicKind(topic: string): 'day' | 'user' | 'kline' | null {
    if (topic === TOPIC_DAY_MARKET) return 'day';
    if (topic === TOPIC_FOREX_TRADE || topic === TOPIC_FOREX_CLOSED) return 'user';
    if (topic.startsWith(KLINE_PREFIX)) {
      return this.deps.market.indexOfCode(topic.slice(KLINE_PREFIX.length)) === undefined ? null : 'kline';
    }
    return null;
  }

  private subscribe(c: Client, topic: string): void {
    const kind = this.topicKind(topic);
    if (!kind) {
      this.reply(c, { type: 'sub', ok: false, topic, msg: 'unknown topic' });
      return;
    }
    if (!c.topics.has(topic) && c.topics.size >= this.opts.maxTopics) {
      this.reply(c, { type: 'sub', ok: false, topic, msg: `too many subscriptions (max ${this.opts.maxTopics})` });
      return;
    }
    const fresh = !c.topics.has(topic);
    c.topics.add(topic);
    this.reply(c, { type: 'sub', ok: true, topic });
    if (!fresh) return; // already subscribed: no second snapshot
    if (kind === 'day') {
      c.day = true;
      c.needsSnapshot = true; // sent with the next batch, built once for everyone who subscribed meanwhile
    } else if (kind === 'kline') {
      const index = this.deps.market.indexOfCode(topic.slice(KLINE_PREFIX.length)) ?? -1;
      const sub: KlineSub = { index, topic, sentVersion: -1, sentTime: -1 };
      c.klines.set(topic, sub);
      // The current bar at once, so a chart has its live bar without waiting for a tick.
      const bar = this.deps.market.klineAt(index, 'live');
      if (bar) {
        this.reply(c, { type: 'KLINE', topic, data: bar });
        sub.sentVersion = this.klineVersion[index] ?? 0;
        sub.sentTime = bar.Time;
      }
    }
  }

  private unsubscribeTopic(c: Client, topic: string): void {
    const kind = this.topicKind(topic);
    if (!kind) {
      this.reply(c, { type: 'unsub', ok: false, topic, msg: 'unknown topic' });
      return;
    }
    c.topics.delete(topic);
    if (kind === 'day') {
      c.day = false;
      c.needsSnapshot = false;
    } else if (kind === 'kline') this.dropKline(c, topic);
    this.reply(c, { type: 'unsub', ok: true, topic });
  }

  private dropKline(c: Client, topic: string): void {
    c.klines.delete(topic);
  }

  private async login(c: Client, token: string): Promise<void> {
    const seq = ++c.loginSeq;
    let userId: number | null = null;
    try {
      userId = await this.deps.authenticate(token);
    } catch (err) {
      this.deps.onError?.(err);
    }
    // A later login or logout on this socket wins over this (slower) answer.
    if (c.closed || seq !== c.loginSeq) return;
    this.setUser(c, userId);
    this.reply(
      c,
      userId === null
        ? { type: 'login', ok: false, msg: this.deps.translate(c.lang, 'errors.session_expired') }
        : { type: 'login', ok: true, msg: 'success' },
    );
  }

  private setUser(c: Client, userId: number | null): void {
    if (c.userId !== null) {
      const set = this.byUser.get(c.userId);
      set?.delete(c);
      if (set && set.size === 0) this.byUser.delete(c.userId);
    }
    c.userId = userId;
    if (userId !== null) {
      let set = this.byUser.get(userId);
      if (!set) this.byUser.set(userId, (set = new Set()));
      set.add(c);
    }
  }

  // ---- outgoing ----

  /** FOREX_TRADE / FOREX_CLOSED to the logged-in sockets of one user that subscribed to that topic. */
  toUser(userId: number, message: ServerMessage): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    let frame: Buffer | null = null;
    for (const c of set) {
      if (!c.topics.has(message.type)) continue;
      frame ??= this.serialise(message);
      this.sendRaw(c, frame);
    }
  }

  /** Replies and events: always sent unless the connection is past the hard limit (then it is closed). */
  private reply(c: Client, message: ServerMessage): void {
    this.sendRaw(c, this.serialise(message));
  }

  private sendRaw(c: Client, frame: Buffer): boolean {
    if (c.closed) return false;
    const buffered = c.socket.bufferedAmount;
    if (buffered > c.maxBuffered) c.maxBuffered = buffered;
    if (buffered > this.opts.hardLimit) {
      this.slow(c);
      return false;
    }
    try {
      c.socket.send(frame, TEXT_FRAME);
      return true;
    } catch (err) {
      this.deps.onError?.(err);
      this.forget(c);
      return false;
    }
  }

  /**
   * JSON encoded to UTF-8 once: a string handed to `ws` is encoded again for every socket, which at 2,000 sockets
   * was most of a flush's send loop (bench/README.md, fan-out).
   */
  private serialise(message: ServerMessage): Buffer {
    this.stats.framesSerialised++;
    return Buffer.from(JSON.stringify(message), 'utf8');
  }

  /**
   * One batch: every DAY_MARKET subscriber that keeps up gets the same frame (serialised once) with the instruments
   * that changed since the last batch; one that was skipped gets everything changed since it last received (one
   * frame per distinct gap); a new subscriber gets the full snapshot. KLINE subscribers get the live 1min bar (and
   * the final state of a bar that closed meanwhile). Connections over the soft limit are skipped, stuck ones closed.
   */
  flush(): void {
    const now = this.deps.clock.now();
    if (this.dirty.size > 0) {
      this.seq++;
      for (const i of this.dirty) this.dayVersion[i] = this.seq;
    }
    const changed = [...this.dirty];
    this.dirty.clear();

    let shared: Buffer | null = null;
    let snapshot: Buffer | null = null;
    const catchUp = new Map<number, Buffer>();
    const kline = new Map<number, { live: WireKline | null; closed: WireKline | null; frames: Map<string, Buffer> }>();

    for (const c of [...this.clients]) {
      if (c.closed) continue;
      if (now - c.lastSeen > this.opts.idleMs) {
        this.drop(c, CLOSE_IDLE, 'idle timeout');
        continue;
      }
      const buffered = c.socket.bufferedAmount;
      if (buffered > c.maxBuffered) c.maxBuffered = buffered;
      if (buffered > this.opts.hardLimit) {
        this.slow(c);
        continue;
      }
      if (buffered > this.opts.softLimit) {
        c.overSince ??= now;
        if (now - c.overSince > this.opts.stuckMs) this.slow(c);
        else this.stats.skipped++;
        continue; // conflated: the next batch it gets carries the newest state
      }
      c.overSince = null;

      if (c.day) {
        if (c.needsSnapshot) {
          snapshot ??= this.serialise({ type: 'DAY_MARKET', data: this.tuples(() => true) });
          this.sendRaw(c, snapshot);
          c.needsSnapshot = false;
          c.lastSeq = this.seq;
        } else if (c.lastSeq < this.seq) {
          let frame: Buffer | undefined;
          if (c.lastSeq === this.seq - 1) {
            shared ??= this.serialise({ type: 'DAY_MARKET', data: this.tuplesOf(changed) });
            frame = shared;
          } else {
            frame = catchUp.get(c.lastSeq);
            if (frame === undefined) {
              const since = c.lastSeq;
              frame = this.serialise({ type: 'DAY_MARKET', data: this.tuples((i) => (this.dayVersion[i] ?? 0) > since) });
              catchUp.set(since, frame);
            }
          }
          this.sendRaw(c, frame);
          c.lastSeq = this.seq;
        }
      }

      for (const sub of c.klines.values()) {
        const version = this.klineVersion[sub.index] ?? 0;
        if (version <= sub.sentVersion) continue;
        let k = kline.get(sub.index);
        if (!k) {
          k = {
            live: this.deps.market.klineAt(sub.index, 'live'),
            closed: this.deps.market.klineAt(sub.index, 'closed'),
            frames: new Map(),
          };
          kline.set(sub.index, k);
        }
        const { live, closed } = k;
        if (!live) continue;
        const frameOf = (which: 'live' | 'closed', bar: WireKline): Buffer => {
          let f = k.frames.get(which);
          if (f === undefined) k.frames.set(which, (f = this.serialise({ type: 'KLINE', topic: sub.topic, data: bar })));
          return f;
        };
        // The bar that closed since this client's last update: its final state first.
        if (closed && closed.Time < live.Time && sub.sentTime <= closed.Time) this.sendRaw(c, frameOf('closed', closed));
        this.sendRaw(c, frameOf('live', live));
        sub.sentVersion = version;
        sub.sentTime = live.Time;
      }
    }
  }

  private tuplesOf(indices: readonly number[]): QuoteTuple[] {
    const out: QuoteTuple[] = [];
    for (const i of indices) {
      const t = this.deps.market.tupleAt(i);
      if (t) out.push(t);
    }
    return out;
  }

  private tuples(pick: (index: number) => boolean): QuoteTuple[] {
    const out: QuoteTuple[] = [];
    for (let i = 0; i < this.deps.market.size; i++) {
      if (!pick(i)) continue;
      const t = this.deps.market.tupleAt(i);
      if (t) out.push(t);
    }
    return out;
  }

  // ---- closing ----

  private slow(c: Client): void {
    this.stats.slowClosed++;
    this.drop(c, CLOSE_SLOW, 'slow consumer');
  }

  /** Closes with a code and forgets the connection at once; a peer that does not finish the close is cut off. */
  private drop(c: Client, code: number, reason: string): void {
    if (c.closed) return;
    this.forget(c);
    try {
      c.socket.close(code, reason);
    } catch (err) {
      this.deps.onError?.(err);
    }
    // A stuck peer never reads the close frame: do not keep its buffers for ws's 30 s close timeout.
    this.deps.timers.setTimeout(() => c.socket.terminate(), 1000);
  }

  private forget(c: Client): void {
    if (c.closed) return;
    c.closed = true;
    this.stats.maxBuffered = Math.max(this.stats.maxBuffered, c.maxBuffered);
    this.clients.delete(c);
    this.setUser(c, null);
    for (const topic of [...c.klines.keys()]) this.dropKline(c, topic);
  }
}
