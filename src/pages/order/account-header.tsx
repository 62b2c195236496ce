// The account above the order lists: available balance (the server's, refetched after every action and event, or the
// last-known one until it answers), equity and floating P&L live from the feed ($account), and on the history tab the
// realised total (all_fact_profits).
import { useMemo, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { $lastAccount } from '../../state/account-cache.ts';
import { $equity, $floating } from '../../state/account-figures.ts';
import { $funds, orderLists, type OrderTab } from '../../state/orders.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { Num } from '../../components/text/num.tsx';
import { moneyText, NO_VALUE, pnlDir } from '../../../domain/format/money.ts';
import { formatMoney } from '../../i18n/format.ts';

export function AccountHeader({ tab }: { tab: OrderTab }): ReactElement {
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
      floating: computed(() => moneyText($floating.value, { signed: true }), { name: 'account-header.floating' }),
      floatingDir: computed(() => pnlDir($floating.value), { name: 'account-header.floatingDir' }),
    }),
    [],
  );
  const realised = tab === 3 ? orderLists[3].value.allFactProfits : null;
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
      {tab === 3 ? (
        <div className="od-account__total" data-field="all-fact-profits">
          <span>{t('orders.realised_total')}</span>
          <span className="od-pnl" data-dir={pnlDir(realised)}>
            <Num>{moneyText(realised, { signed: true })}</Num>
          </span>
        </div>
      ) : null}
    </section>
  );
}
