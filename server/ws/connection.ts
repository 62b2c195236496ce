// One websocket connection as the hub sees it, and the rules every frame obeys on its way out: encoded once,
// refused past the hard buffer limit, held back past the soft one (conflation), and closed when stuck or idle.
// The streams (day-market-stream.ts, kline-stream.ts, through `FrameSink`) and subscriptions.ts only ever send through
// `Connections`.
import type { Clock, Timers } from '../../domain/time.ts';
import { WS_MAX_CLIENT_FRAME, type ServerMessage } from '../../domain/ws-protocol.ts';
import { SOCKET_LIMITS } from '../security/limits.ts';
import type { GuardedClient, SocketLimits } from './guard.ts';

/** A socket's DAY_MARKET filter: instrument indexes, as a list (to walk) and a key (sockets with one filter share a frame). */
export interface CodeFilter {
  readonly indexes: readonly number[];
  readonly key: string;
}

/** What the hub needs of a socket (a `ws` WebSocket satisfies it). */
export interface HubSocket {
  readonly bufferedAmount: number;
  /** Always a text frame (`binary: false`): the bytes are UTF-8 JSON, encoded once per frame by the hub. */
  send(data: Buffer, options: { binary: false }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
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
  /** Connection caps and frame/login budgets (guard.ts). */
  sockets: SocketLimits;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  // Half the client's conflation: waiting for the batch is most of tick→client, and a send loop is cheap.
  flushMs: 50,
  softLimit: 64 * 1024,
  hardLimit: 1024 * 1024,
  stuckMs: 5000,
  idleMs: 60_000,
  maxTopics: 64,
  maxFrame: WS_MAX_CLIENT_FRAME,
  sockets: SOCKET_LIMITS,
};

/** Close codes (RFC 6455): 1008 policy, 1009 too big, 1013 try again later (a consumer too slow to keep up). */
export const CLOSE_IDLE = 1000;
export const CLOSE_SHUTDOWN = 1001;
/** RFC 6455 1012 "service restart": this gateway is going; reconnect (the proxy sends you to another one). */
export const CLOSE_RESTART = 1012;
export const CLOSE_POLICY = 1008;
export const CLOSE_FULL = 1013;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_SLOW = 1013;

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

const TEXT_FRAME = { binary: false } as const;

/**
 * One connection: its transport state here, its session (user, topics) for subscriptions.ts. What each stream
 * has sent it lives in that stream, keyed by this object, and is forgotten when the connection is.
 */
export class HubClient implements GuardedClient {
  userId: number | null = null;
  /** sha256 of the token it logged in with: a revocation names tokens by their hash. */
  tokenHash: string | null = null;
  windowStart: number;
  windowCount = 0;
  readonly topics = new Set<string>();
  loginSeq = 0;
  overSince: number | null = null;
  lastSeen: number;
  closed = false;
  maxBuffered = 0;
  /** Low-bandwidth mode: at least this long between two batches to this socket (0: every batch). */
  minIntervalMs = 0;
  lastBatchAt = Number.NEGATIVE_INFINITY;
  /** Low-bandwidth mode: DAY_MARKET only for these instrument indexes (null: all); day-market-stream.ts keeps it. */
  codes: CodeFilter | null = null;

  constructor(
    readonly id: number,
    readonly socket: HubSocket,
    readonly lang: string,
    now: number,
    readonly address = '',
  ) {
    this.lastSeen = now;
    this.windowStart = now;
  }
}

/** What a stream needs to send: encode once, send the same bytes to many. */
export interface FrameSink {
  serialise(message: ServerMessage): Buffer;
  send(c: HubClient, frame: Buffer): boolean;
}

export interface ConnectionDeps {
  clock: Clock;
  timers: Timers;
  onError?(err: unknown): void;
  /** A connection was closed or lost: the hub drops its session and stream state. */
  onForget(c: HubClient): void;
}

/** The open connections, their sending and their closing. */
export class Connections implements FrameSink {
  private readonly clients = new Set<HubClient>();
  private nextId = 1;
  private readonly stats: HubStats = { connections: 0, maxBuffered: 0, skipped: 0, slowClosed: 0, framesSerialised: 0 };

  constructor(
    private readonly deps: ConnectionDeps,
    private readonly opts: HubOptions,
  ) {}

  add(socket: HubSocket, lang: string, address = ''): HubClient {
    const client = new HubClient(this.nextId++, socket, lang, this.deps.clock.now(), address);
    this.clients.add(client);
    return client;
  }

  /** A copy: a batch may close connections while it walks them. */
  snapshot(): HubClient[] {
    return [...this.clients];
  }

  getStats(): HubStats {
    let max = this.stats.maxBuffered;
    for (const c of this.clients) max = Math.max(max, c.maxBuffered);
    return { ...this.stats, connections: this.clients.size, maxBuffered: max };
  }

  /**
   * JSON encoded to UTF-8 once: a string handed to `ws` would be encoded again for every socket.
   */
  serialise(message: ServerMessage): Buffer {
    this.stats.framesSerialised++;
    return Buffer.from(JSON.stringify(message), 'utf8');
  }

  /** Replies and events: always sent unless the connection is past the hard limit (then it is closed). */
  reply(c: HubClient, message: ServerMessage): void {
    this.send(c, this.serialise(message));
  }

  send(c: HubClient, frame: Buffer): boolean {
    if (c.closed) return false;
    const buffered = this.noteBuffered(c);
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
   * Whether a market batch may go to this connection now. Idle ones are closed, ones past the hard limit or over the
   * soft limit for longer than stuckMs closed as slow; ones over the soft limit skipped (the next batch they get
   * carries the newest state).
   */
  readyForBatch(c: HubClient, now: number): boolean {
    if (c.closed) return false;
    if (now - c.lastSeen > this.opts.idleMs) {
      this.drop(c, CLOSE_IDLE, 'idle timeout');
      return false;
    }
    const buffered = this.noteBuffered(c);
    if (buffered > this.opts.hardLimit) {
      this.slow(c);
      return false;
    }
    if (buffered > this.opts.softLimit) {
      c.overSince ??= now;
      if (now - c.overSince > this.opts.stuckMs) this.slow(c);
      else this.stats.skipped++;
      return false;
    }
    c.overSince = null;
    return true;
  }

  private noteBuffered(c: HubClient): number {
    const buffered = c.socket.bufferedAmount;
    if (buffered > c.maxBuffered) c.maxBuffered = buffered;
    return buffered;
  }

  private slow(c: HubClient): void {
    this.stats.slowClosed++;
    this.drop(c, CLOSE_SLOW, 'slow consumer');
  }

  /** Closes with a code and forgets the connection at once; a peer that does not finish the close is cut off. */
  drop(c: HubClient, code: number, reason: string): void {
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

  forget(c: HubClient): void {
    if (c.closed) return;
    c.closed = true;
    this.stats.maxBuffered = Math.max(this.stats.maxBuffered, c.maxBuffered);
    this.clients.delete(c);
    this.deps.onForget(c);
  }
}
