// One user's running figures for the stop-out check, kept incrementally by the tick index: the margin of their open
// orders and the floating P&L of their positions in micro-USD (10^-6, money()'s places), the cached available balance
// in 10^-8 (the ledger's NUMERIC(24, 8)). Safe integers: exact while every figure stays below 2^53 − 1 of its unit
// (about 9 billion USD in micro-USD, 90 million USD for the balance); past that the user is marked `overflow` and the
// index answers for them with decimal.js (exact, slower). The check itself is O(1) and compares integers.
import { STOP_OUT_LEVEL } from '../../src/domain/money.ts';
import { Overflow, safe, scaledOf } from './scaled.ts';

export const MONEY_SCALE = 6; // money(): every margin, fee and P&L has 6 places
export const BALANCE_SCALE = 8; // accounts.balance NUMERIC(24, 8)
const TO_BALANCE = 10 ** (BALANCE_SCALE - MONEY_SCALE);

/** STOP_OUT_LEVEL as a fraction num / den, once. */
const LEVEL = ((): { num: number; den: number } => {
  const text = STOP_OUT_LEVEL.toFixed();
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const num = scaledOf(text, places);
  if (num === null) throw new Error('STOP_OUT_LEVEL does not fit a scaled integer');
  return { num, den: 10 ** places };
})();

export class UserExposure {
  /** Margin of open orders (pending and holding), micro-USD. */
  margin = 0;
  /** Sum of the holding positions' floating P&L (each rounded by money()), micro-USD. */
  floating = 0;
  /** Cached available balance in 10^-8 USD; null until known, NaN when it does not fit. */
  balance: number | null = null;
  /** Exact balance text, for the decimal path. */
  balanceText = '0';
  /** A figure left the safe range: answer with decimal.js until the user holds nothing. */
  overflow = false;
  /** Open orders counted here; at 0 the figures restart clean. */
  orders = 0;

  constructor(readonly userId: number) {}

  addMargin(micro: number): void {
    this.margin += micro;
    if (!Number.isSafeInteger(this.margin) || !Number.isSafeInteger(micro)) this.overflow = true;
  }

  addFloating(delta: number): void {
    this.floating += delta;
    if (!Number.isSafeInteger(this.floating) || !Number.isSafeInteger(delta)) this.overflow = true;
  }

  setBalance(text: string): void {
    this.balanceText = text;
    this.balance = scaledOf(text, BALANCE_SCALE) ?? Number.NaN;
  }

  /** Risk rate (equity / margin) at or below the stop-out level, in integers: (balance + margin + floating) × den ≤
   * margin × num. null when the integers cannot answer exactly (overflow, unknown balance): use decimals. */
  belowStopOut(): boolean | null {
    if (this.overflow || this.balance === null || Number.isNaN(this.balance)) return null;
    if (this.margin <= 0) return false; // nothing used: no risk rate
    try {
      const equity = safe(this.balance + safe(safe(this.margin + this.floating) * TO_BALANCE));
      return safe(equity * LEVEL.den) <= safe(safe(this.margin * TO_BALANCE) * LEVEL.num);
    } catch (err) {
      if (err instanceof Overflow) return null;
      throw err;
    }
  }

  /** Called when the last open order left: sums restart from exact zero. */
  resetIfEmpty(): void {
    if (this.orders !== 0) return;
    this.margin = 0;
    this.floating = 0;
    this.overflow = false;
  }
}
