// The money forms' amount check before a request: the same rule as the server (src/domain/amount-input.ts), the
// SPEC §5 "please enter" text when empty. Returns the message to show, or null when the amount is good.
import type { TFunction } from 'i18next';
import { parseAmount, type AmountRule } from '../../domain/amount-input.ts';

export function amountProblem(t: TFunction, text: string, rule: AmountRule, emptyKey: string): string | null {
  if (text.trim() === '') return t(emptyKey);
  const parsed = parseAmount(text.trim(), rule);
  return parsed.ok ? null : t(`errors.${parsed.error}`, { places: rule.places, max: rule.max });
}
