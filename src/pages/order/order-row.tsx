// A holding row binds the feed's figures as text nodes, so a tick never re-renders it.
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { memo, useMemo } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { Num } from '../../components/text/num.tsx';
import { orderLiveText } from './order-live.ts';
import { priceText } from '../../../domain/format/price.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import { isCancelled } from './order-format.ts';
import { orderLots } from '../../state/market/lot-step.ts';
import { formatMoney } from '../../i18n/format.ts';
import { hasSwap } from '../../chart/order-lines.ts';
import { afterPress } from '../../state/shell/yield-task.ts';

export interface OrderRowProps {
  order: AppOrder;
  onOpen: (order: AppOrder) => void;
  /** A last-known position (offline start): shown, but nothing can be done with it until live. */
  disabled?: boolean;
}

export const OrderRow = memo(function OrderRow({ order, onOpen, disabled = false }: OrderRowProps) {
  const { t } = useTranslation();
  const text = useMemo(() => orderLiveText(order, undefined), [order]);
  const precision = order.instrument.PricePrecision;
  const buy = order.OrderType === 1;
  // A cancelled pending order never traded: its state instead of a P&L, its target price without an arrow.
  const cancelled = isCancelled(order);
  return (
    <button
      type="button"
      className="od-row"
      data-id={order.Id}
      data-status={order.Status}
      disabled={disabled}
      // The row shows it was pressed in the tap's own frame; the sheet mounts in the task after it.
      onClick={(e) => afterPress(e.currentTarget, () => onOpen(order))}
    >
      <span className="od-row__top">
        <span className="od-code">{shownCode(t, order.instrument.Code, order.instrument.ShowCode)}</span>
        <span className="od-side" data-side={buy ? 'buy' : 'sell'}>
          {t(buy ? 'trade.buy_up' : 'trade.buy_low')}
        </span>
        {order.Status === 0 || cancelled ? (
          <span className="od-row__state" data-state={cancelled ? 'cancelled' : 'pending'}>
            {t(cancelled ? 'orders.state_cancelled' : 'orders.state_pending')}
          </span>
        ) : (
          <LiveText className="od-row__pnl" field="pnl" $text={text.pnl} $dir={text.pnlDir} />
        )}
      </span>
      <span className="od-row__bottom muted">
        {/* Each figure isolated in a span of the page's direction, so the separators and arrow follow the language. */}
        <span className="od-meta">
          <span>{t('orders.lots_value', { lots: orderLots(order) })}</span>
          {order.leverage > 0 ? (
            <span>
              <Num>{t('trade.leverage_value', { value: order.leverage })}</Num>
            </span>
          ) : null}
          {order.Status === 1 && hasSwap(order) ? (
            <span data-field="swap">{t('chart_lines.swap_tag', { amount: formatMoney(order.Swap) })}</span>
          ) : null}
        </span>
        {/* The arrow is drawn by CSS. */}
        <span className="od-prices">
          <span>
            <Num>{priceText(order.Price, precision, { missing: NO_VALUE })}</Num>
          </span>
          {cancelled ? null : <LiveText field="current" $text={text.current} />}
        </span>
      </span>
    </button>
  );
});
