// The trade screen's orders, stops and alerts on the chart (docs/screens.md "Positions and orders on the chart").
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { $heldPositions, orderLists, refreshList } from '../state/orders/orders.ts';
import { $loggedIn } from '../state/account/session.ts';
import { askStopMove, openChartOrder } from './chart-order-edit.ts';
import { chartOrderLines, isPriceSet, type OrderLine } from './order-lines.ts';
import type { Instrument, AppOrder } from '../../domain/types.ts';
import type { StopLine } from './stop-lines.ts';
import { trailOf } from '../../domain/order-rules.ts';
import { effect } from '@preact/signals-react';
import type { PriceAlert, PriceAlerts } from '../../domain/price-alerts.ts';

// So an alert set from the chart's price line is still seen there; the alerts chunk loads only for a signed-in chart.
/** A change alert has no level, so active price alerts only (`title`: "Alert 1.08600"). */
export function alertLinesOf(
  alerts: readonly PriceAlert[],
  instrumentId: number,
  title: (price: string) => string,
): StopLine[] {
  return alerts
    .filter(
      (a): a is PriceAlert & { price: string } =>
        a.instrumentId === instrumentId && a.kind === 'price' && a.status === 'active' && a.price !== null,
    )
    .map((a) => ({ id: a.id, price: Number(a.price), priceText: a.price, title: title(a.price) }));
}

/** `title` must be stable (useCallback), or the lines are made again each render. */
export function useAlertLines(instrumentId: number, title: (price: string) => string): StopLine[] {
  useSignals();
  const loggedIn = $loggedIn.value;
  const [alerts, setAlerts] = useState<PriceAlerts | null>(null);
  useEffect(() => {
    if (!loggedIn) {
      setAlerts(null);
      return undefined;
    }
    let off: (() => void) | null = null;
    let gone = false;
    void import('../state/alerts/price-alerts.ts').then((store) => {
      if (gone) return;
      if (store.$alerts.peek() === null) void store.loadAlerts();
      off = effect(() => setAlerts(store.$alerts.value));
    });
    return () => {
      gone = true;
      off?.();
    };
  }, [loggedIn]);
  return useMemo(() => alertLinesOf(alerts?.alerts ?? [], instrumentId, title), [alerts, instrumentId, title]);
}

// Fixed stops are not drawn: the line is there to watch a trailing stop move.
export function trailingStopLines(held: readonly AppOrder[], instrumentId: number, title: string): StopLine[] {
  return held
    .filter((o) => o.instrumentId === instrumentId && o.Status === 1 && trailOf(o) && isPriceSet(o.TargetLossPrice))
    .map((o) => ({ id: o.Id, price: Number(o.TargetLossPrice), priceText: o.TargetLossPrice, title }));
}

export function useChartOrders(inst: Instrument) {
  useSignals();
  const loggedIn = $loggedIn.value;
  const held = $heldPositions.value;
  const pending = orderLists[0].value.items;
  // The pending list is /order's: read once when nothing has loaded it; events keep it current afterwards.
  useEffect(() => {
    if (loggedIn && !orderLists[0].peek().started) void refreshList(0);
  }, [loggedIn]);
  const lines = useMemo(
    () => (loggedIn ? chartOrderLines(held, pending, inst.Id) : []),
    [loggedIn, held, pending, inst.Id],
  );
  const onEdit = useCallback((line: OrderLine) => openChartOrder(line.order.Id, inst), [inst]);
  const onMove = useCallback((line: OrderLine, price: string) => askStopMove(line, price, inst), [inst]);
  return { lines, onEdit, onMove };
}
