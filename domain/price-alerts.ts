// Price alerts' shared rules (docs/alerts.md): the kinds and conditions, the caps, the wire shapes,
// the day-move percentage's limits, and the one test of "the condition holds", used by the server (its tick index and
// its validation) and the app (the form's validation).
import { percentText } from './format/percent.ts';
import { decimalRe } from './numerics/decimal-pattern.ts';

/**
 * A price alert's kind: `price` watches the price against a level; `change` watches the day's change % that the market
 * list shows (the quote's change against the trading day's open) against ±N %.
 */
export type AlertKind = 'price' | 'change';
export const ALERT_KINDS: readonly AlertKind[] = ['price', 'change'];

/**
 * "Above X" holds at a price ≥ X, "below X" at a price ≤ X. For a `change` alert, "above N" is "rises by N %" (the
 * day's change ≥ +N) and "below N" is "falls by N %" (the day's change ≤ −N).
 */
export type AlertCondition = 'above' | 'below';
export const ALERT_CONDITIONS: readonly AlertCondition[] = ['above', 'below'];

/**
 * A day-move alert's N, in percent: from 0.01 (the smallest move the list's 2-place change shows) to 50, at most 2
 * decimals (the list's change has 2, so N compares with exactly what the trader sees).
 */
export const PERCENT_MIN = '0.01';
export const PERCENT_MAX = '50';
const PERCENT_TEXT = decimalRe({ whole: 2, places: 2 });

/** Whether a typed N is a day-move percentage the server takes (the text as typed, never rewritten). */
export function validPercent(text: string): boolean {
  const t = text.trim();
  if (!PERCENT_TEXT.test(t)) return false;
  const n = Number(t);
  return n >= Number(PERCENT_MIN) && n <= Number(PERCENT_MAX);
}

/** The value a `change` alert's condition compares the day's change with: +N for "rises by", −N for "falls by". */
export function changeThreshold(condition: AlertCondition, percent: number): number {
  return condition === 'above' ? percent : -percent;
}

/** Active alerts per user: enough for a trader's levels, few enough that one user cannot weigh on the tick path. */
export const ALERTS_MAX = 20;
/** Fired alerts kept in the list (the newest), so the user sees what fired; older ones are not shown. */
export const FIRED_SHOWN = 20;
/** Length of the optional note, in characters. */
export const ALERT_NOTE_MAX = 80;
/** Browsers (devices) that receive a user's Web Push; a new one past this replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

export type AlertStatus = 'active' | 'fired';

/** One alert as the routes answer it and the socket pushes it. Prices are decimal strings at the instrument's
 * precision. */
export interface PriceAlertWire {
  id: number;
  forex_id: number;
  code: string;
  show_code: string;
  kind: AlertKind;
  condition: AlertCondition;
  /** The level of a `price` alert (null for `change`). */
  price: string | null;
  /** N of a `change` alert, as typed, e.g. "2.5" (null for `price`). */
  percent: string | null;
  note: string;
  status: AlertStatus;
  created_at: number; // ms epoch
  fired_at: number | null;
  fired_price: string | null;
  /** The day's change % (2 decimals, signed) when a `change` alert fired; null otherwise. */
  fired_change: string | null;
}

/** One alert in the glossary's words, as the server's services and the app hold it: the wire's forex_id is its
 * instrumentId. */
export type PriceAlert = Omit<PriceAlertWire, 'forex_id'> & { instrumentId: number };

/** The list answer: active alerts first (newest first), then the newest fired ones, and the cap. */
export interface PriceAlerts {
  alerts: PriceAlert[];
  max: number;
}

export interface PriceAlertsWire {
  alerts: PriceAlertWire[];
  max: number;
}

/** The edge's translations, both ways (the routes and the hub write the wire; src/api and the worker read it). */
export const alertToWire = ({ instrumentId, id, ...a }: PriceAlert): PriceAlertWire => ({
  id,
  forex_id: instrumentId,
  ...a,
});
export const alertFromWire = ({ forex_id, ...a }: PriceAlertWire): PriceAlert => ({ ...a, instrumentId: forex_id });
export const alertsToWire = (l: PriceAlerts): PriceAlertsWire => ({ ...l, alerts: l.alerts.map(alertToWire) });
export const alertsFromWire = (l: PriceAlertsWire): PriceAlerts => ({ ...l, alerts: l.alerts.map(alertFromWire) });

/**
 * Whether a condition holds. Numbers, not decimals: prices have at most 15 significant digits, and such decimal
 * texts keep their order as doubles, so the comparison is exact and costs nothing on the tick path.
 */
export function alertHolds(condition: AlertCondition, threshold: number, price: number): boolean {
  return condition === 'above' ? price >= threshold : price <= threshold;
}

/** The notification text of a fired alert as an i18n key and its values (the app's toast and the server's Web Push). */
export function firedMessage(a: PriceAlert): { key: string; params: Record<string, string> } {
  const fired = a.fired_price ?? a.price ?? '';
  if (a.kind === 'change') {
    const change = a.fired_change === null ? '' : percentText(a.fired_change, { signed: true });
    return {
      key: a.condition === 'above' ? 'alerts.push.body_rise' : 'alerts.push.body_fall',
      params: { code: a.show_code, fired, change, percent: a.percent ?? '' },
    };
  }
  return {
    key: a.condition === 'above' ? 'alerts.push.body_above' : 'alerts.push.body_below',
    params: { code: a.show_code, fired, price: a.price ?? '' },
  };
}
