// Starts the price-alerts store (state/alerts/price-alerts.ts, with its API and texts) from a lazy chunk: the first screen
// draws no alert. A fired alert the feed reports before the chunk has arrived is held and handed over once the
// store listens, so none is lost to the wait.
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
