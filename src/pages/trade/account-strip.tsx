// Mounting it hands the holding positions to the feed (startOrders), so all follow every quote.
import { useEffect, useMemo, type ReactElement } from 'react';
import { computed } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from '../../i18n/use-translation.ts';
import { refreshTradeList } from '../../api/instruments.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { DefRow } from '../../components/text/def-row.tsx';
import { formatAsOf, formatMoney, formatPercent, formatPnl } from '../../i18n/format.ts';
import { $accountAsOf } from '../../state/account/account-cache.ts';
import { $equity, $floating, $stopOutDistance } from '../../state/account/account-figures.ts';
import { $liveRiskRate } from '../../state/account/margin-call-view.ts';
import { loadMarginCallLevel } from '../../state/account/margin-call.ts';
import { MarginCallBanner } from '../../components/account/margin-call-banner.tsx';
import { systemClock } from '../../state/shell/clock.ts';
import { startOrders } from '../../state/orders/orders.ts';
import { $loggedIn, $token } from '../../state/account/session.ts';
import { NO_VALUE, pnlDir } from '../../../domain/format/money-text.ts';
import './pnl.css';
import './account-strip.css';

const AMOUNT_SLOT = '\u0000';

export function AccountStrip(): ReactElement | null {
  useSignals();
  const { t } = useTranslation();
  const loggedIn = $loggedIn.value;
  useEffect(() => (loggedIn ? startOrders(() => void refreshTradeList()) : undefined), [loggedIn]);
  // The dealer's level, once the session's token is known (loggedIn is true from a stored hint before it).
  const token = $token.value;
  useEffect(() => void (token !== null && loadMarginCallLevel()), [token]);
  const text = useMemo(() => {
    // Translated once per language with a slot for the amount: i18next's t on every tick cost more than the figures.
    const [before = '', after = ''] = t('book.stop_out_distance', { amount: AMOUNT_SLOT }).split(AMOUNT_SLOT);
    return {
      floating: computed(() => formatPnl($floating.value, { missing: NO_VALUE }), { name: 'account-strip.floating' }),
      floatingDir: computed(() => pnlDir($floating.value), { name: 'account-strip.floatingDir' }),
      equity: computed(() => formatMoney($equity.value, { missing: NO_VALUE }), { name: 'account-strip.equity' }),
      held: computed(() => $liveRiskRate.value !== null, { name: 'account-strip.held' }),
      level: computed(() => formatPercent($liveRiskRate.value, { ratio: true, missing: NO_VALUE }), {
        name: 'account-strip.level',
      }),
      distance: computed(() => before + formatMoney($stopOutDistance.value, { missing: NO_VALUE }) + after, {
        name: 'account-strip.distance',
      }),
    };
  }, [t]);
  if (!loggedIn) return null;
  const asOf = $accountAsOf.value;
  const time = asOf === null ? '' : formatAsOf(asOf, systemClock.now());
  return (
    <>
      <MarginCallBanner />
      <dl className="tr-account" aria-label={t('orders.account')} data-stale={time !== ''}>
        <DefRow className="tr-account-cell" labelKey="orders.floating">
          <LiveText
            className="tw-num tr-pnl"
            field="trade-floating"
            $text={text.floating}
            $dir={text.floatingDir}
            box
          />
        </DefRow>
        <DefRow className="tr-account-cell" labelKey="orders.equity">
          <LiveText className="tw-num" field="trade-equity" $text={text.equity} box />
          {time === '' ? null : (
            <span className="tr-account-age" data-field="account-as-of">
              {t('market.as_of', { time })}
            </span>
          )}
        </DefRow>
        {text.held.value ? (
          // One name with two values: the level beside its name, the distance to the stop-out on a line below.
          <div className="tr-account-cell tr-account-level">
            <dt>{t('orders.margin_level')}</dt>
            <dd>
              <LiveText className="tw-num" field="trade-margin-level" $text={text.level} box />
            </dd>
            <dd className="tr-account-note">
              <LiveText field="trade-stop-out" $text={text.distance} prose />
            </dd>
          </div>
        ) : null}
      </dl>
    </>
  );
}
