// The server's amount rule (domain/amount-input.ts), with the docs/contract.md §5 "please enter" text when empty.
import type { TFunction } from '../../i18n/index.ts';
import { parseAmount, type AmountRule } from '../../../domain/amount-input.ts';
import { formatMoney } from '../../i18n/format.ts';

export function amountProblem(t: TFunction, text: string, rule: AmountRule, emptyKey: string): string | null {
  if (text.trim() === '') return t(emptyKey);
  const parsed = parseAmount(text.trim(), rule);
  return parsed.ok ? null : t(`errors.${parsed.error}`, { places: rule.places, max: rule.max });
}

/** In the field's currency. */
export function rangeParams(min: string, max: string, places: number, currency: string): Record<string, string> {
  return {
    min: formatMoney(min, { places }),
    max: formatMoney(max, { places: max.includes('.') ? places : 0 }),
    currency,
  };
}

/** One unit of its last decimal (0.01, 0.00000001). */
export const ruleMin = (rule: AmountRule): string => (rule.places === 0 ? '1' : `0.${'0'.repeat(rule.places - 1)}1`);
