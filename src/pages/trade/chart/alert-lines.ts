// The trader's active price alerts on the shown instrument, as lines for the chart (docs/alerts.md "Where an alert is
// set"): each at its price, named on the price axis, so an alert set from the chart's price line is still seen there.
// The alerts store is a chunk the first screen does not load: it is asked for here once a signed-in chart shows.
import { useEffect, useMemo, useState } from 'react';
import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { $loggedIn } from '../../../state/account/session.ts';
import type { StopLine } from '../../../components/chart/stop-lines.ts';
import type { PriceAlert, PriceAlerts } from '../../../../domain/price-alerts.ts';

/** The lines of `alerts` for instrument `forexId`: active price alerts only (a change alert has no level). */
export function alertLinesOf(alerts: readonly PriceAlert[], forexId: number, title: string): StopLine[] {
  return alerts
    .filter((a) => a.forex_id === forexId && a.kind === 'price' && a.status === 'active' && a.price !== null)
    .map((a) => ({ id: a.id, price: Number(a.price), title }));
}

export function useAlertLines(forexId: number, title: string): StopLine[] {
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
    void import('../../../state/alerts/price-alerts.ts').then((store) => {
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
