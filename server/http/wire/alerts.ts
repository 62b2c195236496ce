import type { PriceAlertWire, PriceAlertsWire } from '../../../domain/price-alerts.ts';
import { decimal, enumOf, integer, listOf, nullable, shape, text } from '../wire-schema.ts';

const ALERT = shape<PriceAlertWire>('PriceAlert', {
  id: integer,
  forex_id: integer,
  code: text,
  show_code: text,
  kind: enumOf('price', 'change'),
  condition: enumOf('above', 'below'),
  price: nullable(decimal),
  percent: nullable(decimal),
  note: text,
  status: enumOf('active', 'fired'),
  created_at: integer,
  fired_at: nullable(integer),
  fired_price: nullable(decimal),
  fired_change: nullable(decimal),
});

export const PRICE_ALERTS = shape<PriceAlertsWire>('PriceAlerts', { alerts: listOf(ALERT), max: integer });

export const PUSH_KEY = shape<{ key: string }>('PushKey', { key: text });

export const PUSH_DEVICES = shape<{ devices: number }>('PushDevices', { devices: integer });
