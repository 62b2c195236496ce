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

/** `num={false}` for words: a figure is a left-to-right isolate. */
function Row(p: { field: string; label: string; num?: boolean; children: ReactNode }): ReactElement {
  return (
    <div className="od-detail__row" data-row={p.field}>
      <dt>{p.label}</dt>
      <dd>{p.num === false ? p.children : <Num>{p.children}</Num>}</dd>
    </div>
  );
}

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
          <Row field="lots" label={t('trade.lots')}>
            {orderLots(order)}
          </Row>
          <Row field="leverage" label={t('trade.leverage')} num={order.leverage > 0}>
            {order.leverage > 0 ? t('trade.leverage_value', { value: order.leverage }) : t('trade.fixed_margin')}
          </Row>
          <Row
            field="open-price"
            label={t(order.Status === 0 || cancelled ? 'trade.target_price' : 'orders.open_price')}
          >
            {priceText(order.Price, precision, { missing: NO_VALUE })}
          </Row>
          {traded ? (
            <Row field="current-price" label={t(order.Status === 3 ? 'orders.close_price' : 'orders.current_price')}>
              <LiveText $text={live.current} field="current" />
            </Row>
          ) : null}
          <Row field="margin" label={t('trade.margin')}>
            {formatMoney(order.margin, { missing: NO_VALUE })}
          </Row>
          <Row field="fee" label={t('trade.fee')}>
            {formatMoney(order.TradeFee, { missing: NO_VALUE })}
          </Row>
          {traded ? (
            <>
              <Row field="pnl" label={t('orders.pnl')}>
                <LiveText className="od-pnl" $text={live.pnl} $dir={live.pnlDir} field="pnl" />
              </Row>
              <Row field="risk-rate" label={t('orders.risk_rate')}>
                <LiveText $text={live.riskRate} field="risk-rate" />
              </Row>
            </>
          ) : null}
          {traded && order.Status !== 0 ? (
            <Row field="swap" label={t('book.swap')}>
              {formatMoney(order.Swap ?? '0', { missing: NO_VALUE })}
            </Row>
          ) : null}
          <Row field="prepayment" label={t('orders.prepayment')}>
            {formatPercent(own.prepayment, { ratio: true, missing: NO_VALUE })}
          </Row>
          {traded ? (
            <Row field="net-value" label={t('orders.net_value')}>
              <LiveText $text={live.netValue} field="net-value" />
            </Row>
          ) : null}
          <Row field="stop-profit" label={t('trade.stop_profit')}>
            {stopText(order.TargetProfitPrice, precision)}
          </Row>
          <Row field="stop-loss" label={t(trailOf(order) ? 'orders.trailing' : 'trade.stop_loss')}>
            {stopLossText(order, t)}
          </Row>
          <Row field="created" label={t('orders.created')} num={false}>
            {timeText(order.CreateTimeHandler)}
          </Row>
          <Row field="completed" label={t('orders.completed')} num={false}>
            {timeText(order.CompleteTimeHandler)}
          </Row>
          {order.Status === 0 ? (
            <Row field="expires" label={t('trade.expiry')} num={false}>
              {expiryText(t, order.ExpireTimeHandler) || t('trade.expiry_gtc')}
            </Row>
          ) : null}
          {/* Of the cancelled orders only an expired one says why it ended. */}
          {order.Status === 3 && order.CloseReason && (traded || order.CloseReason === 'expired') ? (
            <Row field="reason" label={t('orders.reason')} num={false}>
              {t(`orders.reason_${order.CloseReason}`)}
            </Row>
          ) : null}
        </dl>
      )}
    </div>
  );
}
