// Rows show the list's own quote at once; live ticks (feed-bridge.ts) take over as they arrive.
import { batch, signal, type Signal } from '@preact/signals-react';
import type { Instrument } from '../../../domain/types.ts';
import { quoteText } from '../../../domain/quote-text.ts';
import { quote } from './quotes.ts';
import { $dataAsOf } from '../feed/feed-signals.ts';

export const $instruments: Signal<Instrument[]> = signal<Instrument[]>([], { name: 'market.$instruments' });

/**
 * The bridge forwards the list to the feed. A refresh that moved only quotes (every entry to / or /trade asks again)
 * keeps the array: the screens that read the list and the feed, which would send every row again, see no change.
 */
export function setInstruments(list: Instrument[]): void {
  const keep = !provisional && sameTerms($instruments.peek(), list);
  provisional = false;
  batch(() => {
    if (!keep) $instruments.value = list;
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

/** The same instruments in the same order with the same terms; their quotes may differ. */
function sameTerms(a: readonly Instrument[], b: readonly Instrument[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as unknown as Record<string, unknown>;
    const y = b[i] as unknown as Record<string, unknown>;
    const keys = Object.keys(y);
    if (keys.length !== Object.keys(x).length) return false;
    for (const k of keys) {
      if (k === 'ForexQuotations' || x[k] === y[k]) continue;
      if (typeof y[k] !== 'object' || JSON.stringify(x[k]) !== JSON.stringify(y[k])) return false;
    }
  }
  return true;
}
