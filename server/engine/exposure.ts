// The stop-out line in the tick index's integers: a user's slack above STOP_OUT_LEVEL from their balance (10^-8),
// margin and floating P&L (micro-USD, money()'s places), exact in BigInt. The user's figures themselves are
// UserExposure (holding.ts).
import { MONEY_PLACES, STOP_OUT_LEVEL } from '../../src/domain/money.ts';
import { BALANCE_SCALE } from './holding.ts';
import { bigScaledOf } from './scaled.ts';
import { exactText } from '../../src/domain/decimal.ts';

const TO_BALANCE = 10n ** BigInt(BALANCE_SCALE - MONEY_PLACES);

/** STOP_OUT_LEVEL as a fraction num / den, once. */
const LEVEL = ((): { num: bigint; den: bigint } => {
  const text = exactText(STOP_OUT_LEVEL);
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

