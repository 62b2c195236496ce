// Price alerts' shared rules (issue 26 item 4, docs/alerts.md): the conditions, the caps, the wire shapes, and the
// one test of "the condition holds", used by the server (its tick index) and the app (the form's hint).

/** "Above X" holds at a price ≥ X, "below X" at a price ≤ X. */
export type AlertCondition = 'above' | 'below';
export const ALERT_CONDITIONS: readonly AlertCondition[] = ['above', 'below'];

/** Active alerts per user: enough for a trader's levels, few enough that one user cannot weigh on the tick path. */
export const ALERTS_MAX = 20;
/** Fired alerts kept in the list (the newest), so the user sees what fired; older ones are not shown. */
export const FIRED_SHOWN = 20;
/** Length of the optional note, in characters. */
export const ALERT_NOTE_MAX = 80;
/** Browsers (devices) that receive a user's Web Push; a new one past this replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;

export type AlertStatus = 'active' | 'fired';

/** One alert as the server answers it. Prices are decimal strings at the instrument's precision. */
export interface PriceAlert {
  id: number;
  forex_id: number;
  code: string;
  show_code: string;
  condition: AlertCondition;
  price: string;
  note: string;
  status: AlertStatus;
  created_at: number; // ms epoch
  fired_at: number | null;
  fired_price: string | null;
}

/** The list answer: active alerts first (newest first), then the newest fired ones, and the cap. */
export interface PriceAlerts {
  alerts: PriceAlert[];
  max: number;
}

/**
 * Whether a condition holds. Numbers, not decimals: prices have at most 15 significant digits, and such decimal
 * texts keep their order as doubles, so the comparison is exact and costs nothing on the tick path.
 */
export function alertHolds(condition: AlertCondition, threshold: number, price: number): boolean {
  return condition === 'above' ? price >= threshold : price <= threshold;
}
