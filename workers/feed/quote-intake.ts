// Quotes into the feed's rooms: the board, the risk book, the order form's preview and the kept quotes.
import { tupleAsk } from '../../domain/ws-protocol.ts';
import type { RiskBook } from '../risk.ts';
import type { FeedDeps } from './deps.ts';
import { isQuoteTuple } from './parse.ts';
import type { PreviewWatch } from './preview-watch.ts';
import type { QuoteBoard } from './quote-board.ts';
import type { QuoteKeep } from './quote-keep.ts';

export interface IntakeRooms {
  board: QuoteBoard;
  risk: RiskBook;
  preview: PreviewWatch;
  keep: QuoteKeep;
  log: FeedDeps['log'];
}

/** Malformed ones are counted and logged once. */
export function takeLiveQuotes(data: readonly unknown[], to: IntakeRooms, now: number, serverNow: number): void {
  let bad = 0;
  for (const t of data) {
    if (!isQuoteTuple(t)) {
      bad++;
      continue;
    }
    const i = to.board.apply(t, serverNow, now);
    if (i >= 0) to.risk.onQuote(t[0], t[1], tupleAsk(t));
    to.preview.ticked(t[0]);
    to.keep.note(t);
  }
  if (bad > 0) to.log.warn(`feed: ${bad} malformed quote(s) ignored`);
}

/** Painted stale with their own time where newer than the board's; a code not listed yet waits for setInstruments. */
export function takeRestoredQuotes(tuples: Parameters<QuoteBoard['apply']>[0][], to: IntakeRooms, serverNow: number) {
  for (const t of tuples) {
    const i = to.board.apply(t, serverNow, 0); // received 0: not a live tick (no tick-to-paint measurement)
    if (i >= 0) to.risk.onQuote(t[0], to.board.closeOf(t[0]) ?? t[1], to.board.askOf(t[0]) ?? tupleAsk(t));
  }
}
