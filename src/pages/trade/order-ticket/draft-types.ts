// The order form's draft as data: what the trader has typed and picked, and what a check of it leads to. The
// rules over it are in order-draft.ts (the whole draft), draft-fields.ts, draft-stops.ts and draft-size.ts.
import type { FieldNotes } from '../../../components/forms/use-field-messages.ts';
import type { NewOrder, OrderSide } from '../../../api/trading.ts';

export type { OrderSide };
export type OrderMode = 'market' | 'pending';
/** How long a pending order waits: good till cancelled, to the end of the day, or to the end of a date (UTC). */
export type ExpiryMode = 'gtc' | 'day' | 'date';
/** What the trader sizes the order by: lots, a notional in USD, or the % of equity lost at the stop. The
 * lots are always what is sent and shown; the other two set them. */
export type SizeMode = 'lots' | 'usd' | 'risk';

export interface OrderDraft {
  mode: OrderMode;
  targetPrice: string; // pending orders only
  lots: string;
  leverage: number | null; // the chosen multiplier's Value; null until picked
  stopProfitOn: boolean;
  stopProfit: string;
  stopLossOn: boolean;
  stopLoss: string;
  expiry: ExpiryMode; // pending orders only
  expiryDate: string; // YYYY-MM-DD, with expiry 'date'
  sizeMode: SizeMode;
  sizeValue: string; // USD or % as typed, with sizeMode 'usd' / 'risk'
}

/** The form's fields that can carry a message ('form': the whole order, e.g. no leverage configured). */
export type DraftField = 'lots' | 'target-price' | 'stop-profit' | 'stop-loss' | 'leverage' | 'expiry' | 'size';

/** What the submit button leads to: a login, the messages per field, or a valid order. */
export type OrderCheck =
  { kind: 'login' } | { kind: 'error'; notes: FieldNotes<DraftField | 'form'> } | { kind: 'ok'; params: NewOrder };

/** Which stop box: take profit or stop loss. */
export type StopKind = 'profit' | 'loss';
