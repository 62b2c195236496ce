// One FeedBatch into the signals, the only writer of a live quote's text; the bridge calls it, screens read.
import { batch } from '@preact/signals-react';
import type { Instrument } from '../../../domain/types.ts';
import {
  type FeedBatch,
  Q_DIR,
  Q_INDEX,
  Q_STATUS,
  Q_TIME,
  QUOTE_STRIDE,
  QUOTE_TEXTS,
  T_ASK,
  T_CHANGE,
  T_HALT,
  T_PRICE,
  T_SPREAD,
} from '../../../workers/protocol.ts';
import { SIGN_DIR } from '../../../domain/quote-text.ts';
import { quote, type QuoteSignals } from '../market/quotes.ts';
import { $account, $conn, $dataAsOf } from './feed-signals.ts';
import { emitKline, emitPaint, emitPreview } from './feed-listeners.ts';

// The quote signals by the feed's index; one FeedBatch lands inside one batch().
let slots: QuoteSignals[] = [];

/** Called once the feed acknowledged setInstruments, so a batch is never read with another list's indexes. */
export function adoptFeedIndex(list: readonly Instrument[]): void {
  slots = list.map((i) => quote(i.Code));
}

export function applyBatch(b: FeedBatch): void {
  batch(() => {
    if (b.conn) $conn.value = b.conn;
    const qs = b.quotes;
    const texts = b.quoteText;
    if (qs && texts) {
      let asOf = $dataAsOf.peek();
      // The feed sent display-ready text: the main thread formats nothing (docs/architecture.md).
      for (let o = 0, t = 0; o + QUOTE_STRIDE <= qs.length; o += QUOTE_STRIDE, t += QUOTE_TEXTS) {
        const i = qs[o + Q_INDEX] ?? -1;
        const q = slots[i];
        if (!q) continue;
        q.$close.value = texts[t + T_PRICE] ?? '';
        q.$change.value = texts[t + T_CHANGE] ?? '';
        q.$dir.value = SIGN_DIR[(qs[o + Q_DIR] ?? 0) + 1] ?? 'flat';
        q.$open.value = qs[o + Q_STATUS] === 1;
        q.$halt.value = texts[t + T_HALT] ?? '';
        q.$ask.value = texts[t + T_ASK] ?? '';
        q.$spread.value = texts[t + T_SPREAD] ?? '';
        const at = qs[o + Q_TIME] ?? 0;
        q.$tickAt.value = at;
        if (at > asOf) asOf = at;
      }
      $dataAsOf.value = asOf;
    }
    for (const v of b.stale ?? []) {
      const q = slots[Math.abs(v) - 1];
      if (q) q.$stale.value = v > 0;
    }
    if (b.account) $account.value = b.account;
    if (b.preview) emitPreview(b.preview);
  });
  if (b.kline) for (const u of b.kline) emitKline(u);
  emitPaint(b);
}
