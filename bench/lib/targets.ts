// The issue's performance targets as checks over a run's figures: met, missed, or n/a (not measured in this run,
// or, for a worker/main ratio, nothing to beat because the main-thread run had no blocking either).

export type Verdict = 'met' | 'missed' | 'n/a';

export interface TargetCheck {
  id: string;
  label: string;
  value: number | null;
  op: '<=' | '>=';
  limit: number;
  unit: string;
  verdict: Verdict;
  note: string | null;
}

export function check(
  id: string,
  label: string,
  value: number | null,
  op: '<=' | '>=',
  limit: number,
  unit: string,
  note: string | null = null,
): TargetCheck {
  let verdict: Verdict = 'n/a';
  if (value !== null && !Number.isNaN(value)) verdict = (op === '<=' ? value <= limit : value >= limit) ? 'met' : 'missed';
  return { id, label, value, op, limit, unit, verdict, note };
}

/**
 * "Worker at least k× lower than main" checked on the median of paired worker/main ratios (≤ 1/k). When the main
 * runs themselves show (almost) none of it — median at or below `floor` — there is nothing to divide: a few ms of
 * blocking against zero would read as ∞. That is n/a with a note, not a pass or a miss.
 */
export function ratioCheck(
  id: string,
  label: string,
  medianRatio: number | null,
  mainMedian: number | null,
  factor: number,
  floor = 0,
  unit = '',
): TargetCheck {
  if (mainMedian !== null && mainMedian <= floor) {
    const note = floor > 0 ? `main-thread runs at or below ${floor}${unit ? ` ${unit}` : ''}: nothing to divide` : 'the main-thread runs show none either';
    return check(id, label, null, '<=', 1 / factor, '×', note);
  }
  return check(id, label, medianRatio, '<=', 1 / factor, '×');
}

export function verdictCounts(checks: readonly TargetCheck[]): Record<Verdict, number> {
  const out: Record<Verdict, number> = { met: 0, missed: 0, 'n/a': 0 };
  for (const c of checks) out[c.verdict]++;
  return out;
}
