// Re-renders when the list changes, never per tick; offline, the last-known positions stand in.
import { memo, useCallback, useMemo, useRef, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { loadMore, openOrder, orderLists, type OrderTab } from '../../state/orders/orders.ts';
import { $holdingStandIn } from '../../state/account/account-cache.ts';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';
import { formatAsOf, formatMoney } from '../../i18n/format.ts';
import { systemClock } from '../../state/shell/clock.ts';
import type { AppOrder } from '../../../domain/types.ts';
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { LiveText } from '../../components/text/live-text.tsx';
import { Num } from '../../components/text/num.tsx';
import { orderLiveText } from './order-live.ts';
import { priceText } from '../../../domain/format/price.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import { isCancelled } from './order-format.ts';
import { orderLots } from '../../state/market/lot-step.ts';
import { hasSwap } from '../../chart/order-lines.ts';
import { afterPress } from '../../state/shell/yield-task.ts';

// A holding row binds the feed's figures as text nodes, so a tick never re-renders it.
interface OrderRowProps {
  order: AppOrder;
  onOpen: (order: AppOrder) => void;
  /** A last-known position (offline start): shown, but nothing can be done with it until live. */
  disabled?: boolean;
}

const OrderRow = memo(function OrderRow({ order, onOpen, disabled = false }: OrderRowProps) {
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

const NO_OPEN = (): void => undefined;

export function OrderList({ tab }: { tab: OrderTab }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const state = orderLists[tab].value;
  const end = useRef<HTMLDivElement>(null);
  const more = useCallback(() => void loadMore(tab), [tab]);
  useEndVisible(end, more, !state.finished && !state.loading, `${tab}:${state.items.length}:${state.page}`);
  const standIn = tab === 1 ? $holdingStandIn.value : null;
  const rows = (items: readonly AppOrder[], disabled: boolean): ReactElement => (
    <ul className="od-rows">
      {items.map((o) => (
        <li key={o.Id}>
          <OrderRow order={o} onOpen={disabled ? NO_OPEN : openOrder} disabled={disabled} />
        </li>
      ))}
    </ul>
  );

  // Muted and disabled until the live list replaces them; the account cache never holds another user's snapshot.
  if (standIn) {
    return (
      <div className="od-list" data-tab={1} data-state="last-known" data-stale="true">
        <p className="od-as-of" data-field="orders-as-of">
          {t('market.as_of', { time: formatAsOf(standIn.at, systemClock.now()) })}
        </p>
        {standIn.positions.length === 0 ? <EmptyState textKey="common.no_data" /> : rows(standIn.positions, true)}
      </div>
    );
  }
  if (state.finished && state.items.length === 0) {
    return (
      <div className="od-list" data-tab={tab} data-state="empty">
        <EmptyState textKey="common.no_data" />
      </div>
    );
  }
  return (
    <div
      className="od-list"
      data-tab={tab}
      data-state={state.finished ? 'finished' : state.loading ? 'loading' : 'more'}
    >
      {rows(state.items, false)}
      <div ref={end} className="od-end" role="status">
        {state.finished ? (
          <span className="muted">{t('common.no_more')}</span>
        ) : (
          <>
            <Spinner size={20} />
            <span className="visually-hidden">{t('common.loading')}</span>
          </>
        )}
      </div>
    </div>
  );
}
