// Performance targets as checks: n/a when not measured, or when the main-thread run had no blocking to beat.

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

/** `rule`: the operator, the limit and the unit, e.g. "<= 100 ms". */
export type Rule = `${'<=' | '>='} ${number}` | `${'<=' | '>='} ${number} ${string}`;

export function check(
  id: string,
  label: string,
  value: number | null,
  rule: Rule,
  note: string | null = null,
): TargetCheck {
  const [op, limitText, ...unitWords] = rule.split(' ') as ['<=' | '>=', string, ...string[]];
  const limit = Number(limitText);
  const unit = unitWords.join(' ');
  let verdict: Verdict = 'n/a';
  if (value !== null && !Number.isNaN(value))
    verdict = (op === '<=' ? value <= limit : value >= limit) ? 'met' : 'missed';
  return { id, label, value, op, limit, unit, verdict, note };
}

export function verdictCounts(checks: readonly TargetCheck[]): Record<Verdict, number> {
  const out: Record<Verdict, number> = { met: 0, missed: 0, 'n/a': 0 };
  for (const c of checks) out[c.verdict]++;
  return out;
}
