// Re-renders when the list changes, never per tick; offline, the last-known positions stand in.
import { useCallback, useRef, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { loadMore, openOrder, orderLists, type OrderTab } from '../../state/orders/orders.ts';
import { $holdingStandIn } from '../../state/account/account-cache.ts';
import { OrderRow } from './order-row.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';
import { formatAsOf } from '../../i18n/format.ts';
import { systemClock } from '../../state/shell/clock.ts';
import type { AppOrder } from '../../../domain/types.ts';

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
