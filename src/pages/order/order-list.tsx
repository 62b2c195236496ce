// Re-renders when the list changes, never per tick; offline, the last-known positions stand in.
import { useCallback, useRef, type ReactElement } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { EmptyState } from '../../components/lists/empty-state.tsx';
import { Spinner } from '../../components/lists/spinner.tsx';
import { loadMore, openOrder, orderLists, type OrderTab } from '../../state/orders/orders.ts';
import { $holdingStandIn } from '../../state/account/account-cache.ts';
import { LastKnownPositions } from './last-known-positions.tsx';
import { OrderRow } from './order-row.tsx';
import { useEndVisible } from '../../components/lists/use-end-visible.ts';

export function OrderList({ tab }: { tab: OrderTab }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const state = orderLists[tab].value;
  const end = useRef<HTMLDivElement>(null);
  const more = useCallback(() => void loadMore(tab), [tab]);
  useEndVisible(end, more, !state.finished && !state.loading, `${tab}:${state.items.length}:${state.page}`);
  const standIn = tab === 1 ? $holdingStandIn.value : null;

  if (standIn) return <LastKnownPositions snapshot={standIn} />;
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
      <ul className="od-rows">
        {state.items.map((o) => (
          <li key={o.Id}>
            <OrderRow order={o} onOpen={openOrder} />
          </li>
        ))}
      </ul>
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
