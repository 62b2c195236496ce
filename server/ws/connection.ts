// Every frame leaves through `Connections`: encoded once, refused past the hard buffer limit, held past the soft one.
import type { Services } from '../core/services.ts';
import { WS_MAX_CLIENT_FRAME, type ServerMessage } from '../../domain/ws-protocol.ts';
import { SOCKET_LIMITS } from '../security/limits.ts';
import type { GuardedClient, SocketLimits } from './guard.ts';

/** `key` lets sockets with the same filter share one encoded frame. */
export interface CodeFilter {
  readonly indexes: readonly number[];
  readonly key: string;
}

export interface HubSocket {
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: false }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
}

export interface HubOptions {
  flushMs: number;
  /** Above this many buffered bytes a connection skips market batches; its next batch carries the newest state. */
  softLimit: number;
  hardLimit: number;
  stuckMs: number;
  /** Even a ping counts as activity. */
  idleMs: number;
  maxTopics: number;
  maxFrame: number;
  sockets: SocketLimits;
}

export const DEFAULT_HUB_OPTIONS: HubOptions = {
  // Half the client's conflation: waiting for the batch is most of tick→client latency.
  flushMs: 50,
  softLimit: 64 * 1024,
  hardLimit: 1024 * 1024,
  stuckMs: 5000,
  idleMs: 60_000,
  maxTopics: 64,
  maxFrame: WS_MAX_CLIENT_FRAME,
  sockets: SOCKET_LIMITS,
};

/** RFC 6455: 1008 policy, 1009 too big, 1013 try again later (also a consumer too slow to keep up). */
export const CLOSE_IDLE = 1000;
/** 1012 "service restart": clients reconnect at once and the proxy sends them to another gateway. */
export const CLOSE_RESTART = 1012;
export const CLOSE_POLICY = 1008;
export const CLOSE_FULL = 1013;
export const CLOSE_TOO_BIG = 1009;
export const CLOSE_SLOW = 1013;

export interface HubStats {
  connections: number;
  maxBuffered: number;
  skipped: number;
  slowClosed: number;
  framesSerialised: number;
}

const TEXT_FRAME = { binary: false } as const;

/** What each stream has sent a connection lives in that stream, keyed by this object, forgotten with it. */
export class HubClient implements GuardedClient {
  userId: number | null = null;
  /** A revocation names tokens by their hash. */
  tokenHash: string | null = null;
  windowStart: number;
  windowCount = 0;
  readonly topics = new Set<string>();
  loginSeq = 0;
  overSince: number | null = null;
  lastSeen: number;
  closed = false;
  maxBuffered = 0;
  /** Low-bandwidth mode; 0 means every batch. */
  minIntervalMs = 0;
  lastBatchAt = Number.NEGATIVE_INFINITY;
  /** Low-bandwidth mode; null means all instruments. */
  codes: CodeFilter | null = null;
  readonly id: number;
  readonly socket: HubSocket;
  readonly lang: string;
  readonly address: string;

  constructor(id: number, socket: HubSocket, lang: string, now: number, address = '') {
    this.id = id;
    this.socket = socket;
    this.lang = lang;
    this.address = address;
    this.lastSeen = now;
    this.windowStart = now;
  }
}

export interface FrameSink {
  serialise(message: ServerMessage): Buffer;
  send(c: HubClient, frame: Buffer): boolean;
}

export interface ConnectionDeps extends Pick<Services, 'clock' | 'timers'> {
  onError?(err: unknown): void;
  onForget(c: HubClient): void;
}

export class Connections implements FrameSink {
  private readonly clients = new Set<HubClient>();
  private nextId = 1;
  private readonly stats: HubStats = { connections: 0, maxBuffered: 0, skipped: 0, slowClosed: 0, framesSerialised: 0 };
  private readonly deps: ConnectionDeps;
  private readonly opts: HubOptions;

  constructor(deps: ConnectionDeps, opts: HubOptions) {
    this.deps = deps;
    this.opts = opts;
  }

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

  /** Encoded once: a string handed to `ws` would be encoded again for every socket. */
  serialise(message: ServerMessage): Buffer {
    this.stats.framesSerialised++;
    return Buffer.from(JSON.stringify(message), 'utf8');
  }

  /** Replies and events are never conflated away; only the hard limit stops them. */
  reply(c: HubClient, message: ServerMessage): void {
    this.send(c, this.serialise(message));
  }

  send(c: HubClient, frame: Buffer): boolean {
    if (c.closed || this.buffered(c) === null) return false;
    try {
      c.socket.send(frame, TEXT_FRAME);
      return true;
    } catch (err) {
      this.deps.onError?.(err);
      this.forget(c);
      return false;
    }
  }

  /** Closes idle and stuck connections; one over the soft limit is skipped, its next batch has the newest state. */
  readyForBatch(c: HubClient, now: number): boolean {
    if (c.closed) return false;
    if (now - c.lastSeen > this.opts.idleMs) {
      this.drop(c, CLOSE_IDLE, 'idle timeout');
      return false;
    }
    const buffered = this.buffered(c);
    if (buffered === null) return false;
    if (buffered > this.opts.softLimit) {
      c.overSince ??= now;
      if (now - c.overSince > this.opts.stuckMs) this.slow(c);
      else this.stats.skipped++;
      return false;
    }
    c.overSince = null;
    return true;
  }

  /** null past the hard limit, which closes the connection as slow. */
  private buffered(c: HubClient): number | null {
    const buffered = c.socket.bufferedAmount;
    if (buffered > c.maxBuffered) c.maxBuffered = buffered;
    if (buffered > this.opts.hardLimit) {
      this.slow(c);
      return null;
    }
    return buffered;
  }

  private slow(c: HubClient): void {
    this.stats.slowClosed++;
    this.drop(c, CLOSE_SLOW, 'slow consumer');
  }

  /** A peer that does not finish the close is cut off. */
  drop(c: HubClient, code: number, reason: string): void {
    if (c.closed) return;
    this.forget(c);
    try {
      c.socket.close(code, reason);
    } catch (err) {
      this.deps.onError?.(err);
    }
    // A stuck peer never reads the close frame: do not keep its buffers for ws's long close timeout.
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
