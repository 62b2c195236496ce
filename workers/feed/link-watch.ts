// The link as the feed's rooms see it: state, the server's clock, and the resume probe until which quotes read stale.
import type { ConnState } from '../protocol.ts';
import type { FeedDeps } from './deps.ts';
import type { QuoteBoard } from './quote-board.ts';
import type { SocketLink } from './socket-link.ts';

export interface LinkWatchRooms {
  link: Pick<SocketLink, 'pong' | 'probe' | 'lastPingSentAt'>;
  board: QuoteBoard;
  clock: FeedDeps['clock'];
  requestFrame(): void;
  /** Positions and balance are refetched when signed in. */
  resynced(): void;
}

export class LinkWatch {
  private conn: ConnState = 'connecting';
  private connDirty = false;
  private clockOffset = 0; // server minus ours, from pong.t: quote ages are measured on the server's clock
  private resyncing = false; // a resume probe is out

  constructor(private readonly rooms: LinkWatchRooms) {}

  starting(): void {
    this.conn = 'connecting';
    this.connDirty = true;
  }

  /** A restart with a new config reports the state again. */
  touch(): void {
    this.connDirty = true;
  }

  /** Once per change; null: unchanged since the last batch. */
  take(): ConnState | null {
    const conn = this.connDirty ? this.conn : null;
    this.connDirty = false;
    return conn;
  }

  serverNow(): number {
    return this.serverAt(this.rooms.clock.now());
  }

  serverAt(now: number): number {
    return now + this.clockOffset;
  }

  state(s: ConnState): void {
    this.conn = s;
    if (s !== 'live') this.resyncing = false; // the probe failed: the reconnect's login refetches instead
    this.connDirty = true;
    this.markLive(s === 'live');
  }

  pong(serverTime: number | undefined): void {
    const { link, clock } = this.rooms;
    link.pong();
    if (this.resyncing) this.resynced();
    if (serverTime === undefined) return;
    const now = clock.now();
    const sent = link.lastPingSentAt;
    this.clockOffset = serverTime - (sent > 0 && sent <= now ? (sent + now) / 2 : now);
  }

  /** What is on screen may be minutes old: stale (trading disabled) until the link proves alive (docs/worker.md). */
  resume(): void {
    this.markLive(false);
    this.resyncing = this.rooms.link.probe();
  }

  private resynced(): void {
    this.resyncing = false;
    this.markLive(this.conn === 'live');
    this.rooms.resynced();
  }

  private markLive(live: boolean): void {
    this.rooms.board.live = live;
    this.rooms.board.evaluate(this.serverNow());
    this.rooms.requestFrame();
  }
}
