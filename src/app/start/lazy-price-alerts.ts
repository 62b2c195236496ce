// The first screen draws no alert; an alert fired before the chunk arrives is held and handed over, so none is lost.
import type { PriceAlert } from '../../../domain/price-alerts.ts';
import { dispatchPriceAlert, onPriceAlert } from '../../state/feed/feed-listeners.ts';

type Store = { startPriceAlerts(): () => void };

export async function startPriceAlertsLazily(
  load: () => Promise<Store> = () => import('../../state/alerts/price-alerts.ts'),
): Promise<void> {
  const held: PriceAlert[] = [];
  const stopHolding = onPriceAlert((a) => void held.push(a));
  try {
    const store = await load();
    store.startPriceAlerts();
  } finally {
    stopHolding();
  }
  for (const a of held.splice(0)) dispatchPriceAlert(a);
}
