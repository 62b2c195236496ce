// Display text for preview amounts (USD): at least 2 decimals, up to 6 so a tiny fee does not show as 0.00.
import { fixed, isDecimalText } from '../../domain/decimal.ts';

export const NO_VALUE = '--';

export function moneyText(v: string | null | undefined, signed = false): string {
  if (v === null || v === undefined || !isDecimalText(v)) return NO_VALUE;
  let text = fixed(v, 6);
  // Trim trailing zeros beyond the second decimal: 12.500000 → 12.50, 0.000150 → 0.00015.
  text = text.replace(/(\.\d\d\d*?)0+$/, '$1');
  if (signed && !text.startsWith('-') && /[1-9]/.test(text)) text = `+${text}`;
  return text;
}
