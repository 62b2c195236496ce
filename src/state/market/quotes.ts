// Per-instrument quote signals, created on demand: a market row binds them to text nodes, so a tick rewrites the
// one text node that changed and no component re-renders. Written by instruments.ts (the list's own quote) and
// apply-batch.ts (live ticks); subscribing to one marks its code as shown (quote-interest.ts).
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Dir } from '../../../domain/decimal-text.ts';
import { watchOptions } from './quote-interest.ts';

export interface QuoteSignals {
  $close: Signal<string>; // formatted at the instrument's PricePrecision ('' before the first quote); the bid
  $ask: Signal<string>; // the ask (a buy's price), as $close; equal to it when the quote is one-sided
  $spread: Signal<string>; // ask − bid in points ('' before the first tick)
  $change: Signal<string>; // '+0.35%' / '-1.20%'
  $dir: Signal<Dir>; // sign of change, for the colour class/data attribute
  $open: Signal<boolean>; // MarketStatus 1
  $halt: Signal<string>; // why the dealing desk halted trading ('' while trading; MarketStatus is 0 while halted)
  $stale: Signal<boolean>; // older than staleAfterMs while open, or the connection is not live
  $tickAt: Signal<number>; // ms epoch of the latest tick
}

/** What a screen reads of a quote: the same fields, read only (a row's on-screen view is one, gated-quote.ts). */
export type QuoteView = { readonly [K in keyof QuoteSignals]: ReadonlySignal<QuoteSignals[K]['value']> };

const quotes = new Map<string, QuoteSignals>();

/** Stable signals per code, created on demand (stale until the feed says otherwise: nothing is live yet). */
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
