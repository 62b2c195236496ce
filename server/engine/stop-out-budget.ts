// Stop-out without visiting every holder on every tick (docs/trading.md "Efficiency and concurrency").
import { SLACK_PER_MICRO } from './exposure.ts';

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
