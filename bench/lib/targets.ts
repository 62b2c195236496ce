// Performance targets as checks: n/a when not measured, or when the main-thread run had no blocking to beat.

export type Verdict = 'met' | 'missed' | 'n/a';

export type TargetCheck = ReturnType<typeof check>;

/** `rule`: the operator, the limit and the unit, e.g. "<= 100 ms". */
export type Rule = `${'<=' | '>='} ${number}` | `${'<=' | '>='} ${number} ${string}`;

export function check(
  id: string,
  label: string,
  value: number | null | undefined,
  rule: Rule,
  note: string | null = null,
) {
  const [op, limitText, ...unitWords] = rule.split(' ') as ['<=' | '>=', string, ...string[]];
  const limit = Number(limitText);
  const v = value ?? null;
  let verdict: Verdict = 'n/a';
  if (v !== null && !Number.isNaN(v)) verdict = (op === '<=' ? v <= limit : v >= limit) ? 'met' : 'missed';
  return { id, label, value: v, op, limit, unit: unitWords.join(' '), verdict, note };
}

/** check() under one id and label: `c('key', 'what', …)` is check(`${id}.key`, `${label}: what`, …). */
export const checksOf =
  (id: string, label: string) =>
  (key: string, what: string, value: number | null | undefined, rule: Rule, note: string | null = null): TargetCheck =>
    check(`${id}.${key}`, `${label}: ${what}`, value, rule, note);

export function verdictCounts(checks: readonly TargetCheck[]): Record<Verdict, number> {
  const out: Record<Verdict, number> = { met: 0, missed: 0, 'n/a': 0 };
  for (const c of checks) out[c.verdict]++;
  return out;
}
