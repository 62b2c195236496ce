// The figures of one order in its sheet (docs/contract.md §2/§3); live ones are LiveText.
import { shownCode } from '../../components/instrument/instrument-code.tsx';
import { useMemo, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Instrument, AppOrder } from '../../../domain/types.ts';
import { formatDate, formatMoney, formatPercent } from '../../i18n/format.ts';
import { LiveText } from '../../components/text/live-text.tsx';
import { Num } from '../../components/text/num.tsx';
import { orderLiveText } from './order-live.ts';
import { priceText } from '../../../domain/format/price.ts';
import { trailOf } from '../../../domain/order-rules.ts';
import { NO_VALUE } from '../../../domain/format/money-text.ts';
import { expiryText, isCancelled, orderFigures, stopLossText, stopText } from './order-format.ts';
import { orderLots } from '../../state/market/lot-step.ts';

const STATUS_KEY: Record<AppOrder['Status'], string> = {
  0: 'orders.state_pending',
  1: 'orders.state_holding',
  3: 'orders.state_closed',
};

const timeText = (v: string): string => (v ? formatDate(v) || NO_VALUE : NO_VALUE);

export interface OrderDetailProps {
  order: AppOrder;
  inst: Instrument | undefined;
  /** The stop form then has the sheet to itself. */
  headOnly?: boolean;
}

export function OrderDetail({ order, inst, headOnly = false }: OrderDetailProps): ReactElement {
  const { t } = useTranslation();
  const live = useMemo(() => orderLiveText(order, inst), [order, inst]);
  const own = useMemo(() => orderFigures(order, inst), [order, inst]);
  const precision = order.instrument.PricePrecision;
  const buy = order.OrderType === 1;
  // A cancelled pending order never traded: no close price, P&L, risk rate or net value, and it says cancelled.
  const cancelled = isCancelled(order);
  const traded = !cancelled;
  // [data-row, label key, value, false for words (a figure is a left-to-right isolate)]; false leaves a row out.
  const rows: Array<readonly [string, string, ReactNode, boolean?] | false> = [
    ['lots', 'trade.lots', orderLots(order)],
    [
      'leverage',
      'trade.leverage',
      order.leverage > 0 ? t('trade.leverage_value', { value: order.leverage }) : t('trade.fixed_margin'),
      order.leverage > 0,
    ],
    [
      'open-price',
      order.Status === 0 || cancelled ? 'trade.target_price' : 'orders.open_price',
      priceText(order.Price, precision, { missing: NO_VALUE }),
    ],
    traded && [
      'current-price',
      order.Status === 3 ? 'orders.close_price' : 'orders.current_price',
      <LiveText key="current" $text={live.current} field="current" />,
    ],
    ['margin', 'trade.margin', formatMoney(order.margin, { missing: NO_VALUE })],
    ['fee', 'trade.fee', formatMoney(order.TradeFee, { missing: NO_VALUE })],
    traded && [
      'pnl',
      'orders.pnl',
      <LiveText key="pnl" className="od-pnl" $text={live.pnl} $dir={live.pnlDir} field="pnl" />,
    ],
    traded && ['risk-rate', 'orders.risk_rate', <LiveText key="risk-rate" $text={live.riskRate} field="risk-rate" />],
    traded && order.Status !== 0 && ['swap', 'book.swap', formatMoney(order.Swap ?? '0', { missing: NO_VALUE })],
    ['prepayment', 'orders.prepayment', formatPercent(own.prepayment, { ratio: true, missing: NO_VALUE })],
    traded && ['net-value', 'orders.net_value', <LiveText key="net-value" $text={live.netValue} field="net-value" />],
    ['stop-profit', 'trade.stop_profit', stopText(order.TargetProfitPrice, precision)],
    ['stop-loss', trailOf(order) ? 'orders.trailing' : 'trade.stop_loss', stopLossText(order, t)],
    ['created', 'orders.created', timeText(order.CreateTimeHandler), false],
    ['completed', 'orders.completed', timeText(order.CompleteTimeHandler), false],
    order.Status === 0 && [
      'expires',
      'trade.expiry',
      expiryText(t, order.ExpireTimeHandler) || t('trade.expiry_gtc'),
      false,
    ],
    // Of the cancelled orders only an expired one says why it ended.
    order.Status === 3 &&
      !!order.CloseReason &&
      (traded || order.CloseReason === 'expired') && [
        'reason',
        'orders.reason',
        t(`orders.reason_${order.CloseReason}`),
        false,
      ],
  ];
  return (
    <div className="od-detail" data-id={order.Id} data-status={order.Status}>
      <div className="od-detail__head">
        <span className="od-code" data-field="code">
          {shownCode(t, order.instrument.Code, order.instrument.ShowCode)}
        </span>
        <span className="od-side" data-side={buy ? 'buy' : 'sell'} data-field="side">
          {t(buy ? 'trade.buy_up' : 'trade.buy_low')}
        </span>
        <span className="od-detail__state" data-field="status">
          {t(cancelled ? 'orders.state_cancelled' : STATUS_KEY[order.Status])}
        </span>
      </div>
      {headOnly ? null : (
        <dl className="od-detail__grid">
          {rows.map(
            (r) =>
              r && (
                <div key={r[0]} className="od-detail__row" data-row={r[0]}>
                  <dt>{t(r[1])}</dt>
                  <dd>{r[3] === false ? r[2] : <Num>{r[2]}</Num>}</dd>
                </div>
              ),
          )}
        </dl>
      )}
    </div>
  );
}
