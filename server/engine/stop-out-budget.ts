// Stop-out without visiting every holder on every tick (docs/trading.md "Efficiency and concurrency").
import { STOP_OUT_SCALED } from '../../domain/scaled-money.ts';
import { MONEY_TO_ACCOUNT, pow10n } from '../../domain/numerics/places.ts';

// The stop-out line in the tick index's exact BigInt units; the user's figures are UserExposure (holding.ts).
const LEVEL = { num: STOP_OUT_SCALED.units, den: pow10n(STOP_OUT_SCALED.places) };

/** Slack units per micro-USD of equity: the unit `slackOf` counts in. */
export const SLACK_PER_MICRO = MONEY_TO_ACCOUNT * LEVEL.den;

/** (balance + margin + floating) × den − margin × num: at or below zero the risk rate is at or below the level. */
export function slackOf(balance: bigint, margin: bigint, floating: bigint): bigint {
  return (balance + (margin + floating) * MONEY_TO_ACCOUNT) * LEVEL.den - margin * MONEY_TO_ACCOUNT * LEVEL.num;
}

export interface BudgetInput {
  /** Net lots are signed, in lot steps; k is micro-USD per price step per lot step. */
  price: number;
  netLots: bigint;
  k: bigint;
}

export interface BudgetLevel {
  /** 'down' is reached at or below it (a net buyer loses), 'up' at or above. */
  side: 'down' | 'up';
  level: number;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** With share_i < g_i × d_i, no level reached means a loss below Σ share_i ≤ slack; unreachable levels left out. */
export function budgetLevels(slack: bigint, holdings: readonly BudgetInput[]): Array<BudgetLevel | null> {
  if (holdings.length === 0) return [];
  const share = slack / BigInt(holdings.length);
  return holdings.map(({ price, netLots, k }) => {
    const lots = netLots < 0n ? -netLots : netLots;
    const g = lots * k * SLACK_PER_MICRO; // slack lost per price step against the holding
    const steps = (share + g - 1n) / g; // ceil: fewer adverse steps than this lose less than the share
    if (netLots > 0n) {
      const level = BigInt(price) - steps;
      return level >= -MAX ? { side: 'down', level: Number(level) } : null;
    }
    const level = BigInt(price) + steps;
    return level <= MAX ? { side: 'up', level: Number(level) } : null;
  });
}
