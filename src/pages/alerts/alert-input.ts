// Taken as typed (trimmed only); the server checks again with the instrument's precision (docs/alerts.md "Rules").
import { positiveNumberProblem } from '../../../domain/decimal-text.ts';
import { PERCENT_MAX, PERCENT_MIN, validPercent, type AlertKind } from '../../../domain/price-alerts.ts';

export interface InputError {
  key: string;
  params?: Record<string, string>;
}

/** Null when it may be sent. */
export function alertInputError(kind: AlertKind, typed: string): InputError | null {
  if (kind === 'change')
    return validPercent(typed)
      ? null
      : { key: 'alerts.errors.percent', params: { min: PERCENT_MIN, max: PERCENT_MAX } };
  const problem = positiveNumberProblem(typed.trim());
  if (problem === 'not_number') return { key: 'errors.not_a_number' };
  return problem === null ? null : { key: 'alerts.errors.price' };
}
