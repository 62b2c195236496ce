// The stop-out line in the tick index's exact BigInt units; the user's figures are UserExposure (holding.ts).
import { STOP_OUT_LEVEL } from '../../domain/trade-maths.ts';
import { parseScaled } from '../../domain/numerics/parse.ts';
import { MONEY_TO_ACCOUNT, pow10n } from '../../domain/numerics/places.ts';
import { exactText } from '../../domain/decimal.ts';

const LEVEL = ((): { num: bigint; den: bigint } => {
  const { units, places } = parseScaled(exactText(STOP_OUT_LEVEL));
  return { num: units, den: pow10n(places) };
})();

/** Slack units per micro-USD of equity: the unit `slackOf` counts in. */
export const SLACK_PER_MICRO = MONEY_TO_ACCOUNT * LEVEL.den;

/** (balance + margin + floating) × den − margin × num: at or below zero the risk rate is at or below the level. */
export function slackOf(balance: bigint, margin: bigint, floating: bigint): bigint {
  return (balance + (margin + floating) * MONEY_TO_ACCOUNT) * LEVEL.den - margin * MONEY_TO_ACCOUNT * LEVEL.num;
}
