// The retail terms the app shows (docs/retail-protection.md): the risk warning's figure, and for the signed-in
// account the leverage offered per instrument and where it stands with the appropriateness questionnaire. The
// order form offers only these multiples; the server refuses any other (server/retail/retail-terms.ts).
import { signal, type Signal } from '@preact/signals-react';
import type { RetailStanding, RiskWarning } from '../../../domain/retail.ts';
import type { Instrument, Multiplier } from '../../../domain/types.ts';
import { retailTerms, riskWarning } from '../../api/retail.ts';

export const $riskWarning: Signal<RiskWarning | null> = signal<RiskWarning | null>(null, {
  name: 'account.$riskWarning',
});
export const $retailTerms: Signal<RetailStanding | null> = signal<RetailStanding | null>(null, {
  name: 'account.$retailTerms',
});

let warningAsked = false;

/** The figure, asked once per page load (it changes once a quarter). */
export function loadRiskWarning(): void {
  if (warningAsked) return;
  warningAsked = true;
  riskWarning().then(
    (w) => ($riskWarning.value = w),
    () => (warningAsked = false),
  );
}

/** The signed-in account's terms, asked again after a sign-in, a questionnaire or a refusal. */
export async function loadRetailTerms(): Promise<RetailStanding | null> {
  try {
    const terms = await retailTerms();
    $retailTerms.value = terms;
    return terms;
  } catch {
    return null;
  }
}

/** The multiples this account may pick on `inst`: the terms' list once known, else the instrument's own. */
export function offeredLeverage(inst: Instrument, terms: RetailStanding | null = $retailTerms.value): Multiplier[] {
  const offered = terms?.leverage.find((l) => l.instrumentId === inst.Id);
  return offered ? offered.multiples.map((Value) => ({ Value })) : inst.HasForexMultiple;
}

/** A real account that must answer (or acknowledge) the questionnaire before its next order. */
export const owesQuestionnaire = (terms: RetailStanding | null): boolean =>
  terms?.questionnaire === 'required' || terms?.questionnaire === 'failed';
