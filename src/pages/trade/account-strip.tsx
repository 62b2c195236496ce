// /trade for a signed-in trader: the account's floating P&L and equity on one line, live from the feed. Mounting it
// hands the account's holding positions to the feed (startOrders, as /order does), so both follow every quote.
// Before the server's first answer (offline start) it shows the last-known figures, muted, with their age.
import { useEffect, useMemo, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { formatAsOf, formatMoney, formatPnl } from '../../i18n/format.ts';
import { $accountAsOf } from '../../state/account/account-cache.ts';
import { $equity, $floating } from '../../state/account/account-figures.ts';
import { systemClock } from '../../state/shell/clock.ts';
import { startOrders } from '../../state/orders/orders.ts';
import { $loggedIn } from '../../state/account/session.ts';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import './pnl.css';
import './account-strip.css';

export function AccountStrip(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  const loggedIn = $loggedIn.value;
  useEffect(() => (loggedIn ? startOrders(() => void refreshTradeList()) : undefined), [loggedIn]);
  const text = useMemo(
    () => ({
      floating: computed(() => formatPnl($floating.value, { missing: NO_VALUE }), { name: 'account-strip.floating' }),
      floatingDir: computed(() => pnlDir($floating.value), { name: 'account-strip.floatingDir' }),
      equity: computed(() => formatMoney($equity.value, { missing: NO_VALUE }), { name: 'account-strip.equity' }),
    }),
    [],
  );
  if (!loggedIn) return null;
  const asOf = $accountAsOf.value;
  const time = asOf === null ? '' : formatAsOf(asOf, systemClock.now());
  return (
    <dl className="tr-account" aria-label={t('orders.account')} data-stale={time !== ''}>
      <DefRow className="tr-account-cell" labelKey="orders.floating">
        <LiveText className="tw-num tr-pnl" field="trade-floating" $text={text.floating} $dir={text.floatingDir} box />
      </DefRow>
      <DefRow className="tr-account-cell" labelKey="orders.equity">
        <LiveText className="tw-num" field="trade-equity" $text={text.equity} box />
        {time === '' ? null : (
          <span className="tr-account-age" data-field="account-as-of">
            {t('market.as_of', { time })}
          </span>
        )}
      </DefRow>
    </dl>
  );
}
