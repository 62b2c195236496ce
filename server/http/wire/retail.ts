// The `data` shapes of the retail-protection routes (docs/retail-protection.md): the risk warning's figure, the
// account's retail terms (category, questionnaire state, leverage offered per instrument) and a questionnaire's result.
import {
  ASSET_CLASSES,
  CLIENT_CATEGORIES,
  type OfferedLeverage,
  type QuestionnaireResult,
  type RetailProfile,
  type RiskWarning,
} from '../../../domain/retail.ts';
import { enumOf, integer, listOf, nullable, shape } from '../wire-schema.ts';

const bool = { type: 'boolean' };

export const RISK_WARNING = shape<RiskWarning>('RiskWarning', {
  shown: bool,
  percent: nullable(integer),
  computed_at: nullable(integer),
});

const OFFERED = shape<OfferedLeverage>('OfferedLeverage', {
  forex_id: integer,
  asset_class: enumOf(...ASSET_CLASSES),
  cap: nullable(integer),
  multiples: listOf(integer),
});

export const RETAIL_PROFILE = shape<RetailProfile>('RetailProfile', {
  category: enumOf(...CLIENT_CATEGORIES),
  questionnaire: enumOf('not_needed', 'required', 'passed', 'failed', 'acknowledged'),
  leverage: listOf(OFFERED),
});

export const QUESTIONNAIRE_RESULT = shape<QuestionnaireResult>('QuestionnaireResult', {
  score: integer,
  passed: bool,
  acknowledged: bool,
});
