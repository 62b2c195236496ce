// A fired alert goes to the user's sockets and, for a closed app, by Web Push (docs/alerts.md "Delivery").
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
