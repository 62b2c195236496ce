// The trader's price line on the chart, the step before "alert at this price" (docs/alerts.md).
import { useRef, type PointerEvent, type ReactElement } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { ISeriesApi } from 'lightweight-charts';
import { Icon } from '../components/icons/icons.tsx';
import { numberText } from '../../domain/decimal-text.ts';
import { ICON_BELL, ICON_CLOSE } from '../components/icons/screen-icons.ts';

export interface PickedPrice {
  /** At the instrument's precision. */
  price: string;
  /** px in the chart box. */
  y: number;
}

/** Clear of the chart's top-corner table button. */
export const TOP_CLEARANCE = 40;
/** A pointer that moved less than this between down and up was a tap, not a drag. */
const DRAG_SLOP_PX = 4;

/** `y` in px in the chart box; null off the plot or for a price not above zero. */
export function pickedPrice(
  series: Pick<ISeriesApi<'Candlestick'>, 'coordinateToPrice'>,
  y: number | undefined,
  precision: number,
): PickedPrice | null {
  if (y === undefined) return null;
  const p = series.coordinateToPrice(y);
  if (p === null || !Number.isFinite(p) || p <= 0) return null;
  return { price: numberText(p, precision), y };
}

/** A pointer drag along the price scale from `top`; a move under the slop stays a tap. */
export function useVerticalDrag(onDrag: (y: number, done: boolean) => void) {
  const drag = useRef<{ id: number; startY: number; top: number; moved: boolean } | null>(null);
  return {
    start: (e: PointerEvent<HTMLElement>, top: number): void => {
      drag.current = { id: e.pointerId, startY: e.clientY, top, moved: false };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    move: (e: PointerEvent): void => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const dy = e.clientY - d.startY;
      if (!d.moved && Math.abs(dy) < DRAG_SLOP_PX) return;
      d.moved = true;
      onDrag(d.top + dy, false);
    },
    /** True when it ended a drag: the click that follows is not a tap. */
    end: (e: PointerEvent): boolean => {
      const d = drag.current;
      drag.current = null;
      if (!d || d.id !== e.pointerId || !d.moved) return false;
      onDrag(d.top + (e.clientY - d.startY), true);
      return true;
    },
    cancel: (): void => {
      drag.current = null;
    },
  };
}

export interface ChartPricePickProps {
  picked: PickedPrice;
  /** One tap: the alert form with this price. */
  onPick: (price: string) => void;
  /** The × (or Escape): the line goes. */
  onDismiss: () => void;
  /** `y` in px in the chart box; `done` when the pointer was released. */
  onDrag: (y: number, done: boolean) => void;
  /** The keyboard's drag: one price step. */
  onStep: (dir: 1 | -1) => void;
  /** It moves with the price scale: where a drag starts. */
  startY: () => number;
}

export function ChartPricePick({
  picked,
  onPick,
  onDismiss,
  onDrag,
  onStep,
  startY,
}: ChartPricePickProps): ReactElement {
  const { t } = useTranslation();
  const drag = useVerticalDrag(onDrag);
  const dragged = useRef(false);
  return (
    <div className="tw-chart-pick" data-testid="price-line" data-price={picked.price}>
      <button
        type="button"
        className="tw-chart-pick__alert"
        data-testid="chart-alert"
        data-price={picked.price}
        onPointerDown={(e) => {
          drag.start(e, startY());
          dragged.current = false;
        }}
        onPointerMove={drag.move}
        onPointerUp={(e) => {
          if (drag.end(e)) dragged.current = true;
        }}
        onPointerCancel={drag.cancel}
        onClick={() => {
          if (!dragged.current) onPick(picked.price);
          dragged.current = false;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onDismiss();
          else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault(); // not a page scroll
            onStep(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
      >
        <Icon icon={ICON_BELL} size={16} />
        <span className="tw-num">{t('alerts.chart_set', { price: picked.price })}</span>
      </button>
      <button
        type="button"
        className="tw-chart-pick__remove"
        data-action="price-line-remove"
        aria-label={t('chart.line_remove')}
        onClick={onDismiss}
      >
        <Icon icon={ICON_CLOSE} size={14} />
      </button>
    </div>
  );
}
