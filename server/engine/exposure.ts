// One user's figures for the stop-out check, kept by the tick index: the margin of their open orders in micro-USD
// (10^-6, money()'s places), the cached available balance in 10^-8 (the ledger's NUMERIC(24, 8)), and one holding per
// instrument (holding.ts: the positions' P&L as one linear sum). BigInt, so every figure is exact at any size; they
// are touched when an order, a balance or a stop-out budget changes, never per position on a tick.
import { STOP_OUT_LEVEL } from '../../src/domain/money.ts';
import type { Holding, Position } from './holding.ts';
import type { Ladder } from './ladder.ts';
import { bigScaledOf } from './scaled.ts';

export const MONEY_SCALE = 6; // money(): every margin, fee and P&L has 6 places
export const BALANCE_SCALE = 8; // accounts.balance NUMERIC(24, 8)
const TO_BALANCE = 10n ** BigInt(BALANCE_SCALE - MONEY_SCALE);

/** STOP_OUT_LEVEL as a fraction num / den, once. */
const LEVEL = ((): { num: bigint; den: bigint } => {
  const text = STOP_OUT_LEVEL.toFixed();
  const places = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  const num = bigScaledOf(text, places);
  if (num === null) throw new Error('STOP_OUT_LEVEL is not a plain decimal');
  return { num, den: 10n ** BigInt(places) };
})();

/** Slack units per micro-USD of equity: the unit `slackOf` counts in. */
export const SLACK_PER_MICRO = TO_BALANCE * LEVEL.den;

/** Equity above the stop-out line, in 10^-8 USD × the level's denominator: (balance + margin + floating) × den −
 * margin × num. At or below zero (with margin > 0) the risk rate equity / margin is at or below STOP_OUT_LEVEL. */
export function slackOf(balance: bigint, margin: bigint, floating: bigint): bigint {
  return (balance + (margin + floating) * TO_BALANCE) * LEVEL.den - margin * TO_BALANCE * LEVEL.num;
}

export class UserExposure {
  /** Margin of open orders (pending and holding), micro-USD. */
  margin = 0n;
  /** Margins that are not whole micro-USD (never from the ledger): while any, margin is summed in decimals. */
  odd = 0;
  /** Cached available balance in 10^-8 USD; null until known. */
  balance: bigint | null = null;
  /** Exact balance text; `balanceExact` false when it has more than 8 places (then the check runs in decimals). */
  balanceText = '0';
  balanceExact = true;
  /** Open orders (pending and holding). */
  readonly orders = new Set<Position>();
  /** Holding positions by instrument id. */
  readonly holdings = new Map<number, Holding>();
  /** This user's stop-out budget levels on instruments' ladders, and the instruments that re-check them on every
   * tick (holding.ts `watch`): both replaced at each re-evaluation. */
  readonly budget: Array<[Ladder, number]> = [];
  readonly watching: Array<Set<UserExposure>> = [];
  /** At or below the stop-out level when last evaluated. */
  below = false;

  constructor(readonly userId: number) {}

  setBalance(text: string): void {
    this.balanceText = text;
    const b = bigScaledOf(text, BALANCE_SCALE);
    this.balanceExact = b !== null;
    this.balance = b ?? 0n;
  }

  /** The integers answer exactly (no odd margin, a balance of at most 8 places). */
  get exact(): boolean {
    return this.odd === 0 && this.balanceExact;
  }
}
