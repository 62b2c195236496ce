// /order (docs/contract.md §2); live figures come from the feed.
import { useCallback, useEffect, useMemo, useState, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useNavigate } from 'react-router-dom';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useQuery } from '../../components/hooks/use-query.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { TitleBar } from '../../components/nav/title-bar.tsx';
import { Segmented } from '../../components/forms/segmented.tsx';
import { Icon } from '../../components/icons/icons.tsx';
import {
  $funds,
  $heldPositions,
  orderLists,
  refreshFunds,
  refreshList,
  startOrders,
  syncPositions,
  tabFromQuery,
  type OrderTab,
} from '../../state/orders/orders.ts';
import { $holdingStandIn, $lastAccount } from '../../state/account/account-cache.ts';
import { $equity, $floating, $stopOutDistance } from '../../state/account/account-figures.ts';
import { $marginCallLevel, loadMarginCallLevel } from '../../state/account/margin-call.ts';
import { $liveRiskRate } from '../../state/account/margin-call-view.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { Num } from '../../components/text/num.tsx';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import { formatMoney, formatPercent, formatPnl } from '../../i18n/format.ts';
import { MarginCallBanner } from '../../components/account/margin-call-banner.tsx';
import { OrderList } from './order-list.tsx';
import { OrderSheet } from './order-sheet.tsx';
import { PullRefresh } from '../../components/lists/pull-refresh.tsx';
import { StatementExport } from '../../components/overlays/statement-export.tsx';
import { CloseAllSheet } from './close-all-sheet.tsx';
import './orders.css';
import { ICON_REFRESH } from '../../components/icons/first-icons.ts';

// Balance is the server's (the last-known until it answers); equity and floating P&L are live from the feed.
function AccountHeader({ tab }: { tab: OrderTab }): ReactElement {
  useSignals();
  const { t } = useTranslation();
  const text = useMemo(
    () => ({
      // Before the server's first answer: the last-known balance (account-cache.ts), as equity already is.
      balance: computed(
        () => formatMoney(($funds.value ?? $lastAccount.value?.funds)?.balance, { missing: NO_VALUE }),
        { name: 'account-header.balance' },
      ),
      equity: computed(() => formatMoney($equity.value, { missing: NO_VALUE }), { name: 'account-header.equity' }),
      floating: computed(() => formatPnl($floating.value, { missing: NO_VALUE }), { name: 'account-header.floating' }),
      floatingDir: computed(() => pnlDir($floating.value), { name: 'account-header.floatingDir' }),
      // The account's risk rate from the feed (equity / margin, the server's rule: docs/trading.md "Stop-out"), once
      // the feed's figures hold the positions, as the banner reads it.
      riskRate: computed(() => formatPercent($liveRiskRate.value, { ratio: true, missing: NO_VALUE }), {
        name: 'account-header.riskRate',
      }),
      distance: computed(
        () =>
          $stopOutDistance.value === null
            ? ''
            : t('book.stop_out_distance', { amount: formatMoney($stopOutDistance.value) }),
        { name: 'account-header.distance' },
      ),
    }),
    [t],
  );
  const realised = tab === 3 ? orderLists[3].value.allFactProfits : null;
  const level = $marginCallLevel.value;
  useEffect(() => void loadMarginCallLevel(), []);
  return (
    <section className="od-account" aria-label={t('orders.account')}>
      <div className="od-account__cell od-account__cell--main">
        <span className="od-account__label">{t('orders.balance')}</span>
        <span className="od-account__value">
          <LiveText field="balance" $text={text.balance} />
          <span className="od-account__ccy">{t('trade.usd')}</span>
        </span>
      </div>
      <div className="od-account__cell">
        <span className="od-account__label">{t('orders.equity')}</span>
        <LiveText className="od-account__value" field="equity" $text={text.equity} />
      </div>
      <div className="od-account__cell">
        <span className="od-account__label">{t('orders.floating')}</span>
        <LiveText className="od-account__value od-pnl" field="floating" $text={text.floating} $dir={text.floatingDir} />
      </div>
      <div className="od-account__cell" data-field="risk-level">
        <span className="od-account__label">{t('orders.risk_rate')}</span>
        <LiveText className="od-account__value" field="account-risk-rate" $text={text.riskRate} />
        {level ? (
          <span className="od-account__hint" data-field="margin-call-level">
            {t('book.margin_call_level', { level: formatPercent(level) })}
          </span>
        ) : null}
        <LiveText className="od-account__hint" field="stop-out-distance-header" $text={text.distance} prose />
      </div>
      {tab === 3 ? (
        <div className="od-account__total" data-field="all-fact-profits">
          <span>{t('orders.realised_total')}</span>
          <span className="od-pnl" data-dir={pnlDir(realised)}>
            <Num>{formatPnl(realised, { missing: NO_VALUE })}</Num>
          </span>
        </div>
      ) : null}
    </section>
  );
}

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
