// A touch's tap is the crosshair's, so a long press places the line (docs/screens.md "The chart").
import type { IChartApi, ISeriesApi, MouseEventParams } from 'lightweight-charts';
import type { Timers } from '../state/shell/clock.ts';
import { LONG_PRESS_MS, LONG_PRESS_SLOP_PX } from '../components/hooks/long-press-rule.ts';
import { pickedPrice, type PickedPrice } from './chart-price-pick.tsx';
import type { OrderLine } from './order-lines.ts';

export interface PressWiring {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  box: HTMLElement;
  timers: () => Timers;
  precision: () => number;
  /** px from the chart's top; absent when lines cannot be edited. */
  lineAt: (y: number) => OrderLine | null | undefined;
  editLine: (line: OrderLine) => void;
  placeLine: (p: PickedPrice | null, keep: boolean) => void;
}

export function wirePricePress({ chart, series, box, timers, precision, lineAt, editLine, placeLine }: PressWiring) {
  let pointerType = 'mouse';
  let press: unknown = null;
  let pressAt = { x: 0, y: 0 };
  let heldOnLine = false; // the touch held on an order's line opened its sheet
  const onTouchEnd = (e: TouchEvent) => {
    // Its tap would land on the sheet's backdrop and close it.
    if (heldOnLine) e.preventDefault();
    heldOnLine = false;
  };
  const endPress = () => {
    if (press !== null) timers().clearTimeout(press);
    press = null;
  };
  const onPointerDown = (e: PointerEvent) => {
    pointerType = e.pointerType;
    endPress();
    if (e.pointerType !== 'touch') return;
    pressAt = { x: e.clientX, y: e.clientY };
    press = timers().setTimeout(() => {
      press = null;
      // A user gesture, not the tick path: one layout read is fine.
      const top = box.getBoundingClientRect().top;
      const onLine = lineAt(pressAt.y - top);
      if (onLine) {
        heldOnLine = true;
        editLine(onLine);
        return;
      }
      const p = pickedPrice(series, pressAt.y - top, precision());
      if (p) placeLine(p, true);
    }, LONG_PRESS_MS);
  };
  const onPointerMove = (e: PointerEvent) => {
    if (press !== null && Math.hypot(e.clientX - pressAt.x, e.clientY - pressAt.y) > LONG_PRESS_SLOP_PX) endPress();
  };
  const onClick = (param: MouseEventParams) => {
    if (pointerType === 'touch') return;
    placeLine(pickedPrice(series, param.point?.y, precision()), true);
  };
  box.addEventListener('touchend', onTouchEnd);
  box.addEventListener('pointerdown', onPointerDown);
  box.addEventListener('pointermove', onPointerMove);
  box.addEventListener('pointerup', endPress);
  box.addEventListener('pointercancel', endPress);
  chart.subscribeClick(onClick);
  return () => {
    chart.unsubscribeClick(onClick);
    endPress();
    box.removeEventListener('pointerdown', onPointerDown);
    box.removeEventListener('pointermove', onPointerMove);
    box.removeEventListener('pointerup', endPress);
    box.removeEventListener('pointercancel', endPress);
    box.removeEventListener('touchend', onTouchEnd);
  };
}
