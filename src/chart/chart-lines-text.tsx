// What a screen reader reads of the lines over the candles (docs/screens.md "The chart"); the P&L is live text.
import { useMemo, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { TFunction } from '../i18n/index.ts';
import { LiveText } from '../components/text/live-text.tsx';
import { orderLots } from '../state/market/lot-step.ts';
import { computed, type ReadonlySignal } from '@preact/signals-react';
import { livePosition } from '../state/account/live-positions.ts';
import { NO_VALUE, pnlDir } from '../../domain/format/money-text.ts';
import { formatPnl } from '../i18n/format.ts';
import type { AppOrder } from '../../domain/types.ts';
import type { OrderLine } from './order-lines.ts';
import type { StopLine } from './stop-lines.ts';

/** The price is the line's own, or where a drag left it. */
export function lineWords(t: TFunction, line: OrderLine, price: string): { side: string; lots: string; price: string } {
  return { side: t(line.side === 1 ? 'trade.buy_up' : 'trade.buy_low'), lots: orderLots(line.order), price };
}

/** "Take profit of Buy 0.01 lots at 1.09000". */
export function lineName(t: TFunction, line: OrderLine, price: string): string {
  return t(`chart_lines.${line.trailing ? 'trailing' : line.role}_name`, lineWords(t, line, price));
}

export interface ChartLinesTextProps {
  orders: readonly OrderLine[];
  alerts: readonly StopLine[];
  /** Drawn by stop-lines.ts: one already among `orders` is named there, not twice. */
  trailing: readonly StopLine[];
}

export function ChartLinesText({ orders, alerts, trailing }: ChartLinesTextProps): ReactElement | null {
  const { t } = useTranslation();
  const named = new Set(orders.filter((l) => l.trailing).map((l) => l.order.Id));
  const stops = trailing.filter((s) => !named.has(s.id));
  if (orders.length + alerts.length + stops.length === 0) return null;
  return (
    <ul className="visually-hidden" data-testid="chart-lines-text" aria-label={t('chart_lines.text_list')}>
      {orders.map((l) => (
        <li key={l.key} data-line={l.key}>
          {l.role === 'entry' ? <EntryText line={l} /> : lineName(t, l, l.priceText)}
        </li>
      ))}
      {stops.map((s) => (
        <li key={`trailing:${s.id}`}>{t('chart_lines.trailing_stop_name', { price: s.priceText })}</li>
      ))}
      {alerts.map((a) => (
        <li key={`alert:${a.id}`} data-alert={a.id}>
          {t('chart_lines.alert_name', { price: a.priceText })}
        </li>
      ))}
    </ul>
  );
}

function EntryText({ line }: { line: OrderLine }): ReactElement {
  const { t } = useTranslation();
  const pnl = useMemo(() => positionPnl(line.order), [line.order]);
  return (
    <>
      {/* The P&L last, as live text after the sentence (its placeholder ends every language's text). */}
      {t('chart_lines.entry_text', { ...lineWords(t, line, line.priceText), pnl: '' })}
      <LiveText $text={pnl.text} />
    </>
  );
}

interface PositionPnl {
  text: ReadonlySignal<string>;
  dir: ReadonlySignal<string>;
}

// One pair per order, so a tick formats a position's P&L once, not once per place that shows it.
const made = new WeakMap<AppOrder, PositionPnl>();

/** Signals bound once as live text: a tick rewrites a text node and renders nothing. */
export function positionPnl(o: AppOrder): PositionPnl {
  const known = made.get(o);
  if (known) return known;
  const l = livePosition(o.Id);
  const $v = computed(() => l.$pnl.value ?? o.FactProfits, { name: 'order-line.$pnl' });
  const pnl = {
    text: computed(() => formatPnl($v.value, { missing: NO_VALUE }), { name: 'order-line.pnl' }),
    dir: computed(() => pnlDir($v.value), { name: 'order-line.pnlDir' }),
  };
  made.set(o, pnl);
  return pnl;
}
