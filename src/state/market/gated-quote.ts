// Off screen the view reads nothing, so a row in virtua's overscan stops watching its code (quote-interest.ts).
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
