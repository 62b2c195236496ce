// The trade_list snapshot until the first tick, so a cached or freshly loaded market shows prices at once.
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { quote, type QuoteView } from './quotes.ts';
import type { Dir } from '../../../domain/decimal-text.ts';
import { quoteText } from '../../../domain/quote-text.ts';
import type { Instrument } from '../../../domain/types.ts';

export interface RowSignals {
  q: QuoteView;
  $price: ReadonlySignal<string>;
  $change: ReadonlySignal<string>;
  $dir: ReadonlySignal<Dir>;
  $open: ReadonlySignal<boolean>;
}

export function rowSignals(inst: Instrument, q: QuoteView = quote(inst.Code)): RowSignals {
  const snap = inst.ForexQuotations as Instrument['ForexQuotations'] | undefined;
  const shown = quoteText(snap?.Close, snap?.Change, inst.PricePrecision);
  return {
    q,
    $price: computed(() => q.$close.value || shown.price, { name: 'row-signals.$price' }),
    $change: computed(() => q.$change.value || shown.change, { name: 'row-signals.$change' }),
    $dir: computed(() => (q.$close.value === '' ? shown.dir : q.$dir.value), { name: 'row-signals.$dir' }),
    // An instrument the feed has never quoted (e.g. a search result) is open or closed as its snapshot says.
    $open: computed(() => (q.$close.value === '' && q.$tickAt.value === 0 ? inst.MarketStatus === 1 : q.$open.value), {
      name: 'row-signals.$open',
    }),
  };
}
