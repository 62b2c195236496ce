// Both prices a trader may be filled at, on screen before they tap (docs/trading.md "Bid and ask").
import { useMemo, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { quote, type QuoteView } from '../../state/market/quotes.ts';
import { rowSignals } from '../../state/market/row-signals.ts';
import type { Instrument } from '../../../domain/types.ts';
import './quote-sides.css';

/** The ask until the first two-sided tick is the price itself. `q`: a list row's on-screen view (gatedQuote). */
export function useSidePrice(inst: Instrument, side: 1 | 2, q: QuoteView = quote(inst.Code)) {
  return useMemo(() => {
    const s = rowSignals(inst, q);
    return side === 1 ? computed(() => q.$ask.value || s.$price.value, { name: 'quote-sides.$ask' }) : s.$price;
  }, [inst, side, q]);
}

export function QuoteSides({ inst, children }: { inst: Instrument; children?: ReactElement | null }): ReactElement {
  const { t } = useTranslation();
  const $bid = useSidePrice(inst, 2);
  const $ask = useSidePrice(inst, 1);
  const $spread = useMemo(() => {
    const q = quote(inst.Code);
    return computed(() => q.$spread.value || (q.$close.value ? '0' : ''), { name: 'quote-sides.$spread' });
  }, [inst]);
  return (
    <div className="tr-quote-sides" data-testid="quote-sides">
      {(
        [
          ['bid', $bid],
          ['ask', $ask],
          ['spread', $spread],
        ] as const
      ).map(([side, $text]) => (
        <span key={side} className={`tr-side-price tr-side-${side}`}>
          <span className="tr-side-label">{t(`trade.${side}`)}</span>
          <LiveText className="tw-num" $text={$text} field={side} box />
        </span>
      ))}
      {children}
    </div>
  );
}
