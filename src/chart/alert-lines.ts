// So an alert set from the chart's price line is still seen there; the alerts chunk loads only for a signed-in chart.
import { useEffect, useMemo, useState } from 'react';
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../state/account/session.ts';
import type { StopLine } from './stop-lines.ts';
import type { PriceAlert, PriceAlerts } from '../../domain/price-alerts.ts';

/** A change alert has no level, so active price alerts only (`title`: "Alert 1.08600"). */
export function alertLinesOf(
  alerts: readonly PriceAlert[],
  forexId: number,
  title: (price: string) => string,
): StopLine[] {
  const lines: StopLine[] = [];
  for (const a of alerts) {
    if (a.instrumentId !== forexId || a.kind !== 'price' || a.status !== 'active' || a.price === null) continue;
    lines.push({ id: a.id, price: Number(a.price), priceText: a.price, title: title(a.price) });
  }
  return lines;
}

/** `title` must be stable (useCallback), or the lines are made again each render. */
export function useAlertLines(forexId: number, title: (price: string) => string): StopLine[] {
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
  return useMemo(() => alertLinesOf(alerts?.alerts ?? [], forexId, title), [alerts, forexId, title]);
}
