// Rows show the list's own quote at once; live ticks (feed-bridge.ts) take over as they arrive.
import { batch, signal, type Signal } from '@preact/signals-react';
import type { Instrument } from '../../../domain/types.ts';
import { quoteText } from '../../../domain/quote-text.ts';
import { quote } from './quotes.ts';
import { $dataAsOf } from '../feed/feed-signals.ts';

export const $instruments: Signal<Instrument[]> = signal<Instrument[]>([], { name: 'market.$instruments' });

/** The bridge forwards the list to the feed. */
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

/** Rows without prices set before React attaches to the prerendered HTML, replaced as if the list were empty. */
export function setProvisionalInstruments(list: Instrument[]): void {
  $instruments.value = list;
  provisional = true;
}

/** Empty or the build's catalogue. */
export function awaitingInstruments(): boolean {
  return provisional || $instruments.peek().length === 0;
}
