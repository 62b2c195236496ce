// The instrument list (trade_list, or the idb cache at start) and the quote it carries: rows show the list's own
// quote at once, and live ticks (apply-batch.ts) take over as they arrive.
import { batch, signal, type Signal } from '@preact/signals-react';
import type { Instrument } from '../../../domain/types.ts';
import { quoteText } from '../../../domain/quote-text.ts';
import { quote } from './quotes.ts';
import { $dataAsOf } from '../feed/feed-signals.ts';

export const $instruments: Signal<Instrument[]> = signal<Instrument[]>([], { name: 'market.$instruments' });

/**
 * Sets the instrument list (trade_list, or the idb cache at start). Rows show the list's own quote at once;
 * the bridge forwards the list to the feed, and live quotes take over as they arrive.
 */
export function setInstruments(list: Instrument[]): void {
  provisional = false;
  batch(() => {
    $instruments.value = list;
    let asOf = $dataAsOf.peek();
    for (const inst of list) {
      const fq = inst.ForexQuotations;
      const q = quote(inst.Code);
      if (fq && fq.Time > asOf) asOf = fq.Time;
      if (!fq || (q.$close.value !== '' && !(fq.Time > q.$tickAt.value))) continue; // a newer live tick wins
      const shown = quoteText(fq.Close, fq.Change, inst.PricePrecision);
      if (shown.price !== '') q.$close.value = shown.price;
      if (shown.change !== '') {
        q.$change.value = shown.change;
        q.$dir.value = shown.dir;
      }
      q.$open.value = inst.MarketStatus === 1;
      q.$tickAt.value = fq.Time;
    }
    $dataAsOf.value = asOf;
  });
}

let provisional = false;

/**
 * The build's catalogue (index.html's prerendered rows, src/boot/), set before React attaches to that HTML: rows
 * without prices that the idb cache or the first trade_list replace, as if the list were still empty.
 */
export function setProvisionalInstruments(list: Instrument[]): void {
  $instruments.value = list;
  provisional = true;
}

/** True while the list is the one a real answer (cache or network) should replace: empty or the build's catalogue. */
export function awaitingInstruments(): boolean {
  return provisional || $instruments.peek().length === 0;
}
