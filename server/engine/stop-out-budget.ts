// Stop-out without visiting every holder on every tick. When a user's figures are evaluated, their slack (equity above
// the stop-out line, exposure.ts) is shared out among the instruments they hold net lots on, and each share becomes a
// price level on that instrument: the price at which a loss there has spent it. While no level is reached, the losses
// together stay below the slack, so the user cannot be at stop-out; a tick that reaches a level (or any figure change)
// evaluates the user again. A tick thus costs O(log n + levels reached), whatever the number of holders.
import { SLACK_PER_MICRO } from './exposure.ts';

export interface BudgetInput {
  /** Price (scaled) at evaluation, net lots (signed, in lot steps) and micro-USD per price step per lot step. */
  price: number;
  netLots: bigint;
  k: bigint;
}

export interface BudgetLevel {
  /** 'down': reached when the price falls to it or below (a net buyer loses); 'up': when it rises to it or above. */
  side: 'down' | 'up';
  level: number;
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** The levels for `slack` > 0 shared equally among `holdings` (net lots ≠ 0). With share_i < g_i × d_i for the
 * adverse move d_i that reaches level i, a state where no level is reached loses less than Σ share_i ≤ slack.
 * A level beyond any representable price is left out (it can never be reached). */
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
