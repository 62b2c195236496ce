// The link as the feed's rooms see it (feed.ts): the connection state the next batch reports, the server's clock
// (quote ages are measured on it, from the pong's time), and the resume probe after a hidden or frozen spell, until
// whose answer every quote reads stale (docs/worker.md).
import type { ConnState } from '../protocol.ts';
import type { FeedDeps } from './deps.ts';
import type { QuoteBoard } from './quote-board.ts';
import type { SocketLink } from './socket-link.ts';

export interface LinkWatchRooms {
  link: Pick<SocketLink, 'pong' | 'probe' | 'lastPingSentAt'>;
  board: QuoteBoard;
  clock: FeedDeps['clock'];
  requestFrame(): void;
  /** The probe was answered: positions and balance are refetched (when signed in). */
  resynced(): void;
}

export class LinkWatch {
  private conn: ConnState = 'connecting';
  private connDirty = false;
  private clockOffset = 0; // server clock minus ours, from pong.t: quote ages are measured on the server's clock
  private resyncing = false; // a resume probe is out

  constructor(private readonly rooms: LinkWatchRooms) {}

  /** The first start: connecting, reported in the next batch. */
  starting(): void {
    this.conn = 'connecting';
    this.connDirty = true;
  }

  /** The state is reported again in the next batch (a restart with a new config). */
  touch(): void {
    this.connDirty = true;
  }

  /** The connection state for the batch, once per change (null: unchanged since the last batch). */
  take(): ConnState | null {
    const conn = this.connDirty ? this.conn : null;
    this.connDirty = false;
    return conn;
  }

  serverNow(): number {
    return this.serverAt(this.rooms.clock.now());
  }

  /** Our time `now` on the server's clock. */
  serverAt(now: number): number {
    return now + this.clockOffset;
  }

  state(s: ConnState): void {
    const { board } = this.rooms;
    this.conn = s;
    if (s !== 'live') this.resyncing = false; // the probe failed: the reconnect's login refetches instead
    this.connDirty = true;
    board.live = s === 'live';
    board.evaluate(this.serverNow());
    this.rooms.requestFrame();
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

  /**
   * Shown again after a hidden or frozen spell: what is on screen may be minutes old. Everything reads stale (trading
   * is disabled by it) until the link proves alive; then positions and balance are refetched. A link that is not
   * open reconnects now, and its login after the reconnect asks for the refetch itself (order-events.ts).
   */
  resume(): void {
    const { board } = this.rooms;
    board.live = false;
    board.evaluate(this.serverNow());
    this.rooms.requestFrame();
    this.resyncing = this.rooms.link.probe();
  }

  /** The probe after a resume was answered: quotes are judged live again and the account is refetched. */
  private resynced(): void {
    const { board } = this.rooms;
    this.resyncing = false;
    board.live = this.conn === 'live';
    board.evaluate(this.serverNow());
    this.rooms.requestFrame();
    this.rooms.resynced();
  }
}
