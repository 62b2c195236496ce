// Abuse limits of /v1/ws: open sockets per client address and in total, frames per socket per window,
// and socket logins per address per window. Fixed windows on the injected clock, like the REST limiter; the
// figures come from server/security/limits.ts (SOCKET_LIMITS, scaled by RATE_LIMIT_FACTOR in makeLimits().socket()).
import type { Clock } from '../../domain/time.ts';

export interface SocketLimits {
  /** Open sockets from one client address. */
  perAddress: number;
  /** Open sockets in all (a process's file descriptors and memory). */
  total: number;
  /** Frames one socket may send per window (the app pings every 5 s and subscribes a few topics per screen). */
  messagesPerWindow: number;
  messageWindowMs: number;
  /** Socket logins from one client address per minute (token guessing over many sockets). */
  loginsPerMinute: number;
}

/** What one connection carries for the guard. */
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

  constructor(
    private readonly limits: SocketLimits,
    private readonly clock: Clock,
  ) {}

  /** A new socket from `address`: counted and true, or false (the caller closes it) when a cap is reached. */
  admit(address: string): boolean {
    const mine = this.open.get(address) ?? 0;
    if (mine >= this.limits.perAddress || this.total >= this.limits.total) return false;
    this.open.set(address, mine + 1);
    this.total++;
    return true;
  }

  /** An admitted socket is gone. */
  release(address: string): void {
    const mine = this.open.get(address) ?? 0;
    if (mine <= 1) this.open.delete(address);
    else this.open.set(address, mine - 1);
    this.total = Math.max(0, this.total - 1);
  }

  /** One more frame from this socket: false once it is over its budget for the current window. */
  allowMessage(c: GuardedClient): boolean {
    const now = this.clock.now();
    if (now - c.windowStart >= this.limits.messageWindowMs) {
      c.windowStart = now;
      c.windowCount = 0;
    }
    c.windowCount++;
    return c.windowCount <= this.limits.messagesPerWindow;
  }

  /** One more socket login from `address`: false past the per-minute budget. */
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

  get openSockets(): number {
    return this.total;
  }
}
