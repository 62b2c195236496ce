// /order (docs/contract.md §2); live figures come from the feed.
import { useCallback, useEffect, useState, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import {
  $heldPositions,
  refreshFunds,
  refreshList,
  startOrders,
  syncPositions,
  tabFromQuery,
  type OrderTab,
} from '../../state/orders/orders.ts';
import { $holdingStandIn } from '../../state/account/account-cache.ts';
import { AccountHeader } from './account-header.tsx';
import { MarginCallBanner } from '../../components/account/margin-call-banner.tsx';
import { OrderList } from './order-list.tsx';
import { OrderSheet } from './order-sheet.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { StatementExport } from '../../components/overlays/statement-export.tsx';
import { CloseAllSheet } from './close-all-sheet.tsx';
import './orders.css';
import { ICON_REFRESH } from '../../components/icons/first-icons.ts';

const TAB_OPTIONS: ReadonlyArray<{ value: `${OrderTab}`; labelKey: string }> = [
  { value: '1', labelKey: 'orders.tab_holding' },
  { value: '0', labelKey: 'orders.tab_pending' },
  { value: '3', labelKey: 'orders.tab_history' },
];

export function OrdersPage(): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tab = tabFromQuery(useQuery().get('type'));
  const [closingAll, setClosingAll] = useState(false);
  const closeAllDone = useCallback(() => setClosingAll(false), []);

  useEffect(() => startOrders(() => void refreshTradeList()), []);
  useEffect(() => {
    void refreshList(tab);
  }, [tab]);

  const refresh = useCallback(() => {
    void refreshList(tab);
    void refreshFunds();
    if (tab === 1) void syncPositions();
  }, [tab]);
  return (
    <PullRefresh
      className="page od-page"
      onRefresh={refresh}
      header={({ trigger, refreshing }) => (
        <TitleBar
          titleKey="page.orders"
          conn
          right={
            <button
              type="button"
              className="od-refresh"
              data-action="refresh"
              aria-label={t('orders.refresh')}
              disabled={refreshing}
              onClick={trigger}
            >
              <Icon icon={ICON_REFRESH} size={20} />
            </button>
          }
        />
      )}
    >
      <div className="page-body od-body">
        <MarginCallBanner />
        <AccountHeader tab={tab} />
        <div className="od-tabs">
          <Segmented
            options={TAB_OPTIONS}
            value={`${tab}`}
            labelKey="page.orders"
            onChange={(v) => void navigate(`/order?type=${v}`, { replace: true })}
          />
        </div>
        {tab === 3 ? (
          <div className="st-heading-row od-export">
            <StatementExport kind="orders" />
          </div>
        ) : null}
        {tab === 1 ? (
          <div className="od-tools">
            <button
              type="button"
              className="btn btn-ghost"
              data-action="close-all"
              // Nothing to close until the positions the server holds are known and there is one.
              disabled={$holdingStandIn.value !== null || $heldPositions.value.length === 0}
              onClick={() => setClosingAll(true)}
            >
              {t('orders.close_all')}
            </button>
          </div>
        ) : null}
        <OrderList key={tab} tab={tab} />
      </div>
      <OrderSheet />
      <CloseAllSheet open={closingAll} onClose={closeAllDone} />
    </PullRefresh>
  );
}
