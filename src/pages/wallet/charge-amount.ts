// Client-side check of a charge form before it is sent: the same amount rule as the server (src/domain/
// amount-input.ts), the SPEC §5 "please enter" texts, and the proof image. Returns an errors.* key or null.
import { parseAmount, type AmountRule } from '../../domain/amount-input.ts';

export function chargeProblem(amount: string, rule: AmountRule, requiredKey: string, proof: string): string | null {
  const text = amount.trim();
  if (text === '') return `errors.${requiredKey}`;
  const parsed = parseAmount(text, rule);
  if (!parsed.ok) return `errors.${parsed.error}`;
  if (!proof) return 'errors.proof_required';
  return null;
}
