// The alert form's check before it asks the server (docs/alerts.md "Rules"): a price alert needs a positive decimal,
// a day-move alert a percentage within PERCENT_MIN..PERCENT_MAX with at most 2 decimals. The text is taken as typed
// (trimmed only); the server checks again, with the instrument's precision.
import { positiveNumberProblem } from '../../../domain/decimal-text.ts';
import { PERCENT_MAX, PERCENT_MIN, validPercent, type AlertKind } from '../../../domain/price-alerts.ts';

export interface InputError {
  key: string;
  params?: Record<string, string>;
}

/** The refusal of what was typed for `kind`, or null when it may be sent. */
export function alertInputError(kind: AlertKind, typed: string): InputError | null {
  if (kind === 'change')
    return validPercent(typed)
      ? null
      : { key: 'alerts.errors.percent', params: { min: PERCENT_MIN, max: PERCENT_MAX } };
  const problem = positiveNumberProblem(typed.trim());
  if (problem === 'not_number') return { key: 'errors.not_a_number' };
  return problem === null ? null : { key: 'alerts.errors.price' };
}
