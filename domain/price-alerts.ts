// Price alerts' rules (docs/alerts.md), shared so the server and the app's form validate and fire alike.
import { percentText } from './format/percent.ts';
import { decimalRe } from './numerics/decimal-pattern.ts';
import { positiveNumberProblem } from './decimal-text.ts';

/** `change` watches the day's change % the market list shows, so an alert fires on what the trader sees. */
export type AlertKind = 'price' | 'change';
export const ALERT_KINDS: readonly AlertKind[] = ['price', 'change'];

/** For a `change` alert, "above N" is "rises by N %" (≥ +N) and "below N" is "falls by N %" (≤ −N). */
export type AlertCondition = 'above' | 'below';
export const ALERT_CONDITIONS: readonly AlertCondition[] = ['above', 'below'];

/** 0.01 and 2 places because the list's change has 2 decimals: N compares with exactly what the trader sees. */
export const PERCENT_MIN = '0.01';
export const PERCENT_MAX = '50';
const PERCENT_TEXT = decimalRe({ whole: 2, places: 2 });

/** The text is kept as typed, never rewritten. */
export function validPercent(text: string): boolean {
  const t = text.trim();
  if (!PERCENT_TEXT.test(t)) return false;
  const n = Number(t);
  return n >= Number(PERCENT_MIN) && n <= Number(PERCENT_MAX);
}

/** The form's message, null when it may be sent; the server checks again at the instrument's precision. */
export function alertInputError(
  kind: AlertKind,
  typed: string,
): { key: string; params?: Record<string, string> } | null {
  if (kind === 'change')
    return validPercent(typed)
      ? null
      : { key: 'alerts.errors.percent', params: { min: PERCENT_MIN, max: PERCENT_MAX } };
  const problem = positiveNumberProblem(typed.trim());
  if (problem === 'not_number') return { key: 'errors.not_a_number' };
  return problem === null ? null : { key: 'alerts.errors.price' };
}

export function changeThreshold(condition: AlertCondition, percent: number): number {
  return condition === 'above' ? percent : -percent;
}

/** Enough for a trader's levels, few enough that one user cannot weigh on the tick path. */
export const ALERTS_MAX = 20;
export const FIRED_SHOWN = 20;
export const ALERT_NOTE_MAX = 80;
/** A new device past this replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

export type AlertStatus = 'active' | 'fired';

/** Prices are decimal strings at the instrument's precision. */
export interface PriceAlertWire {
  id: number;
  forex_id: number;
  code: string;
  show_code: string;
  kind: AlertKind;
  condition: AlertCondition;
  price: string | null;
  /** As typed, e.g. "2.5". */
  percent: string | null;
  note: string;
  status: AlertStatus;
  created_at: number;
  fired_at: number | null;
  fired_price: string | null;
  fired_change: string | null;
}

export type PriceAlert = Omit<PriceAlertWire, 'forex_id'> & { instrumentId: number };

/** Active alerts first (newest first), then the newest fired ones. */
export interface PriceAlerts {
  alerts: PriceAlert[];
  max: number;
}

export interface PriceAlertsWire {
  alerts: PriceAlertWire[];
  max: number;
}

/** The routes and the hub write the wire; src/api and the worker read it. */
export const alertToWire = ({ instrumentId, id, ...a }: PriceAlert): PriceAlertWire => ({
  id,
  forex_id: instrumentId,
  ...a,
});
export const alertFromWire = ({ forex_id, ...a }: PriceAlertWire): PriceAlert => ({ ...a, instrumentId: forex_id });
export const alertsToWire = (l: PriceAlerts): PriceAlertsWire => ({ ...l, alerts: l.alerts.map(alertToWire) });
export const alertsFromWire = (l: PriceAlertsWire): PriceAlerts => ({ ...l, alerts: l.alerts.map(alertFromWire) });

/** Numbers, not decimals: prices of at most 15 significant digits keep their order as doubles, on the hot tick path. */
export function alertHolds(condition: AlertCondition, threshold: number, price: number): boolean {
  return condition === 'above' ? price >= threshold : price <= threshold;
}

/** One i18n key for the app's toast and the server's Web Push. */
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
