// A provider's statistics that deposits cannot game (docs/copy-trading.md "Statistics that cannot be gamed"): the
// time-weighted return (the run cut at every deposit and withdrawal, each piece's return chained), its maximum
// drawdown, and the 1–10 risk score's formula. Pure: the server reads the events from the ledger.
import { ProjectDecimal, dec, type Dec, type DecInput } from './decimal.ts';

/** One change of a trading account's equity: a trading result (P&L, fee, swap) or money moved in (+) or out (−). */
export interface EquityEvent {
  at: number;
  kind: 'result' | 'flow';
  value: DecInput;
}

export interface Performance {
  /** Time-weighted return as a ratio (0.21 = 21 %); 0 with no money in. */
  twr: Dec;
  /** Largest fall of the time-weighted index from a previous peak, as a ratio (0.1 = 10 %). */
  maxDrawdown: Dec;
}

/** The time-weighted return and drawdown of the events at or after `from` (the equity before it is the start);
 * `onIndex` sees the time-weighted index (1 at `from`) after each of those events. */
export function performance(
  events: readonly EquityEvent[],
  from = -Infinity,
  onIndex?: (at: number, index: Dec) => void,
): Performance {
  let equity = dec(0);
  let start = dec(0); // equity right after the last flow: the current piece's base
  let chained = dec(1); // the product of the finished pieces' returns
  let peak = dec(1);
  let drawdown = dec(0);
  let opened = false;
  const index = (): Dec => (start.gt(0) ? chained.times(equity).div(start) : chained);
  for (const e of events) {
    if (e.at < from) {
      equity = equity.plus(e.value);
      continue;
    }
    if (!opened) {
      opened = true;
      start = equity;
    }
    if (e.kind === 'flow') {
      chained = index();
      equity = equity.plus(e.value);
      start = equity;
    } else {
      equity = equity.plus(e.value);
    }
    const now = index();
    onIndex?.(e.at, now);
    if (now.gt(peak)) peak = now;
    else if (peak.gt(0)) drawdown = ProjectDecimal.max(drawdown, peak.minus(now).div(peak));
  }
  if (!opened) start = equity;
  return { twr: index().minus(1), maxDrawdown: drawdown };
}

/** The time-weighted index (1 at `from`) at the end of each of `points` steps after `from`: an equity curve that a
 * deposit or withdrawal does not move. */
export function indexCurve(events: readonly EquityEvent[], from: number, step: number, points: number): Dec[] {
  const out: Dec[] = [];
  let last = dec(1);
  let k = 1;
  performance(events, from, (at, index) => {
    for (; k <= points && at > from + k * step; k++) out.push(last);
    last = index;
  });
  for (; k <= points; k++) out.push(last);
  return out;
}

export interface RiskInputs {
  /** Daily returns of the time-weighted index over the last 90 days (ratios). */
  dailyReturns: readonly DecInput[];
  /** Average leverage used: notional ÷ equity. */
  leverage: DecInput;
  /** Σ (instrument's share of notional)²: 1 for one instrument. */
  concentration: DecInput;
}

const capped = (v: Dec): Dec => ProjectDecimal.min(dec(1), ProjectDecimal.max(dec(0), v));

/** risk = clamp(1, 10, 1 + round(9 × min(1, 0.5 × min(1, v ÷ 0.05) + 0.3 × min(1, l ÷ 20) + 0.2 × c))). */
export function riskScore(r: RiskInputs): number {
  const n = r.dailyReturns.length;
  let v = dec(0);
  if (n > 1) {
    const mean = r.dailyReturns.reduce<Dec>((s, x) => s.plus(x), dec(0)).div(n);
    const variance = r.dailyReturns.reduce<Dec>((s, x) => s.plus(dec(x).minus(mean).pow(2)), dec(0)).div(n - 1);
    v = variance.sqrt();
  }
  const weighted = capped(v.div('0.05'))
    .times('0.5')
    .plus(capped(dec(r.leverage).div(20)).times('0.3'))
    .plus(capped(dec(r.concentration)).times('0.2'));
  const score = 1 + capped(weighted).times(9).round().toNumber();
  return Math.min(10, Math.max(1, score));
}
