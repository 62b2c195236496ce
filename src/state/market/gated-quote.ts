// A quote's signals seen through an on-screen switch: while `$on` is false the view keeps its last values and reads
// nothing of the quote, so a mounted row scrolled out of the list's viewport (virtua's overscan) stops counting as a
// watcher of its code (quote-interest.ts) and the feed stops sending its quotes
// (bench/README.md "Render A/B: the method", the desk case). Back on screen, it reads the quote again and the feed
// brings it up to date.
import { computed, type ReadonlySignal } from '@preact/signals-react';
import type { QuoteSignals, QuoteView } from './quotes.ts';

function gate<T>(s: ReadonlySignal<T>, $on: ReadonlySignal<boolean>, name: string): ReadonlySignal<T> {
  let last = s.peek();
  return computed(() => ($on.value ? (last = s.value) : last), { name });
}

export function gatedQuote(q: QuoteSignals, $on: ReadonlySignal<boolean>): QuoteView {
  return {
    $close: gate(q.$close, $on, 'gated.$close'),
    $ask: gate(q.$ask, $on, 'gated.$ask'),
    $spread: gate(q.$spread, $on, 'gated.$spread'),
    $change: gate(q.$change, $on, 'gated.$change'),
    $dir: gate(q.$dir, $on, 'gated.$dir'),
    $open: gate(q.$open, $on, 'gated.$open'),
    $halt: gate(q.$halt, $on, 'gated.$halt'),
    $stale: gate(q.$stale, $on, 'gated.$stale'),
    $tickAt: gate(q.$tickAt, $on, 'gated.$tickAt'),
  };
}
