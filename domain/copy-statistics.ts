// A provider's statistics that deposits cannot game (docs/copy-trading.md "Statistics that cannot be gamed").
import { ProjectDecimal, dec, type Dec, type DecInput } from './decimal.ts';

/** A trading result (P&L, fee, swap), or money moved in (+) or out (−), which must not count as a return. */
export interface EquityEvent {
  at: number;
  kind: 'result' | 'flow';
  value: DecInput;
}

export interface Performance {
  /** A ratio (0.21 = 21 %); 0 with no money in. */
  twr: Dec;
  /** From a previous peak of the time-weighted index, as a ratio. */
  maxDrawdown: Dec;
}

/** The equity before `from` is the start; `onIndex` sees the index (1 at `from`) after each event. */
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

/** An equity curve that a deposit or withdrawal does not move. */
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
  /** Ratios over the last 90 days. */
  dailyReturns: readonly DecInput[];
  /** notional ÷ equity. */
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
