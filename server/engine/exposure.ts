// The stop-out line in the tick index's integers: a user's slack above STOP_OUT_LEVEL from their balance (10^-8),
// margin and floating P&L (micro-USD, money()'s places), exact in BigInt. The user's figures themselves are
// UserExposure (holding.ts).
import { STOP_OUT_LEVEL } from '../../domain/trade-maths.ts';
import { parseScaled } from '../../domain/numerics/parse.ts';
import { MONEY_TO_ACCOUNT, pow10n } from '../../domain/numerics/places.ts';
import { exactText } from '../../domain/decimal.ts';

/** STOP_OUT_LEVEL as a fraction num / den, once. */
const LEVEL = ((): { num: bigint; den: bigint } => {
  const { units, places } = parseScaled(exactText(STOP_OUT_LEVEL));
  return { num: units, den: pow10n(places) };
})();

/** Slack units per micro-USD of equity: the unit `slackOf` counts in. */
export const SLACK_PER_MICRO = MONEY_TO_ACCOUNT * LEVEL.den;

/** Equity above the stop-out line, in 10^-8 USD × the level's denominator: (balance + margin + floating) × den −
 * margin × num. At or below zero (with margin > 0) the risk rate equity / margin is at or below STOP_OUT_LEVEL. */
export function slackOf(balance: bigint, margin: bigint, floating: bigint): bigint {
  return (balance + (margin + floating) * MONEY_TO_ACCOUNT) * LEVEL.den - margin * MONEY_TO_ACCOUNT * LEVEL.num;
}
