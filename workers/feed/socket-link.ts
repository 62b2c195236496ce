// The live socket's life: connect, heartbeat, detect a dead link, back off, reconnect; topics are the feed's business.
import type { ConnState } from '../protocol.ts';
import type { ClientMessage } from '../../domain/ws-protocol.ts';
import { CONNECT_TIMEOUT_MS, MAX_MISSED_PONGS, PING_INTERVAL_MS } from '../../domain/ws-protocol.ts';
import { backoffDelay, type BackoffOptions } from '../../domain/backoff.ts';
import type { FeedDeps, SocketLike } from './deps.ts';

/** domain/backoff.ts from 500 ms, doubling, capped at 30 s. */
export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/** Retries go on at the capped backoff. */
export const OFFLINE_AFTER_FAILURES = 5;
/** A phone that slept may hold a long-dropped socket; the heartbeat needs up to 15 s, a trader should not wait that. */
export const PROBE_TIMEOUT_MS = 3000;

export interface LinkEvents {
  /** `reconnect` is false only for the very first open. */
  onOpen(reconnect: boolean): void;
  onText(text: string): void;
  onState(state: ConnState): void;
}

const TIMERS = ['connectTimer', 'pingTimer', 'retryTimer', 'probeTimer'] as const;

type LinkDeps = Pick<FeedDeps, 'clock' | 'timers' | 'socket' | 'log' | 'isOnline' | 'random'>;

export class SocketLink {
  private url = '';
  private sock: SocketLike | null = null;
  private open = false;
  private running = false;
  private everOpened = false;
  private failures = 0; // consecutive, since the last open
  private unanswered = 0; // pings sent since the last pong
  private lastPingAt = 0;
  private state: ConnState = 'connecting';
  private connectTimer: unknown = null;
  private pingTimer: unknown = null;
  private retryTimer: unknown = null;
  private probeTimer: unknown = null;

  constructor(
    private readonly deps: LinkDeps,
    private readonly events: LinkEvents,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  /** Half the round trip bounds the clock-offset error. */
  get lastPingSentAt(): number {
    return this.lastPingAt;
  }

  start(url: string): void {
    if (this.running && url === this.url) return;
    this.url = url;
    this.running = true;
    if (this.sock) this.drop('url changed');
    else this.connect();
  }

  stop(): void {
    this.running = false;
    this.clearTimers();
    this.detach();
  }

  send(msg: ClientMessage): boolean {
    if (!this.sock || !this.open) return false;
    try {
      this.sock.send(JSON.stringify(msg));
      return true;
    } catch (err) {
      this.deps.log.warn('feed: send failed', err);
      return false;
    }
  }

  pong(): void {
    this.unanswered = 0;
    this.clearTimer('probeTimer');
  }

  /** True when the open link is being probed: the caller waits for its pong. */
  probe(): boolean {
    if (!this.running) return false;
    if (!this.open) {
      this.nudge();
      return false;
    }
    this.ping();
    if (this.probeTimer === null) {
      const sock = this.sock;
      this.probeTimer = this.deps.timers.setTimeout(() => {
        this.probeTimer = null;
        if (this.sock === sock && this.open) this.drop('no answer to the resume probe');
      }, PROBE_TIMEOUT_MS);
    }
    return true;
  }

  nudge(): void {
    if (!this.running) return;
    if (this.open) {
      this.ping();
      return;
    }
    if (this.sock) return; // an attempt is already under way
    this.failures = 0;
    this.connect();
  }

  private connect(): void {
    this.clearTimer('retryTimer');
    if (!this.running) return;
    this.setState(this.everOpened || this.failures > 0 ? this.downState() : 'connecting');
    let sock: SocketLike;
    try {
      sock = this.deps.socket(this.url);
    } catch (err) {
      this.deps.log.warn('feed: cannot open socket', err);
      this.scheduleRetry();
      return;
    }
    this.sock = sock;
    this.open = false;
    sock.onopen = () => {
      if (this.sock !== sock) return;
      this.clearTimer('connectTimer');
      this.open = true;
      this.failures = 0;
      this.unanswered = 0;
      const reconnect = this.everOpened;
      this.everOpened = true;
      this.setState('live');
      this.pingTimer = this.deps.timers.setInterval(() => this.heartbeat(), PING_INTERVAL_MS);
      this.events.onOpen(reconnect);
      // Probe at once: quote ages are measured on the pong's server clock, not a phone's possibly wrong one.
      this.ping();
    };
    sock.onmessage = (ev) => {
      if (this.sock !== sock) return;
      if (typeof ev.data === 'string') this.events.onText(ev.data);
      else this.deps.log.warn('feed: ignoring a non-text frame');
    };
    sock.onclose = () => {
      if (this.sock === sock) this.drop('closed');
    };
    sock.onerror = () => {
      // A close event always follows an error; the drop happens there.
    };
    this.connectTimer = this.deps.timers.setTimeout(() => {
      if (this.sock === sock && !this.open) this.drop('connect timeout');
    }, CONNECT_TIMEOUT_MS);
  }

  private heartbeat(): void {
    if (this.unanswered > MAX_MISSED_PONGS) {
      this.drop(`${this.unanswered} pings unanswered`);
      return;
    }
    this.ping();
  }

  private ping(): void {
    if (this.send({ type: 'ping' })) {
      this.unanswered += 1;
      this.lastPingAt = this.deps.clock.now();
    }
  }

  private drop(reason: string): void {
    const wasOpen = this.open;
    this.clearTimers();
    this.detach();
    if (wasOpen) this.deps.log.warn(`feed: connection lost (${reason})`);
    if (!this.running) return;
    if (!wasOpen) {
      this.failures += 1;
      this.scheduleRetry();
      return;
    }
    // The first retry after losing a live link only waits the jitter of attempt 0.
    this.setState('reconnecting');
    this.retryTimer = this.deps.timers.setTimeout(
      () => this.connect(),
      backoffDelay(0, RECONNECT_BACKOFF, this.deps.random),
    );
  }

  private scheduleRetry(): void {
    this.setState(this.downState());
    const delay = backoffDelay(this.failures, RECONNECT_BACKOFF, this.deps.random);
    this.retryTimer = this.deps.timers.setTimeout(() => this.connect(), delay);
  }

  private downState(): ConnState {
    if (!this.deps.isOnline() || this.failures >= OFFLINE_AFTER_FAILURES) return 'offline';
    return this.everOpened ? 'reconnecting' : 'connecting';
  }

  private detach(): void {
    const sock = this.sock;
    this.sock = null;
    this.open = false;
    if (!sock) return;
    sock.onopen = null;
    sock.onmessage = null;
    sock.onclose = null;
    sock.onerror = null;
    try {
      sock.close(1000, 'client reconnect');
    } catch {
      // Closing a socket that never opened may throw in some engines; it is gone either way.
    }
  }

  private setState(state: ConnState): void {
    if (state === this.state) return;
    this.state = state;
    this.events.onState(state);
  }

  private clearTimer(name: (typeof TIMERS)[number]): void {
    const h = this[name];
    if (h === null) return;
    if (name === 'pingTimer') this.deps.timers.clearInterval(h);
    else this.deps.timers.clearTimeout(h);
    this[name] = null;
  }

  private clearTimers(): void {
    for (const name of TIMERS) this.clearTimer(name);
  }
}
