// "Alert at this price" on the chart (docs/alerts.md "Where an alert is set"): a click or tap on the chart puts a
// small button at the height of that price, labelled with it (the crosshair's price, lightweight-charts'
// coordinateToPrice of the clicked y, at the instrument's precision); the button opens the alert form with that price.
// Escape or a click on the chart outside the plot (no point) takes it away.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ISeriesApi, Point } from 'lightweight-charts';
import { Icon } from '../icons.tsx';
import { numberText } from '../../domain/decimal-text.ts';

export interface PickedPrice {
  /** The price as text at the instrument's precision. */
  price: string;
  /** Its height in the chart box (px). */
  y: number;
}

/** Keeps the button clear of the chart's top-corner table button and inside the box. */
const TOP_CLEARANCE = 40;

/** The price under a clicked point, or null when the click was not on the plot or the price is not positive. */
export function pickedPrice(series: Pick<ISeriesApi<'Candlestick'>, 'coordinateToPrice'>, point: Point | undefined, precision: number): PickedPrice | null {
  if (!point) return null;
  const p = series.coordinateToPrice(point.y);
  if (p === null || !Number.isFinite(p) || p <= 0) return null;
  return { price: numberText(p, precision), y: point.y };
}

export function ChartPricePick({ picked, onPick, onDismiss }: { picked: PickedPrice; onPick: (price: string) => void; onDismiss: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="tw-chart-pick"
      style={{ top: Math.max(TOP_CLEARANCE, picked.y) }}
      data-testid="chart-alert"
      data-price={picked.price}
      onClick={() => {
        onPick(picked.price);
        onDismiss();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDismiss();
      }}
    >
      <Icon name="bell" size={16} />
      <span className="tw-num">{t('alerts.chart_set', { price: picked.price })}</span>
    </button>
  );
}
