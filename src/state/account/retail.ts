// docs/retail-protection.md; the server refuses any leverage not offered here (server/retail/retail-terms.ts).
import { signal, type Signal } from '@preact/signals-react';
import { set } from 'idb-keyval';
import type { RetailStanding, RiskWarning } from '../../../domain/retail.ts';
import type { Instrument, Multiplier } from '../../../domain/types.ts';
import { retailTerms, riskWarning } from '../../api/retail.ts';
import { RISK_WARNING_KEY } from '../../../domain/stored-keys.ts';

export const $riskWarning: Signal<RiskWarning | null> = signal(null, { name: 'account.$riskWarning' });
export const $retailTerms: Signal<RetailStanding | null> = signal(null, { name: 'account.$retailTerms' });

let warningAsked = false;

/** Once per page load: it changes once a quarter. */
export function loadRiskWarning(): void {
  if (warningAsked) return;
  warningAsked = true;
  riskWarning().then(seedRiskWarning, () => {
    warningAsked = false; // the next screen asks again
    // Unanswered (offline): no box held empty for a text that is not coming.
    $riskWarning.value ??= { shown: false, percent: null, computed_at: null };
  });
}

/** The route's answer, or the one the served page carried (src/boot): drawn at once, and nothing asks again. */
export function seedRiskWarning(w: RiskWarning): void {
  warningAsked = true;
  $riskWarning.value = w;
  // For the next start from the service worker's copy of the page, which carries none; private mode: the route then.
  set(RISK_WARNING_KEY, w).catch(() => undefined);
}

/** The one the last visit kept, painted by src/boot from the service worker's page: drawn at once, asked again. */
export function seedStoredRiskWarning(w: RiskWarning): void {
  warningAsked = false;
  $riskWarning.value = w;
}

/** Asked again after a sign-in, a questionnaire or a refusal. */
export async function loadRetailTerms(): Promise<RetailStanding | null> {
  try {
    const terms = await retailTerms();
    $retailTerms.value = terms;
    return terms;
  } catch {
    return null;
  }
}

/** The terms' list once known, else the instrument's own. */
export function offeredLeverage(inst: Instrument, terms: RetailStanding | null = $retailTerms.value): Multiplier[] {
  const offered = terms?.leverage.find((l) => l.instrumentId === inst.Id);
  return offered ? offered.multiples.map((Value) => ({ Value })) : inst.HasForexMultiple;
}

/** Before its next order. */
export const owesQuestionnaire = (terms: RetailStanding | null): boolean =>
  terms?.questionnaire === 'required' || terms?.questionnaire === 'failed';
