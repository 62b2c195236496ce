// One market row: logo, code, sparkline, live price and change bound as signal text nodes.
// A tick rewrites text nodes (LiveText) and flips data attributes: no React render runs for it.
import { memo, useMemo } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { Show } from '@preact/signals-react/utils';
import { useTranslation } from 'react-i18next';
import { quote } from '../../state/market.ts';
import { LiveText } from '../../components/live-text.tsx';
import { Sparkline } from '../../components/sparkline/sparkline.tsx';
import { InstrumentLogo } from './instrument-logo.tsx';
import { rowSignals } from './row-signals.ts';
import { StaleTag } from './stale-tag.tsx';
import { useQuoteAttributes } from './use-quote-attributes.ts';
import './market.css';
import type { Instrument } from '../../domain/types.ts';

export interface MarketRowProps {
  inst: Instrument;
  onPick: (code: string) => void;
  /** Compact rows (the instrument side sheet) leave out the sparkline. */
  compact?: boolean;
  active?: boolean;
}

export const MarketRow = memo(function MarketRow({ inst, onPick, compact = false, active = false }: MarketRowProps) {
  useSignals();
  const { t } = useTranslation();
  const q = quote(inst.Code);
  const s = useMemo(() => rowSignals(inst, q), [inst, q]);
  const ref = useQuoteAttributes<HTMLButtonElement>(s);

  return (
    <button
      ref={ref}
      type="button"
      className={compact ? 'mk-row mk-row-compact' : 'mk-row'}
      data-code={inst.Code}
      data-active={active ? 'true' : undefined}
      onClick={() => onPick(inst.Code)}
    >
      <InstrumentLogo src={inst.Logo} label={inst.ShowCode} size={compact ? 28 : 34} />
      <span className="mk-name">
        <span className="mk-code">{inst.ShowCode}</span>
        <StaleTag className="mk-stale" q={q} />
      </span>
      {compact ? null : <Sparkline code={inst.Code} />}
      <span className="mk-quote">
        <LiveText className="mk-price tw-num" $text={s.$price} />
        <span className="mk-change tw-num">
          <Show when={s.$open} fallback={<span className="mk-closed">{t('market.closed')}</span>}>
            <LiveText className="mk-change-text" $text={s.$change} />
          </Show>
        </span>
      </span>
    </button>
  );
});
