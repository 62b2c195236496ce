// Low-bandwidth mode's code filter: interest moves with every scroll burst, so it is sent settled and throttled.
import type { Timers } from '../../domain/time.ts';
import { CODES_MAX, type ClientMessage } from '../../domain/ws-protocol.ts';

/** The server allows 60 frames in 10 s, pings included. */
export const CODES_SEND_MIN_MS = 1000;
/** Rows mount and unmount one by one during a scroll. */
export const CODES_SETTLE_MS = 250;

export interface WireCodesDeps {
  now(): number;
  timers: Timers;
  /** false when not open: the next open sends the filter itself. */
  send(msg: ClientMessage): boolean;
}

export class WireCodes {
  private on = false;
  private shown: readonly string[] | null = null; // null: the painter has not said (every code)
  private pinned: readonly string[] = [];
  private timer: unknown = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private sentKey = '*'; // '*': every code, as a fresh socket holds

  constructor(private readonly deps: WireCodesDeps) {}

  /** null = every code: mode off, nothing said yet, or past the server's cap. */
  wanted(): string[] | null {
    if (!this.on || this.shown === null) return null;
    const set = new Set([...this.shown, ...this.pinned]);
    return set.size > CODES_MAX ? null : [...set].sort();
  }

  setOn(on: boolean): void {
    if (on === this.on) return;
    this.on = on;
    this.sendNow(); // a switch of mode takes effect at once
  }

  setShown(codes: readonly string[] | null): void {
    this.shown = codes;
    this.schedule();
  }

  setPinned(codes: readonly string[]): void {
    this.pinned = codes;
    this.schedule();
  }

  /** A new socket holds no filter: send it before the DAY_MARKET subscription, so even the snapshot is cut. */
  opened(): void {
    this.sentKey = '*';
    this.sendNow();
  }

  private schedule(): void {
    if (!this.on) return; // off: the socket carries every code; switching on sends at once
    if (this.timer !== null) return; // the pending send reads the newest set when it fires
    const wait = Math.max(CODES_SETTLE_MS, this.lastSentAt + CODES_SEND_MIN_MS - this.deps.now());
    this.timer = this.deps.timers.setTimeout(() => {
      this.timer = null;
      this.sendNow();
    }, wait);
  }

  private sendNow(): void {
    const codes = this.wanted();
    const key = codes === null ? '*' : codes.join(',');
    if (key === this.sentKey) return;
    if (!this.deps.send({ type: 'codes', codes })) return;
    this.sentKey = key;
    this.lastSentAt = this.deps.now();
  }
}
