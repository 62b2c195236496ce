// The rules over the draft are in order-draft.ts and draft-fields.ts, draft-stops.ts, draft-size.ts.
import type { FieldNotes } from '../../../components/forms/use-field-messages.ts';
import type { NewOrder, OrderSide } from '../../../api/trading.ts';

export type { OrderSide };
export type OrderMode = 'market' | 'pending';
/** The date is a UTC day. */
export type ExpiryMode = 'gtc' | 'day' | 'date';
/** The lots are always what is sent and shown; a USD or % of equity size sets them. */
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

export type OrderCheck =
  { kind: 'login' } | { kind: 'error'; notes: FieldNotes<DraftField | 'form'> } | { kind: 'ok'; params: NewOrder };

export type StopKind = 'profit' | 'loss';
