// docs/retail-protection.md.
import type {
  InstrumentSpec,
  QuestionnaireResult,
  RetailProfile,
  RetailStanding,
  RiskWarning,
} from '../../domain/retail.ts';
import { apiGet, apiPost } from './client.ts';

export const riskWarning = (): Promise<RiskWarning> => apiGet('/v1/api/retail/warning', {}, { toast: false });
/** Each offer's `forex_id` read as its instrumentId. */
export const retailTerms = async (): Promise<RetailStanding> => {
  const p = await apiGet<RetailProfile>('/v1/api/retail/terms', {}, { toast: false });
  return { ...p, leverage: p.leverage.map(({ forex_id, ...offer }) => ({ instrumentId: forex_id, ...offer })) };
};
export const answerQuestionnaire = (answers: Record<string, string>): Promise<QuestionnaireResult> =>
  apiPost('/v1/api/retail/questionnaire', answers);
export const acknowledgeRisk = (): Promise<QuestionnaireResult> => apiPost('/v1/api/retail/acknowledge', {});
export const instrumentSpec = (instrumentId: number): Promise<InstrumentSpec> =>
  apiGet('/v1/api/retail/spec', { forex_id: instrumentId }, { toast: false });
