// Fixed windows on the injected clock, like the REST limiter; figures in server/security/limits.ts.
import type { Clock } from '../../domain/time.ts';

export interface SocketLimits {
  perAddress: number;
  /** A process's file descriptors and memory are finite. */
  total: number;
  /** The app pings every 5 s and subscribes a few topics per screen. */
  messagesPerWindow: number;
  messageWindowMs: number;
  /** Against token guessing over many sockets. */
  loginsPerMinute: number;
}

export interface GuardedClient {
  readonly address: string;
  windowStart: number;
  windowCount: number;
}

const MINUTE_MS = 60_000;

export class SocketGuard {
  private readonly open = new Map<string, number>();
  private total = 0;
  private logins = new Map<string, number>();
  private loginWindow = 0;
  private readonly limits: SocketLimits;
  private readonly clock: Clock;

  constructor(limits: SocketLimits, clock: Clock) {
    this.limits = limits;
    this.clock = clock;
  }

  /** On false the caller closes the socket. */
  admit(address: string): boolean {
    const mine = this.open.get(address) ?? 0;
    if (mine >= this.limits.perAddress || this.total >= this.limits.total) return false;
    this.open.set(address, mine + 1);
    this.total++;
    return true;
  }

  release(address: string): void {
    const mine = this.open.get(address) ?? 0;
    if (mine <= 1) this.open.delete(address);
    else this.open.set(address, mine - 1);
    this.total = Math.max(0, this.total - 1);
  }

  allowMessage(c: GuardedClient): boolean {
    const now = this.clock.now();
    if (now - c.windowStart >= this.limits.messageWindowMs) {
      c.windowStart = now;
      c.windowCount = 0;
    }
    c.windowCount++;
    return c.windowCount <= this.limits.messagesPerWindow;
  }

  allowLogin(address: string): boolean {
    const window = Math.floor(this.clock.now() / MINUTE_MS);
    if (window !== this.loginWindow) {
      this.loginWindow = window;
      this.logins = new Map(); // the old window's keys go with it: the map never outgrows one minute of addresses
    }
    const n = (this.logins.get(address) ?? 0) + 1;
    this.logins.set(address, n);
    return n <= this.limits.loginsPerMinute;
  }
}
