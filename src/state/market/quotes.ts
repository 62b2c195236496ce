// A row binds quote signals to text nodes, so a tick rewrites one text node and no component re-renders.
import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Dir } from '../../../domain/decimal-text.ts';
import { watchOptions } from './quote-interest.ts';

export interface QuoteSignals {
  $close: Signal<string>; // the bid, at PricePrecision ('' before the first quote)
  $ask: Signal<string>; // a buy's price; equal to $close when the quote is one-sided
  $spread: Signal<string>; // in points ('' before the first tick)
  $change: Signal<string>; // '+0.35%' / '-1.20%'
  $dir: Signal<Dir>;
  $open: Signal<boolean>; // MarketStatus 1
  $halt: Signal<string>; // why the desk halted trading ('' while trading; MarketStatus is 0 while halted)
  $stale: Signal<boolean>; // older than staleAfterMs while open, or the connection is not live
  $tickAt: Signal<number>; // ms epoch
}

/** Read only (a row's on-screen view is one, gatedQuote). */
export type QuoteView = { readonly [K in keyof QuoteSignals]: ReadonlySignal<QuoteSignals[K]['value']> };

const quotes = new Map<string, QuoteSignals>();

/** Stale until the feed says otherwise; subscribing marks the code as shown (quote-interest.ts). */
export function quote(code: string): QuoteSignals {
  let q = quotes.get(code);
  if (!q) {
    const w = watchOptions(code);
    q = {
      $close: signal('', w),
      $ask: signal('', w),
      $spread: signal('', w),
      $change: signal('', w),
      $dir: signal<Dir>('flat', w),
      $open: signal(false, w),
      $halt: signal('', w),
      $stale: signal(true, w),
      $tickAt: signal(0, w),
    };
    quotes.set(code, q);
  }
  return q;
}

// Off screen the view reads nothing, so a row in virtua's overscan stops watching its code (quote-interest.ts).
export function gatedQuote(q: QuoteSignals, $on: ReadonlySignal<boolean>): QuoteView {
  const gated = Object.entries(q).map(([k, s]: [string, ReadonlySignal<unknown>]) => {
    let last = s.peek();
    return [k, computed(() => ($on.value ? (last = s.value) : last), { name: `gated.${k}` })];
  });
  return Object.fromEntries(gated) as QuoteView;
}
