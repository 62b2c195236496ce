// The price-alert routes (docs/alerts.md); list, create and delete answer the whole list with the cap.
import type { AlertCondition, AlertKind, PriceAlerts, PriceAlertsWire } from '../../domain/price-alerts.ts';
import { alertsFromWire } from '../../domain/price-alerts.ts';
import { apiGet, apiPost, apiRequest, type CallOptions } from './client.ts';

export interface NewAlert {
  instrumentId: number;
  kind: AlertKind;
  condition: AlertCondition;
  price: string; // exactly as typed (kind price; '' otherwise)
  percent: string; // exactly as typed (kind change; '' otherwise)
  note: string;
}

export const readAlerts = async (opts: CallOptions = { toast: false }): Promise<PriceAlerts> =>
  alertsFromWire(await apiGet<PriceAlertsWire>('/v1/api/alerts/list', {}, opts));
export const createAlert = async (a: NewAlert): Promise<PriceAlerts> =>
  alertsFromWire(
    await apiPost<PriceAlertsWire>(
      '/v1/api/alerts/create',
      a.kind === 'change'
        ? { forex_id: a.instrumentId, kind: a.kind, condition: a.condition, percent: a.percent, note: a.note }
        : { forex_id: a.instrumentId, kind: a.kind, condition: a.condition, price: a.price, note: a.note },
      { toast: false },
    ),
  );
export const deleteAlert = async (id: number): Promise<PriceAlerts> =>
  alertsFromWire(await apiPost<PriceAlertsWire>('/v1/api/alerts/delete', { id }));

export const pushKey = (): Promise<{ key: string }> => apiGet('/v1/api/alerts/push/key', {}, { toast: false });
export const subscribePush = (s: {
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}): Promise<{ devices: number }> => apiPost('/v1/api/alerts/push/subscribe', s, { toast: false });
/** With the given token: at sign-out the app's own token is being cleared. */
export const unsubscribePush = (endpoint: string, token: string): Promise<unknown> =>
  apiRequest(
    {
      method: 'post',
      url: '/v1/api/alerts/push/unsubscribe',
      data: new URLSearchParams({ endpoint }),
      headers: { authorization: token },
    },
    { toast: false },
  );
