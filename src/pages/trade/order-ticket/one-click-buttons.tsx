// A press places a market order at once (one-click.ts); no confirm.
import { useContext, useMemo, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { $lastOrders, $oneClick } from '../../../state/orders/one-click.ts';
import { gatedQuote, quote } from '../../../state/market/quotes.ts';
import { OnScreenContext } from '../../../components/instrument/row-on-screen.ts';
import { Num } from '../../../components/text/num.tsx';
import { LiveText } from '../../../components/text/live-text.tsx';
import { useSidePrice } from '../quote-sides.tsx';
import { $oneClickBusy, oneClickDraft, placeOneClick } from './one-click.ts';
import { isFixedMargin, type OrderSide } from './order-draft.ts';
import type { Instrument } from '../../../../domain/types.ts';
import './one-click-buttons.css';

export interface OneClickButtonsProps {
  inst: Instrument;
  variant: 'bar' | 'row';
  /** A data attribute for styles and tests. */
  active?: boolean;
}

/** A desk row's buttons say buy and sell; the phone's bar says them as the order form does. */
const SIDE_KEYS = { row: ['prefs.oc_buy', 'prefs.oc_sell'], bar: ['trade.buy_up', 'trade.buy_low'] } as const;

/** Nothing while the setting is off: a desk row then builds none of the pair's signals. */
export function OneClickButtons(props: OneClickButtonsProps): ReactElement | null {
  useSignals();
  return $oneClick.value ? <OneClickPair {...props} /> : null;
}

function OneClickPair({ inst, variant, active = false }: OneClickButtonsProps): ReactElement {
  useSignals();
  const { t } = useTranslation();
  // On a desk row: read while the row is on screen, as the row's own price is.
  const $on = useContext(OnScreenContext);
  const q = useMemo(() => gatedQuote(quote(inst.Code), $on), [inst.Code, $on]);
  const $buyAt = useSidePrice(inst, 1, q);
  const $sellAt = useSidePrice(inst, 2, q);
  const draft = oneClickDraft(inst, $lastOrders.value[inst.Code]);
  const size =
    isFixedMargin(inst) || draft.leverage === null
      ? draft.lots
      : `${draft.lots} ${t('trade.leverage_value', { value: draft.leverage })}`;
  const busy = $oneClickBusy.value;
  // The server refuses an order during a halt; read only here, so a halt re-renders just this pair.
  const halt = q.$halt.value;
  const haltText = halt ? t('trade.halted', { reason: halt }) : '';
  const button = (side: OrderSide): ReactElement => (
    <button
      type="button"
      className={side === 1 ? 'oc-btn oc-up' : 'oc-btn oc-down'}
      data-action="one-click"
      data-side={side}
      disabled={busy || halt !== ''}
      title={haltText || undefined}
      onClick={() => void placeOneClick(inst, side, t)}
    >
      <span className="oc-side">{t(SIDE_KEYS[variant][side === 1 ? 0 : 1])}</span>
      <LiveText className="oc-price" $text={side === 1 ? $buyAt : $sellAt} field={side === 1 ? 'oc-ask' : 'oc-bid'} />
      {variant === 'bar' ? <Num className="oc-size">{size}</Num> : null}
      <span className="visually-hidden">{t('prefs.oc_name', { code: inst.ShowCode, size })}</span>
    </button>
  );
  return (
    <div
      className={`oc oc-${variant}`}
      data-testid={`one-click-${variant}`}
      data-active={active ? 'true' : undefined}
      data-halted={halt ? 'true' : undefined}
    >
      {button(1)}
      {button(2)}
    </div>
  );
}
