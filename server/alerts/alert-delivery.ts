// Where a fired alert goes (docs/alerts.md "Delivery"): a PRICE_ALERT push to the user's sockets through the same
// per-user path orders use (the hub in one process, the bus to every gateway in a cluster), and Web Push to the
// browsers the user subscribed, for a closed app. The service worker and the app show one notification per alert.
import { alertToWire, type PriceAlert } from '../../domain/price-alerts.ts';
import type { UserPush } from '../core/services.ts';
import type { WebPushSender } from './web-push-sender.ts';

export function alertDelivery(
  push: UserPush,
  webPush: WebPushSender,
): (userId: number, alert: PriceAlert) => Promise<void> {
  return async (userId, alert) => {
    push.toUser(userId, { type: 'PRICE_ALERT', data: alertToWire(alert) });
    await webPush.send(userId, alert);
  };
}
